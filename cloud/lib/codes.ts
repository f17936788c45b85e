import { Code } from "@/lib/contract/envelope";
import type { Locale } from "@/lib/contract/locale";
import { insertCode, latestCode, takeGuess, useCode } from "../db/queries/codes";
import type { Deps } from "./context";
import type { Channel } from "./delivery";
import { AppError } from "./http";
import { sha256, sixDigits } from "./crypto";
import { t } from "./i18n";

export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_COOLDOWN_MS = 60_000;
export const MAX_GUESSES = 5;

export type Purpose = "login" | "forget" | "bind";
type Target = { tenantId: number; purpose: Purpose; channel: Channel; target: string };

/**
 * Sends a fresh 6-digit code; a second request within 60 s is "too frequent". With `deliver`
 * false (the target belongs to nobody) the code is recorded but not sent, so that the cooldown,
 * and therefore the answer, is the same for registered and unregistered targets.
 */
export async function sendCode(deps: Deps, k: Target, locale: Locale, deliver = true) {
  const now = deps.now();
  const last = await latestCode(deps.db, k);
  if (last && now.getTime() - last.createdAt.getTime() < RESEND_COOLDOWN_MS) {
    throw new AppError(Code.TOO_FREQUENT, "cloud.tooFrequent");
  }
  const code = sixDigits();
  await insertCode(deps.db, k, sha256(`${k.purpose}:${k.target}:${code}`), new Date(now.getTime() + CODE_TTL_MS), now);
  if (!deliver) return;
  const body = t(locale, "cloud.codeMessage", { code, minutes: CODE_TTL_MS / 60_000 });
  await deps.delivery.send({ channel: k.channel, target: k.target, subject: t(locale, "cloud.codeSubject"), body });
}

/** Checks and consumes the newest code: single use, 10-minute expiry, at most 5 guesses. */
export async function consumeCode(deps: Deps, k: Target, code: string) {
  const now = deps.now();
  const row = await latestCode(deps.db, k);
  if (!row || row.usedAt || row.expiresAt <= now) throw new AppError(Code.BAD_REQUEST, "cloud.codeExpired");
  const attempts = await takeGuess(deps.db, row.id, MAX_GUESSES);
  if (attempts === undefined) throw new AppError(Code.BAD_REQUEST, "cloud.codeTooManyGuesses");
  if (row.codeHash !== sha256(`${k.purpose}:${k.target}:${code}`)) {
    throw new AppError(Code.BAD_REQUEST, attempts >= MAX_GUESSES ? "cloud.codeTooManyGuesses" : "cloud.codeWrong");
  }
  if (!(await useCode(deps.db, row.id, now))) throw new AppError(Code.BAD_REQUEST, "cloud.codeExpired");
}
