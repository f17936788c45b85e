import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { MonitorKind } from "@/lib/contract/device/product";
import { analyse, analysisQuery, initRows, monitoringApi, rangeOf, type Analysis } from "@/lib/contract/monitoring/analysis";
import type { TimePoint } from "@/lib/contract/monitoring/compute";
import type { ShowValue, ValueType, ZeroType } from "@/lib/contract/monitoring/enums";
import { initTargets, monitorOf } from "@/lib/contract/monitoring/monitors";
import { formatDate, formatDateTime } from "@/lib/format";
import { tenantZone } from "../../db/queries/company";
import { currentInitValues, initValueLog, kindPoints, projectDevice, setInitValues, valuesAt } from "../../db/queries/monitoring";
import { telemetryChart, telemetrySeries, type SeriesAgg, type SeriesBucket } from "../../db/queries/telemetry";
import { rawCutOfDevice } from "../../db/queries/retention";
import { pointGroups } from "../../db/schema";
import type { Ctx } from "../../lib/context";
import { badRequest, notFound, ok } from "../../lib/http";
import { t } from "../../lib/i18n";
import { projectsOfCall } from "../../lib/project-context";
import { serve } from "../../lib/serve";
import { xlsxResponse } from "../../lib/xlsx-export";

const BUCKETS: Record<number, SeriesBucket> = { 1: "raw", 2: "hour", 3: "day", 4: "month" };
const AGGS: Record<ValueType, SeriesAgg> = { 1: "avg", 2: "max", 3: "min" };

/** The device, checked to be the project's and of the screen's kind, and the zero type of its point. */
async function target(c: Ctx, deviceId: number, kind: MonitorKind | null, groupId?: number | null) {
  const db = c.var.deps.db;
  const projectIds = await projectsOfCall(c);
  const device = await projectDevice(db, projectIds, deviceId, c.var.locale);
  if (!device) throw notFound();
  if (kind && device.monitorKind !== kind) throw badRequest("cloud.monitoring.deviceWrongKind", { id: deviceId });
  let zeroType: ZeroType = 1;
  if (groupId) {
    const [g] = await db.select().from(pointGroups).where(and(eq(pointGroups.id, groupId), inArray(pointGroups.projectId, projectIds)));
    if (!g || !g.deviceIds.includes(deviceId)) throw notFound();
    zeroType = g.zeroType as ZeroType;
  }
  return { device, zeroType, kind: (kind ?? device.monitorKind) as MonitorKind };
}

const initialOf = (m: Map<string, { value: number }> | undefined) => new Map([...(m ?? new Map<string, { value: number }>()).entries()].map(([k, v]) => [k, v.value]));

/** One analysis, as the chart, the table and the export all read it. */
async function analysis(c: Ctx, q: z.output<typeof analysisQuery>): Promise<Analysis & { zone: string; deviceName: string }> {
  const db = c.var.deps.db;
  const { device, zeroType, kind } = await target(c, q.deviceId, q.monitorKind, q.groupId);
  const def = monitorOf(kind);
  const zone = await tenantZone(db, c.var.auth.tenantId);
  const { from, to } = rangeOf(q, zone);
  const identifiers = def.measures.map((m) => m.identifier);
  const bucket = BUCKETS[q.queryType];
  // Raw values past the retention are not read; the roll-ups draw that part, and the answer says so.
  const rawFrom = await rawCutOfDevice(db, q.deviceId, c.var.deps.now());
  const series =
    bucket === "raw"
      ? await telemetryChart(db, { deviceId: q.deviceId, identifiers, from, to, rawFrom })
      : (await telemetrySeries(db, { deviceId: q.deviceId, identifiers, from, to, bucket, agg: AGGS[q.valueType as ValueType], timeZone: zone, rawFrom })).map((s) => ({ ...s, sampled: false }));
  const inits = (await currentInitValues(db, [q.deviceId])).get(q.deviceId);
  const showValue = (def.showValues.includes(q.showValue as ShowValue) ? q.showValue : def.showValues[0]) as ShowValue;
  const raw = new Map(series.map((s) => [s.identifier, s.points as TimePoint[]]));
  const computed = analyse(def.measures, raw, { zeroType, showValue, initial: initialOf(inits) });
  return {
    zone,
    deviceName: device.deviceName,
    zeroType,
    series: computed.map((s) => ({ ...s, sampled: series.find((x) => x.identifier === s.id)?.sampled ?? false })),
    initial: Object.fromEntries([...(inits?.values() ?? [])].map((v) => [v.identifier, { value: v.value, dataTime: v.dataTime.getTime(), setByName: v.setByName, setAt: v.setAt.getTime() }])),
    rolledUpBefore: rawFrom && from < rawFrom ? rawFrom.getTime() : null,
  };
}


/**
 * The monitoring screens' calls (core §7 stat devOperationMonitoring, widgets §7): the points of a
 * kind with their latest values, a device's analysis and its Excel export, and initial values per
 * device (read back at a time, set from a time, and their audit).
 */
export const devOperationMonitoringServed = [
  serve(monitoringApi.list, async (c, { monitorKind }) => kindPoints(c.var.deps.db, await projectsOfCall(c), monitorKind, c.var.locale)),
  serve(monitoringApi.view, async (c, q) => {
    const { zone, deviceName, ...answer } = await analysis(c, q);
    void zone; // the export's only
    void deviceName;
    return answer;
  }),
  serve(monitoringApi.export, async (c, q) => {
    const a = await analysis(c, q);
    const locale = c.var.locale;
    // One row per time, one column per measure: the chart's numbers, as its table shows them.
    const times = [...new Set(a.series.flatMap((s) => s.data.map((p) => p[0])))].sort((x, y) => x - y);
    const byId = new Map(a.series.map((s) => [s.id, new Map(s.data)]));
    const rows = times.map((ms) => ({ ms, ...Object.fromEntries(a.series.map((s) => [s.id, byId.get(s.id)!.get(ms) ?? null])) }));
    const columns = [
      { key: "time", header: t(locale, "monitoring.table.time"), width: 22, value: (r: { ms: number }) => formatDateTime(r.ms, a.zone) },
      ...a.series.map((s) => ({ key: s.id, header: `${t(locale, `monitoring.measures.${s.id}`)}${s.unit ? ` (${s.unit})` : ""}`, width: 18 })),
    ];
    // The reader's words, the device and the days it covers (the end is exclusive), nothing a file system refuses.
    const kind = t(locale, `monitoring.kinds.${q.monitorKind}`);
    const { from, to } = rangeOf(q, a.zone);
    const name = t(locale, "monitoring.screen.exportName", { kind, device: a.deviceName, from: formatDate(from, a.zone), to: formatDate(to.getTime() - 1, a.zone) });
    return xlsxResponse(c, `${name.replace(/[\\/:*?"<>|]/g, "_")}.xlsx`, columns, rows, kind);
  }),
  serve(monitoringApi.initValues, async (c, { deviceId, dateTime, groupId }) => {
    const { zeroType, kind } = await target(c, deviceId, null, groupId);
    const db = c.var.deps.db;
    const measures = monitorOf(kind).measures;
    const values = await valuesAt(db, deviceId, measures.map((m) => m.identifier), new Date(dateTime));
    const inits = initialOf((await currentInitValues(db, [deviceId])).get(deviceId));
    const dataList = initRows(measures, new Map([...values].map(([k, v]) => [k, { ts: v.ts.getTime(), value: v.value }])), zeroType, inits);
    return { dataList };
  }),
  serve(monitoringApi.setInit, async (c, { deviceId, dateTime }) => {
    const { kind } = await target(c, deviceId, null);
    const auth = c.var.auth;
    const set = await setInitValues(c.var.deps.db, [{ deviceId, ...initTargets(kind) }], new Date(dateTime), { userId: auth.userId, name: auth.realname || auth.username }, c.var.deps.now());
    if (!set) throw badRequest("cloud.monitoring.noValuesAt");
    return ok(c, { set }, "cloud.monitoring.initSet");
  }),
  serve(monitoringApi.initLog, async (c, { deviceId }) => {
    await target(c, deviceId, null);
    const rows = await initValueLog(c.var.deps.db, deviceId);
    return rows.map((r) => ({ id: r.id, identifier: r.identifier, value: r.value, dataTime: r.dataTime.getTime(), setByName: r.setByName, setAt: r.setAt.getTime() }));
  }),
];

