import { describe, expect, it } from "vitest";
import type { Page } from "@/lib/contract/envelope";
import type { GroupMember, GroupRow } from "@/lib/contract/system/group";
import { signedIn, type TestCloud } from "../../testing";

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
let adminId: number;
let operatorId: number;
let platformUser: number;
signedIn((s) => ({ cloud, admin, operator, platform, ids: { admin: adminId, operator: operatorId, platform: platformUser } } = s));

const list = (token: string, params = "") => cloud.request<Page<GroupRow>>(`/sys/group/list?current=1&size=9999${params}`, { token });
const members = (token: string, groupId: number) => cloud.request<GroupMember[]>(`/sys/group/queryRelation?groupId=${groupId}`, { token });
const post = (path: string, token: string, body: unknown, language?: string) => cloud.request<{ id: number }>(`/sys/group/${path}`, { token, body, language });

describe("sys/group", () => {
  it("lists the tenant's groups with member counts, filtered by name", async () => {
    const res = await list(admin);
    expect(res.body.data.records).toEqual([expect.objectContaining({ groupName: "告警值班组", memberCount: 2 })]);
    expect((await list(admin, `&groupName=${encodeURIComponent("不存在")}`)).body.data.total).toBe(0);
    expect((await list(platform)).body.data.total).toBe(0);
  });

  it("creates a group with members, replaces, adds and removes them", async () => {
    const add = await post("addGroupWithRelation", admin, { groupName: "巡检组", remark: "", userIds: [adminId] });
    expect(add.body.code).toBe(200);
    const id = add.body.data.id;
    expect((await members(admin, id)).body.data.map((m) => m.id)).toEqual([adminId]);
    await post("updGroupRelation", admin, { groupId: id, userIds: [operatorId] });
    expect((await members(admin, id)).body.data).toEqual([expect.objectContaining({ id: operatorId, realname: "张三", departmentName: "监测运维部" })]);
    await post("addRelation", admin, { groupId: id, userIds: [adminId, operatorId] });
    expect((await members(admin, id)).body.data).toHaveLength(2);
    await post("delRelation", admin, { groupId: id, userIds: [operatorId] });
    expect((await members(admin, id)).body.data.map((m) => m.id)).toEqual([adminId]);
    await post("updGroupRelation", admin, { groupId: id, userIds: [] });
    expect((await members(admin, id)).body.data).toEqual([]);
    expect((await post("upd", admin, { id, groupName: "巡检一组" })).body.code).toBe(200);
    expect((await post("del", admin, { ids: [id] })).body.code).toBe(200);
    expect((await members(admin, id)).body.code).toBe(404);
  });

  it("keeps group names unique per tenant", async () => {
    expect((await post("add", admin, { groupName: "告警值班组" }, "en")).body).toMatchObject({ code: 400, msg: "A user group with this name already exists" });
    expect((await post("add", platform, { groupName: "告警值班组" })).body.code).toBe(200);
  });

  it("never reaches into another tenant's groups or users", async () => {
    const duty = (await list(admin)).body.data.records[0].id;
    expect((await members(platform, duty)).body.code).toBe(404);
    expect((await post("addRelation", platform, { groupId: duty, userIds: [platformUser] })).body.code).toBe(404);
    expect((await post("addRelation", admin, { groupId: duty, userIds: [platformUser] })).body.code).toBe(404);
    expect((await post("addGroupWithRelation", admin, { groupName: "跨租户", userIds: [platformUser] })).body.code).toBe(404);
    expect((await post("del", platform, { ids: [duty] })).body.code).toBe(404);
    expect((await members(admin, duty)).body.data).toHaveLength(2);
  });

  it("checks the permission of every endpoint", async () => {
    const duty = (await list(admin)).body.data.records[0].id;
    expect((await list(operator)).body.code).toBe(200);
    for (const [path, body] of [
      ["add", { groupName: "x1" }],
      ["addGroupWithRelation", { groupName: "x2", userIds: [] }],
      ["upd", { id: duty, groupName: "x3" }],
      ["del", { ids: [duty] }],
      ["updGroupRelation", { groupId: duty, userIds: [] }],
      ["addRelation", { groupId: duty, userIds: [operatorId] }],
      ["delRelation", { groupId: duty, userIds: [operatorId] }],
    ] as const) {
      expect((await post(path, operator, body)).body.code, path).toBe(403);
    }
    expect((await members(admin, duty)).body.data).toHaveLength(2);
  });
});
