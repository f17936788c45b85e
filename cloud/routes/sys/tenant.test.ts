import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Page } from "@/lib/contract/envelope";
import type { PasswordChangeRequired } from "@/lib/contract/auth";
import type { TenantInfo, TenantRow } from "@/lib/contract/system/tenant";
import { companyInfo, departments, menus, projects, roleMenus, roles, tenantMenus, userRoles, users } from "../../db/schema";
import { permissionCodes, roleCodes } from "../../lib/auth";
import { signedIn, SETUP_MS, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";

let cloud: TestCloud;
let platform: string;
let demo: string;
signedIn((s) => ({ cloud, platform, admin: demo } = s), ["platform", "admin"]);

let seq = 0;
async function addTenant(extra: Record<string, unknown> = {}) {
  seq += 1;
  const res = await cloud.request<TenantRow>("/sys/tenant/add", {
    token: platform,
    language: "en",
    body: {
      name: `测试租户${seq}`,
      code: `t_${seq}`,
      areaCode: "330106",
      contact: "李四",
      contactPhone: "13700000000",
      username: `tadmin${seq}`,
      password: "Start1234",
      confirmPassword: "Start1234",
      contractNo: "HT-001",
      contractStart: "2026-01-01",
      contractEnd: "2026-12-31",
      ...extra,
    },
  });
  return res;
}

/** Logs in a freshly created administrator: first the forced change, then a real token. */
async function firstLogin(username: string, tenantId: number, password = "Start1234", next = "Changed5678"): Promise<string> {
  const first = await cloud.request<PasswordChangeRequired>("/sys/login/username", { body: { username, password, tId: tenantId } });
  expect(first.body.code).toBe(432);
  expect(first.body.data.reason).toBe("first");
  const change = await cloud.request("/sys/login/changePwd", { body: { dataCode: first.body.data.dataCode, password: next, confirmPassword: next } });
  expect(change.body.code).toBe(200);
  return cloud.login(username, next, tenantId);
}

describe("sys/tenant", { timeout: SETUP_MS }, () => {
  it("is for platform administrators only", async () => {
    for (const path of ["/sys/tenant/page", "/sys/tenant/numStat", "/sys/tenant/info?id=2"]) {
      expect((await cloud.request(path, { token: demo })).status).toBe(403);
    }
    expect((await cloud.request("/sys/tenant/add", { token: demo, body: {} })).status).toBe(403);
    expect((await cloud.request("/sys/tenant/page")).status).toBe(401);
  });

  it("adds a tenant with its administrator, role, root department, company info and menus in one go", async () => {
    const res = await addTenant();
    expect(res.body.code).toBe(200);
    const row = res.body.data;
    expect(row).toMatchObject({ name: "测试租户1", code: "t_1", areaName: "浙江省 / 杭州市 / 西湖区", username: "tadmin1", adminStatus: 1, status: 1, contractEnd: "2026-12-31", userNums: 1 });
    const [admin] = await cloud.db.select().from(users).where(eq(users.id, row.adminUserId!));
    expect(admin).toMatchObject({ tenantId: row.id, realname: "李四", mustChangePwd: true });
    const held = await cloud.db.select({ code: roles.code, kind: roles.kind, tenantId: roles.tenantId }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, admin.id));
    expect(held).toEqual([{ code: "tenantAdmin", kind: 2, tenantId: row.id }]);
    const [role] = await cloud.db.select().from(roles).where(tenantOf(row.id).where(roles));
    const roleTree = await cloud.db.select().from(roleMenus).where(eq(roleMenus.roleId, role.id));
    expect(roleTree.length).toBe((await cloud.db.select().from(menus).where(eq(menus.scope, "tenant"))).length);
    const [root] = await cloud.db.select().from(departments).where(tenantOf(row.id).where(departments));
    expect(root).toMatchObject({ departmentName: "测试租户1", parentId: null });
    expect(admin.departmentId).toBe(root.id);
    const [company] = await cloud.db.select().from(companyInfo).where(tenantOf(row.id).where(companyInfo));
    expect(company.data).toEqual({ compName: "测试租户1" });
    const all = await cloud.db.select({ id: menus.id }).from(menus).where(eq(menus.scope, "tenant"));
    const info = await cloud.request<TenantInfo>(`/sys/tenant/info?id=${row.id}`, { token: platform });
    expect(info.body.data.menuIds.sort()).toEqual(all.map((m) => m.id).sort());

    // The administrator must change the password at first login (the default policy says so).
    const token = await firstLogin("tadmin1", row.id);
    expect((await cloud.request("/sys/login/userInfo", { token })).body.code).toBe(200);
  });

  it("checks the administrator's password against the new tenant's policy and the fields", async () => {
    const weak = await addTenant({ password: "abcdefgh", confirmPassword: "abcdefgh" });
    expect(weak.body).toMatchObject({ code: 400, msg: "The password does not meet the policy: Must contain a digit" });
    const dates = await addTenant({ contractStart: "2026-05-02", contractEnd: "2026-05-01" });
    expect(dates.body).toMatchObject({ code: 400, msg: "Contract end: The end must not be earlier than the start" });
    const sameDay = await addTenant({ contractStart: "2026-05-01", contractEnd: "2026-05-01" });
    expect(sameDay.body.code).toBe(200);
    const user = await addTenant({ username: "李 四" });
    expect(user.body).toMatchObject({ code: 400, msg: "Administrator account: The username must not contain Chinese characters or spaces" });
    const area = await addTenant({ areaCode: "990101" });
    expect(area.body).toMatchObject({ code: 400, msg: "Unknown area code 990101" });
    const taken = await addTenant({ code: "T_1" });
    expect(taken.body).toMatchObject({ code: 409, msg: "The tenant ID T_1 is already in use" });
    const sysMenu = await cloud.db.select({ id: menus.id }).from(menus).where(eq(menus.scope, "sys")).limit(1);
    const wrongTree = await addTenant({ menuIds: [sysMenu[0].id] });
    expect(wrongTree.body).toMatchObject({ code: 400, msg: "Only menus of the tenant menu tree can be authorised to a tenant" });
  });

  it("limits the tenant administrator to the authorised menus", async () => {
    const tenantTree = await cloud.db.select().from(menus).where(eq(menus.scope, "tenant"));
    const projectAdd = tenantTree.find((m) => m.perms === "dev:project:add")!;
    const userAdd = tenantTree.find((m) => m.perms === "sys:user:add")!;
    const res = await addTenant({ menuIds: [projectAdd.id] });
    const id = res.body.data.id;
    const authorised = (await cloud.db.select().from(tenantMenus).where(tenantOf(id).where(tenantMenus))).map((r) => r.menuId);
    // The folders above the chosen button come with it.
    expect(authorised).toContain(projectAdd.parentId);
    const [admin] = await cloud.db.select().from(users).where(eq(users.id, res.body.data.adminUserId!));
    const { roleIds } = await roleCodes(cloud.db, admin.id);
    let perms = await permissionCodes(cloud.db, roleIds);
    expect(perms.has("dev:project:add")).toBe(true);
    expect(perms.has("sys:user:add")).toBe(false);
    const upd = await cloud.request("/sys/tenant/updAuth", { token: platform, body: { id, menuIds: [userAdd.id] } });
    expect(upd.body.code).toBe(200);
    perms = await permissionCodes(cloud.db, roleIds);
    expect([perms.has("dev:project:add"), perms.has("sys:user:add")]).toEqual([false, true]);
    // What the administrator's console gets: only the authorised button.
    const token = await firstLogin(res.body.data.username!, id);
    const menu = await cloud.request<{ perms: string[] }>("/sys/menu/currentUser/authPC", { token });
    expect(menu.body.data.perms).toEqual(["sys:user:add"]);
    expect((await cloud.request("/device/project/add", { token, body: { prjName: "x" } })).status).toBe(403);
  });

  it("disabling a tenant stops its sessions and its logins; the platform cannot be disabled", async () => {
    const res = await addTenant();
    const id = res.body.data.id;
    const token = await firstLogin(res.body.data.username!, id);
    const off = await cloud.request("/sys/tenant/openOrClose", { token: platform, body: { id, status: 2 } });
    expect(off.body.code).toBe(200);
    expect((await cloud.request("/sys/login/userInfo", { token })).status).toBe(401);
    const login = await cloud.request("/sys/login/username", { body: { username: res.body.data.username, password: "Changed5678", tId: id }, language: "en" });
    expect(login.body).toMatchObject({ code: 403, msg: "The tenant is disabled, contact your administrator" });
    const list = await cloud.request<Page<TenantRow>>(`/sys/tenant/page?enabled=2&size=100`, { token: platform });
    expect(list.body.data.records.map((r) => [r.id, r.status])).toContainEqual([id, 2]);
    await cloud.request("/sys/tenant/openOrClose", { token: platform, body: { id, status: 1 } });
    expect(await cloud.login(res.body.data.username!, "Changed5678", id)).toBeTruthy();
    const platformOff = await cloud.request("/sys/tenant/openOrClose", { token: platform, body: { id: 1, status: 2 }, language: "en" });
    expect(platformOff.body).toMatchObject({ code: 400, msg: "The platform itself cannot be disabled, deleted or changed here" });
  });

  it("disables and enables the administrator account", async () => {
    const res = await addTenant();
    const { id, username } = res.body.data;
    const token = await firstLogin(username!, id);
    await cloud.request("/sys/tenant/openOrCloseAdminStatus", { token: platform, body: { id, status: 2 } });
    expect((await cloud.request("/sys/login/userInfo", { token })).status).toBe(401);
    const info = await cloud.request<TenantInfo>(`/sys/tenant/info?id=${id}`, { token: platform });
    expect(info.body.data.adminStatus).toBe(2);
    await cloud.request("/sys/tenant/openOrCloseAdminStatus", { token: platform, body: { id, status: 1 } });
    expect(await cloud.login(username!, "Changed5678", id)).toBeTruthy();
  });

  it("resets the administrator's password with the policy, history, forced change and notice", async () => {
    const res = await addTenant();
    const { id, username, adminUserId } = res.body.data;
    await cloud.db.update(users).set({ email: "boss@example.com" }).where(eq(users.id, adminUserId!));
    await firstLogin(username!, id);
    const reused = await cloud.request("/sys/tenant/updUserPwd", { token: platform, language: "en", body: { id, password: "Changed5678", confirmPassword: "Changed5678" } });
    expect(reused.body).toMatchObject({ code: 400, msg: "The new password must differ from the last 3 passwords" });
    const noForce = await cloud.request("/sys/tenant/updUserPwd", { token: platform, language: "en", body: { id, password: "Reset12345", confirmPassword: "Reset12345", notifyFlag: 1, changePwdFlag: 1 } });
    expect(noForce.body.code).toBe(400);
    const reset = await cloud.request("/sys/tenant/updUserPwd", { token: platform, body: { id, password: "Reset12345", confirmPassword: "Reset12345", notifyFlag: 1, changePwdFlag: 2 } });
    expect(reset.body.code).toBe(200);
    expect(cloud.outbox.at(-1)).toMatchObject({ channel: "email", target: "boss@example.com" });
    expect(cloud.outbox.at(-1)!.body).toContain("Reset12345");
    const login = await cloud.request<PasswordChangeRequired>("/sys/login/username", { body: { username, password: "Reset12345", tId: id } });
    expect(login.body).toMatchObject({ code: 432, msg: "密码已被管理员重置，请设置新密码", data: { reason: "reset" } });
    expect((await cloud.request("/sys/tenant/updUserPwd", { token: demo, body: { id, password: "Reset12345x", confirmPassword: "Reset12345x" } })).status).toBe(403);
  });

  it("refuses to delete a tenant with users or projects, otherwise removes all of it", async () => {
    const res = await addTenant();
    const { id, name } = res.body.data;
    await firstLogin(res.body.data.username!, id);
    const extra = await cloud.addUser({ tenantId: id, username: "someone01", password: "Someone123" });
    const refused = await cloud.request("/sys/tenant/del", { token: platform, language: "en", body: { ids: [id] } });
    expect(refused.body).toMatchObject({ code: 400, msg: `Tenant "${name}" still has 1 users besides its administrator: remove them before deleting the tenant` });
    await cloud.db.delete(users).where(eq(users.id, extra));
    const [prj] = await cloud.db.insert(projects).values({ tenantId: id, prjName: "p" }).returning();
    const withProject = await cloud.request("/sys/tenant/del", { token: platform, language: "en", body: { ids: [id] } });
    expect(withProject.body.msg).toContain("still has 1 projects");
    await cloud.db.delete(projects).where(eq(projects.id, prj.id));
    const del = await cloud.request("/sys/tenant/del", { token: platform, body: { ids: [id] } });
    expect(del.body.code).toBe(200);
    expect((await cloud.request(`/sys/tenant/info?id=${id}`, { token: platform })).status).toBe(404);
    expect(await cloud.db.select().from(users).where(tenantOf(id).where(users))).toEqual([]);
    expect(await cloud.db.select().from(roles).where(tenantOf(id).where(roles))).toEqual([]);
    expect(await cloud.db.select().from(departments).where(tenantOf(id).where(departments))).toEqual([]);
    expect((await cloud.request("/sys/tenant/del", { token: platform, body: { ids: [2] } })).body.code).toBe(400);
  });

  it("updates the tenant and renames its company root with it", async () => {
    const res = await addTenant();
    const { id } = res.body.data;
    const upd = await cloud.request<TenantRow>("/sys/tenant/upd", { token: platform, body: { id, name: "改名租户", code: "renamed", areaCode: "11", contractStart: "2026-02-01", contractEnd: "2027-01-31" } });
    expect(upd.body.data).toMatchObject({ name: "改名租户", areaName: "北京市", contractStart: "2026-02-01", contractEnd: "2027-01-31" });
    const [root] = await cloud.db.select().from(departments).where(tenantOf(id).where(departments));
    expect(root.departmentName).toBe("改名租户");
    const bad = await cloud.request("/sys/tenant/upd", { token: platform, language: "en", body: { id, name: "x", code: "renamed", contractStart: "2026-02-01", contractEnd: "2026-01-31" } });
    expect(bad.body.msg).toBe("Contract end: The end must not be earlier than the start");
  });

  it("filters the list", async () => {
    const byArea = await cloud.request<Page<TenantRow>>("/sys/tenant/page?areaCode=33&size=100", { token: platform });
    expect(byArea.body.data.total).toBeGreaterThan(0);
    expect(byArea.body.data.records.every((r) => r.areaCode!.startsWith("33"))).toBe(true);
    const byName = await cloud.request<Page<TenantRow>>(`/sys/tenant/page?name=${encodeURIComponent("示范")}`, { token: platform });
    expect(byName.body.data.records.map((r) => r.code)).toEqual(["demo"]);
    const byDates = await cloud.request<Page<TenantRow>>("/sys/tenant/page?contractStart=2026-01-01&contractEnd=2026-12-31&size=100", { token: platform });
    expect(byDates.body.data.records.every((r) => r.contractStart! >= "2026-01-01" && r.contractEnd! <= "2026-12-31")).toBe(true);
    const all = await cloud.request<Page<TenantRow>>("/sys/tenant/page?size=1000", { token: platform });
    expect(all.body.data.records.some((r) => r.id === 1)).toBe(false);
  });
});
