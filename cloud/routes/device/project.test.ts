import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "@/lib/contract/envelope";
import type { Project } from "@/lib/contract/project";
import { createTestCloud, type TestCloud } from "../../testing";

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
beforeAll(async () => {
  cloud = await createTestCloud();
  admin = await cloud.login("demoadmin", "Demo@2026", 2);
  operator = await cloud.login("operator01", "Operator@2026", 2);
  platform = await cloud.login("superadmin", "Super@2026", 1);
});
afterAll(() => cloud.close());

const page = (token: string, params = "") => cloud.request<Page<Project>>(`/device/project/page?current=1&size=9999${params}`, { token });

describe("device/project", () => {
  it("shows a manager the whole tenant and a project user only their projects", async () => {
    const all = await page(admin);
    expect(all.body.data.records.map((p) => p.prjName).sort()).toEqual(["地铁 5 号线隧道结构监测", "滨江花园二期基坑监测"]);
    const own = await page(operator);
    expect(own.body.data.records.map((p) => p.prjName)).toEqual(["滨江花园二期基坑监测"]);
    expect((await page(platform)).body.data.total).toBe(0);
  });

  it("filters by name and pages", async () => {
    const res = await page(admin, `&prjName=${encodeURIComponent("地铁")}`);
    expect(res.body.data.total).toBe(1);
    const first = await cloud.request<Page<Project>>("/device/project/page?current=1&size=1", { token: admin });
    expect(first.body.data).toMatchObject({ total: 2 });
    expect(first.body.data.records).toHaveLength(1);
  });

  it("adds, edits and deletes within the caller's tenant, whatever the body says", async () => {
    const add = await cloud.request<Project>("/device/project/add", {
      token: admin,
      body: { prjName: "新项目", tenantId: 1, prjLongitude: "121.5", prjLatitude: "", contactPhone: "" },
    });
    expect(add.body.code).toBe(200);
    expect(add.body.data).toMatchObject({ prjName: "新项目", prjLongitude: 121.5, prjLatitude: null, contactPhone: null });
    const id = add.body.data.id;
    expect((await cloud.request(`/device/project/info?id=${id}`, { token: platform })).body.code).toBe(404);
    const upd = await cloud.request<Project>("/device/project/upd", { token: admin, body: { id, prjName: "新项目（改）" } });
    expect(upd.body.data.prjName).toBe("新项目（改）");
    expect((await cloud.request("/device/project/del", { token: platform, body: { ids: [id] } })).body.code).toBe(403);
    expect((await cloud.request("/device/project/del", { token: admin, body: { ids: [id] } })).body.code).toBe(200);
    expect((await cloud.request(`/device/project/info?id=${id}`, { token: admin })).body.code).toBe(404);
  });

  it("refuses a project user without the permission, and bad input with the field named", async () => {
    expect((await cloud.request("/device/project/add", { token: operator, body: { prjName: "x" } })).body.code).toBe(403);
    const bad = await cloud.request("/device/project/add", { token: admin, body: { prjName: "", prjLatitude: 91 }, language: "en" });
    expect(bad.body).toMatchObject({ code: 400, msg: "prjName: Required" });
    const far = await cloud.request("/device/project/add", { token: admin, body: { prjName: "x", prjLatitude: 91 }, language: "en" });
    expect(far.body).toMatchObject({ code: 400, msg: "prjLatitude: Must not exceed 90" });
  });

  it("needs a token", async () => {
    expect((await cloud.request("/device/project/page")).status).toBe(401);
  });
});
