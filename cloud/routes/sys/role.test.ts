import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Page } from "@/lib/contract/envelope";
import type { RoleInfo, RoleRow, RoleTenantRow, RoleUserRow } from "@/lib/contract/system/role";
import type { CurrentMenus } from "@/lib/shell/menu";
import { defaultPwdPolicy } from "@/lib/contract/pwd-policy";
import { menus, pwdPolicies, roles, tenantMenus } from "../../db/schema";
import { signedIn, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
let adminId: number;
let operatorId: number;
let office: number;
signedIn((s) => ({ cloud, admin, operator, platform, ids: { admin: adminId, operator: operatorId } } = s));
beforeAll(async () => {
  // Members log in straight away: no forced change at first login here.
  await cloud.db.insert(pwdPolicies).values({ tenantId: 2, data: { ...defaultPwdPolicy, init: { password: "", notify: false, forceChange: false } } });
  office = (await cloud.request<{ childrens: { id: number }[] }[]>("/sys/department/currentUser/tree", { token: admin })).body.data[0].childrens[0].id;
});

const page = (token: string, params = "") => cloud.request<Page<RoleRow>>(`/sys/role/page?current=1&size=9999${params}`, { token });
const post = <T = { id: number }>(path: string, token: string, body: unknown, language?: string) => cloud.request<T>(`/sys/role/${path}`, { token, body, language });
const roleId = async (tenantId: number, code: string) => (await cloud.db.select().from(roles).where(tenantOf(tenantId).where(roles, eq(roles.code, code))))[0].id;
/** Menu ids of a tree by entry path, with the buttons below each entry when asked. */
async function menuIds(scope: "sys" | "tenant", paths: string[], withButtons = false) {
  const rows = await cloud.db.select().from(menus).where(eq(menus.scope, scope));
  const entries = rows.filter((r) => r.path && paths.includes(r.path));
  const buttons = withButtons ? rows.filter((r) => entries.some((e) => e.id === r.parentId) && r.type === "button") : [];
  // Half-checked parents come along, as the console's tri-state tree sends them.
  const parents = rows.filter((r) => entries.some((e) => e.parentId === r.id));
  return [...entries, ...buttons, ...parents].map((r) => r.id);
}
let serial = 0;
async function member(roleIds: number[] = []) {
  serial += 1;
  const username = `rolemember${serial}`;
  const res = await cloud.request<{ id: number }>("/sys/user/add", { token: admin, body: { username, realname: `角色成员${serial}`, departmentId: office, password: "Member2026x", roleIds } });
  if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  return { id: res.body.data.id, token: () => cloud.login(username, "Member2026x", 2) };
}
const menusOf = async (token: string) => (await cloud.request<CurrentMenus>("/sys/menu/currentUser/authPC", { token })).body.data;

describe("sys/role lists", () => {
  it("shows the platform its management or tenant roles and a tenant only its own", async () => {
    expect((await page(platform)).body.data.records.map((r) => r.code)).toEqual(["admin"]);
    expect((await page(platform, "&kind=2")).body.data.records).toEqual([expect.objectContaining({ code: "standard", kind: 2, memberCount: 1, builtIn: false })]);
    const own = (await page(admin, "&kind=1")).body.data.records;
    expect(own.map((r) => [r.code, r.builtIn])).toEqual([
      ["tenantAdmin", true],
      ["projectUser", false],
    ]);
    expect((await page(admin, `&name=${encodeURIComponent("项目")}`)).body.data.total).toBe(1);
  });

  it("gives a role's menus; the built-in administrator has every authorised menu", async () => {
    const info = await cloud.request<RoleInfo>(`/sys/role/info?id=${await roleId(2, "tenantAdmin")}`, { token: admin });
    const all = await cloud.db.select({ id: menus.id }).from(menus).where(eq(menus.scope, "tenant"));
    expect(info.body.data.menuIds).toHaveLength(all.length);
    const pu = await cloud.request<RoleInfo>(`/sys/role/info?id=${await roleId(2, "projectUser")}`, { token: admin });
    expect(pu.body.data.menuIds.length).toBeGreaterThan(0);
    expect(pu.body.data.menuIds.length).toBeLessThan(all.length);
    expect((await cloud.request(`/sys/role/info?id=${await roleId(1, "admin")}`, { token: admin })).body.code).toBe(404);
  });
});

describe("sys/role user-side roles", () => {
  it("creates a role whose users see exactly its menus and codes, changed on their next request", async () => {
    const ids = await menuIds("tenant", ["/systemSet/groupSet", "/msg/station"], true);
    const add = await post<RoleRow>("add", admin, { name: "组管理员", code: "groupKeeper", kind: 2, menuIds: ids, tenantId: 1 });
    expect(add.body.code).toBe(200);
    const role = add.body.data.id;
    const user = await member();
    expect((await post("addUser", admin, { roleId: role, userIds: [user.id] })).body.code).toBe(200);
    const token = await user.token();
    const mine = await menusOf(token);
    const paths = (ns: CurrentMenus["menus"]): string[] => ns.flatMap((n) => [...(n.path ? [n.path] : []), ...paths(n.childrens)]);
    expect(paths(mine.menus).sort()).toEqual(["/msg/station", "/systemSet/groupSet"]);
    expect(mine.perms).toEqual(["sys:group:add", "sys:group:del", "sys:group:upd"]);
    expect((await cloud.request("/sys/group/add", { token, body: { groupName: "角色测试组" } })).body.code).toBe(200);
    // Narrow the role: the next request already sees it.
    expect((await post("updUserAuth", admin, { roleId: role, menuIds: await menuIds("tenant", ["/systemSet/groupSet"]) })).body.code).toBe(200);
    expect((await cloud.request("/sys/group/add", { token, body: { groupName: "角色测试组2" } })).body.code).toBe(403);
    const users = await cloud.request<Page<RoleUserRow>>(`/sys/role/pageUser?roleId=${role}&current=1&size=10`, { token: admin });
    expect(users.body.data.records.map((u) => u.id)).toEqual([user.id]);
    expect(users.body.data).toMatchObject({ total: 1, records: [{ enabled: 1, departmentName: expect.any(String) }] });
    expect((await cloud.request<Page<RoleUserRow>>(`/sys/role/pageUser?roleId=${role}&keyword=nobody-like-this`, { token: admin })).body.data).toEqual({ records: [], total: 0 });
    // Taken off the role: no menus at all on the next request.
    expect((await post("delUserRoleRelation", admin, { roleId: role, userId: user.id })).body.code).toBe(200);
    expect((await menusOf(token)).perms).toEqual([]);
    expect((await cloud.request("/sys/group/list", { token })).body.code).toBe(403);
  });

  it("edits and deletes roles, but never the built-in administrator", async () => {
    const add = await post("add", admin, { name: "临时", code: "temp_role", kind: 2 });
    const id = add.body.data.id;
    expect((await post("updUser", admin, { id, name: "临时角色", code: "temp_role2", remark: "测试" })).body.code).toBe(200);
    expect((await page(admin)).body.data.records.find((r) => r.id === id)).toMatchObject({ name: "临时角色", code: "temp_role2", remark: "测试" });
    const tenantAdmin = await roleId(2, "tenantAdmin");
    expect((await post("del", admin, { ids: [tenantAdmin] }, "en")).body).toMatchObject({ code: 400, msg: expect.stringContaining("cannot be deleted") });
    expect((await post("updUser", admin, { id: tenantAdmin, name: "管理员", code: "boss" })).body.code).toBe(400);
    expect((await post("updUser", admin, { id: tenantAdmin, name: "管理员", code: "tenantAdmin" })).body.code).toBe(200);
    expect((await post("updUserAuth", admin, { roleId: tenantAdmin, menuIds: [] })).body.code).toBe(400);
    // Naming another tenant's role refuses the whole delete.
    expect((await post("del", admin, { ids: [id, await roleId(1, "standard")] })).body.code).toBe(404);
    expect((await page(admin)).body.data.records.map((r) => r.id)).toContain(id);
    expect((await post("del", admin, { ids: [id] })).body).toMatchObject({ code: 200, data: { deleted: 1 } });
  });

  it("refuses reserved and duplicate codes, and management roles for tenants", async () => {
    expect((await post("add", admin, { name: "x", code: "tenantAdmin", kind: 2 }, "en")).body.msg).toBe("The role code tenantAdmin is reserved for a built-in role");
    expect((await post("add", admin, { name: "x", code: "projectUser", kind: 2 }, "en")).body.msg).toBe("The role code projectUser already exists");
    expect((await post("add", admin, { name: "x", code: "mgmt", kind: 1 }, "en")).body.msg).toBe("A tenant can only create tenant roles");
    expect((await post("add", admin, { name: "x", code: "bad code!", kind: 2 })).body.code).toBe(400);
  });

  it("refuses menus outside the caller's authorisation", async () => {
    const sysMenu = await menuIds("sys", ["/systemSet/tenantSet"]);
    const res = await post("add", admin, { name: "越权", code: "overreach", kind: 2, menuIds: sysMenu }, "en");
    expect(res.body).toMatchObject({ code: 400, msg: "Some of the chosen menus are outside your authorisation" });
    // Limit the tenant's authorisation to one screen: everything else is out of reach.
    const standard = await roleId(1, "standard");
    expect((await post("delTenant", platform, { roleId: standard, tenantIds: [2] })).body.code).toBe(200);
    await cloud.db.insert(tenantMenus).values((await menuIds("tenant", ["/systemSet/groupSet", "/systemSet/roleSet"], true)).map((menuId) => ({ tenantId: 2, menuId })));
    try {
      expect((await post("add", admin, { name: "越权", code: "overreach", kind: 2, menuIds: await menuIds("tenant", ["/projects/project"]) })).body.code).toBe(400);
      expect((await post("add", admin, { name: "组内", code: "inside", kind: 2, menuIds: await menuIds("tenant", ["/systemSet/groupSet"], true) })).body.code).toBe(200);
      // The tenant administrator's own menus shrink to the authorisation on the next request.
      const newUser = { username: "outside01", realname: "x", departmentId: office, password: "Member2026x" };
      expect((await cloud.request("/sys/user/add", { token: admin, body: newUser })).body.code).toBe(403);
      expect((await menusOf(admin)).perms).not.toContain("dev:project:add");
      expect((await cloud.request("/sys/group/add", { token: admin, body: { groupName: "授权内" } })).body.code).toBe(200);
    } finally {
      await cloud.db.delete(tenantMenus).where(tenantOf(2).where(tenantMenus));
      expect((await post("addTenant", platform, { roleId: standard, tenantIds: [2] })).body.code).toBe(200);
    }
    expect((await menusOf(admin)).perms).toContain("dev:project:add");
  });

  it("does not let a user take away their own last administrator role", async () => {
    const tenantAdmin = await roleId(2, "tenantAdmin");
    expect((await post("delUser", admin, { roleId: tenantAdmin, userIds: [adminId] }, "en")).body).toMatchObject({ code: 400, msg: "You cannot remove your own last administrator role" });
    expect((await post("delUserRoleRelation", admin, { roleId: tenantAdmin, userId: adminId })).body.code).toBe(400);
    // Someone else's administrator role can go.
    const other = await member([tenantAdmin]);
    expect((await post("delUser", admin, { roleId: tenantAdmin, userIds: [other.id] })).body.code).toBe(200);
    const platformAdmin = await roleId(1, "admin");
    const superId = await cloud.userId("superadmin", 1);
    expect((await post("delUserRoleRelation", platform, { roleId: platformAdmin, userId: superId })).body.code).toBe(400);
  });

  it("stays within the caller's tenant", async () => {
    const platformAdmin = await roleId(1, "admin");
    const projectUser = await roleId(2, "projectUser");
    const superId = await cloud.userId("superadmin", 1);
    expect((await post("addUser", admin, { roleId: platformAdmin, userIds: [operatorId] })).body.code).toBe(404);
    expect((await post("addUser", admin, { roleId: projectUser, userIds: [superId] })).body.code).toBe(404);
    expect((await post("updUser", platform, { id: projectUser, name: "x", code: "x" })).body.code).toBe(404);
    expect((await post("del", platform, { ids: [projectUser] })).body.code).toBe(404);
    expect((await cloud.request(`/sys/role/pageUser?roleId=${platformAdmin}`, { token: admin })).body.code).toBe(404);
  });
});

describe("sys/role tenant roles (platform)", () => {
  it("creates a tenant role, assigns it to tenants, and sets its menus", async () => {
    const ids = await menuIds("tenant", ["/projects/project"], true);
    const add = await post<RoleRow>("add", platform, { name: "项目版", code: "projects_only", kind: 2, menuIds: ids });
    expect(add.body.code).toBe(200);
    const role = add.body.data.id;
    expect((await post("addTenant", platform, { roleId: role, tenantIds: [2] })).body.code).toBe(200);
    expect((await post("addTenant", platform, { roleId: role, tenantIds: [1] })).body.code).toBe(404);
    const list = await cloud.request<Page<RoleTenantRow>>(`/sys/role/pageTenant?roleId=${role}`, { token: platform });
    expect(list.body.data.records).toEqual([expect.objectContaining({ id: 2, name: "示范租户", enabled: 1 })]);
    expect(list.body.data.total).toBe(1);
    expect((await post("updTenant", platform, { id: role, name: "项目版 2", code: "projects_only" })).body.code).toBe(200);
    expect((await post("updTenantAuth", platform, { roleId: role, menuIds: await menuIds("tenant", ["/msg/todo"]) })).body.code).toBe(200);
    const info = await cloud.request<RoleInfo>(`/sys/role/info?id=${role}`, { token: platform });
    expect(info.body.data.menuIds.sort()).toEqual((await menuIds("tenant", ["/msg/todo"])).sort());
    // A tenant role's menus come from the tenant tree, not the management one.
    expect((await post("updTenantAuth", platform, { roleId: role, menuIds: await menuIds("sys", ["/systemSet/tenantSet"]) })).body.code).toBe(400);
    // Tenant roles are not given to users, and user-side routes do not touch them.
    expect((await post("addUser", platform, { roleId: role, userIds: [await cloud.userId("superadmin", 1)] })).body.code).toBe(404);
    expect((await post("updUser", platform, { id: role, name: "x", code: "x" })).body.code).toBe(404);
    expect((await post("delTenant", platform, { roleId: role, tenantIds: [2] })).body.code).toBe(200);
    expect((await cloud.request<Page<RoleTenantRow>>(`/sys/role/pageTenant?roleId=${role}`, { token: platform })).body.data.total).toBe(0);
    expect((await post("del", platform, { ids: [role] })).body.code).toBe(200);
  });

  it("answers 403 to tenant users on platform-only endpoints", async () => {
    const standard = await roleId(1, "standard");
    expect((await cloud.request(`/sys/role/pageTenant?roleId=${standard}`, { token: admin })).body.code).toBe(403);
    for (const [path, body] of [
      ["addTenant", { roleId: standard, tenantIds: [2] }],
      ["delTenant", { roleId: standard, tenantIds: [2] }],
      ["updTenant", { id: standard, name: "x", code: "x" }],
      ["updTenantAuth", { roleId: standard, menuIds: [] }],
    ] as const) {
      expect((await post(path, admin, body)).body.code, path).toBe(403);
    }
    // Nothing changed: the role keeps its name and its tenant.
    const [row] = await cloud.db.select().from(roles).where(eq(roles.id, standard));
    expect(row.name).toBe("标准版");
    expect((await cloud.request<Page<RoleTenantRow>>(`/sys/role/pageTenant?roleId=${standard}`, { token: platform })).body.data.records.map((t) => t.id)).toEqual([2]);
  });

  it("checks the permission of every endpoint", async () => {
    const projectUser = await roleId(2, "projectUser");
    for (const [path, body] of [
      ["add", { name: "x", code: "perm_x", kind: 2 }],
      ["updUser", { id: projectUser, name: "x", code: "projectUser" }],
      ["del", { ids: [projectUser] }],
      ["addUser", { roleId: projectUser, userIds: [operatorId] }],
      ["delUser", { roleId: projectUser, userIds: [operatorId] }],
      ["delUserRoleRelation", { roleId: projectUser, userId: operatorId }],
      ["updUserAuth", { roleId: projectUser, menuIds: [] }],
    ] as const) {
      expect((await post(path, operator, body)).body.code, path).toBe(403);
    }
    for (const path of ["page", `info?id=${projectUser}`, `pageUser?roleId=${projectUser}`]) {
      expect((await cloud.request(`/sys/role/${path}`, { token: operator })).body.code, path).toBe(403);
    }
  });
});
