import { describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import type { Page } from "@/lib/contract/envelope";
import type { HistoryData, LatestData, RealTimeData, RejectRow, StatusLogRow } from "@/lib/contract/device/device-data";
import { deviceRejects, devices, deviceStatusLog, telemetryLatest } from "../../db/schema";
import { pgArray } from "../../ingest/pg-array";
import { signedIn, type TestCloud } from "../../testing";
import { rebuildHourly } from "../../db/queries/telemetry-hourly";
import { propId } from "../../db/queries/telemetry-props";

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
signedIn((s) => ({ cloud, admin, operator, platform } = s));

const H = 3_600_000;
const T0 = Date.UTC(2026, 1, 1);

/** The demo tilt meters: SIM01001 in the riverside project (the operator's), SIM01002 in the metro project. */
async function demo() {
  const rows = await cloud.db.select().from(devices).where(sql`${devices.deviceSn} in ('SIM01001', 'SIM01002')`).orderBy(asc(devices.deviceSn));
  return { own: rows[0], other: rows[1] };
}

const get = <T>(path: string, token: string, language?: string) => cloud.request<T>(`/device/device/${path}`, { token, language });

describe("device/device data", () => {
  it("lists every property of the thing model with its newest value, unit and time", async () => {
    const { own } = await demo();
    await cloud.db.insert(telemetryLatest).values([
      { deviceId: own.id, identifier: "angleX", ts: new Date(T0 + H), num: 1.25, txt: null },
      { deviceId: own.id, identifier: "temperature", ts: new Date(T0), num: 21.5, txt: null },
    ]);
    const res = await get<RealTimeData>(`getDevRealTimeData?id=${own.id}`, admin);
    expect(res.body.code).toBe(200);
    const ids = res.body.data.values.map((v) => v.identifier);
    // Properties only, in the thing model's order: no event (overLimit) nor service (setZero).
    expect(ids.slice(0, 2)).toEqual(["angleX", "angleY"]);
    expect(ids).not.toContain("overLimit");
    expect(ids).not.toContain("setZero");
    const angleX = res.body.data.values.find((v) => v.identifier === "angleX")!;
    expect(angleX).toMatchObject({ funcName: "X 轴倾角", unit: "°", dataType: "float", num: 1.25, ts: new Date(T0 + H).toISOString() });
    expect(res.body.data.values.find((v) => v.identifier === "angleY")).toMatchObject({ num: null, ts: null });
    expect(res.body.data.status).toBe(1);

    const latest = await get<LatestData>(`getDevLatestData?id=${own.id}`, admin);
    // The newest report only: the older temperature is not part of it.
    expect(latest.body.data).toEqual({ ts: new Date(T0 + H).toISOString(), values: { angleX: 1.25 } });
  });

  it("reads history raw for short ranges and averaged per bucket for long ones", async () => {
    const { own } = await demo();
    const pts = Array.from({ length: 48 }, (_, i) => [T0 + i * H, i] as const);
    await cloud.db.execute(sql`insert into telemetry (device_id, prop_id, ts, num)
      select ${own.id}, ${await propId(cloud.db, "angleY")}, unnest(${pgArray(pts.map((p) => new Date(p[0])))}::timestamptz[]), unnest(${pgArray(pts.map((p) => p[1]))}::float8[])`);
    await rebuildHourly(cloud.db, [own.id]);
    const range = (from: number, to: number, extra = "") => get<HistoryData>(`getDevDataGeneral?id=${own.id}&identifiers=angleY,angleX&startTime=${from}&endTime=${to}${extra}`, admin, "en");
    const day = await range(T0, T0 + 24 * H);
    expect(day.body.data.bucket).toBe("raw");
    expect(day.body.data.truncated).toBe(false);
    expect(day.body.data.series.map((s) => s.identifier)).toEqual(["angleY", "angleX"]);
    expect(day.body.data.series[0].points).toHaveLength(24);
    expect(day.body.data.series[0].points[3]).toEqual([T0 + 3 * H, 3]);
    // A year: one average per day (platform days, UTC+8).
    const year = await range(T0 - 300 * 24 * H, T0 + 65 * 24 * H);
    expect(year.body.data.bucket).toBe("day");
    const days = year.body.data.series[0].points;
    expect(days.length).toBeGreaterThanOrEqual(2);
    expect(days.reduce((n, p) => n + p[1], 0) / days.length).toBeGreaterThan(0);
    // ISO times are taken too, and a bucket can be asked for.
    const iso = await range(T0, T0 + 24 * H, "&bucket=hour");
    expect(iso.body.data.bucket).toBe("hour");
    const isoTimes = await cloud.request<HistoryData>(`/device/device/getDevDataGeneral?id=${own.id}&identifiers=angleY&startTime=${encodeURIComponent(new Date(T0).toISOString())}&endTime=${encodeURIComponent(new Date(T0 + 2 * H).toISOString())}`, { token: admin });
    expect(isoTimes.body.data.series[0].points).toHaveLength(2);
  });

  it("refuses bad history queries with the field named", async () => {
    const { own } = await demo();
    const bad = (q: string) => get(`getDevDataGeneral?id=${own.id}${q}`, admin, "en");
    expect((await bad(`&identifiers=angleY&startTime=${T0}&endTime=${T0 - 1}`)).body).toMatchObject({ code: 400, msg: "endTime: The end must not be earlier than the start" });
    expect((await bad(`&startTime=${T0}&endTime=${T0 + H}`)).body.code).toBe(400);
    expect((await bad(`&identifiers=a;drop&startTime=${T0}&endTime=${T0 + H}`)).body.code).toBe(400);
    expect((await bad(`&identifiers=angleY&startTime=soon&endTime=${T0}`)).body.code).toBe(400);
    expect((await bad(`&identifiers=angleY&startTime=${T0}&endTime=${T0 + H}&bucket=week`)).body.code).toBe(400);
  });

  it("pages refused messages with the reason in the caller's language, and the online log", async () => {
    const { own } = await demo();
    await cloud.db.insert(deviceRejects).values([
      { deviceId: own.id, at: new Date(T0), topic: `iot/${own.productId}/SIM01001/property/post`, identifier: "angleX", reason: "check.range", detail: "angleX", payload: "99" },
      { deviceId: own.id, at: new Date(T0 + H), topic: `iot/${own.productId}/SIM01001/property/post`, reason: "badJson", payload: "{" },
    ]);
    await cloud.db.insert(deviceStatusLog).values([
      { deviceId: own.id, status: 2, at: new Date(T0) },
      { deviceId: own.id, status: 3, at: new Date(T0 + 2 * H) },
    ]);
    const rejects = await get<Page<RejectRow>>(`rejectPage?id=${own.id}&current=1&size=10`, admin, "en");
    expect(rejects.body.data.total).toBe(2);
    expect(rejects.body.data.records.map((r) => r.reason)).toEqual(["The payload is not a JSON object", "angleX: the value is out of range"]);
    expect(rejects.body.data.records[1]).toMatchObject({ identifier: "angleX", payload: "99" });
    const zh = await get<Page<RejectRow>>(`rejectPage?id=${own.id}&current=2&size=1`, admin);
    expect(zh.body.data.records).toHaveLength(1);
    expect(zh.body.data.records[0].reason).not.toBe("angleX: the value is out of range");
    const log = await get<Page<StatusLogRow>>(`statusLogPage?id=${own.id}`, admin);
    expect(log.body.data.records.map((r) => r.status)).toEqual([3, 2]);
  });

  it("tells where devices connect, without the broker's credentials", async () => {
    expect((await get("mqttAccess", admin)).body.data).toBeNull();
    cloud.deps.mqttUrl = "mqtt://cloud:secret@broker.example:8883";
    try {
      const res = await get<{ host: string; port: number }>("mqttAccess", operator);
      expect(res.body.data).toEqual({ host: "broker.example", port: 8883 });
      expect(JSON.stringify(res.body)).not.toContain("secret");
    } finally {
      cloud.deps.mqttUrl = undefined;
    }
  });

  it("hides devices of projects and tenants the caller cannot see", async () => {
    const { own, other } = await demo();
    // The operator is a member of the riverside project only.
    expect((await get(`getDevRealTimeData?id=${own.id}`, operator)).body.code).toBe(200);
    expect((await get(`getDevRealTimeData?id=${other.id}`, operator)).body.code).toBe(404);
    expect((await get(`statusLogPage?id=${other.id}`, operator)).body.code).toBe(404);
    // The platform sees every tenant's devices (allDevices).
    expect((await get(`getDevRealTimeData?id=${other.id}`, platform)).body.code).toBe(200);
    expect((await get(`getDevRealTimeData?id=999999`, admin)).body.code).toBe(404);
    expect((await get("getDevRealTimeData?id=abc", admin)).body.code).toBe(400);
    expect((await cloud.request(`/device/device/getDevRealTimeData?id=${own.id}`)).status).toBe(401);
    await cloud.db.update(devices).set({ projectId: null }).where(eq(devices.id, other.id));
    expect((await get(`getDevLatestData?id=${other.id}`, operator)).body.code).toBe(200);
  });
});
