import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { LoginResult, PasswordChangeRequired } from "@/lib/contract/auth";
import { checkPassword } from "@/lib/contract/password-check";
import type { PwdPolicy } from "@/lib/contract/pwd-policy";
import { users } from "../../db/schema";
import { signedIn, SETUP_MS, type TestCloud } from "../../testing";

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
let subject: number;
let current = "Initial123";
const DAY = 86_400_000;
signedIn((s) => ({ cloud, admin, operator, platform } = s), ["admin", "operator", "platform"]);
beforeAll(async () => {
  subject = await cloud.addUser({ tenantId: 2, username: "policyuser1", password: current, realname: "张三丰", phone: "13911112222", email: "sanfeng@example.com" });
}, SETUP_MS);

const save = (part: string, body: unknown, token = admin) => cloud.request<PwdPolicy>(`/sys/pwdMode/${part}`, { token, body, language: "en" });

/** Tries a new password for the subject through the login-flow change (the tenant's policy and
 *  history apply); returns the refusal message, or null when it was accepted. */
async function attempt(password: string): Promise<string | null> {
  await cloud.db.update(users).set({ mustChangePwd: true }).where(eq(users.id, subject));
  const login = await cloud.request<PasswordChangeRequired>("/sys/login/username", { body: { username: "policyuser1", password: current, tId: 2 } });
  expect(login.body.code).toBe(432);
  const res = await cloud.request("/sys/login/changePwd", { body: { dataCode: login.body.data.dataCode, password, confirmPassword: password }, language: "en" });
  if (res.body.code !== 200) return res.body.msg;
  current = password;
  return null;
}

describe("sys/pwdMode", { timeout: SETUP_MS }, () => {
  it("each template accepts and refuses the right passwords", async () => {
    await save("saveHis", { enabled: false, count: 3 });
    expect((await save("saveComplexity", { template: "low", pwdSize: 8, pwdModes: [] })).body.code).toBe(200);
    expect(await attempt("abcdefg")).toBe("The password does not meet the policy: At least 8 characters");
    expect(await attempt("abcdefgh")).toBeNull();

    await save("saveComplexity", { template: "common", pwdSize: 8, pwdModes: [] });
    expect(await attempt("abcdefgi")).toBe("The password does not meet the policy: Must contain a digit");
    expect(await attempt("abcdefg1")).toBeNull();

    await save("saveComplexity", { template: "recommended", pwdSize: 8, pwdModes: [] });
    expect(await attempt("abcdefg2")).toBe("The password does not meet the policy: Must contain an upper-case letter");
    expect(await attempt("Abcdefg2")).toBeNull();

    const high = await save("saveComplexity", { template: "high", pwdSize: 8, pwdModes: [] });
    // The stored template carries its own length and rules for the password hint.
    expect(high.body.data.complexity).toEqual({ template: "high", pwdSize: 10, pwdModes: [4, 5] });
    expect(await attempt("Abcdefg3!")).toMatch(/^The password does not meet the policy: /);
    expect(await attempt("policyuser1!xyz")).toBe("The password does not meet the policy: Must not contain the account name");
    // 16 characters without a special one pass only without the display name's pinyin.
    expect(await attempt("Zhangsanfengabcd")).toMatch(/^The password does not meet the policy: /);
    expect(await attempt("Abcdefg3!x")).toBeNull();
    expect(await attempt("Xkqwmvbnrtplzdcs")).toBeNull();

    const custom = await save("saveComplexity", { template: "custom", pwdSize: 12, pwdModes: [7, 1, 4] });
    expect(custom.body.data.complexity).toEqual({ template: "custom", pwdSize: 12, pwdModes: [1, 4, 7] });
    expect(await attempt("abcdefghijk!")).toBe("The password does not meet the policy: Must contain an upper-case letter");
    expect(await attempt("A!13911112222x")).toBe("The password does not meet the policy: Must not contain the phone number");
    expect(await attempt("Abcdefghijk!")).toBeNull();
  });

  it("refuses a minimum length below 8 and repeated rules", async () => {
    expect((await save("saveComplexity", { template: "custom", pwdSize: 6, pwdModes: [1] })).body.msg).toBe("Minimum length: The minimum length must be at least 8");
    expect((await save("saveComplexity", { template: "custom", pwdSize: 8, pwdModes: [1, 1] })).body.msg).toBe("Rules: Invalid option");
    expect((await save("saveComplexity", { template: "custom", pwdSize: 8, pwdModes: [9] })).body.code).toBe(400);
  });

  it("checks the history when it is on", async () => {
    await save("saveComplexity", { template: "common", pwdSize: 8, pwdModes: [] });
    await save("saveHis", { enabled: true, count: 2 });
    expect(await attempt("history0z")).toBeNull();
    const previous = current;
    expect(await attempt("history1a")).toBeNull();
    expect(await attempt(previous)).toBe("The new password must differ from the last 2 passwords");
    expect(await attempt("history1a")).toBe("The new password must differ from the last 2 passwords");
    expect(await attempt("history2b")).toBeNull();
    expect(await attempt("history3c")).toBeNull();
    // Two changes later the first one is out of the window.
    expect(await attempt("history1a")).toBeNull();
    expect((await save("saveHis", { enabled: true, count: 0 })).body.code).toBe(400);
  });

  it("initial password: notify needs a forced change, and the password must fit the policy", async () => {
    const notify = await save("saveInit", { password: "", notify: true, forceChange: false });
    expect(notify.body).toMatchObject({ code: 400, msg: "Force a change at first login: Notifying the user of the password requires forcing a change at next login" });
    const weak = await save("saveInit", { password: "abcdefgh", notify: true, forceChange: true });
    expect(weak.body).toMatchObject({ code: 400, msg: "The initial password does not meet the complexity rules: Must contain a digit" });
    expect((await save("saveInit", { password: "Welcome2026", notify: true, forceChange: true })).body.code).toBe(200);
    const own = await cloud.request<PwdPolicy>("/sys/pwdMode/info", { token: admin });
    expect(own.body.data.init).toEqual({ password: "Welcome2026", notify: true, forceChange: true });
    // Everyone may read the rules for the hint; the initial password is for administrators.
    const other = await cloud.request<PwdPolicy>("/sys/pwdMode/info", { token: operator });
    expect(other.body.data.init.password).toBe("");
    expect(other.body.data.complexity.template).toBe("common");
    // A stricter template cannot strand the stored initial password.
    const stricter = await save("saveComplexity", { template: "high", pwdSize: 8, pwdModes: [] });
    expect(stricter.body.msg).toMatch(/^The initial password does not meet the complexity rules/);
  });

  it("random passwords meet the tenant's policy", async () => {
    await save("saveInit", { password: "", notify: false, forceChange: true });
    await save("saveComplexity", { template: "custom", pwdSize: 20, pwdModes: [1, 2, 3, 4] });
    const policy = (await cloud.request<PwdPolicy>("/sys/pwdMode/info", { token: admin })).body.data;
    for (let i = 0; i < 5; i++) {
      const pw = (await cloud.request<string>("/sys/pwdMode/random", { token: operator })).body.data;
      expect(pw.length).toBeGreaterThanOrEqual(20);
      expect(checkPassword(pw, policy.complexity)).toEqual([]);
    }
    // The platform resetting this tenant's administrator asks for this tenant's rules.
    const forTenant = (await cloud.request<string>("/sys/pwdMode/random?tId=2", { token: platform })).body.data;
    expect(checkPassword(forTenant, policy.complexity)).toEqual([]);
    expect((await cloud.request("/sys/pwdMode/random?tId=abc", { token: platform })).body.code).toBe(400);
    await save("saveComplexity", { template: "common", pwdSize: 8, pwdModes: [] });
  });

  it("regular change: validity, reminder at login, and expiry", async () => {
    const bad = await save("saveRegular", { regular: { enabled: true, validDays: 5, remindDays: 7 }, welcome: { days: 30 } });
    expect(bad.body.code).toBe(400);
    expect((await save("saveRegular", { regular: { enabled: true, validDays: 30, remindDays: 7 }, welcome: { days: 14 } })).body.msg).toBe("welcome.days: Invalid option");
    expect((await save("saveRegular", { regular: { enabled: true, validDays: 30, remindDays: 7 }, welcome: { days: 30 } })).body.code).toBe(200);
    const loginAt = async (ageDays: number) => {
      await cloud.db.update(users).set({ mustChangePwd: false, pwdChangedAt: new Date(cloud.now().getTime() - ageDays * DAY) }).where(eq(users.id, subject));
      return cloud.request<LoginResult>("/sys/login/username", { body: { username: "policyuser1", password: current, tId: 2 } });
    };
    expect((await loginAt(10)).body.data.pwdExpireDays).toBeUndefined();
    expect((await loginAt(25)).body.data.pwdExpireDays).toBe(5);
    expect((await loginAt(31)).body.code).toBe(432);
    await save("saveRegular", { regular: { enabled: false, validDays: 30, remindDays: 7 }, welcome: { days: 30 } });
    expect((await loginAt(31)).body.data.pwdExpireDays).toBeUndefined();
  });

  it("welcome reminder: a new account still on its first password is reminded during the welcome period", async () => {
    await save("saveRegular", { regular: { enabled: true, validDays: 90, remindDays: 7 }, welcome: { days: 7 } });
    await cloud.addUser({ tenantId: 2, username: "newcomer1", password: "Welcome123", realname: "新人" });
    const login = () => cloud.request<LoginResult>("/sys/login/username", { body: { username: "newcomer1", password: "Welcome123", tId: 2 } });
    expect((await login()).body.data.pwdWelcome).toBe(true);
    // The subject has changed its password: no welcome reminder for it.
    await cloud.db.update(users).set({ mustChangePwd: false, pwdChangedAt: cloud.now() }).where(eq(users.id, subject));
    expect((await cloud.request<LoginResult>("/sys/login/username", { body: { username: "policyuser1", password: current, tId: 2 } })).body.data.pwdWelcome).toBeUndefined();
    // Off with regular change.
    await save("saveRegular", { regular: { enabled: false, validDays: 90, remindDays: 7 }, welcome: { days: 7 } });
    expect((await login()).body.data.pwdWelcome).toBeUndefined();
  });

  it("forgot-password methods reach the login screen", async () => {
    expect((await save("saveForget", { methods: ["email"] })).body.code).toBe(200);
    const pub = await cloud.request<{ forget: { methods: string[] } }>("/sys/login/getPwdMode?tId=2");
    expect(pub.body.data.forget.methods).toEqual(["email"]);
    expect((await save("saveForget", { methods: ["fax"] })).body.code).toBe(400);
  });

  it("only those with the save permission change the policy, and only their tenant's", async () => {
    expect((await save("saveHis", { enabled: false, count: 3 }, operator)).status).toBe(403);
    const platform = await cloud.login("superadmin", "Super@2026", 1);
    await save("saveForget", { methods: ["sms"] }, platform);
    expect((await cloud.request<{ forget: { methods: string[] } }>("/sys/login/getPwdMode?tId=2")).body.data.forget.methods).toEqual(["email"]);
  });
});
