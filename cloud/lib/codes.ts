import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { Code } from "@/lib/contract/envelope";
import type { Locale } from "@/lib/contract/locale";
import { verificationCodes } from "../db/schema";
import type { Deps } from "./context";
import type { Channel } from "./delivery";
import { AppError } from "./http";
import { sha256, sixDigits } from "./crypto";
import { t } from "./i18n";
import { tenantOf } from "./scope";

export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_COOLDOWN_MS = 60_000;
export const MAX_GUESSES = 5;

export type Purpose = "login" | "forget" | "bind";
type Target = { tenantId: number; purpose: Purpose; channel: Channel; target: string };

function latest(deps: Deps, k: Target) {
  return deps.db
    .select()
    .from(verificationCodes)
    .where(
      and(
        tenantOf(k.tenantId).where(verificationCodes),
        eq(verificationCodes.purpose, k.purpose),
        eq(verificationCodes.channel, k.channel),
        eq(verificationCodes.target, k.target),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
}

/**
 * Sends a fresh 6-digit code; a second request within 60 s is "too frequent". With `deliver`
 * false (the target belongs to nobody) the code is recorded but not sent, so that the cooldown,
 * and therefore the answer, is the same for registered and unregistered targets.
 */
export async function sendCode(deps: Deps, k: Target, locale: Locale, deliver = true) {
  const now = deps.now();
  const [last] = await latest(deps, k);
  if (last && now.getTime() - last.createdAt.getTime() < RESEND_COOLDOWN_MS) {
    throw new AppError(Code.TOO_FREQUENT, "cloud.tooFrequent");
  }
  const code = sixDigits();
  await deps.db.insert(verificationCodes).values({
    ...k,
    codeHash: sha256(`${k.purpose}:${k.target}:${code}`),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    createdAt: now,
  });
  if (!deliver) return;
  const body = t(locale, "cloud.codeMessage", { code, minutes: CODE_TTL_MS / 60_000 });
  await deps.delivery.send({ channel: k.channel, target: k.target, subject: t(locale, "cloud.codeSubject"), body });
}

/** Checks and consumes the newest code: single use, 10-minute expiry, at most 5 guesses. */
export async function consumeCode(deps: Deps, k: Target, code: string) {
  const now = deps.now();
  const [row] = await latest(deps, k);
  if (!row || row.usedAt || row.expiresAt <= now) throw new AppError(Code.BAD_REQUEST, "cloud.codeExpired");
  // Each guess takes its slot atomically before it is compared: read-then-write would let
  // guesses sent in parallel all see the same count and go past the limit.
  const [guess] = await deps.db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, row.id), lt(verificationCodes.attempts, MAX_GUESSES)))
    .returning({ attempts: verificationCodes.attempts });
  if (!guess) throw new AppError(Code.BAD_REQUEST, "cloud.codeTooManyGuesses");
  if (row.codeHash !== sha256(`${k.purpose}:${k.target}:${code}`)) {
    throw new AppError(Code.BAD_REQUEST, guess.attempts >= MAX_GUESSES ? "cloud.codeTooManyGuesses" : "cloud.codeWrong");
  }
  const [used] = await deps.db
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  if (!used) throw new AppError(Code.BAD_REQUEST, "cloud.codeExpired");
}
