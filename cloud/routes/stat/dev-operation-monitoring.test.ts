import { describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { Analysis, InitRow } from "@/lib/contract/monitoring/analysis";
import { deviceInitValues, devices, pointGroups, products } from "../../db/schema";
import { pgArray } from "../../ingest/pg-array";
import { signedIn, TEST_EPOCH, type TestCloud } from "../../testing";
import { rebuildHourly } from "../../db/queries/telemetry-hourly";
import { tenantOf } from "../../lib/scope";
import { propId } from "../../db/queries/telemetry-props";

let cloud: TestCloud;
let admin: string;
let operator: string;
signedIn((s) => ({ cloud, admin, operator } = s), ["admin", "operator"]);

const H = 3600_000;
/** The file name a browser saves a download under (the UTF-8 one of content-disposition). */
const savedName = (res: Response) => decodeURIComponent(res.headers.get("content-disposition")!.split("UTF-8''")[1]);
// 2026-02-01 00:00 platform time: 28 days of hourly settlement values up to the test epoch.
const START = Date.parse("2026-02-01T00:00:00+08:00");

/** A settlement device of a project, its point, and an hourly history: 10 + hour/24 mm, one spike. */
async function settlementDevice() {
  const [d] = await cloud.db
    .select({ id: devices.id, projectId: devices.projectId })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(tenantOf(2).where(devices, eq(products.monitorType, "settlement")))
    .orderBy(asc(devices.id))
    .limit(1);
  const [g] = await cloud.db.select().from(pointGroups).where(sql`${d.id} = any(${pointGroups.deviceIds})`);
  return { deviceId: d.id, projectId: d.projectId!, groupId: g.id };
}

let fixture: Awaited<ReturnType<typeof settlementDevice>>;
const post = <T>(path: string, body: unknown, token = admin) => cloud.request<T>(`/stat/devOperationMonitoring${path}`, { token, body, language: "en", headers: { projectid: String(fixture.projectId) } });

describe("stat/devOperationMonitoring", () => {
  it("lists the kind's points with their devices, latest and initial values", async () => {
    fixture = await settlementDevice();
    await cloud.db.delete(deviceInitValues).where(eq(deviceInitValues.deviceId, fixture.deviceId));
    const times = Array.from({ length: 28 * 24 }, (_, i) => START + i * H);
    const values = times.map((_, i) => (i === 100 ? 90 : 10 + i / 24));
    await cloud.db.execute(sql`insert into telemetry (device_id, prop_id, ts, num)
      select ${fixture.deviceId}, ${await propId(cloud.db, "settlement")}, unnest(${pgArray(times.map((t) => new Date(t)))}::timestamptz[]), unnest(${pgArray(values)}::float8[])`);
    await rebuildHourly(cloud.db, [fixture.deviceId]);
    await cloud.db.execute(sql`insert into telemetry_latest (device_id, identifier, ts, num) values (${fixture.deviceId}, 'settlement', ${new Date(times.at(-1)!).toISOString()}::timestamptz, ${values.at(-1)!})`);
    const res = await cloud.request<{ id: number; devices: { id: number; latest: Record<string, { value: number }> }[] }[]>("/stat/devOperationMonitoring/list?monitorKind=settlement", {
      token: operator,
      headers: { projectid: String(fixture.projectId) },
    });
    expect(res.body.code).toBe(200);
    const point = res.body.data.find((p) => p.id === fixture.groupId)!;
    expect(point.devices.find((d) => d.id === fixture.deviceId)!.latest.settlement.value).toBeCloseTo(10 + (28 * 24 - 1) / 24);
  });

  it("computes cumulative change, collected value and rate from the same query, and buckets by day", async () => {
    const q = { monitorKind: "settlement", deviceId: fixture.deviceId, groupId: fixture.groupId, startTime: "2026-02-01", endTime: "2026-02-28" };
    // No initial value yet: the first value of the range (10) is the reference.
    const cum = await post<Analysis>("/view", { ...q, showValue: 0 });
    expect(cum.body.code, JSON.stringify(cum.body)).toBe(200);
    const s = cum.body.data.series.find((x) => x.id === "settlement")!;
    expect(s.data).toHaveLength(28 * 24);
    expect(s.data[0]).toEqual([START, 0]);
    expect(s.data[48][1]).toBeCloseTo(2);
    expect(s.data[100][1]).toBeCloseTo(80);
    const collected = (await post<Analysis>("/view", { ...q, showValue: 1 })).body.data.series[0];
    expect(collected.data[48][1]).toBeCloseTo(12);
    const rate = (await post<Analysis>("/view", { ...q, showValue: 2, queryType: 3, valueType: 3 })).body.data.series[0];
    // Daily minimum rises 1 mm a day.
    expect(rate.data).toHaveLength(27);
    expect(rate.data[5][1]).toBeCloseTo(1);
    const dailyMax = (await post<Analysis>("/view", { ...q, showValue: 1, queryType: 3, valueType: 2 })).body.data.series[0];
    expect(dailyMax.data[4]).toEqual([START + 4 * 24 * H, 90]);
  });

  it("reads back values at a time and sets them as initial values, which every figure then uses", async () => {
    const at = START + 48 * H;
    const before = await post<{ dataList: InitRow[] }>("/getDevInitValue", { deviceId: fixture.deviceId, dateTime: at });
    expect(before.body.data.dataList.find((r) => r.paramName === "settlement")).toMatchObject({ orgValue: 12, totalValue: 0, initValue: null });
    // The operator lacks dev:deviceConfig:updConfig.
    expect((await post("/setDevInitValue", { deviceId: fixture.deviceId, dateTime: at }, operator)).body.code).toBe(403);
    const set = await post<{ set: number }>("/setDevInitValue", { deviceId: fixture.deviceId, dateTime: at });
    expect(set.body).toMatchObject({ code: 200, msg: "Initial values set" });
    const later = await post<{ dataList: InitRow[] }>("/getDevInitValue", { deviceId: fixture.deviceId, dateTime: START + 96 * H });
    expect(later.body.data.dataList.find((r) => r.paramName === "settlement")).toMatchObject({ orgValue: 14, totalValue: 2, initValue: 12 });
    const view = await post<Analysis>("/view", { monitorKind: "settlement", deviceId: fixture.deviceId, groupId: fixture.groupId, startTime: "2026-02-01", endTime: "2026-02-28" });
    expect(view.body.data.series[0].data[48][1]).toBeCloseTo(0);
    expect(view.body.data.series[0].data[0][1]).toBeCloseTo(-2);
    expect(view.body.data.initial.settlement).toMatchObject({ value: 12, dataTime: at, setByName: "演示管理员", setAt: TEST_EPOCH.getTime() });
    // The point's zero type absolute: the values are the change itself.
    await cloud.db.update(pointGroups).set({ zeroType: 0 }).where(eq(pointGroups.id, fixture.groupId));
    const abs = await post<Analysis>("/view", { monitorKind: "settlement", deviceId: fixture.deviceId, groupId: fixture.groupId, startTime: "2026-02-01", endTime: "2026-02-28" });
    expect(abs.body.data.series[0].data[48][1]).toBeCloseTo(12);
    await cloud.db.update(pointGroups).set({ zeroType: 1 }).where(eq(pointGroups.id, fixture.groupId));
    // The audit lists who set what.
    const log = await cloud.request<{ identifier: string; value: number; setByName: string }[]>(`/stat/devOperationMonitoring/initLog?deviceId=${fixture.deviceId}`, { token: admin, headers: { projectid: String(fixture.projectId) } });
    expect(log.body.data.find((r) => r.identifier === "settlement")).toMatchObject({ value: 12, setByName: "演示管理员" });
    // A whole point at once.
    const grp = await cloud.request<{ set: number }>("/device/pointGroup/setPointDevInitValue", { token: admin, body: { groupId: fixture.groupId, dateTime: START + 24 * H }, headers: { projectid: String(fixture.projectId) } });
    expect(grp.body.code).toBe(200);
    expect(grp.body.data.set).toBeGreaterThan(0);
  });

  it("exports the same numbers the chart shows", async () => {
    const res = await cloud.app.request("/iotCloud/stat/devOperationMonitoring/export", {
      method: "POST",
      headers: { authorization: `Bearer ${admin}`, projectid: String(fixture.projectId), language: "en", "content-type": "application/json" },
      body: JSON.stringify({ monitorKind: "settlement", deviceId: fixture.deviceId, groupId: fixture.groupId, startTime: "2026-02-01", endTime: "2026-02-28", queryType: 3, valueType: 1, showValue: 1 }),
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe("Time");
    expect(sheet.getRow(1).getCell(2).value).toBe("Settlement (mm)");
    expect(sheet.getRow(2).getCell(1).value).toBe("2026-02-01 00:00:00");
    expect(Number(sheet.getRow(2).getCell(2).value)).toBeCloseTo(10 + 11.5 / 24);
    expect(sheet.rowCount).toBe(29);
    // Named in the reader's language by kind, device and days (issue 40: not "锚索力 <raw times>").
    // The device too, in the reader's language.
    const [d] = await cloud.db.select({ name: devices.deviceName, i18n: devices.i18n }).from(devices).where(eq(devices.id, fixture.deviceId));
    expect(savedName(res)).toBe(`Settlement ${d.i18n?.deviceName?.en} 2026-02-01 to 2026-02-28.xlsx`);
    const zh = await cloud.app.request("/iotCloud/stat/devOperationMonitoring/export", {
      method: "POST",
      headers: { authorization: `Bearer ${admin}`, projectid: String(fixture.projectId), language: "zh-CN", "content-type": "application/json" },
      body: JSON.stringify({ monitorKind: "settlement", deviceId: fixture.deviceId, groupId: fixture.groupId, startTime: START, endTime: START + 2 * 24 * H, queryType: 1, valueType: 1, showValue: 1 }),
    });
    expect(savedName(zh)).toBe(`沉降 ${d.name} 2026-02-01 至 2026-02-02.xlsx`);
  });

  it("cuts days by the tenant's time zone and takes ranges ending now as instants (issue 40)", async () => {
    const q = { monitorKind: "settlement", deviceId: fixture.deviceId, groupId: fixture.groupId, showValue: 1, queryType: 3, valueType: 2 };
    const setZone = (timeZone: string) => cloud.request("/sys/company/saveTimeZone", { token: admin, body: { timeZone }, language: "en" });
    expect((await setZone("Mars/Olympus")).body).toMatchObject({ code: 400 });
    expect((await setZone("UTC")).body.code).toBe(200);
    try {
      // UTC days: the first day holds 2026-02-01 00:00 to 08:00 platform time only, and starts at UTC midnight.
      const days = (await post<Analysis>("/view", { ...q, startTime: "2026-02-01", endTime: "2026-02-03" })).body.data.series[0].data;
      expect(days[0][0]).toBe(Date.UTC(2026, 1, 1));
      expect(days[1][0]).toBe(Date.UTC(2026, 1, 2));
      const res = await cloud.app.request("/iotCloud/stat/devOperationMonitoring/export", {
        method: "POST",
        headers: { authorization: `Bearer ${admin}`, projectid: String(fixture.projectId), language: "en", "content-type": "application/json" },
        body: JSON.stringify({ ...q, startTime: "2026-02-01", endTime: "2026-02-03" }),
      });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
      expect(book.worksheets[0].getRow(2).getCell(1).value).toBe("2026-02-01 00:00:00");
    } finally {
      await setZone("Asia/Shanghai");
    }
    // A span ending now: instants, the end exclusive.
    const raw = (await post<Analysis>("/view", { ...q, queryType: 1, startTime: START, endTime: START + 3 * H })).body.data.series[0].data;
    expect(raw.map((p) => p[0])).toEqual([START, START + H, START + 2 * H]);
    expect((await post("/view", { ...q, startTime: START + H, endTime: START })).body.msg).toMatch(/end/i);
  });

  it("refuses bad input and other projects' devices clearly", async () => {
    const bad = await post("/view", { monitorKind: "settlement", deviceId: fixture.deviceId, startTime: "2026-03-01", endTime: "2026-02-01" });
    expect(bad.body).toMatchObject({ code: 400, msg: "endTime: The end must not be earlier than the start" });
    expect((await post("/view", { monitorKind: "moon", deviceId: fixture.deviceId, startTime: "2026-02-01", endTime: "2026-02-02" })).body.code).toBe(400);
    expect((await post("/view", { monitorKind: "tilt", deviceId: fixture.deviceId, startTime: "2026-02-01", endTime: "2026-02-02" })).body.msg).toMatch(/not of this monitor type/);
    expect((await post("/view", { monitorKind: "settlement", deviceId: 999999, startTime: "2026-02-01", endTime: "2026-02-02" })).body.code).toBe(404);
    expect((await post("/setDevInitValue", { deviceId: fixture.deviceId, dateTime: Date.parse("2020-01-01") })).body.msg).toBe("The device has no collected values at that time");
  });

  it("draws a month of a 5-minute sensor from the 10-minute roll-up, each bucket's extremes at their times", async () => {
    // January 2026, one value every 5 minutes (8,928): past the 4,000 points sent raw; 30-minute buckets.
    const JAN = Date.parse("2026-01-01T00:00:00+08:00");
    const times = Array.from({ length: 31 * 288 }, (_, i) => JAN + i * 5 * 60_000);
    const values = times.map((_, i) => (i === 4321 ? 70 : 10 + Math.sin(i / 100)));
    await cloud.db.execute(sql`insert into telemetry (device_id, prop_id, ts, num)
      select ${fixture.deviceId}, ${await propId(cloud.db, "settlement")}, unnest(${pgArray(times.map((t) => new Date(t)))}::timestamptz[]), unnest(${pgArray(values)}::float8[])`);
    await rebuildHourly(cloud.db, [fixture.deviceId]);
    const q = { monitorKind: "settlement", deviceId: fixture.deviceId, startTime: "2026-01-01", endTime: "2026-01-31", queryType: 1, showValue: 1 };
    const month = (await post<Analysis>("/view", q)).body.data.series[0];
    expect(month.sampled).toBe(true);
    expect(month.data.length).toBeLessThanOrEqual(4000);
    expect(month.data.length).toBeGreaterThan(2000);
    expect(month.data).toContainEqual([times[4321], 70]);
    // Read from the tier itself: a bucket changed there is what the chart draws.
    const bucket = new Date(JAN + 3 * 24 * H).toISOString();
    await cloud.db.execute(sql`update telemetry_10min set max = 99, max_ts = ${bucket}::timestamptz where device_id = ${fixture.deviceId} and at = ${bucket}::timestamptz`);
    const tampered = (await post<Analysis>("/view", q)).body.data.series[0];
    await rebuildHourly(cloud.db, [fixture.deviceId], new Date(bucket), new Date(bucket));
    expect(tampered.data).toContainEqual([JAN + 3 * 24 * H, 99]);
  });
});
