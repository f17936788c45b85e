import { describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { and, asc, eq, sql } from "drizzle-orm";
import { depthProfile, unitReadings, type DepthProfile } from "@/lib/contract/monitoring/depth-profile";
import { formatDateTime } from "@/lib/format";
import { deviceConfigs, devices, pointGroups, productFunctions, products } from "../../db/schema";
import { pgArray } from "../../ingest/pg-array";
import { unitSeriesFor } from "../../simulator/series";
import { signedIn, TEST_EPOCH, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";
import { propId } from "../../db/queries/telemetry-props";

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
signedIn((s) => ({ cloud, admin, operator, platform } = s), ["admin", "operator", "platform"]);

const DAY = 86_400_000;

/** The first inclinometer string of the demo tenant, its point, and 60 daily unit readings from the simulator. */
async function inclinometer() {
  const [d] = await cloud.db
    .select({ id: devices.id, projectId: devices.projectId, productId: devices.productId })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(tenantOf(2).where(devices, eq(products.monitorType, "inclinometer")))
    .orderBy(asc(devices.id))
    .limit(1);
  const [g] = await cloud.db.select().from(pointGroups).where(sql`${d.id} = any(${pointGroups.deviceIds})`);
  const [fn] = await cloud.db.select().from(productFunctions).where(and(eq(productFunctions.productId, d.productId), eq(productFunctions.identifier, "points")));
  const at = unitSeriesFor(fn.definition, d.id * 101)!;
  const times = Array.from({ length: 60 }, (_, i) => TEST_EPOCH.getTime() - (60 - i) * DAY);
  await cloud.db.execute(sql`insert into telemetry (device_id, prop_id, ts, txt)
    select ${d.id}, ${await propId(cloud.db, "points")}, unnest(${pgArray(times.map((t) => new Date(t)))}::timestamptz[]), unnest(${pgArray(times.map((t) => JSON.stringify(at(t))))}::text[])`);
  return { deviceId: d.id, projectId: d.projectId!, groupId: g.id, times, at };
}

describe("stat/rionDipAngle and stat/devManageStat", () => {
  it("draws the depth profile at chosen times against the first, with the point's then the device's configuration", async () => {
    const f = await inclinometer();
    const post = (body: unknown) => cloud.request<DepthProfile>("/stat/rionDipAngle/view", { token: admin, body, language: "en", headers: { projectid: String(f.projectId) } });
    const times = [f.times[0], f.times[30], f.times[59]];
    // No device configuration: the point's hole (32 m) and unit length (0.5 m), so 64 units.
    const fromPoint = await post({ deviceId: f.deviceId, groupId: f.groupId, times });
    expect(fromPoint.body.code, JSON.stringify(fromPoint.body)).toBe(200);
    const p = fromPoint.body.data;
    expect(p).toMatchObject({ configFrom: "point", referenceTs: f.times[0], config: { holeDepth: 32, unitLength: 0.5, unitCount: 64 } });
    expect(p.curves.map((c) => c.ts)).toEqual(times);
    // The reference curve is 0 everywhere; the toe stays at 0; depths run 0 … 32 m.
    expect(p.curves[0].points.every((x) => x.a === 0 && x.b === 0)).toBe(true);
    const last = p.curves[2].points;
    expect(last.map((x) => x.depth)).toEqual(Array.from({ length: 65 }, (_, i) => i * 0.5));
    expect(last.at(-1)).toEqual({ depth: 32, a: 0, b: 0, angleA: null, angleB: null });
    // The slope moved over the 59 days: the top moved, the top more than below the slip zone.
    expect(Math.abs(last[0].a)).toBeGreaterThan(1);
    expect(Math.abs(last[0].a)).toBeGreaterThan(Math.abs(last[50].a));

    // A device configuration of 1 m units over 20 of them replaces the point's.
    await cloud.db.insert(deviceConfigs).values({ deviceId: f.deviceId, tenantId: 2, configKind: "inclinometer", config: { holePosition: 1, holeDepth: 25, unitLength: 1, unitCount: 20 } });
    const own = (await post({ deviceId: f.deviceId, times })).body.data;
    expect(own.configFrom).toBe("device");
    expect(own.curves[2].points.map((x) => x.depth)).toEqual(Array.from({ length: 21 }, (_, i) => i));

    // Bad input: a clear refusal, not a 500.
    expect((await post({ deviceId: f.deviceId, times: [] })).body).toMatchObject({ code: 400, data: { field: "times" } });
    const [tilt] = await cloud.db.select({ id: devices.id }).from(devices).innerJoin(products, eq(products.id, devices.productId)).where(and(eq(products.monitorType, "tilt"), eq(devices.projectId, f.projectId)));
    if (tilt) expect((await post({ deviceId: tilt.id, times })).body.msg).toMatch(/not of this monitor type/);
  });

  it("takes a curve's reading as the string's initial value: every curve is then counted from it, persisted, for the caller's project only", async () => {
    const f = await inclinometer();
    const headers = { projectid: String(f.projectId) };
    const view = async (token = admin) => (await cloud.request<DepthProfile>("/stat/rionDipAngle/view", { token, body: { deviceId: f.deviceId, groupId: f.groupId, times: [f.times[0], f.times[30], f.times[59]] }, language: "en", headers })).body;
    const setInit = (dateTime: number, token = admin, language = "en") => cloud.request<{ set: number }>("/stat/devOperationMonitoring/setDevInitValue", { token, body: { deviceId: f.deviceId, dateTime }, language, headers });
    const before = (await view()).data;
    expect(before.initial).toBeNull();
    expect(before.referenceTs).toBe(f.times[0]);
    const picked = before.curves[1];
    expect(picked.points.some((x) => x.a !== 0)).toBe(true);

    // Refused without dev:deviceConfig:updConfig, in the caller's language; nothing is set.
    const refused = await setInit(picked.ts, operator, "zh-cn");
    expect(refused.body.code).toBe(403);
    expect(refused.body.msg).toMatch(/[\u4e00-\u9fff]/);
    // Another tenant's caller does not reach the device.
    expect((await setInit(picked.ts, platform)).body.code).not.toBe(200);
    expect((await view()).data.initial).toBeNull();

    const set = await setInit(picked.ts);
    expect(set.body, JSON.stringify(set.body)).toMatchObject({ code: 200, data: { set: 1 } });
    const after = (await view()).data;
    expect(after.initial).toMatchObject({ dataTime: picked.ts, setByName: expect.any(String) });
    expect(after.referenceTs).toBe(picked.ts);
    // The picked curve resets to 0 at every depth; the others are counted from it.
    expect(after.curves[1].points.every((x) => x.a === 0 && x.b === 0)).toBe(true);
    const expected = depthProfile(unitReadings(JSON.stringify(f.at(f.times[59])))!, unitReadings(JSON.stringify(f.at(picked.ts)))!, after.config);
    expect(after.curves[2].points).toEqual(expected);
    expect(after.curves[0].points[0].a).toBeCloseTo(-before.curves[1].points[0].a, 2);
    // The export holds the same numbers, counted from the same initial reading: a row per depth, A and B per curve.
    const res = await cloud.app.request("/iotCloud/stat/rionDipAngle/export", {
      method: "POST",
      headers: { authorization: `Bearer ${admin}`, ...headers, language: "en", "content-type": "application/json" },
      body: JSON.stringify({ deviceId: f.deviceId, groupId: f.groupId, times: [f.times[0], f.times[30], f.times[59]] }),
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe("Depth (m)");
    expect(sheet.getRow(1).getCell(4).value).toBe(`${formatDateTime(picked.ts)} A displacement (mm)`);
    expect(sheet.rowCount).toBe(after.curves[2].points.length + 1);
    expect(sheet.getRow(2).getCell(1).value).toBe(after.curves[2].points[0].depth);
    expect(sheet.getRow(2).getCell(4).value).toBe(0);
    expect(sheet.getRow(2).getCell(6).value).toBe(after.curves[2].points[0].a);
    // The audit keeps the reading's time and who set it.
    const log = await cloud.request<{ identifier: string; value: number | null; dataTime: number }[]>(`/stat/devOperationMonitoring/initLog?deviceId=${f.deviceId}`, { token: admin, headers });
    expect(log.body.data[0]).toMatchObject({ identifier: "points", value: null, dataTime: picked.ts });
    // A time with no reading nearby: a clear refusal.
    expect((await setInit(Date.parse("2020-01-01"))).body.msg).toBe("The device has no collected values at that time");
  });

  it("counts the monitoring devices by state, per kind", async () => {
    const res = await cloud.request<{ total: number; online: number; offline: number; inactive: number }>("/stat/devManageStat/view?monitorKind=inclinometer", { token: admin, language: "en" });
    expect(res.body.code).toBe(200);
    const n = await cloud.db.select({ id: devices.id }).from(devices).innerJoin(products, eq(products.id, devices.productId)).where(tenantOf(2).where(devices, eq(products.monitorType, "inclinometer")));
    expect(res.body.data.total).toBe(n.length);
    expect(res.body.data.online + res.body.data.offline + res.body.data.inactive).toBe(n.length);
    expect((await cloud.request("/stat/devManageStat/view?monitorKind=nope", { token: admin, language: "en" })).body.code).toBe(400);
  });
});
