import { alarmCoreApi, type AlarmInfo } from "@/lib/contract/alarm/alarm-center";
import { commandApi } from "@/lib/contract/device/instruct";
import { OPEN_STATUSES } from "@/lib/contract/alarm/enums";
import { deviceApi } from "@/lib/contract/device/device";
import { deviceDataApi, type HistoryData, type RealTimeData } from "@/lib/contract/device/device-data";
import type { Page } from "@/lib/contract/envelope";
import { projectApi } from "@/lib/contract/project";
import { t } from "../lib/i18n";
import { callAs, compact, link, MAX_ROWS, ToolRefusal, type Caller, type Tool } from "./tools";

type Json = Record<string, unknown>;
const int = (v: unknown, min: number, max: number, fallback: number) => {
  const n = Number(v);
  return Number.isInteger(n) ? Math.min(max, Math.max(min, n)) : fallback;
};

/** The projects a question covers: the one named, else every project the caller (and the key) may see. */
async function projectsOf(caller: Caller, projectId: unknown): Promise<{ id: number; prjName: string }[]> {
  const all = await callAs<{ id: number; prjName: string }[]>(caller, projectApi.list, {});
  return projectId === undefined || projectId === null || projectId === "" ? all : all.filter((p) => p.id === Number(projectId));
}

/** Min, max, first, last, change and rate per day of one series. */
export function seriesStats(points: [number, number][]) {
  if (!points.length) return null;
  let min = points[0], max = points[0];
  for (const p of points) {
    if (p[1] < min[1]) min = p;
    if (p[1] > max[1]) max = p;
  }
  const first = points[0], last = points[points.length - 1];
  const days = (last[0] - first[0]) / 86_400_000;
  const iso = (t: number) => new Date(t).toISOString();
  return {
    count: points.length,
    min: { value: min[1], at: iso(min[0]) },
    max: { value: max[1], at: iso(max[0]) },
    first: { value: first[1], at: iso(first[0]) },
    last: { value: last[1], at: iso(last[0]) },
    change: last[1] - first[1],
    ratePerDay: days > 0 ? (last[1] - first[1]) / days : null,
  };
}

const PROJECT = { type: "integer", description: "A project's id; all your projects when left out / 项目 id，留空为全部项目" };

/** What an engineer asks most, each one answer made of catalogue calls (with the caller's rights). */
export const COMPOSED: Tool[] = [
  {
    name: "search_devices",
    title: "Search devices",
    description: "Find devices (and their measuring points) by name, in one project or all of yours; answers id, SN, status, project and a console link. / 按名称查找设备（测点），返回 id、SN、状态、项目与控制台链接。",
    inputSchema: { type: "object", properties: { keyword: { type: "string", maxLength: 64, description: "Part of the device name / 设备名称的一部分" }, projectId: PROJECT }, required: ["keyword"] },
    writes: false,
    run: async (caller, { keyword, projectId }) => {
      const found: Json[] = [];
      for (const p of await projectsOf(caller, projectId)) {
        const page = await callAs<Page<{ id: number; deviceName: string; deviceSn: string; status: number | string; prodName?: string }>>(caller, deviceApi.page, { current: 1, size: 50, deviceName: String(keyword ?? "") }, p.id);
        for (const d of page.records) found.push({ id: d.id, name: d.deviceName, sn: d.deviceSn, status: d.status, project: p.prjName, projectId: p.id, link: link.device(d.id) });
        if (found.length >= MAX_ROWS) break;
      }
      return { total: found.length, devices: found.slice(0, MAX_ROWS) };
    },
  },
  {
    name: "latest_values",
    title: "Latest values of a device",
    description: "The newest value of each property (measuring point) of a device, with units and times. / 设备各属性（测点）的最新值、单位与时间。",
    inputSchema: { type: "object", properties: { deviceId: { type: "integer" } }, required: ["deviceId"] },
    writes: false,
    run: async (caller, { deviceId }) => {
      const data = await callAs<RealTimeData>(caller, deviceDataApi.realTime, { id: deviceId });
      return compact({ ...data, link: link.device(Number(deviceId)) });
    },
  },
  {
    name: "series_stats",
    title: "A property's series with statistics",
    description:
      "A device property's values over the last N days (1–90): min, max (with times), first, last, change and rate per day, and at most 100 points (hourly or daily averages). / 设备属性最近 N 天的统计：最小、最大、首末值、变化量、日变化率，以及不超过 100 个点。",
    inputSchema: {
      type: "object",
      properties: { deviceId: { type: "integer" }, identifier: { type: "string", description: "The property's identifier / 属性标识符" }, days: { type: "integer", minimum: 1, maximum: 90, default: 7 } },
      required: ["deviceId", "identifier"],
    },
    writes: false,
    run: async (caller, { deviceId, identifier, days }) => {
      const d = int(days, 1, 90, 7);
      const end = Date.now();
      const data = await callAs<HistoryData>(caller, deviceDataApi.history, { id: deviceId, identifiers: [String(identifier)], startTime: end - d * 86_400_000, endTime: end, bucket: d > 2 ? "hour" : "raw" });
      const points = data.series[0]?.points ?? [];
      const step = Math.max(1, Math.ceil(points.length / MAX_ROWS));
      return {
        identifier,
        days: d,
        bucket: data.bucket,
        stats: seriesStats(points),
        points: points.filter((_, i) => i % step === 0).map(([t, v]) => [new Date(t).toISOString(), v]),
        link: link.device(Number(deviceId)),
      };
    },
  },
  {
    name: "open_alarms",
    title: "Open alarms",
    description: "Alarms still pending, being handled or awaiting review, newest first, with level, device, value and a console link. / 未关闭的告警（待处理、处理中、待审核），含等级、设备、值与控制台链接。",
    inputSchema: { type: "object", properties: { projectId: PROJECT, deviceId: { type: "integer", description: "Only this device's alarms / 只看该设备的告警" }, limit: { type: "integer", minimum: 1, maximum: 100, default: 30 } } },
    writes: false,
    run: async (caller, { projectId, deviceId, limit }) => {
      const n = int(limit, 1, MAX_ROWS, 30);
      const out: Json[] = [];
      for (const p of await projectsOf(caller, projectId)) {
        for (const status of OPEN_STATUSES) {
          const page = await callAs<Page<{ id: number; alarmName: string; levelNum: number; levelName: string; status: number; alarmType: number; deviceName: string | null; identifier: string | null; value: number | null; count: number; triggeredAt: string }>>(
            caller, alarmCoreApi.page, { current: 1, size: n, status, ...(deviceId ? { deviceId: Number(deviceId) } : {}) }, p.id,
          );
          for (const a of page.records)
            out.push({ id: a.id, name: a.alarmName, level: a.levelNum, levelName: a.levelName, status: a.status, device: a.deviceName, identifier: a.identifier, value: a.value, count: a.count, triggeredAt: a.triggeredAt, project: p.prjName, link: link.alarm(a) });
        }
      }
      out.sort((a, b) => String(b.triggeredAt).localeCompare(String(a.triggeredAt)));
      return { total: out.length, alarms: out.slice(0, n) };
    },
  },
];

const positive = (v: unknown, language: Caller["language"]) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new ToolRefusal(t(language, "cloud.ai.badId"));
  return n;
};
const remarkOf = (v: unknown) => (typeof v === "string" ? v.trim().slice(0, 500) : "");
const valueOf = (v: unknown, language: Caller["language"]) => {
  if (typeof v === "number" || typeof v === "boolean" || (typeof v === "string" && v.trim())) return v;
  throw new ToolRefusal(t(language, "cloud.ai.badValue"));
};

/** The property of a device a write names, read as the caller (a device they cannot see is refused here). */
async function propertyOf(caller: Caller, deviceId: number, identifier: unknown) {
  const data = await callAs<RealTimeData>(caller, deviceDataApi.realTime, { id: deviceId });
  const p = data.values.find((v) => v.identifier === identifier);
  if (!p) throw new ToolRefusal(t(caller.language, "cloud.ai.noProperty", { identifier: String(identifier ?? "") }));
  return p;
}

/**
 * The writes an engineer may ask for (issue 39). The MCP server offers them to read-write keys
 * only, marked destructive; the assistant only proposes them: the console shows `describe`'s words
 * and runs them on the user's confirmation. Either way they are catalogue calls as the caller.
 */
export const WRITES: Tool[] = [
  {
    name: "accept_alarm",
    title: "Accept an alarm (write)",
    description:
      "WRITE — accept (acknowledge) a pending alarm: it moves to handling under your name. In the console it runs only when the user confirms. / 写操作：受理一条待处理的告警（转为处理中）；在控制台中需用户确认后才执行。",
    inputSchema: { type: "object", properties: { alarmId: { type: "integer" }, remark: { type: "string", maxLength: 500, description: "A note for the alarm's log / 受理备注" } }, required: ["alarmId"] },
    writes: true,
    describe: async (caller, { alarmId, remark }) => {
      const id = positive(alarmId, caller.language);
      const a = await callAs<AlarmInfo>(caller, alarmCoreApi.info, { id });
      const note = remarkOf(remark);
      return t(caller.language, note ? "cloud.ai.actions.acceptAlarmNote" : "cloud.ai.actions.acceptAlarm", { id, name: a.alarmName, device: a.deviceName ?? "—", level: a.levelName ?? "", note });
    },
    run: async (caller, { alarmId, remark }) => callAs(caller, alarmCoreApi.oper, { id: positive(alarmId, caller.language), operType: "accept", remark: remarkOf(remark) }),
  },
  {
    name: "set_device_property",
    title: "Set a device property (write)",
    description:
      "WRITE — send a property-set command to a device (e.g. its reporting switch or a threshold), checked against its thing model. In the console it runs only when the user confirms. / 写操作：向设备下发属性设置指令（按物模型校验）；在控制台中需用户确认后才执行。",
    inputSchema: {
      type: "object",
      properties: { deviceId: { type: "integer" }, identifier: { type: "string", description: "The property's identifier / 属性标识符" }, value: { description: "The new value / 新值" } },
      required: ["deviceId", "identifier", "value"],
    },
    writes: true,
    describe: async (caller, { deviceId, identifier, value }) => {
      const id = positive(deviceId, caller.language);
      const v = valueOf(value, caller.language);
      const p = await propertyOf(caller, id, identifier);
      return t(caller.language, "cloud.ai.actions.setProperty", { id, property: p.funcName, identifier: p.identifier, value: `${String(v)}${p.unit ? ` ${p.unit}` : ""}` });
    },
    run: async (caller, { deviceId, identifier, value }) => {
      const id = positive(deviceId, caller.language);
      return compact(await callAs(caller, commandApi.send, { deviceId: id, cmdType: "property", params: { [String(identifier)]: valueOf(value, caller.language) } }));
    },
  },
];
