import { z } from "zod";
import { labelFields } from "./entity";
import { PASSWORD_MAX, newPasswordPair } from "./password";
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

/** What a successful login returns to the console (which keeps the token server-side). */
export type LoginResult = {
  token: string;
  roles: string;
  tenantId: number;
  user: SessionUser;
  /** Days until the password expires, when that is within the policy's reminder cycle. */
  pwdExpireDays?: number;
  /** A new account still on the password it was created with, within the policy's welcome period. */
  pwdWelcome?: boolean;
};
export type PasswordChangeRequired = { dataCode: string; reason: "first" | "expired" | "reset" };
export type SessionUser = { id: number; name: string; realname: string; avatar: string | null; tenantId: number };
