import { eq, sql } from "drizzle-orm";
import { loginFailures } from "../db/schema";
import type { Db } from "../db/client";

/** Login failure limits: captcha after 3 of a user (10 of an address), lock-out after these within the window. */
export const LIMITS = {
  captchaAfter: 3,
  ipCaptchaAfter: 10,
  perUser: 5,
  perIp: 30,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
};

export const failureKeys = (tenantId: number, username: string, ip: string) => ({
  userIp: `u:${tenantId}:${username.toLowerCase()}:${ip}`,
  user: `n:${tenantId}:${username.toLowerCase()}`,
  ip: `ip:${ip}`,
});

type Row = typeof loginFailures.$inferSelect;

async function read(db: Db, key: string): Promise<Row | undefined> {
  const [row] = await db.select().from(loginFailures).where(eq(loginFailures.key, key));
  return row;
}

/** Failures counted within the current window (an expired window counts as none). */
export async function failures(db: Db, key: string, now: Date): Promise<number> {
  const row = await read(db, key);
  if (!row || now.getTime() - row.windowStart.getTime() > LIMITS.windowMs) return 0;
  return row.count;
}

export async function isLocked(db: Db, key: string, now: Date): Promise<boolean> {
  const row = await read(db, key);
  return !!row?.lockedUntil && row.lockedUntil > now;
}

/**
 * Counts one failure and answers the count within the window; locks the key for `lockMs` when it
 * reaches `limit` (no limit: only counts).
 */
export async function recordFailure(db: Db, key: string, limit: number | null, now: Date): Promise<number> {
  const windowFloor = new Date(now.getTime() - LIMITS.windowMs);
  const lockUntil = new Date(now.getTime() + LIMITS.lockMs);
  const [row] = await db
    .insert(loginFailures)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        count: sql`case when ${loginFailures.windowStart} < ${windowFloor.toISOString()}::timestamptz then 1 else ${loginFailures.count} + 1 end`,
        windowStart: sql`case when ${loginFailures.windowStart} < ${windowFloor.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${loginFailures.windowStart} end`,
        lockedUntil: limit === null ? loginFailures.lockedUntil : sql`case when ${loginFailures.windowStart} >= ${windowFloor.toISOString()}::timestamptz and ${loginFailures.count} + 1 >= ${limit} then ${lockUntil.toISOString()}::timestamptz else ${loginFailures.lockedUntil} end`,
      },
    })
    .returning({ count: loginFailures.count });
  return row.count;
}

/** Takes back one failure counted ahead of a check that then succeeded, with the lock it caused (no limit: only the count). */
export async function forgiveFailure(db: Db, key: string, limit: number | null) {
  await db
    .update(loginFailures)
    .set({
      count: sql`greatest(${loginFailures.count} - 1, 0)`,
      lockedUntil: limit === null ? loginFailures.lockedUntil : sql`case when ${loginFailures.count} - 1 < ${limit} then null else ${loginFailures.lockedUntil} end`,
    })
    .where(eq(loginFailures.key, key));
}

export async function clearFailures(db: Db, ...keys: string[]) {
  for (const key of keys) await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
