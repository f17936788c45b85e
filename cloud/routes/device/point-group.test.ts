import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Page } from "@/lib/contract/envelope";
import type { PointGroup } from "@/lib/contract/monitoring/point-group";
import { devices, pointGroups, products } from "../../db/schema";
import { signedIn, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";

let cloud: TestCloud;
let admin: string;
let operator: string;
signedIn((s) => ({ cloud, admin, operator } = s), ["admin", "operator"]);

/** The demo project holding the first tilt device, and the project's devices of a kind. */
async function place(kind: string) {
  const rows = await cloud.db
    .select({ id: devices.id, projectId: devices.projectId })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(tenantOf(2).where(devices, eq(products.monitorType, kind)));
  const projectId = rows[0].projectId!;
  return { projectId, ids: rows.filter((r) => r.projectId === projectId).map((r) => r.id), other: rows.find((r) => r.projectId !== projectId)?.id };
}
const call = <T>(path: string, projectId: number, body?: unknown, token = admin) =>
  cloud.request<T>(`/device/pointGroup${path}`, { token, body, language: "en", headers: { projectid: String(projectId) } });

describe("device/pointGroup", () => {
  it("seeds a point per kind and project, listed by query in the call's project", async () => {
    const { projectId } = await place("tilt");
    const page = await call<Page<PointGroup>>("/query?monitorKind=tilt", projectId);
    expect(page.body.code).toBe(200);
    expect(page.body.data.records).toHaveLength(1);
    expect(page.body.data.records[0]).toMatchObject({ monitorKind: "tilt", zeroType: 1, laserDistance: 0.25 });
    expect(page.body.data.records[0].deviceNames).toMatch(/^Biaxial tilt meter/);
    // Without a chosen project: the points of every project the caller sees; a new point needs a project.
    const all = await cloud.request<Page<PointGroup>>("/device/pointGroup/query?monitorKind=tilt", { token: admin, language: "en" });
    expect(all.body.data.total).toBeGreaterThan(1);
    const noProject = await cloud.request("/device/pointGroup/add", { token: admin, language: "en", body: { groupName: "x", monitorKind: "dis", deviceIds: [1] } });
    expect(noProject.body).toMatchObject({ code: 400, msg: "Choose a project first" });
  });

  it("adds, reads, updates and deletes a point with the rules of core §5", async () => {
    const { projectId, ids, other } = await place("inclinometer");
    const base = { groupName: "CX-01", monitorKind: "inclinometer", zeroType: 1, deviceIds: ids, holePosition: 1, unitLength: 10, holeDepth: 50 };
    // Hole depth not below the total inclinometer depth (unit length × devices).
    const shallow = await call("/add", projectId, { ...base, holeDepth: 5 });
    expect(shallow.body).toMatchObject({ code: 400 });
    expect(shallow.body.msg).toContain("Hole depth");
    expect(shallow.body.data).toMatchObject({ field: "holeDepth" });
    expect((await call("/add", projectId, { ...base, unitLength: 301 })).body).toMatchObject({ code: 400, data: { field: "unitLength" } });
    expect((await call("/add", projectId, { ...base, holeDepth: 0.05 })).body).toMatchObject({ code: 400, data: { field: "holeDepth" } });
    expect((await call("/add", projectId, { ...base, holeDepth: 100001 })).body).toMatchObject({ code: 400, data: { field: "holeDepth" } });
    expect((await call("/add", projectId, { ...base, alarmMin: 5, alarmMax: 1 })).body).toMatchObject({ code: 400, data: { field: "alarmMax", reason: "The maximum must not be below the minimum" } });
    // Devices must be the project's and of the point's kind.
    if (other) expect((await call("/add", projectId, { ...base, deviceIds: [other] })).body.msg).toBe(`Device ${other} is not in this project`);
    const tilt = (await place("tilt")).ids.filter((id) => id);
    const wrong = await call("/add", (await place("tilt")).projectId, { ...base, deviceIds: tilt });
    expect(wrong.body.msg).toMatch(/not of this monitor type/);
    // A tilt point needs its laser distance and reference angles.
    const tiltPlace = await place("tilt");
    const noLaser = await call("/add", tiltPlace.projectId, { groupName: "QJ", monitorKind: "tilt", deviceIds: tiltPlace.ids });
    expect(noLaser.body).toMatchObject({ code: 400, data: { field: "laserDistance" } });

    const added = await call<PointGroup>("/add", projectId, base);
    expect(added.body.code, JSON.stringify(added.body)).toBe(200);
    const id = added.body.data.id;
    const info = await call<PointGroup>(`/info?id=${id}`, projectId);
    expect(info.body.data).toMatchObject({ groupName: "CX-01", deviceIds: ids, holeDepth: 50 });
    // An update is checked whole: a shallower hole is refused, a deeper one saved.
    expect((await call("/upd", projectId, { ...base, id, holeDepth: 1 })).body.code).toBe(400);
    const upd = await call<PointGroup>("/upd", projectId, { ...base, id, holeDepth: 80, groupName: "CX-02" });
    expect(upd.body.data).toMatchObject({ holeDepth: 80, groupName: "CX-02" });
    // The operator sees but may not change.
    expect((await call("/del", projectId, { ids: [id] }, operator)).body.code).toBe(403);
    expect((await call("/del", projectId, { ids: [id] })).body.code).toBe(200);
    expect((await call(`/info?id=${id}`, projectId)).body.code).toBe(404);
  });

  it("saves a drag order and offers the project's devices of a kind", async () => {
    const { projectId } = await place("tilt");
    const all = (await cloud.db.select({ id: pointGroups.id }).from(pointGroups).where(eq(pointGroups.projectId, projectId))).map((r) => r.id);
    const reversed = [...all].reverse();
    expect((await call("/sort", projectId, { ids: reversed })).body.code).toBe(200);
    const page = await call<Page<PointGroup>>("/query?size=100", projectId);
    expect(page.body.data.records.map((r) => r.id)).toEqual(reversed);
    const devs = await call<{ id: number; monitorKind: string }[]>("/devices?monitorKind=settlement", projectId);
    expect(devs.body.data.length).toBeGreaterThan(0);
    expect(devs.body.data.every((d) => d.monitorKind === "settlement")).toBe(true);
  });
});
