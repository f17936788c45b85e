import { z } from "zod";
import { defineCall, empty } from "../call";
import { labelFields } from "../entity";
import { PASSWORD_MAX, newPasswordPair } from "../password";
import { emailRequired, mobileRequired } from "../validation";

/**
 * securitySet: the signed-in user's own phone, e-mail and password. Changing a phone or e-mail
 * takes two proofs: who you are (a code to the current channel, or the password → `verifyKey`),
 * then that the new one is yours (a code sent to it).
 */
export const SAFETY_TYPES = ["phone", "email"] as const;
export type SafetyType = (typeof SAFETY_TYPES)[number];
const type = z.enum(SAFETY_TYPES, { error: "validation.invalidOption" });
const code = z.string({ error: "validation.required" }).regex(/^\d{6}$/, "validation.smsCode");
const password = z.string({ error: "validation.required" }).min(1, "validation.required").max(PASSWORD_MAX, "validation.maxLength");
const verifyKey = z.string({ error: "validation.required" }).min(16).max(128);

/** A phone or an e-mail address, checked by its type. */
const target = <T extends z.ZodRawShape>(shape: T) =>
  z.discriminatedUnion("type", [
    z.object({ ...shape, type: z.literal("phone"), value: mobileRequired }),
    z.object({ ...shape, type: z.literal("email"), value: emailRequired }),
  ]);

/** `sys/safety/sendCode`: a code to the current phone or e-mail. */
export const safetySendCode = z.object({ type });
/** `sys/safety/checkCode` → `{verifyKey}`. */
export const safetyCheckCode = z.object({ type, code });
/** `sys/safety/checkPassword` → `{verifyKey}`. */
export const safetyCheckPassword = z.object({ password });
/** `sys/safety/sendCodeSet`: a code to the NEW phone or e-mail. */
export const safetySendCodeSet = target({});
/** `sys/safety/setInfo`: binds the new phone or e-mail. */
export const safetySetInfo = target({ code, verifyKey });
/** `sys/safety/updPwd`: own password, with the current one. */
export const safetyUpdPwd = newPasswordPair.and(z.object({ oldPassword: password }));

// Fields named as the security screen names them (a refusal says "Phone or e-mail: …").
labelFields("system.security", safetySendCode, safetyCheckCode, safetyCheckPassword, safetySendCodeSet, safetySetInfo);

/** What checkCode and checkPassword answer: the one-time proof for setInfo. */
export const verifyResult = z.object({ verifyKey: z.string() });
export type VerifyResult = z.infer<typeof verifyResult>;

export const SECURITY_SCREEN = "/systemSet/securitySet";
const own = { access: { menu: [SECURITY_SCREEN] }, scope: "own" } as const;
/** sys/safety: the caller's own phone, e-mail and password, from securitySet. */
export const safetyApi = {
  sendCode: defineCall({ kind: "post", path: "sys/safety/sendCode", input: safetySendCode, answer: empty, ...own }),
  checkCode: defineCall({ kind: "post", path: "sys/safety/checkCode", input: safetyCheckCode, answer: verifyResult, ...own }),
  checkPassword: defineCall({ kind: "post", path: "sys/safety/checkPassword", input: safetyCheckPassword, answer: verifyResult, ...own }),
  sendCodeSet: defineCall({ kind: "post", path: "sys/safety/sendCodeSet", input: safetySendCodeSet, answer: empty, ...own }),
  /** Answers the bound value under its type. */
  setInfo: defineCall({ kind: "post", path: "sys/safety/setInfo", input: safetySetInfo, answer: z.object({ phone: z.string().optional(), email: z.string().optional() }), ...own }),
  updPwd: defineCall({ kind: "post", path: "sys/safety/updPwd", input: safetyUpdPwd, answer: empty, ...own }),
};
