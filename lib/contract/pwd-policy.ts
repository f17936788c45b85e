import { z } from "zod";
import { PASSWORD_MAX, complexitySchema } from "./password";

/** Forgot-password methods a tenant offers on the login screen. */
export const FORGET_METHODS = ["sms", "email"] as const;
/** Welcome reminder periods (core §9). */
export const WELCOME_DAYS = [7, 30, 90] as const;

/** Initial password of new accounts ("" = none: the form offers a random one), whether the
 *  password is sent to the user, and whether the first login must change it. Notifying the
 *  password requires the forced change (core §5). */
export const pwdInitSchema = z
  .object({
    password: z.string().max(PASSWORD_MAX, "validation.maxLength").default(""),
    notify: z.boolean(),
    forceChange: z.boolean(),
  })
  .refine((v) => !v.notify || v.forceChange, { path: ["forceChange"], message: "validation.notifyNeedsForceChange" });

/** Regular change: a password is valid `validDays`; the login reminds `remindDays` ahead. */
export const pwdRegularSchema = z
  .object({
    enabled: z.boolean(),
    validDays: z.coerce.number().int().min(1, "validation.min").max(3650, "validation.max"),
    remindDays: z.coerce.number().int().min(1, "validation.min").max(365, "validation.max"),
  })
  .refine((v) => v.remindDays <= v.validDays, { path: ["remindDays"], message: "validation.max" });

export const pwdWelcomeSchema = z.object({
  days: z.coerce.number().refine((n) => (WELCOME_DAYS as readonly number[]).includes(n), "validation.invalidOption"),
});
export const pwdHistorySchema = z.object({ enabled: z.boolean(), count: z.coerce.number().int().min(1, "validation.min").max(24, "validation.max") });
export const pwdForgetSchema = z.object({ methods: z.array(z.enum(FORGET_METHODS, { error: "validation.invalidOption" })).max(2) });

/** A tenant's whole password policy (core §4, §5, §9), stored as one document. */
export const pwdPolicySchema = z.object({
  complexity: complexitySchema,
  init: pwdInitSchema,
  regular: pwdRegularSchema,
  welcome: pwdWelcomeSchema,
  history: pwdHistorySchema,
  forget: pwdForgetSchema,
});
export type PwdPolicy = z.infer<typeof pwdPolicySchema>;

export const defaultPwdPolicy: PwdPolicy = {
  complexity: { template: "common", pwdSize: 8, pwdModes: [2, 3] },
  init: { password: "", notify: false, forceChange: true },
  regular: { enabled: false, validDays: 90, remindDays: 7 },
  welcome: { days: 7 },
  history: { enabled: true, count: 3 },
  forget: { methods: ["sms", "email"] },
};
