import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DepartmentNode, DepartmentUserNode } from "@/lib/contract/system/department";
import { departments, users } from "../../db/schema";
import { signedIn, type TestCloud } from "../../testing";

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
signedIn((s) => ({ cloud, admin, operator, platform } = s));

const tree = (token: string) => cloud.request<DepartmentNode[]>("/sys/department/currentUser/tree", { token });
const post = (path: string, token: string, body: unknown, language?: string) => cloud.request<{ id: number }>(`/sys/department/${path}`, { token, body, language });

describe("sys/department", () => {
  it("shows the caller's tenant tree with the company as root and head counts", async () => {
    const res = await tree(admin);
    expect(res.body.code).toBe(200);
    const [root] = res.body.data;
    expect(res.body.data).toHaveLength(1);
    expect(root).toMatchObject({ departmentName: "示范租户", root: true, parentId: null });
    expect(root.childrens.map((d) => d.departmentName)).toEqual(["综合管理部", "监测运维部"]);
    expect(root.childrens[1]).toMatchObject({ userCount: 1, childrens: [expect.objectContaining({ departmentName: "现场一组" })] });
    const other = await tree(platform);
    expect(other.body.data.map((d) => d.departmentName)).toEqual(["平台"]);
  });

  it("lists departments with their users as leaves for pickers", async () => {
    const res = await cloud.request<DepartmentUserNode[]>("/sys/department/departmentUserTree", { token: admin });
    const field = res.body.data[0].childrens.find((d) => d.name === "监测运维部")!;
    expect(field.childrens.map((n) => [n.type, n.name])).toEqual([
      ["department", "现场一组"],
      ["user", "张三"],
    ]);
    expect(field.childrens[1].key).toMatch(/^u\d+$/);
  });

  it("adds, edits and deletes under the caller's tenant only", async () => {
    const rootId = (await tree(admin)).body.data[0].id;
    const add = await post("add", admin, { parentId: rootId, departmentName: "质检部", sort: 3, phone: "", tenantId: 1 });
    expect(add.body.code).toBe(200);
    const id = add.body.data.id;
    const [row] = await cloud.db.select().from(departments).where(eq(departments.id, id));
    expect(row.tenantId).toBe(2);
    expect((await post("upd", admin, { id, parentId: rootId, departmentName: "质检中心" })).body.code).toBe(200);
    const platformRoot = (await tree(platform)).body.data[0].id;
    // Another tenant's department, as parent or as target, is not found.
    expect((await post("add", admin, { parentId: platformRoot, departmentName: "x" })).body.code).toBe(404);
    expect((await post("upd", platform, { id, parentId: platformRoot, departmentName: "x" })).body.code).toBe(404);
    expect((await post("del", platform, { ids: [id] })).body.code).toBe(404);
    expect((await post("del", admin, { ids: [id] })).body.code).toBe(200);
  });

  it("keeps the company root immutable", async () => {
    const root = (await tree(admin)).body.data[0];
    const child = root.childrens[0].id;
    const upd = await post("upd", admin, { id: root.id, parentId: child, departmentName: "改名" }, "en");
    expect(upd.body).toMatchObject({ code: 400, msg: "The company (root department) cannot be edited, moved or deleted" });
    expect((await post("del", admin, { ids: [root.id] })).body.code).toBe(400);
  });

  it("refuses to move a department under its own descendant", async () => {
    const field = (await tree(admin)).body.data[0].childrens[1];
    const res = await post("upd", admin, { id: field.id, parentId: field.childrens[0].id, departmentName: field.departmentName });
    expect(res.body.code).toBe(400);
  });

  it("refuses to delete a department with children or users", async () => {
    const root = (await tree(admin)).body.data[0];
    const [office, field] = root.childrens;
    const withChildren = await post("del", admin, { ids: [field.id] }, "en");
    expect(withChildren.body).toMatchObject({ code: 400, msg: "The department has sub-departments; delete them first" });
    const withUsers = await post("del", admin, { ids: [office.id] }, "en");
    expect(withUsers.body).toMatchObject({ code: 400, msg: "The department still has users; move them first" });
    const id = await cloud.addUser({ tenantId: 2, username: "deptuser1", password: "Abc12345" });
    const empty = await post("add", admin, { parentId: root.id, departmentName: "临时" });
    await cloud.db.update(users).set({ departmentId: empty.body.data.id }).where(eq(users.id, id));
    expect((await post("del", admin, { ids: [empty.body.data.id] })).body.code).toBe(400);
  });

  it("checks the permission of every endpoint", async () => {
    const rootId = (await tree(admin)).body.data[0].id;
    expect((await tree(operator)).body.code).toBe(200);
    expect((await post("add", operator, { parentId: rootId, departmentName: "x" })).body.code).toBe(403);
    expect((await post("upd", operator, { id: rootId, parentId: rootId, departmentName: "x" })).body.code).toBe(403);
    expect((await post("del", operator, { ids: [rootId] })).body.code).toBe(403);
    expect((await cloud.request("/sys/department/currentUser/tree")).body.code).toBe(401);
  });

  it("names the field of bad input", async () => {
    const res = await post("add", admin, { parentId: "", departmentName: "" }, "en");
    expect(res.body).toMatchObject({ code: 400, msg: "Parent department: Please select" });
  });
});
