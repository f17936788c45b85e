import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { Code, type Page } from "@/lib/contract/envelope";
import { defaultPwdPolicy, type PwdPolicy } from "@/lib/contract/pwd-policy";
import type { DepartmentNode } from "@/lib/contract/system/department";
import type { UserRow } from "@/lib/contract/system/user";
import { knowledgeNodes, pwdPolicies, roles, settings, users } from "../../db/schema";
import { signedIn, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
let adminId: number;
let operatorId: number;
let office: number;
let field: number;
let fieldTeam: number;
signedIn((s) => ({ cloud, admin, operator, platform, ids: { admin: adminId, operator: operatorId } } = s));
beforeAll(async () => {
  const tree = await cloud.request<DepartmentNode[]>("/sys/department/currentUser/tree", { token: admin });
  [office, field] = tree.body.data[0].childrens.map((d) => d.id);
  fieldTeam = tree.body.data[0].childrens[1].childrens[0].id;
  await setPolicy(2, base);
});

const page = (token: string, params = "") => cloud.request<Page<UserRow>>(`/sys/user/page?current=1&size=9999${params}`, { token });
const post = <T = { id: number }>(path: string, token: string, body: unknown, language?: string) => cloud.request<T>(`/sys/user/${path}`, { token, body, language });
const info = (token: string, id: number) => cloud.request<UserRow>(`/sys/user/getUserInfoById?id=${id}`, { token });

/** The tests' usual policy: the default, without the forced change at first login. */
const base: PwdPolicy = { ...defaultPwdPolicy, init: { password: "", notify: false, forceChange: false } };
async function setPolicy(tenantId: number, patch: Partial<PwdPolicy>) {
  const data = { ...base, ...patch };
  await cloud.db.insert(pwdPolicies).values({ tenantId, data }).onConflictDoUpdate({ target: pwdPolicies.tenantId, set: { data } });
}
const roleId = async (tenantId: number, code: string) => (await cloud.db.select().from(roles).where(tenantOf(tenantId).where(roles, eq(roles.code, code))))[0].id;

let serial = 0;
/** Adds a user through the API and returns its id. */
async function addUser(extra: Record<string, unknown> = {}) {
  serial += 1;
  const res = await post<UserRow>("add", admin, { username: `member${serial}x`, realname: `成员${serial}`, departmentId: fieldTeam, password: "Member2026x", ...extra });
  if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data;
}

describe("sys/user page", () => {
  it("lists the tenant's users with department and role names, filtered", async () => {
    const all = await page(admin);
    const op = all.body.data.records.find((u) => u.username === "operator01")!;
    expect(op).toMatchObject({ departmentName: "监测运维部", roleNames: ["项目用户"], enabled: 1, tenantAdmin: false, phone: "13900000001" });
    expect(all.body.data.records.find((u) => u.username === "demoadmin")).toMatchObject({ tenantAdmin: true, departmentName: "综合管理部" });
    expect(all.body.data.records.some((u) => u.username === "superadmin")).toBe(false);
    const byKeyword = await page(admin, `&keyword=${encodeURIComponent("张")}`);
    expect(byKeyword.body.data.records.map((u) => u.username)).toEqual(["operator01"]);
    expect((await page(admin, "&keyword=1390000")).body.data.total).toBe(1);
  });

  it("shows a project user (pickers, no user screen) names but no contacts", async () => {
    const seen = await page(operator);
    expect(seen.body.code).toBe(200);
    const admin01 = seen.body.data.records.find((u) => u.username === "demoadmin")!;
    expect(admin01).toMatchObject({ realname: expect.any(String), departmentName: "综合管理部", phone: null, email: null, landline: null });
    expect((await info(operator, adminId)).body.data).toMatchObject({ phone: null, email: null });
    expect((await info(admin, operatorId)).body.data.phone).toBe("13900000001");
  });

  it("filters a department with the departments below it", async () => {
    const member = await addUser();
    const underField = (await page(admin, `&departmentId=${field}`)).body.data.records.map((u) => u.id);
    expect(underField).toEqual(expect.arrayContaining([operatorId, member.id]));
    expect(underField).not.toContain(adminId);
    expect((await page(admin, `&departmentId=${fieldTeam}`)).body.data.records.map((u) => u.id)).toEqual([member.id]);
    // Another tenant's department finds nothing.
    const platformRoot = (await cloud.request<DepartmentNode[]>("/sys/department/currentUser/tree", { token: platform })).body.data[0].id;
    expect((await page(admin, `&departmentId=${platformRoot}`)).body.data.total).toBe(0);
  });

  it("filters by enabled state", async () => {
    const member = await addUser();
    await post("openOrClose", admin, { id: member.id, status: 2 });
    const disabled = (await page(admin, "&enabled=2")).body.data.records.map((u) => u.id);
    expect(disabled).toContain(member.id);
    expect((await page(admin, "&enabled=1")).body.data.records.map((u) => u.id)).not.toContain(member.id);
  });

  it("masks phones and e-mails per the tenant's settings, except for exempt viewers and phone queriers", async () => {
    await cloud.db.insert(settings).values({ tenantId: 2, key: "encrypt", data: { phoneMask: true, emailMask: true, exemptUserIds: [], exemptDepartmentIds: [] } });
    const masked = (await info(admin, operatorId)).body.data;
    expect(masked).toMatchObject({ phone: "139****0001", email: "ope***@example.com" });
    await cloud.db.update(settings).set({ data: { phoneMask: true, emailMask: false, exemptUserIds: [], exemptDepartmentIds: [] } }).where(tenantOf(2).where(settings));
    expect((await info(admin, operatorId)).body.data).toMatchObject({ phone: "139****0001", email: "operator01@example.com" });
    await cloud.db.update(settings).set({ data: { phoneMask: true, emailMask: true, exemptUserIds: [], exemptDepartmentIds: [office] } }).where(tenantOf(2).where(settings));
    expect((await info(admin, operatorId)).body.data.phone).toBe("13900000001");
    await cloud.db.update(settings).set({ data: { phoneMask: true, emailMask: true, exemptUserIds: [], exemptDepartmentIds: [] } }).where(tenantOf(2).where(settings));
    expect((await post("updQueryPhone", admin, { id: adminId, queryPhone: 1 })).body.code).toBe(200);
    expect((await info(admin, operatorId)).body.data.phone).toBe("13900000001");
    await post("updQueryPhone", admin, { id: adminId, queryPhone: 0 });
    expect((await info(admin, operatorId)).body.data.phone).toBe("139****0001");
    await cloud.db.delete(settings).where(tenantOf(2).where(settings));
  });
});

describe("sys/user add and edit", () => {
  it("checks the username rule and keeps usernames unique per tenant", async () => {
    const chinese = await post("add", admin, { username: "用户abcdef", realname: "x", departmentId: office, password: "Member2026x" }, "en");
    expect(chinese.body).toMatchObject({ code: 400, msg: "Account: The username must not contain Chinese characters or spaces" });
    const short = await post("add", admin, { username: "abc", realname: "x", departmentId: office, password: "Member2026x" }, "en");
    expect(short.body.msg).toBe("Account: The username has 6–32 characters");
    const taken = await post("add", admin, { username: "operator01", realname: "x", departmentId: office, password: "Member2026x" }, "en");
    expect(taken.body).toMatchObject({ code: 400, msg: "The username operator01 already exists" });
    // Another tenant may have its own operator01.
    const platformRoot = (await cloud.request<DepartmentNode[]>("/sys/department/currentUser/tree", { token: platform })).body.data[0].id;
    expect((await post("add", platform, { username: "operator01", realname: "x", departmentId: platformRoot, password: "Member2026x" })).body.code).toBe(200);
  });

  it("stores every field in the caller's tenant, with roles and department", async () => {
    const projectUser = await roleId(2, "projectUser");
    const row = await addUser({ employeeNo: "E9", sex: 2, position: "测量员", phone: "13700000009", landline: "010-12345678", email: "m9@example.com", avatar: "avatar/x.png", roleIds: [projectUser], tenantId: 1 });
    expect(row).toMatchObject({ employeeNo: "E9", sex: 2, position: "测量员", phone: "13700000009", landline: "010-12345678", email: "m9@example.com", avatar: "avatar/x.png", departmentName: "现场一组", roleIds: [projectUser] });
    const [stored] = await cloud.db.select().from(users).where(eq(users.id, row.id));
    expect(stored.tenantId).toBe(2);
    const upd = await post<UserRow>("upd", admin, { id: row.id, realname: "改名", departmentId: office, phone: "", sex: "" });
    expect(upd.body.data).toMatchObject({ realname: "改名", departmentName: "综合管理部", phone: null, sex: null, roleIds: [projectUser] });
    const bad = await post("add", admin, { username: "member_bad", realname: "x", departmentId: office, phone: "12345", landline: "12-34", email: "x@" }, "en");
    expect(bad.body).toMatchObject({ code: 400, msg: "Mobile: Enter an 11-digit mobile number starting with 1" });
  });

  it("keeps the stored phone and e-mail when an edit leaves them out or sends them back masked", async () => {
    const member = await addUser({ phone: "13700000021", email: "m21@example.com" });
    const stored = async () => (await cloud.db.select().from(users).where(eq(users.id, member.id)))[0];
    const edit = (extra: Record<string, unknown>) => post<UserRow>("upd", admin, { id: member.id, realname: "成员21", departmentId: fieldTeam, ...extra });
    await cloud.db.insert(settings).values({ tenantId: 2, key: "encrypt", data: { phoneMask: true, emailMask: true, exemptUserIds: [], exemptDepartmentIds: [] } });
    try {
      const shown = (await info(admin, member.id)).body.data;
      expect(shown).toMatchObject({ phone: "137****0021", email: "m21***@example.com" });
      expect((await edit({})).body.code).toBe(200);
      expect(await stored()).toMatchObject({ phone: "13700000021", email: "m21@example.com" });
      // As the edit form got them; another user's phone behind the same mask is no clash either.
      expect((await edit({ phone: shown.phone, email: shown.email })).body.code).toBe(200);
      expect((await edit({ phone: "139****0001" })).body.code).toBe(200);
      expect(await stored()).toMatchObject({ phone: "13700000021", email: "m21@example.com" });
      const changed = await edit({ phone: "13700000022", email: "m22@example.com" });
      expect(changed.body.data).toMatchObject({ phone: "137****0022", email: "m22***@example.com" });
      expect(await stored()).toMatchObject({ phone: "13700000022", email: "m22@example.com" });
      expect((await edit({ phone: "", email: null })).body.code).toBe(200);
      expect(await stored()).toMatchObject({ phone: null, email: null });
    } finally {
      await cloud.db.delete(settings).where(tenantOf(2).where(settings));
    }
  });

  it("keeps phones and e-mails unique per tenant", async () => {
    const res = await post("add", admin, { username: "phone_dup", realname: "x", departmentId: office, password: "Member2026x", phone: "13900000001" }, "en");
    expect(res.body).toMatchObject({ code: 400, msg: "This phone number is used by another user" });
    const mail = await post("upd", admin, { id: operatorId, realname: "张三", departmentId: field, email: "demoadmin@example.com" });
    expect(mail.body.code).toBe(400);
  });

  it("refuses another tenant's department, roles and users", async () => {
    const platformRoot = (await cloud.request<DepartmentNode[]>("/sys/department/currentUser/tree", { token: platform })).body.data[0].id;
    expect((await post("add", admin, { username: "cross_dept", realname: "x", departmentId: platformRoot, password: "Member2026x" })).body.code).toBe(404);
    const adminRole = await roleId(1, "admin");
    expect((await post("add", admin, { username: "cross_role", realname: "x", departmentId: office, password: "Member2026x", roleIds: [adminRole] })).body.code).toBe(404);
    expect((await post("upd", platform, { id: operatorId, realname: "x", departmentId: platformRoot })).body.code).toBe(404);
    expect((await info(platform, operatorId)).body.code).toBe(404);
    expect((await post("updAuth", admin, { id: operatorId, roleIds: [adminRole] })).body.code).toBe(404);
  });

  it("uses the policy's initial password, checks it, and forces a change at first login", async () => {
    expect((await post("add", admin, { username: "no_pass1", realname: "x", departmentId: office }, "en")).body).toMatchObject({
      code: 400,
      msg: "Enter an initial password (the password policy sets none)",
    });
    await setPolicy(2, { init: { password: "Welcome2026", notify: false, forceChange: true } });
    const row = (await post<UserRow>("add", admin, { username: "initial1", realname: "初始", departmentId: office })).body.data;
    const login = await cloud.request("/sys/login/username", { body: { username: "initial1", password: "Welcome2026", tId: 2 } });
    expect(login.body.code).toBe(Code.PASSWORD_CHANGE_REQUIRED);
    expect(login.body.data).toMatchObject({ reason: "first" });
    await setPolicy(2, base);
    await addUser({ username: "noforce1" });
    expect(await cloud.login("noforce1", "Member2026x", 2)).toBeTruthy();
    const weak = await post("add", admin, { username: "weakpass", realname: "x", departmentId: office, password: "abcdefgh" }, "en");
    expect(weak.body).toMatchObject({ code: 400, msg: "The password does not meet the policy: Must contain a digit" });
    await setPolicy(2, base);
    expect(row.username).toBe("initial1");
  });

  it("sends the initial password when the policy says to notify", async () => {
    await setPolicy(2, { init: { password: "", notify: true, forceChange: true } });
    await addUser({ username: "notified1", phone: "13700000011" });
    expect(cloud.outbox.at(-1)).toMatchObject({ channel: "sms", target: "13700000011" });
    expect(cloud.outbox.at(-1)!.body).toContain("Member2026x");
    await setPolicy(2, base);
  });
});

describe("sys/user state and passwords", () => {
  it("disabling a user ends their sessions and their logins; nobody disables themselves", async () => {
    const member = await addUser({ username: "disable01" });
    const token = await cloud.login("disable01", "Member2026x", 2);
    expect((await cloud.request("/sys/login/userInfo", { token })).body.code).toBe(200);
    expect((await post("openOrClose", admin, { id: member.id, status: 2 })).body.code).toBe(200);
    expect((await cloud.request("/sys/login/userInfo", { token })).body.code).toBe(401);
    const again = await cloud.request("/sys/login/username", { body: { username: "disable01", password: "Member2026x", tId: 2 }, language: "en" });
    expect(again.body).toMatchObject({ code: 403, msg: "The account is disabled, contact your administrator" });
    await post("openOrClose", admin, { id: member.id, status: 1 });
    expect(await cloud.login("disable01", "Member2026x", 2)).toBeTruthy();
    expect((await post("openOrClose", admin, { id: adminId, status: 2 }, "en")).body).toMatchObject({ code: 400, msg: "You cannot disable your own account" });
    expect((await post("openOrClose", platform, { id: member.id, status: 2 })).body.code).toBe(404);
  });

  it("resets another user's password under the policy and history, forcing a change and notifying", async () => {
    const member = await addUser({ username: "reset001", phone: "13700000021", email: "reset001@example.com" });
    const token = await cloud.login("reset001", "Member2026x", 2);
    const reused = await post("updUserPwd", admin, { id: member.id, password: "Member2026x", confirmPassword: "Member2026x" }, "en");
    expect(reused.body).toMatchObject({ code: 400, msg: "The new password must differ from the last 3 passwords" });
    const weak = await post("updUserPwd", admin, { id: member.id, password: "abcdefghij", confirmPassword: "abcdefghij" }, "en");
    expect(weak.body.msg).toBe("The password does not meet the policy: Must contain a digit");
    const mismatch = await post("updUserPwd", admin, { id: member.id, password: "Reset2026a", confirmPassword: "Reset2026b" }, "en");
    expect(mismatch.body.code).toBe(400);
    const notifyNoForce = await post("updUserPwd", admin, { id: member.id, password: "Reset2026a", confirmPassword: "Reset2026a", notifyFlag: 1, changePwdFlag: 1 });
    expect(notifyNoForce.body.code).toBe(400);
    const ok = await post("updUserPwd", admin, { id: member.id, password: "Reset2026a", confirmPassword: "Reset2026a", notifyFlag: 1, changePwdFlag: 2 });
    expect(ok.body.code).toBe(200);
    expect((await cloud.request("/sys/login/userInfo", { token })).body.code).toBe(401);
    const sent = cloud.outbox.slice(-2);
    expect(sent.map((m) => [m.channel, m.target])).toEqual([
      ["sms", "13700000021"],
      ["email", "reset001@example.com"],
    ]);
    expect(sent[0].body).toContain("Reset2026a");
    const login = await cloud.request("/sys/login/username", { body: { username: "reset001", password: "Reset2026a", tId: 2 }, language: "en" });
    expect(login.body).toMatchObject({ code: Code.PASSWORD_CHANGE_REQUIRED, msg: "Your password was reset by an administrator, please set a new one", data: { reason: "reset" } });
    expect((await post("updUserPwd", platform, { id: member.id, password: "Reset2026b", confirmPassword: "Reset2026b" })).body.code).toBe(404);
  });

  it("writes the password notice in the user's language, not the administrator's; the administrator's for one who never signed in", async () => {
    const fresh = await addUser({ username: "reset002", phone: "13700000022" });
    expect((await post("updUserPwd", admin, { id: fresh.id, password: "Reset2026c", confirmPassword: "Reset2026c", notifyFlag: 1, changePwdFlag: 2 }, "en")).body.code).toBe(200);
    expect(cloud.outbox.at(-1)).toMatchObject({ target: "13700000022", subject: "Password reset" });
    // A user who signed in in English: a Chinese administrator's reset reaches them in English.
    const member = await addUser({ username: "reset003", phone: "13700000023" });
    expect((await cloud.request("/sys/login/username", { body: { username: "reset003", password: "Member2026x", tId: 2 }, language: "en" })).body.code).toBe(200);
    expect((await post("updUserPwd", admin, { id: member.id, password: "Reset2026d", confirmPassword: "Reset2026d", notifyFlag: 1, changePwdFlag: 2 }, "zh-cn")).body.code).toBe(200);
    expect(cloud.outbox.at(-1)).toMatchObject({ target: "13700000023", subject: "Password reset", body: "The password of your account reset003 is now Reset2026d. Please change it at your next login." });
  });

  it("applies the high template's pinyin rule to every reading of the display name", async () => {
    await setPolicy(2, { complexity: { template: "high", pwdSize: 8, pwdModes: [] } });
    try {
      // 曾 reads zeng or ceng, 乐 le or yue: every reading and its initials are refused in the
      // 16-character alternative (no special character, so the 10-character one does not apply);
      // the same shape without the name passes.
      const member = await addUser({ username: "pinyin01", realname: "曾乐", password: "Xk!29mpq7z" });
      for (const pw of ["cengle1234567890", "zengyue123456789", "Qcy8765432109876"]) {
        const res = await post("updUserPwd", admin, { id: member.id, password: pw, confirmPassword: pw }, "en");
        expect(res.body.code, pw).toBe(400);
      }
      expect((await post("updUserPwd", admin, { id: member.id, password: "Qw8rt5bn3Bn7mk2p", confirmPassword: "Qw8rt5bn3Bn7mk2p" })).body.code).toBe(200);
      expect((await post("updUserPwd", admin, { id: member.id, password: "Qw!8rt5yu3", confirmPassword: "Qw!8rt5yu3" })).body.code).toBe(200);
    } finally {
      await setPolicy(2, base);
    }
  });

  it("changes one's own password only, keeping the current session", async () => {
    const member = await addUser({ username: "ownpwd01" });
    const here = await cloud.login("ownpwd01", "Member2026x", 2);
    const elsewhere = await cloud.login("ownpwd01", "Member2026x", 2);
    expect((await post("updPwd", here, { id: adminId, password: "Own2026abc", confirmPassword: "Own2026abc" })).body.code).toBe(403);
    expect((await post("updPwd", here, { id: member.id, password: "Member2026x", confirmPassword: "Member2026x" })).body.code).toBe(400);
    expect((await post("updPwd", here, { id: member.id, password: "Own2026abc", confirmPassword: "Own2026abc" })).body.code).toBe(200);
    expect((await cloud.request("/sys/login/userInfo", { token: here })).body.code).toBe(200);
    expect((await cloud.request("/sys/login/userInfo", { token: elsewhere })).body.code).toBe(401);
    expect(await cloud.login("ownpwd01", "Own2026abc", 2)).toBeTruthy();
  });

  it("forces a change at login once the password has expired", async () => {
    await addUser({ username: "expire01" });
    await setPolicy(2, { regular: { enabled: true, validDays: 30, remindDays: 7 } });
    expect(await cloud.login("expire01", "Member2026x", 2)).toBeTruthy();
    cloud.advance(31 * 86_400_000);
    const res = await cloud.request("/sys/login/username", { body: { username: "expire01", password: "Member2026x", tId: 2 } });
    expect(res.body.code).toBe(Code.PASSWORD_CHANGE_REQUIRED);
    expect(res.body.data).toMatchObject({ reason: "expired" });
    await setPolicy(2, base);
    // The month went by for everyone's tokens too.
    admin = await cloud.login("demoadmin", "Demo@2026", 2);
    operator = await cloud.login("operator01", "Operator@2026", 2);
    platform = await cloud.login("superadmin", "Super@2026", 1);
  });

  it("deletes users, but not oneself nor the tenant's administrator account", async () => {
    const member = await addUser({ username: "delete01" });
    expect((await post("del", admin, { ids: [adminId] }, "en")).body).toMatchObject({ code: 400, msg: "You cannot delete your own account" });
    const helper = await addUser({ username: "helper01", roleIds: [await roleId(2, "tenantAdmin")] });
    const helperToken = await cloud.login("helper01", "Member2026x", 2);
    expect((await post("del", helperToken, { ids: [adminId] }, "en")).body).toMatchObject({ code: 400, msg: "The tenant's administrator account cannot be deleted" });
    expect((await post("del", platform, { ids: [member.id] })).body.code).toBe(404);
    // One id that is not the tenant's refuses the whole delete.
    expect((await post("del", admin, { ids: [member.id, 999_999] })).body.code).toBe(404);
    expect((await info(admin, member.id)).body.code).toBe(200);
    expect((await post("del", admin, { ids: [member.id, helper.id] })).body).toMatchObject({ code: 200, data: { deleted: 2 } });
    expect((await info(admin, member.id)).body.code).toBe(404);
  });

  it("refuses to delete a user who still owns knowledge items (never a database error)", async () => {
    const owner = await addUser({ username: "kbowner01" });
    await cloud.db.insert(knowledgeNodes).values({ tenantId: 2, fileType: 1, fileName: "规范", ownerId: owner.id });
    expect((await post("del", admin, { ids: [owner.id] }, "en")).body).toMatchObject({
      code: 400,
      msg: "The user still owns 1 knowledge items (bases, folders or files): change their owner before deleting the user",
    });
    expect((await info(admin, owner.id)).body.code).toBe(200);
  });
});

describe("sys/user roles", () => {
  it("takes a removed role away on the caller's next request", async () => {
    const member = await addUser({ username: "rolelost1", roleIds: [await roleId(2, "projectUser")] });
    const token = await cloud.login("rolelost1", "Member2026x", 2);
    expect((await page(token)).body.code).toBe(200);
    expect((await post("updAuth", admin, { id: member.id, roleIds: [] })).body.code).toBe(200);
    expect((await page(token)).body.code).toBe(403);
  });

  it("does not let a user remove their own last administrator role", async () => {
    const res = await post("updAuth", admin, { id: adminId, roleIds: [await roleId(2, "projectUser")] }, "en");
    expect(res.body).toMatchObject({ code: 400, msg: "You cannot remove your own last administrator role" });
    const upd = await post("upd", admin, { id: adminId, realname: "演示管理员", departmentId: office, roleIds: [] });
    expect(upd.body.code).toBe(400);
    expect((await post("updAuth", admin, { id: adminId, roleIds: [await roleId(2, "tenantAdmin"), await roleId(2, "projectUser")] })).body.code).toBe(200);
    expect((await post("updAuth", admin, { id: adminId, roleIds: [await roleId(2, "tenantAdmin")] })).body.code).toBe(200);
  });

  it("checks the permission of every endpoint", async () => {
    const member = await addUser({ username: "permtest1" });
    for (const [path, body] of [
      ["add", { username: "perm_add1", realname: "x", departmentId: office, password: "Member2026x" }],
      ["upd", { id: member.id, realname: "x", departmentId: office }],
      ["updAuth", { id: member.id, roleIds: [] }],
      ["openOrClose", { id: member.id, status: 2 }],
      ["updQueryPhone", { id: member.id, queryPhone: 1 }],
      ["updUserPwd", { id: member.id, password: "Perm2026abc", confirmPassword: "Perm2026abc" }],
      ["del", { ids: [member.id] }],
    ] as const) {
      expect((await post(path, operator, body)).body.code, path).toBe(403);
    }
    const nobody = await cloud.login((await addUser({ username: "noroles01" })).username, "Member2026x", 2);
    for (const path of ["page?current=1&size=10", `getUserInfoById?id=${member.id}`, "getUserInfoByUsername?username=operator01", `getDepartmentUserInfo?departmentId=${office}`]) {
      expect((await cloud.request(`/sys/user/${path}`, { token: nobody })).body.code, path).toBe(403);
      expect((await cloud.request(`/sys/user/${path}`, { token: operator })).body.code, path).toBe(200);
    }
    const byName = await cloud.request<UserRow>("/sys/user/getUserInfoByUsername?username=operator01", { token: admin });
    expect(byName.body.data.id).toBe(operatorId);
    const dept = await cloud.request<{ department: { departmentName: string }; users: UserRow[] }>(`/sys/user/getDepartmentUserInfo?departmentId=${office}`, { token: admin });
    expect(dept.body.data.department.departmentName).toBe("综合管理部");
    expect(dept.body.data.users.map((u) => u.username)).toContain("demoadmin");
  });
});
