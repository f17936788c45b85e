import { z } from "zod";
import { CHANGE_PWD_FLAGS, NOTIFY_FLAGS, PASSWORD_RULES, PASSWORD_TEMPLATES, type PasswordRule } from "./password-enums";

export const PASSWORD_MAX = 64;
export const PASSWORD_MIN_SIZE = 8;

export const complexitySchema = z.object({
  template: z.enum(PASSWORD_TEMPLATES),
  pwdSize: z.coerce.number().int().min(PASSWORD_MIN_SIZE, "validation.pwdSizeMin").max(PASSWORD_MAX, "validation.max"),
  pwdModes: z.array(z.coerce.number().int().min(1).max(8)).max(8),
});
export type Complexity = z.infer<typeof complexitySchema>;

type Alternative = { size: number; modes: PasswordRule[] };

/** What each template demands; `high` passes when either alternative holds (core §5). */
export function alternatives(c: Complexity): Alternative[] {
  switch (c.template) {
    case "none":
      return [{ size: 1, modes: [] }];
    case "low":
      return [{ size: 8, modes: [] }];
    case "common":
      return [{ size: 8, modes: [2, 3] }];
    case "recommended":
      return [{ size: 8, modes: [1, 2, 3] }];
    case "high":
      return [
        { size: 10, modes: [4, 5] },
        { size: 16, modes: [5, 6, 7, 8] },
      ];
    case "custom":
      return [{ size: Math.max(PASSWORD_MIN_SIZE, c.pwdSize), modes: c.pwdModes.filter(isRule) }];
  }
}

function isRule(n: number): n is PasswordRule {
  return (PASSWORD_RULES as readonly number[]).includes(n);
}

export type Identity = { username?: string | null; realname?: string | null; phone?: string | null; email?: string | null };

/** Two new passwords: both required, at most 64, must match (widgets §5). */
export const newPasswordPair = z
  .object({
    password: z.string({ error: "validation.required" }).min(1, "validation.required").max(PASSWORD_MAX, "validation.maxLength"),
    confirmPassword: z.string({ error: "validation.required" }).min(1, "validation.required").max(PASSWORD_MAX, "validation.maxLength"),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "validation.pwdMismatch" });

const flag = (values: readonly number[], fallback: number) =>
  z.coerce.number().refine((n) => values.includes(n), "validation.invalidOption").default(fallback);

/**
 * Setting a password for a user: one's own (`sys/user/updPwd`), another user's
 * (`sys/user/updUserPwd`) or a tenant administrator's (`sys/tenant/updUserPwd`, id = tenant id).
 * Notifying the user forces the force-change option on (widgets §5).
 */
export const passwordForm = newPasswordPair
  .and(
    z.object({
      id: z.coerce.number({ error: "validation.required" }).int().positive(),
      notifyFlag: flag(NOTIFY_FLAGS, 2),
      changePwdFlag: flag(CHANGE_PWD_FLAGS, 1),
    }),
  )
  .refine((v) => v.notifyFlag !== 1 || v.changePwdFlag === 2, { path: ["changePwdFlag"], message: "validation.notifyNeedsForceChange" });
export type PasswordForm = z.infer<typeof passwordForm>;
