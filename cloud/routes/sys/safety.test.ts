import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { defaultPwdPolicy } from "@/lib/contract/pwd-policy";
import type { VerifyResult } from "@/lib/contract/system/safety";
import { pwdPolicies, roles, userRoles, users } from "../../db/schema";
import { createTestCloud, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";

let cloud: TestCloud;
beforeAll(async () => {
  cloud = await createTestCloud();
  // Seeding takes long on a loaded machine.
}, 180_000);
afterAll(() => cloud.close());

let serial = 0;
/** A fresh user of the demo tenant with the project-user role (which opens securitySet). */
async function person(extra: { phone?: string; email?: string } = {}) {
  serial += 1;
  const username = `safety${serial}x`;
  const id = await cloud.addUser({ tenantId: 2, username, password: "Safe2026abc", realname: "安全", ...extra });
  const [projectUser] = await cloud.db.select().from(roles).where(tenantOf(2).where(roles, eq(roles.code, "projectUser")));
  await cloud.db.insert(userRoles).values({ userId: id, roleId: projectUser.id });
  return { id, token: await cloud.login(username, "Safe2026abc", 2) };
}
const post = <T = unknown>(path: string, token: string, body: unknown, language?: string) => cloud.request<T>(`/sys/safety/${path}`, { token, body, language });
const stored = async (id: number) => (await cloud.db.select().from(users).where(eq(users.id, id)))[0];

describe("sys/safety", () => {
  it("changes the phone after a code to the current phone and one to the new phone", async () => {
    const p = await person({ phone: "13600000001" });
    expect((await post("sendCode", p.token, { type: "phone" })).body.code).toBe(200);
    const check = await post<VerifyResult>("checkCode", p.token, { type: "phone", code: cloud.lastCode("13600000001") });
    expect(check.body.code).toBe(200);
    const verifyKey = check.body.data.verifyKey;
    expect((await post("sendCodeSet", p.token, { type: "phone", value: "13600000002" })).body.code).toBe(200);
    const wrong = await post("setInfo", p.token, { type: "phone", value: "13600000002", code: "000000", verifyKey });
    expect(wrong.body.code).toBe(400);
    // A wrong code does not spend the proof of identity.
    const set = await post("setInfo", p.token, { type: "phone", value: "13600000002", code: cloud.lastCode("13600000002"), verifyKey });
    expect(set.body.code).toBe(200);
    expect((await stored(p.id)).phone).toBe("13600000002");
    // The proof is single use.
    cloud.advance(61_000);
    await post("sendCodeSet", p.token, { type: "phone", value: "13600000003" });
    expect((await post("setInfo", p.token, { type: "phone", value: "13600000003", code: cloud.lastCode("13600000003"), verifyKey })).body.code).toBe(400);
  });

  it("binds a first e-mail after the password", async () => {
    const p = await person();
    expect((await post("sendCode", p.token, { type: "email" }, "en")).body).toMatchObject({ code: 400, msg: "No e-mail address is bound yet" });
    expect((await post("checkPassword", p.token, { password: "nope" }, "en")).body).toMatchObject({ code: 400, msg: "Wrong password" });
    const check = await post<VerifyResult>("checkPassword", p.token, { password: "Safe2026abc" });
    await post("sendCodeSet", p.token, { type: "email", value: "first@example.com" });
    const set = await post("setInfo", p.token, { type: "email", value: "first@example.com", code: cloud.lastCode("first@example.com"), verifyKey: check.body.data.verifyKey });
    expect(set.body.code).toBe(200);
    expect((await stored(p.id)).email).toBe("first@example.com");
  });

  it("keeps phones and e-mails unique within the tenant, and checks their format", async () => {
    const p = await person();
    const taken = await post("sendCodeSet", p.token, { type: "phone", value: "13900000001" }, "en");
    expect(taken.body).toMatchObject({ code: 400, msg: "This phone number is used by another user" });
    expect((await post("sendCodeSet", p.token, { type: "email", value: "operator01@example.com" })).body.code).toBe(400);
    expect((await post("sendCodeSet", p.token, { type: "phone", value: "123" }, "en")).body.msg).toBe("Phone or e-mail: Enter an 11-digit mobile number starting with 1");
    expect((await post("sendCodeSet", p.token, { type: "fax", value: "123" })).body.code).toBe(400);
  });

  it("does not accept someone else's proof", async () => {
    const a = await person();
    const b = await person();
    const key = (await post<VerifyResult>("checkPassword", a.token, { password: "Safe2026abc" })).body.data.verifyKey;
    await post("sendCodeSet", b.token, { type: "email", value: "stolen@example.com" });
    const res = await post("setInfo", b.token, { type: "email", value: "stolen@example.com", code: cloud.lastCode("stolen@example.com"), verifyKey: key });
    expect(res.body.code).toBe(400);
    expect((await stored(b.id)).email).toBeNull();
  });

  it("locks password guesses after five failures", async () => {
    const p = await person();
    for (let i = 0; i < 5; i++) expect((await post("checkPassword", p.token, { password: `wrong${i}` })).body.code).toBe(400);
    expect((await post("checkPassword", p.token, { password: "Safe2026abc" })).body.code).toBe(429);
  });

  it("changes one's own password with the current one, under the policy and history", async () => {
    await cloud.db.insert(pwdPolicies).values({ tenantId: 2, data: defaultPwdPolicy }).onConflictDoNothing();
    const p = await person();
    const other = await cloud.login(`safety${serial}x`, "Safe2026abc", 2);
    expect((await post("updPwd", p.token, { oldPassword: "bad", password: "Next2026abc", confirmPassword: "Next2026abc" })).body.code).toBe(400);
    expect((await post("updPwd", p.token, { oldPassword: "Safe2026abc", password: "Safe2026abc", confirmPassword: "Safe2026abc" }, "en")).body.msg).toBe(
      "The new password must differ from the last 3 passwords",
    );
    expect((await post("updPwd", p.token, { oldPassword: "Safe2026abc", password: "nodigits", confirmPassword: "nodigits" })).body.code).toBe(400);
    expect((await post("updPwd", p.token, { oldPassword: "Safe2026abc", password: "Next2026abc", confirmPassword: "Next2026abd" })).body.code).toBe(400);
    expect((await post("updPwd", p.token, { oldPassword: "Safe2026abc", password: "Next2026abc", confirmPassword: "Next2026abc" })).body.code).toBe(200);
    expect((await cloud.request("/sys/login/userInfo", { token: p.token })).body.code).toBe(200);
    expect((await cloud.request("/sys/login/userInfo", { token: other })).body.code).toBe(401);
  });

  it("needs the securitySet menu", async () => {
    await cloud.addUser({ tenantId: 2, username: "noroles77", password: "Safe2026abc" });
    const token = await cloud.login("noroles77", "Safe2026abc", 2);
    expect((await post("checkPassword", token, { password: "Safe2026abc" })).body.code).toBe(403);
    expect((await post("checkPassword", "", { password: "Safe2026abc" })).body.code).toBe(401);
  });
});
