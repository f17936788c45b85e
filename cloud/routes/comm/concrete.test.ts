import { describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { ConcreteDevice, ConcreteRecord, ConcreteSeries } from "@/lib/contract/device/concrete";
import { fitCalibration } from "@/lib/contract/device/maturity";
import { betonRuleDevices, betonRules, devices, products } from "../../db/schema";
import { pgArray } from "../../ingest/pg-array";
import { signedIn, TEST_EPOCH, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";
import { propId } from "../../db/queries/telemetry-props";

let cloud: TestCloud;
let admin: string;
signedIn((s) => ({ cloud, admin } = s), ["admin"]);

const H = 3600_000;

/** The demo tenant's first concrete logger, its rule, and 600 hourly readings of two sensors at 19 and 21 °C. */
async function logger() {
  const [d] = await cloud.db
    .select({ id: devices.id, projectId: devices.projectId })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(tenantOf(2).where(devices, eq(products.monitorType, "beton")))
    .orderBy(asc(devices.id))
    .limit(1);
  const [rule] = await cloud.db.select({ rule: betonRules }).from(betonRuleDevices).innerJoin(betonRules, eq(betonRules.id, betonRuleDevices.ruleId)).where(eq(betonRuleDevices.deviceId, d.id));
  const times = Array.from({ length: 600 }, (_, i) => TEST_EPOCH.getTime() - (600 - i) * H);
  await cloud.db.execute(sql`insert into telemetry (device_id, prop_id, ts, txt)
    select ${d.id}, ${await propId(cloud.db, "temps")}, unnest(${pgArray(times.map((t) => new Date(t)))}::timestamptz[]), unnest(${pgArray(times.map(() => "[19,21]"))}::text[])`);
  return { deviceId: d.id, projectId: d.projectId!, rule: rule.rule, times };
}

describe("comm/concrete", () => {
  it("computes maturity and strength of the latest 500 records under the device's rule", async () => {
    const f = await logger();
    const req = <T>(path: string, body?: unknown) => cloud.request<T>(`/comm/concrete${path}`, { token: admin, body, language: "en", headers: { projectid: String(f.projectId) } });
    const list = await req<ConcreteDevice[]>("/getChartDevice");
    expect(list.body.data.find((d) => d.id === f.deviceId)).toMatchObject({ ruleName: f.rule.ruleName });

    const chart = await req<ConcreteSeries[]>("/chartDeviceIds", { deviceIds: [f.deviceId] });
    expect(chart.body.code, JSON.stringify(chart.body)).toBe(200);
    const [s] = chart.body.data;
    // Worked example: the average of 19 and 21 °C is 20 °C; over the datum of -10 °C that is
    // 30 °C·h each hour, so after the 499 hours of the latest 500 records, 14,970 °C·h.
    expect(s.records).toHaveLength(500);
    expect(s.records[0]).toMatchObject({ t: f.times[100], temp: 20, maturity: 0, strength: null });
    expect(s.records[1].maturity).toBe(30);
    expect(s.records.at(-1)!.maturity).toBe(14_970);
    const cal = fitCalibration(f.rule.points)!;
    expect(s.calibration).toEqual(cal);
    expect(s.records.at(-1)!.strength).toBeCloseTo(cal.a + cal.b * Math.log10(14_970), 1);

    // The table: the same records, newest first.
    const rows = await req<ConcreteRecord[]>(`/listByDeviceId?deviceId=${f.deviceId}`);
    expect(rows.body.data).toHaveLength(500);
    expect(rows.body.data[0]).toEqual(s.records.at(-1));

    // The download holds the same numbers.
    const res = await cloud.app.request("/iotCloud/comm/concrete/downloadDevIds", { method: "POST", headers: { authorization: `Bearer ${admin}`, "content-type": "application/json", projectid: String(f.projectId), language: "en" }, body: JSON.stringify({ deviceIds: [f.deviceId] }) });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toContain("Maturity (°C·h)");
    expect(sheet.rowCount).toBe(501);
    expect(sheet.getRow(2).getCell(5).value).toBe(14_970);

    // Bad input: refused clearly.
    expect((await req("/chartDeviceIds", { deviceIds: [] })).body).toMatchObject({ code: 400, data: { field: "deviceIds" } });
    expect((await req("/chartDeviceIds", { deviceIds: [999_999] })).body.code).toBe(404);
    expect((await req("/listByDeviceId?deviceId=abc")).body.code).toBe(400);
  });
});
