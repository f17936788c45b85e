import { z } from "zod";
import { defineCall, empty } from "./call";
import { companyInfo } from "./company";
import { labelFields } from "./entity";
import { PASSWORD_MAX, complexitySchema, newPasswordPair } from "./password";
import { pwdForgetSchema } from "./pwd-policy";
import { emailRequired, mobileRequired } from "./validation";

/** sys/login bodies (core §7). `tId` picks the tenant; 1 (the platform) by default. Tenant ids
 *  are PostgreSQL integers, hence the upper bound. */
const tenant = { tId: z.coerce.number().int().min(1).max(2_147_483_647).default(1) };
const smsCode = z.string({ error: "validation.required" }).regex(/^\d{6}$/, "validation.smsCode");

export const usernameLogin = z.object({
  ...tenant,
  username: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(64, "validation.maxLength"),
  password: z.string({ error: "validation.required" }).min(1, "validation.required").max(PASSWORD_MAX, "validation.maxLength"),
  captchaKey: z.string().max(64).optional(),
  captchaCode: z.string().max(16).optional(),
});
export type UsernameLogin = z.infer<typeof usernameLogin>;

export const phoneLogin = z.object({ ...tenant, phone: mobileRequired, code: smsCode });
export const sendSmsCode = z.object({ ...tenant, phone: mobileRequired });
export const forgetPwdSmsSend = sendSmsCode;
export const forgetPwdSmsVerify = z.object({ ...tenant, phone: mobileRequired, code: smsCode });
export const forgetPwdEmailSend = z.object({ ...tenant, email: emailRequired });
export const forgetPwdEmailVerify = z.object({ ...tenant, email: emailRequired, code: smsCode });

/** The login-flow password change: `dataCode` is the one-time ticket a verification or a
 *  forced change hands out (widgets §7). */
export const changePwd = newPasswordPair.and(z.object({ dataCode: z.string().min(16).max(128) }));

export const tenantQuery = z.object(tenant);

labelFields("login", usernameLogin, phoneLogin, sendSmsCode, forgetPwdSmsVerify, forgetPwdEmailSend, forgetPwdEmailVerify, changePwd);

export const sessionUser = z.object({ id: z.number().int(), name: z.string(), realname: z.string(), avatar: z.string().nullable(), tenantId: z.number().int() });
export type SessionUser = z.infer<typeof sessionUser>;

/** What a successful login returns to the console (which keeps the token server-side). */
export const loginResult = z.object({
  token: z.string(),
  roles: z.string(),
  tenantId: z.number().int(),
  user: sessionUser,
  /** Days until the password expires, when that is within the policy's reminder cycle. */
  pwdExpireDays: z.number().int().optional(),
  /** A new account still on the password it was created with, within the policy's welcome period. */
  pwdWelcome: z.boolean().optional(),
});
export type LoginResult = z.infer<typeof loginResult>;
export type PasswordChangeRequired = { dataCode: string; reason: "first" | "expired" | "reset" };

/** A one-time ticket for the login flow's password change (`changePwd`). */
export const ticket = z.object({ dataCode: z.string() });
/** `sys/login/userInfo`: the signed-in user, their role codes and names. */
export const userInfo = z.object({
  user: sessionUser.extend({ phone: z.string().nullable(), email: z.string().nullable() }),
  roles: z.string(),
  roleNames: z.array(z.string()),
});
export type UserInfo = z.infer<typeof userInfo>;
/** `sys/login/getPwdMode`: a tenant's public password rules (before sign-in). */
export const publicPwdMode = z.object({ complexity: complexitySchema, forget: pwdForgetSchema });
export type PublicPwdMode = z.infer<typeof publicPwdMode>;

/** A captcha image (a data: URI) and the key its answer is sent with. */
export const captcha = z.object({ captchaKey: z.string(), image: z.string() });
export type Captcha = z.infer<typeof captcha>;

/** The forgotten-password channels, each a `send` and a `verify` (core §7). */
const forget = <S extends z.ZodType, V extends z.ZodType>(channel: "sms" | "email", send: S, verify: V) => ({
  send: defineCall({ kind: "post", path: `sys/login/forgetPwd/${channel}/send`, input: send, answer: empty, access: "anonymous" }),
  verify: defineCall({ kind: "post", path: `sys/login/forgetPwd/${channel}/verify`, input: verify, answer: ticket, access: "anonymous" }),
});

/** sys/login (core §7): sign-in, the login page's branding and rules, forgotten passwords, and the signed-in user. */
export const loginApi = {
  username: defineCall({ kind: "post", path: "sys/login/username", input: usernameLogin, answer: loginResult, access: "anonymous" }),
  captcha: defineCall({ kind: "get", path: "sys/login/captcha", answer: captcha, access: "anonymous" }),
  company: defineCall({ kind: "get", path: "sys/login/getCompany", input: tenantQuery, answer: companyInfo, access: "anonymous" }),
  pwdMode: defineCall({ kind: "get", path: "sys/login/getPwdMode", input: tenantQuery, answer: publicPwdMode, access: "anonymous" }),
  sendSmsCode: defineCall({ kind: "post", path: "sys/login/phone/sendSmsCode", input: sendSmsCode, answer: empty, access: "anonymous" }),
  phone: defineCall({ kind: "post", path: "sys/login/phone", input: phoneLogin, answer: loginResult, access: "anonymous" }),
  forgetSms: forget("sms", forgetPwdSmsSend, forgetPwdSmsVerify),
  forgetEmail: forget("email", forgetPwdEmailSend, forgetPwdEmailVerify),
  changePwd: defineCall({ kind: "post", path: "sys/login/changePwd", input: changePwd, answer: empty, access: "anonymous" }),
  userInfo: defineCall({ kind: "get", path: "sys/login/userInfo", answer: userInfo, access: "user" }),
  logout: defineCall({ kind: "post", path: "sys/login/outLogin", answer: empty, access: "user" }),
};
