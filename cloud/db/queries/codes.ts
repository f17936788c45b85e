import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../client";
import { verificationCodes } from "../schema";
import { tenantOf } from "../../lib/scope";

/** What a verification code is for: the tenant, the purpose, the channel and the phone or e-mail. */
export type CodeTarget = { tenantId: number; purpose: string; channel: string; target: string };

/** The newest code sent for a target. */
export async function latestCode(db: Db, k: CodeTarget) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(tenantOf(k.tenantId).where(verificationCodes, eq(verificationCodes.purpose, k.purpose), eq(verificationCodes.channel, k.channel), eq(verificationCodes.target, k.target)))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  return row;
}

export async function insertCode(db: Db, k: CodeTarget, codeHash: string, expiresAt: Date, createdAt: Date) {
  await db.insert(verificationCodes).values({ ...k, codeHash, expiresAt, createdAt });
}

/**
 * Takes one guess slot atomically, before the guess is compared (read-then-write would let guesses
 * sent in parallel all see the same count): the attempts so far, or undefined when none are left.
 */
export async function takeGuess(db: Db, id: number, max: number) {
  const [guess] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, id), lt(verificationCodes.attempts, max)))
    .returning({ attempts: verificationCodes.attempts });
  return guess?.attempts;
}

/** Marks a code used, once: false when another request used it first. */
export async function useCode(db: Db, id: number, now: Date): Promise<boolean> {
  const [used] = await db
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  return !!used;
}
