import { asc, eq, inArray } from "drizzle-orm";
import { textIn } from "@/lib/contract/i18n-text";
import svgCaptcha from "svg-captcha";
import { loginApi, type LoginResult, type PasswordChangeRequired } from "@/lib/contract/auth";
import { Code } from "@/lib/contract/envelope";
import { captchas, roles, tenants, users } from "../../db/schema";
import type { Ctx, Deps } from "../../lib/context";
import { PLATFORM_TENANT_ID, issueToken, namedLanguage, rememberLanguage, revokeToken, roleCodes } from "../../lib/auth";
import { consumeCode, sendCode } from "../../lib/codes";
import { loadCompany } from "../../db/queries/company";
import { DUMMY_HASH, randomToken, sha256, verifyPassword } from "../../lib/crypto";
import { AppError, ok } from "../../lib/http";
import { serve } from "../../lib/serve";
import { changeWithTicket, forcedChangeReason, issueTicket, passwordReminder, welcomeReminder } from "../../lib/passwords";
import { loadPolicy } from "../../db/queries/passwords";
import { LIMITS, clearFailures, failureKeys, forgiveFailure, isLocked, recordFailure } from "../../lib/throttle";
import { tenantOf } from "../../lib/scope";

const CAPTCHA_TTL_MS = 5 * 60_000;
const CHANGE_MESSAGES: Record<PasswordChangeRequired["reason"], string> = {
  first: "cloud.passwordMustChange",
  reset: "cloud.passwordResetMustChange",
  expired: "cloud.passwordExpired",
};
type User = typeof users.$inferSelect;

async function findUser(deps: Deps, tenantId: number, field: "username" | "phone" | "email", value: string): Promise<User | undefined> {
  const [u] = await deps.db
    .select()
    .from(users)
    .where(tenantOf(tenantId).where(users, eq(users[field], value)))
    .limit(1);
  return u;
}

async function checkCaptcha(deps: Deps, key: string | undefined, answer: string | undefined) {
  if (!key || !answer) return false;
  const [row] = await deps.db.delete(captchas).where(eq(captchas.id, key)).returning();
  return !!row && row.expiresAt > deps.now() && row.answerHash === sha256(answer.trim().toLowerCase());
}

/** A user passed the credentials check: refuse disabled accounts, disabled tenants and tenants
 *  outside their contract dates (the platform has no contract), demand a change of password
 *  when due, otherwise hand out a token. */
async function completeLogin(c: Ctx, user: User) {
  const deps = c.var.deps;
  const now = deps.now();
  const [tenant] = await deps.db.select().from(tenants).where(tenantOf(user.tenantId).self());
  if (!tenant || tenant.enabled !== 1) throw new AppError(Code.FORBIDDEN, "cloud.tenantDisabled");
  if (tenant.id !== PLATFORM_TENANT_ID) {
    if (tenant.contractEnd && tenant.contractEnd < now) throw new AppError(Code.FORBIDDEN, "cloud.tenantExpired");
    if (tenant.contractStart && tenant.contractStart > now) throw new AppError(Code.FORBIDDEN, "cloud.tenantNotStarted");
  }
  if (user.enabled !== 1) throw new AppError(Code.FORBIDDEN, "cloud.userDisabled");
  const policy = await loadPolicy(deps.db, user.tenantId);
  const reason = await forcedChangeReason(deps.db, policy, user, now);
  if (reason) {
    const data: PasswordChangeRequired = { dataCode: await issueTicket(deps, user.id), reason };
    throw new AppError(Code.PASSWORD_CHANGE_REQUIRED, CHANGE_MESSAGES[reason], {}, data);
  }
  const token = await issueToken(deps, user, c.var.ip);
  const language = namedLanguage(c);
  if (language) await rememberLanguage(deps.db, user, language);
  const { roles } = await roleCodes(deps.db, user.id);
  const result: LoginResult = {
    token,
    roles,
    tenantId: user.tenantId,
    user: { id: user.id, name: user.username, realname: textIn(c.var.locale, user.realname, user.i18n?.realname), avatar: user.avatar, tenantId: user.tenantId },
  };
  const pwdExpireDays = passwordReminder(policy, user, now);
  if (pwdExpireDays !== null) result.pwdExpireDays = pwdExpireDays;
  if (await welcomeReminder(deps.db, policy, user, now)) result.pwdWelcome = true;
  return ok(c, result, "cloud.loginOk");
}

type Proof = { tenantId: number; purpose: "login" | "forget"; channel: "sms" | "email"; target: string };
const fieldOf = (p: Proof) => (p.channel === "sms" ? "phone" : "email");

/** A forgotten password is reset only by the methods the tenant's policy offers (core §9);
 *  checked before any code is sent or spent. */
async function assertForgetMethod(c: Ctx, proof: Proof) {
  if (proof.purpose !== "forget") return;
  const policy = await loadPolicy(c.var.deps.db, proof.tenantId);
  if (!policy.forget.methods.includes(proof.channel)) {
    throw new AppError(Code.BAD_REQUEST, proof.channel === "sms" ? "cloud.forgetBySmsOff" : "cloud.forgetByEmailOff");
  }
}

/** Sends a code to a phone or e-mail; the answer, cooldown included, is the same whether or not it is registered. */
async function sendProof(c: Ctx, proof: Proof) {
  await assertForgetMethod(c, proof);
  const user = await findUser(c.var.deps, proof.tenantId, fieldOf(proof), proof.target);
  await sendCode(c.var.deps, proof, c.var.locale, !!user);
  return ok(c, null, "cloud.codeSent");
}

/** Spends a code and returns the user it proves. */
async function checkProof(c: Ctx, proof: Proof, code: string): Promise<User> {
  await assertForgetMethod(c, proof);
  await consumeCode(c.var.deps, proof, code);
  const user = await findUser(c.var.deps, proof.tenantId, fieldOf(proof), proof.target);
  if (!user) throw new AppError(Code.BAD_REQUEST, "cloud.codeWrong");
  return user;
}

/** A forgotten password is proved alike by SMS and by e-mail: a code sent to the account's phone or address, then a ticket for the change. */
function forgetServed<F extends "phone" | "email">(field: F, calls: (typeof loginApi)["forgetSms" | "forgetEmail"]) {
  const proof = (input: { tId: number } & Record<string, unknown>): Proof => ({ tenantId: input.tId, purpose: "forget", channel: field === "phone" ? "sms" : "email", target: input[field] as string });
  return [
    serve(calls.send, (c, input) => sendProof(c, proof(input as { tId: number }))),
    serve(calls.verify, async (c, input) => {
      const { code } = input as { code: string };
      const user = await checkProof(c, proof(input as { tId: number }), code);
      return { dataCode: await issueTicket(c.var.deps, user.id) };
    }),
  ];
}

export const loginServed = [
  serve(loginApi.username, async (c, input) => {
    const deps = c.var.deps;
    const now = deps.now();
    const keys = failureKeys(input.tId, input.username, c.var.ip);
    const tooFrequent = () => new AppError(Code.TOO_FREQUENT, "cloud.tooFrequent");
    if ((await isLocked(deps.db, keys.userIp, now)) || (await isLocked(deps.db, keys.ip, now))) throw tooFrequent();
    // The attempt counts as a failure before anything is checked and is taken back if it succeeds;
    // each count answered is this attempt's own, so guesses sent in parallel cannot all read the
    // counts from before the others and skip the captcha or the lock.
    const userIpCount = await recordFailure(deps.db, keys.userIp, LIMITS.perUser, now);
    const userCount = await recordFailure(deps.db, keys.user, null, now);
    const ipCount = await recordFailure(deps.db, keys.ip, LIMITS.perIp, now);
    if (userIpCount > LIMITS.perUser || ipCount > LIMITS.perIp) throw tooFrequent();
    // A user's failures (here or from anywhere) demand a captcha before an address's do: one
    // person mistyping behind a shared NAT does not put everyone behind it on captcha.
    const captchaDue = (extra: number) =>
      userIpCount - 1 + extra >= LIMITS.captchaAfter || userCount - 1 + extra >= LIMITS.captchaAfter || ipCount - 1 + extra >= LIMITS.ipCaptchaAfter;
    const needCaptcha = captchaDue(0);
    if (needCaptcha && (!input.captchaKey || !input.captchaCode)) {
      // Asked for the captcha, not a guess: it does not count.
      await Promise.all([forgiveFailure(deps.db, keys.userIp, LIMITS.perUser), forgiveFailure(deps.db, keys.user, null), forgiveFailure(deps.db, keys.ip, LIMITS.perIp)]);
      throw new AppError(Code.CAPTCHA_REQUIRED, "cloud.captchaRequired", {}, { captchaRequired: true });
    }
    const fail = async (key: string) => {
      if (userIpCount >= LIMITS.perUser || ipCount >= LIMITS.perIp) throw tooFrequent();
      const captchaNext = captchaDue(1);
      throw new AppError(captchaNext ? Code.CAPTCHA_REQUIRED : Code.BAD_REQUEST, key, {}, { captchaRequired: captchaNext });
    };
    if (needCaptcha && !(await checkCaptcha(deps, input.captchaKey, input.captchaCode))) await fail("cloud.captchaWrong");
    const user = await findUser(deps, input.tId, "username", input.username);
    // Unknown users cost a full hash check and get the same answer as a wrong password.
    const good = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !good) return fail("cloud.badCredentials");
    await clearFailures(deps.db, keys.userIp, keys.user);
    await forgiveFailure(deps.db, keys.ip, LIMITS.perIp);
    return completeLogin(c, user);
  }),
  serve(loginApi.captcha, async (c) => {
    const deps = c.var.deps;
    const cap = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: "0oO1ilI", color: true, width: 120, height: 40 });
    const id = randomToken();
    await deps.db.insert(captchas).values({ id, answerHash: sha256(cap.text.toLowerCase()), expiresAt: new Date(deps.now().getTime() + CAPTCHA_TTL_MS) });
    return { captchaKey: id, image: `data:image/svg+xml;base64,${Buffer.from(cap.data).toString("base64")}` };
  }),
  serve(loginApi.company, async (c, { tId }) => {
    const { tenantName: _, ...company } = await loadCompany(c.var.deps.db, tId);
    return company;
  }),
  serve(loginApi.pwdMode, async (c, { tId }) => {
    const policy = await loadPolicy(c.var.deps.db, tId);
    return { complexity: policy.complexity, forget: policy.forget };
  }),
  serve(loginApi.sendSmsCode, (c, input) => sendProof(c, { tenantId: input.tId, purpose: "login", channel: "sms", target: input.phone })),
  serve(loginApi.phone, async (c, input) => completeLogin(c, await checkProof(c, { tenantId: input.tId, purpose: "login", channel: "sms", target: input.phone }, input.code))),
  ...forgetServed("phone", loginApi.forgetSms),
  ...forgetServed("email", loginApi.forgetEmail),
  serve(loginApi.changePwd, async (c, input) => {
    await changeWithTicket(c.var.deps, input.dataCode, input.password);
    return ok(c, null, "cloud.passwordChanged");
  }),
  serve(loginApi.userInfo, async (c) => {
    const a = c.var.auth;
    const db = c.var.deps.db;
    const [[u], held] = await Promise.all([
      db.select().from(users).where(eq(users.id, a.userId)),
      a.roleIds.length ? db.select({ name: roles.name, i18n: roles.i18n }).from(roles).where(inArray(roles.id, a.roleIds)).orderBy(asc(roles.id)) : Promise.resolve([]),
    ]);
    return {
      user: { id: u.id, name: u.username, realname: textIn(c.var.locale, u.realname, u.i18n?.realname), avatar: u.avatar, tenantId: u.tenantId, phone: u.phone, email: u.email },
      roles: a.roles,
      // What the home page shows: the roles' names, not their codes.
      roleNames: held.map((r) => textIn(c.var.locale, r.name, r.i18n?.name)),
    };
  }),
  serve(loginApi.logout, async (c) => {
    await revokeToken(c.var.deps.db, c.var.auth.tokenHash, c.var.deps.now());
    return ok(c, null, "cloud.loggedOut");
  }),
];
