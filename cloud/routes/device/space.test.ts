import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { Page } from "@/lib/contract/envelope";
import type { Space, SpaceDevice } from "@/lib/contract/device/space";
import type { Project } from "@/lib/contract/project";
import { devices, pointGroups, projects } from "../../db/schema";
import { signedIn, type TestCloud } from "../../testing";

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
signedIn((s) => ({ cloud, admin, operator, platform } = s));

async function projectIds() {
  const rows = await cloud.db.select({ id: projects.id, name: projects.prjName }).from(projects);
  return { riverside: rows.find((r) => r.name.startsWith("滨江"))!.id, metro: rows.find((r) => r.name.startsWith("地铁"))!.id };
}
const call = <T>(path: string, project: number, init: { token?: string; body?: unknown; language?: string } = {}) =>
  cloud.request<T>(`/device/space/${path}`, { token: init.token ?? admin, body: init.body, language: init.language, headers: { projectid: String(project) } });

describe("device/space", () => {
  it("adds spaces to the call's project, whatever the body says, and checks the fields", async () => {
    const { riverside, metro } = await projectIds();
    const add = await call<Space>("add", riverside, { body: { spaceName: "1 号楼", spaceCode: "B1", spaceType: "building", attachment: "/files/2/plan.pdf", projectId: metro, tenantId: 1 } });
    expect(add.body.code).toBe(200);
    expect(add.body.data).toMatchObject({ spaceName: "1 号楼", spaceCode: "B1", spaceType: "building", attachment: "/files/2/plan.pdf" });
    const page = await call<Page<Space>>("page?current=1&size=20", riverside);
    expect(page.body.data.records.map((s) => s.spaceName)).toContain("1 号楼");
    expect((await call<Page<Space>>("page?current=1&size=20", metro)).body.data.records.map((s) => s.spaceName)).not.toContain("1 号楼");
    const bad = await call("add", riverside, { body: { spaceName: "", spaceType: "castle" }, language: "en" });
    expect(bad.body).toMatchObject({ code: 400, msg: "Space name: Required" });
    expect((await call("add", riverside, { body: { spaceName: "x", spaceType: "castle" } })).body.code).toBe(400);
    expect((await call("add", riverside, { body: { spaceName: "x", spaceCode: "有空格 1" } })).body.code).toBe(400);
    // Without a project, or with another tenant's, nothing is listed.
    expect((await cloud.request("/device/space/page", { token: admin })).body.code).toBe(400);
    expect((await call("page", riverside, { token: platform })).body.code).toBe(403);
    // A project user reads the spaces of their project (the device screens pick them) but may not change them.
    expect((await call("page", riverside, { token: operator })).body.code).toBe(200);
    expect((await call("add", riverside, { token: operator, body: { spaceName: "x" } })).body.code).toBe(403);
  });

  it("binds and unbinds the project's devices, and refuses to delete a space that has any", async () => {
    const { riverside, metro } = await projectIds();
    const space = (await call<Space>("add", riverside, { body: { spaceName: "基坑北侧" } })).body.data;
    const free = await call<Page<SpaceDevice>>(`unBindDevicePage?spaceId=${space.id}&current=1&size=100`, riverside);
    expect(free.body.code).toBe(200);
    const own = free.body.data.records.slice(0, 2).map((d) => d.id);
    expect(own).toHaveLength(2);
    const [foreign] = await cloud.db.select({ id: devices.id, spaceId: devices.spaceId }).from(devices).where(eq(devices.projectId, metro)).limit(1);
    // Another project's device is never moved.
    expect((await call("bind", riverside, { body: { spaceId: space.id, deviceIds: [foreign.id] } })).body.code).toBe(404);
    expect((await call("bind", riverside, { body: { spaceId: space.id, deviceIds: [...own, foreign.id] } })).body.data).toEqual({ bound: 2 });
    const [{ spaceId }] = await cloud.db.select({ spaceId: devices.spaceId }).from(devices).where(eq(devices.id, foreign.id));
    expect(spaceId).toBe(foreign.spaceId);
    const bound = await call<Page<SpaceDevice>>(`bindDevicePage?spaceId=${space.id}`, riverside);
    expect(bound.body.data.records.map((d) => d.id).sort()).toEqual([...own].sort());
    expect(bound.body.data.records[0].prodName).toBeTruthy();
    const search = await call<Page<SpaceDevice>>(`bindDevicePage?spaceId=${space.id}&keyword=${bound.body.data.records[0].deviceSn}`, riverside);
    expect(search.body.data.total).toBe(1);
    const stillFree = await call<Page<SpaceDevice>>(`unBindDevicePage?spaceId=${space.id}&size=100`, riverside);
    expect(stillFree.body.data.records.map((d) => d.id)).not.toContain(own[0]);
    expect((await call<Space>(`info?id=${space.id}`, riverside)).body.data.deviceNums).toBe(2);

    const refused = await call("del", riverside, { body: { ids: [space.id] }, language: "en" });
    expect(refused.body).toMatchObject({ code: 400, msg: "The space still has 2 devices: unbind them before deleting the space" });
    expect((await call("unBind", riverside, { body: { spaceId: space.id, deviceIds: own } })).body.data).toEqual({ unbound: 2 });
    expect((await call("unBind", riverside, { body: { spaceId: space.id, deviceIds: own } })).body.code).toBe(404);
    expect((await call("del", riverside, { body: { ids: [space.id] } })).body.code).toBe(200);
    // Another project's space is not found from here.
    const metroSpace = (await call<Space>("add", metro, { body: { spaceName: "隧道 K1" } })).body.data;
    expect((await call(`bindDevicePage?spaceId=${metroSpace.id}`, riverside)).body.code).toBe(404);
    expect((await call("bind", riverside, { body: { spaceId: metroSpace.id, deviceIds: own } })).body.code).toBe(404);
    expect((await call("bind", riverside, { body: { spaceId: space.id, deviceIds: [] } })).body.code).toBe(400);
  });
});

describe("device/project counts", () => {
  it("counts devices and spaces per project and refuses to delete a project holding either", async () => {
    const { riverside } = await projectIds();
    const [{ n }] = await cloud.db.select({ n: sql<number>`count(*)::int` }).from(devices).where(eq(devices.projectId, riverside));
    expect(n).toBeGreaterThan(0);
    const nums = await cloud.request<number>(`/device/project/deviceNums?id=${riverside}`, { token: admin });
    expect(nums.body.data).toBe(n);
    expect((await cloud.request(`/device/project/deviceNums?id=${riverside}`, { token: platform })).body.code).toBe(404);
    const page = await cloud.request<Page<Project>>("/device/project/page?current=1&size=20", { token: admin });
    expect(page.body.data.records.find((p) => p.id === riverside)).toMatchObject({ deviceNums: n });

    const refused = await cloud.request("/device/project/del", { token: admin, body: { ids: [riverside] }, language: "en" });
    expect(refused.body).toMatchObject({ code: 400, msg: `The project still has ${n} devices: delete or move them before deleting the project` });
    // A project with a space only is refused too.
    const fresh = (await cloud.request<Project>("/device/project/add", { token: admin, body: { prjName: "空间项目" } })).body.data;
    await call("add", fresh.id, { body: { spaceName: "仓库" } });
    expect((await cloud.request<number>(`/device/project/spaceNums?id=${fresh.id}`, { token: admin })).body.data).toBe(1);
    const spaced = await cloud.request("/device/project/del", { token: admin, body: { ids: [fresh.id] }, language: "en" });
    expect(spaced.body).toMatchObject({ code: 400, msg: "The project still has 1 spaces: delete them before deleting the project" });
    // Measurement points and construction records belong to the project too: a refusal, never a database error.
    const pointed = (await cloud.request<Project>("/device/project/add", { token: admin, body: { prjName: "测点项目" } })).body.data;
    const [tenant] = await cloud.db.select({ tenantId: projects.tenantId }).from(projects).where(eq(projects.id, pointed.id));
    await cloud.db.insert(pointGroups).values({ tenantId: tenant.tenantId, projectId: pointed.id, groupName: "CJ-01", monitorKind: "settlement", deviceIds: [] });
    const withPoint = await cloud.request("/device/project/del", { token: admin, body: { ids: [pointed.id] }, language: "en" });
    expect(withPoint.body).toMatchObject({ code: 400, msg: "The project still has 1 measurement points: delete them before deleting the project" });
  });
});
