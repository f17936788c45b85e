import { describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { devices, products, projects } from "../../db/schema";
import { signedIn, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";
import { insertTelemetry } from "../../db/queries/telemetry-props";

let cloud: TestCloud;
let admin: string;
signedIn((s) => ({ cloud, admin } = s), ["admin"]);

const H = 3_600_000;

async function setup() {
  const [a, b] = await cloud.db.select({ id: projects.id }).from(projects).where(tenantOf(2).where(projects)).orderBy(asc(projects.id)).limit(2);
  const [p] = await cloud.db.insert(products).values({ tenantId: 2, prodName: "Maturity logger", prodCategory: "structural", prodType: "device", netType: "mqtt", dataFormat: "json", verifyType: "secret", activeCycle: 30, monitorType: "beton" }).returning({ id: products.id });
  const mk = (sn: string, projectId: number) => ({ tenantId: 2, productId: p.id, projectId, deviceName: sn, deviceSn: sn, secretHash: "x" });
  const [d1, d2] = await cloud.db.insert(devices).values([mk("BETON1", a.id), mk("BETON2", b.id)]).returning({ id: devices.id });
  return { a: a.id, b: b.id, d1: d1.id, d2: d2.id };
}

describe("device/betonRule", () => {
  it("needs a project, keeps rules per project, binds only that project's devices and computes maturity and strength", async () => {
    const { a, d1, d2 } = await setup();
    const call = (path: string, body?: unknown, language = "en") => cloud.request(path, { token: admin, body, language, headers: { projectid: String(a) } });
    expect((await cloud.request("/device/betonRule/page", { token: admin, language: "en" })).body.code).toBe(400);

    const bad = await call("/device/betonRule/add", { ruleName: "C30", coefType: 1, coefA: 1 });
    expect(bad.body).toMatchObject({ code: 400, msg: "b: Required", data: { field: "coefB" } });
    const add = await call("/device/betonRule/add", { ruleName: "C30 pier", airType: 1, airContent: 2.5, hardenType: 1, coefType: 1, coefA: -20, coefB: 12, aggregate: 0, datumTemp: -10 });
    expect(add.body).toMatchObject({ code: 200, data: { ruleName: "C30 pier", deviceCount: null } });
    const ruleId = (add.body.data as { id: number }).id;
    expect((await call("/device/betonRule/add", { ruleName: "C30 air", airType: 1, airContent: 4, coefType: 1, coefA: 1, coefB: 1 })).body.code).toBe(400);

    const across = await call("/device/betonRule/relDate", { ruleId, deviceIds: [d1, d2] }, "zh-cn");
    expect(across.body).toMatchObject({ code: 400, msg: "混凝土设备必须属于同一项目才能批量设置：部分设备不属于当前项目" });
    expect((await call("/device/betonRule/relDate", { ruleId, deviceIds: [d1] })).body.code).toBe(200);
    const list = await call("/device/betonRule/deviceBetonList");
    const rows = list.body.data as { deviceSn: string; ruleId: number | null }[];
    expect(rows).toContainEqual(expect.objectContaining({ deviceSn: "BETON1", ruleId, ruleName: "C30 pier" }));
    expect(rows.map((r) => r.deviceSn)).not.toContain("BETON2");

    // Two sensors averaged: 20 °C, 30 °C, 30 °C, 10 °C at 0, 2, 4, 10 h → 0, 70, 150, 330 °C·h (see maturity.test.ts).
    const t0 = cloud.now().getTime() - 20 * H;
    const temps = [[18, 22], [28, 32], [30, 30], [5, 15]];
    await insertTelemetry(cloud.db, temps.map((v, i) => ({ deviceId: d1, identifier: "temps", ts: new Date(t0 + [0, 2, 4, 10][i] * H), num: null, txt: JSON.stringify(v) })));
    type Page = { records: { ruleName: string; deviceCount: number }[] };
    const series = await call(`/device/betonRule/betonDate?deviceId=${d1}`);
    const records = (series.body.data as { records: { maturity: number; strength: number | null }[] }).records;
    expect(records.map((r) => r.maturity)).toEqual([0, 70, 150, 330]);
    // −20 + 12 × log10(330) = 10.22 MPa
    expect(records.at(-1)!.strength).toBeCloseTo(10.22, 2);
    expect(((await call(`/device/betonRule/page`)).body.data as Page).records).toContainEqual(expect.objectContaining({ ruleName: "C30 pier", deviceCount: 1 }));
  });
});
