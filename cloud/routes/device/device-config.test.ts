import { describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import type { DeviceConfig } from "@/lib/contract/monitoring/device-config";
import { deviceConfigs, devices, products } from "../../db/schema";
import { signedIn, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";

let cloud: TestCloud;
let admin: string;
let operator: string;
signedIn((s) => ({ cloud, admin, operator } = s), ["admin", "operator"]);

/** The demo tenant's devices of a monitoring kind, oldest first, with their projects. */
const devicesOf = (kind: string) =>
  cloud.db
    .select({ id: devices.id, projectId: devices.projectId })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(tenantOf(2).where(devices, eq(products.monitorType, kind)))
    .orderBy(asc(devices.id));
const call = <T>(path: string, body?: unknown, token = admin) => cloud.request<T>(`/device/deviceConfig${path}`, { token, body, language: "en" });

describe("device/deviceConfig", () => {
  it("reads and saves an inclinometer string's configuration with the rules of core §5", async () => {
    const [d] = await devicesOf("inclinometer");
    const empty = await call<DeviceConfig>(`/get?deviceId=${d.id}`);
    expect(empty.body.data).toMatchObject({ deviceId: d.id, monitorKind: "inclinometer", configKind: "inclinometer", config: null });
    const base = { deviceId: d.id, holePosition: 1, holeDepth: 40, unitLength: 0.5, unitCount: 64 };
    const shallow = await call("/upd", { ...base, holeDepth: 20 });
    expect(shallow.body).toMatchObject({ code: 400, data: { field: "holeDepth" } });
    expect(shallow.body.msg).toContain("32 m");
    expect((await call("/upd", { ...base, unitLength: 301 })).body).toMatchObject({ code: 400, data: { field: "unitLength" } });
    expect((await call("/upd", { ...base, holeDepth: 100_001 })).body).toMatchObject({ code: 400, data: { field: "holeDepth" } });
    // The set-initial-value permission is needed to change it.
    expect((await call("/upd", base, operator)).body.code).toBe(403);
    const saved = await call("/upd", base);
    expect(saved.body).toMatchObject({ code: 200, msg: "Configuration saved" });
    const back = await call<DeviceConfig>(`/get?deviceId=${d.id}`, undefined, operator);
    expect(back.body.data.config).toEqual({ holePosition: 1, holeDepth: 40, unitLength: 0.5, unitCount: 64 });
    expect(back.body.data.updatedByName).toBeTruthy();
  });

  it("checks each kind with its own entity: a tilt meter's laser and angles, a range's max ≥ min", async () => {
    const [tilt] = await devicesOf("tilt");
    expect((await call("/upd", { deviceId: tilt.id, laserDistance: 20, refAngleX: 0 })).body).toMatchObject({ code: 400, data: { field: "refAngleY" } });
    expect((await call("/upd", { deviceId: tilt.id, laserDistance: 20, refAngleX: 0.1, refAngleY: -0.2 })).body.code).toBe(200);
    const [s] = await devicesOf("settlement");
    const bad = await call("/upd", { deviceId: s.id, alarmMin: 10, alarmMax: -10 });
    expect(bad.body).toMatchObject({ code: 400, data: { field: "alarmMax", reason: "The maximum must not be below the minimum" } });
    expect((await call("/upd", { deviceId: 999_999, alarmMin: 1, alarmMax: 2 })).body.code).toBe(404);
  });

  it("sets devices of one project and kind together, refusing mixed batches", async () => {
    const settle = await devicesOf("settlement");
    const projectId = settle[0].projectId;
    const same = settle.filter((d) => d.projectId === projectId).map((d) => d.id);
    const other = settle.find((d) => d.projectId !== projectId);
    const range = { alarmMin: -25, alarmMax: 25 };
    if (other) expect((await call("/updBatchConfig", { deviceIds: [same[0], other.id], ...range })).body).toMatchObject({ code: 400, msg: "Devices set together must belong to one project" });
    const [dis] = (await devicesOf("tilt")).filter((d) => d.projectId === projectId);
    if (dis) expect((await call("/updBatchConfig", { deviceIds: [same[0], dis.id], ...range })).body.msg).toBe("Devices set together must be of one configuration kind");
    expect((await call("/updBatchConfig", { deviceIds: [], ...range })).body).toMatchObject({ code: 400, data: { field: "deviceIds" } });
    const ok = await call<{ count: number }>("/updBatchConfig", { deviceIds: same, ...range });
    expect(ok.body.data.count).toBe(same.length);
    const rows = await cloud.db.select().from(deviceConfigs).where(eq(deviceConfigs.configKind, "range"));
    for (const id of same) expect(rows.find((r) => r.deviceId === id)?.config).toEqual(range);
  });
});
