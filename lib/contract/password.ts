import { z } from "zod";
import { pinyin } from "pinyin-pro";
import type { IssueMessage } from "./validation";

/** Password rules of core §4: 1 upper, 2 lower, 3 digit, 4 special, 5 no username,
 *  6 no display name or its pinyin, 7 no phone number, 8 no e-mail prefix. */
export const PASSWORD_RULES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];
export const PASSWORD_TEMPLATES = ["none", "low", "common", "recommended", "high", "custom"] as const;
export type PasswordTemplate = (typeof PASSWORD_TEMPLATES)[number];
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

/** Every reading of the display name: full pinyin and initials for each combination of
 *  polyphonic readings (capped so a long name cannot explode), plus the name itself. */
export function nameReadings(name: string): string[] {
  const chars = [...name.trim()];
  if (!chars.length) return [];
  let full: string[] = [""];
  let initials: string[] = [""];
  for (const ch of chars) {
    const readings = /[\u3400-\u9fff]/.test(ch)
      ? (pinyin(ch, { multiple: true, type: "array", toneType: "none" }) as string[])
      : [ch.toLowerCase()];
    const uniq = [...new Set(readings.map((r) => r.toLowerCase()))];
    full = full.flatMap((p) => uniq.map((r) => p + r)).slice(0, 256);
    initials = [...new Set(initials.flatMap((p) => uniq.map((r) => p + r[0])))].slice(0, 256);
  }
  return [...new Set([name.trim().toLowerCase(), ...full, ...initials])].filter((s) => s.length >= 2);
}

function ruleHolds(rule: PasswordRule, pw: string, who: Identity): boolean {
  const lower = pw.toLowerCase();
  switch (rule) {
    case 1:
      return /[A-Z]/.test(pw);
    case 2:
      return /[a-z]/.test(pw);
    case 3:
      return /\d/.test(pw);
    case 4:
      return /[^A-Za-z0-9]/.test(pw);
    case 5:
      return !who.username || !lower.includes(who.username.toLowerCase());
    case 6:
      return !who.realname || !nameReadings(who.realname).some((r) => lower.includes(r));
    case 7:
      return !who.phone || !pw.includes(who.phone);
    case 8: {
      const prefix = who.email?.split("@")[0]?.toLowerCase();
      return !prefix || !lower.includes(prefix);
    }
  }
}

/** Violations of the policy, as `validation.*` message keys; empty when the password is acceptable. */
export function checkPassword(pw: string, c: Complexity, who: Identity = {}): IssueMessage[] {
  if (!pw) return [{ key: "validation.required", values: {} }];
  if (pw.length > PASSWORD_MAX) return [{ key: "validation.maxLength", values: { max: PASSWORD_MAX } }];
  const results = alternatives(c).map((alt) => {
    const out: IssueMessage[] = [];
    if (pw.length < alt.size) out.push({ key: "validation.pwdTooShort", values: { min: alt.size } });
    for (const rule of alt.modes) if (!ruleHolds(rule, pw, who)) out.push({ key: `validation.pwdRule${rule}`, values: {} });
    return out;
  });
  if (results.some((r) => r.length === 0)) return [];
  // The first alternative is the policy's main demand (the hint shows the others): reporting the
  // "closest" one instead would tell a user of `high` to type 16 characters for want of one symbol.
  return results[0];
}

/** Generates a password that satisfies the first alternative of the policy. */
export function randomPassword(c: Complexity, who: Identity = {}, random: (n: number) => number = (n) => Math.floor(Math.random() * n)): string {
  const sets = { upper: "ABCDEFGHJKLMNPQRSTUVWXYZ", lower: "abcdefghijkmnpqrstuvwxyz", digit: "23456789", special: "!@#$%^&*-_+=?" };
  const size = Math.max(12, alternatives(c)[0].size);
  const all = sets.upper + sets.lower + sets.digit + sets.special;
  for (;;) {
    const chars = [sets.upper, sets.lower, sets.digit, sets.special].map((s) => s[random(s.length)]);
    while (chars.length < size) chars.push(all[random(all.length)]);
    for (let i = chars.length - 1; i > 0; i--) {
      const j = random(i + 1);
      [chars[i], chars[j]] = [chars[j], chars[i]];
    }
    const pw = chars.join("");
    if (checkPassword(pw, c, who).length === 0) return pw;
  }
}

/** Two new passwords: both required, at most 64, must match (widgets §5). */
export const newPasswordPair = z
  .object({
    password: z.string({ error: "validation.required" }).min(1, "validation.required").max(PASSWORD_MAX, "validation.maxLength"),
    confirmPassword: z.string({ error: "validation.required" }).min(1, "validation.required").max(PASSWORD_MAX, "validation.maxLength"),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "validation.pwdMismatch" });

/** notifyFlag: 1 notify the user of the new password, 2 don't; changePwdFlag: 1 no, 2 force a
 *  change at next login (widgets §3). */
export const NOTIFY_FLAGS = [1, 2] as const;
export const CHANGE_PWD_FLAGS = [1, 2] as const;
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
