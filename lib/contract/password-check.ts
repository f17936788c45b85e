import { pinyin } from "pinyin-pro";
import { PASSWORD_MAX, alternatives, type Complexity, type Identity } from "./password";
import type { PasswordRule } from "./password-enums";
import type { IssueMessage } from "./validation";

/*
 * Checking a password against a policy. Apart from the policy's schemas (./password) because
 * rule 6 needs the pinyin dictionary (≈ 220 KB gzip): the cloud imports this directly, the
 * console's forms import it when they submit, never with a page.
 */

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

