import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { defaultPwdPolicy, pwdPolicySchema, type PwdPolicy } from "@/lib/contract/pwd-policy";
import type { Db } from "../client";
import { passwordHistory, pwdPolicies, pwdTickets, users } from "../schema";
import { tenantOf } from "../../lib/scope";

/** The tenant's password policy over the defaults; a stored one that no longer fits reads as the defaults. */
export async function loadPolicy(db: Db, tenantId: number): Promise<PwdPolicy> {
  const [row] = await db.select().from(pwdPolicies).where(tenantOf(tenantId).where(pwdPolicies));
  const merged = { ...defaultPwdPolicy, ...((row?.data as Partial<PwdPolicy>) ?? {}) };
  const parsed = pwdPolicySchema.safeParse(merged);
  return parsed.success ? parsed.data : defaultPwdPolicy;
}

/** Every change of password (own, forced, reset) leaves the old one in the history; creating
 *  an account leaves none. */
export async function passwordEverChanged(db: Db, userId: number): Promise<boolean> {
  const [changed] = await db.select({ id: passwordHistory.id }).from(passwordHistory).where(eq(passwordHistory.userId, userId)).limit(1);
  return !!changed;
}

/** The user's `count` most recent former password hashes, newest first. */
export async function recentPasswordHashes(db: Db, userId: number, count: number): Promise<string[]> {
  const rows = await db
    .select({ hash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(count);
  return rows.map((r) => r.hash);
}

/** Stores a new password hash, keeping the old one in the history, in one transaction. */
export async function storePassword(db: Db, user: { id: number; passwordHash: string }, hash: string, mustChange: boolean, now: Date) {
  await db.transaction(async (tx) => {
    await tx.insert(passwordHistory).values({ userId: user.id, passwordHash: user.passwordHash, createdAt: now });
    await tx.update(users).set({ passwordHash: hash, pwdChangedAt: now, mustChangePwd: mustChange, updatedAt: now }).where(eq(users.id, user.id));
  });
}

export async function insertTicket(db: Db, tokenHash: string, userId: number, expiresAt: Date) {
  await db.insert(pwdTickets).values({ tokenHash, userId, expiresAt });
}

/**
 * Claims an unused, unexpired ticket in one atomic update (two parallel requests cannot both use
 * it) and answers its user, or undefined.
 */
export async function claimTicket(db: Db, tokenHash: string, now: Date) {
  const [claimed] = await db
    .update(pwdTickets)
    .set({ usedAt: now })
    .where(and(eq(pwdTickets.tokenHash, tokenHash), isNull(pwdTickets.usedAt), gt(pwdTickets.expiresAt, now)))
    .returning({ userId: pwdTickets.userId });
  if (!claimed) return undefined;
  const [user] = await db.select().from(users).where(eq(users.id, claimed.userId));
  return user;
}

/** Gives a claimed ticket back (its password was refused) for another try. */
export async function releaseTicket(db: Db, tokenHash: string) {
  await db.update(pwdTickets).set({ usedAt: null }).where(eq(pwdTickets.tokenHash, tokenHash));
}
