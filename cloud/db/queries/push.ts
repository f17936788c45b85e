import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { pushBatches, pushConfigs, pushLogs, pushOutbox, type PushItem } from "../schema";

export type PushConfigRecord = typeof pushConfigs.$inferSelect;
export type OutboxRow = typeof pushOutbox.$inferSelect;
export type NewPushLog = typeof pushLogs.$inferInsert;

/** Every enabled configuration of every tenant: the engine keeps them by project. */
export function enabledPushConfigs(db: Db): Promise<PushConfigRecord[]> {
  return db.select().from(pushConfigs).where(eq(pushConfigs.enableStatus, 1)).orderBy(asc(pushConfigs.id));
}

/** One device's items of an ingest batch (or one alarm) and the configurations that deliver it. */
export type NewPushBatch = { deviceId: number | null; items: PushItem[]; configIds: number[] };

/**
 * Queues batches for delivery: each batch's items stored once, one small queue row per configuration
 * pointing at it — two statements for the ingest's whole batch, in one transaction so the orphan sweep
 * never sees a batch before its queue rows. Answers the new batches' ids, in the order given.
 */
export async function enqueuePush(db: Db, batches: NewPushBatch[], nextAt: Date): Promise<number[]> {
  if (!batches.length) return [];
  return db.transaction(async (tx) => {
    const ids = await tx
      .insert(pushBatches)
      .values(batches.map((b) => ({ deviceId: b.deviceId, items: b.items })))
      .returning({ id: pushBatches.id });
    const rows = batches.flatMap((b, k) => b.configIds.map((configId) => ({ configId, batchId: ids[k].id, itemCount: b.items.length, nextAt })));
    // Queue rows in batch order, so a configuration's queue keeps the order the values were stored in.
    if (rows.length) await tx.insert(pushOutbox).values(rows.sort((a, b) => a.batchId - b.batchId));
    return ids.map((r) => r.id);
  });
}

/** The head of a configuration's queue: the oldest rows not given up on. */
export function outboxHead(db: Db, configId: number, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(pushOutbox)
    .where(and(eq(pushOutbox.configId, configId), eq(pushOutbox.dead, false)))
    .orderBy(asc(pushOutbox.id))
    .limit(limit);
}

/** The items of stored batches (those the engine no longer holds in memory). */
export function batchItems(db: Db, ids: number[]): Promise<{ id: number; items: PushItem[] }[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.select({ id: pushBatches.id, items: pushBatches.items }).from(pushBatches).where(inArray(pushBatches.id, ids));
}

/** Configurations with something to deliver, and the earliest time worth trying. */
export function pendingConfigIds(db: Db): Promise<{ configId: number }[]> {
  return db.selectDistinct({ configId: pushOutbox.configId }).from(pushOutbox).where(eq(pushOutbox.dead, false));
}

/** Delivered: the queue rows go, and each batch no other queue row still points at. */
export async function outboxDelivered(db: Db, ids: number[], batchIds: number[]) {
  await db.delete(pushOutbox).where(inArray(pushOutbox.id, ids));
  await db
    .delete(pushBatches)
    .where(and(inArray(pushBatches.id, batchIds), sql`not exists (select 1 from ${pushOutbox} o where o.batch_id = ${pushBatches.id})`));
}

/**
 * Batches no queue row points at: left when two configurations delivered the same batch at the same
 * moment (neither saw the other's row gone) or a configuration was deleted with its queue.
 */
export async function sweepPushBatches(db: Db) {
  await db.delete(pushBatches).where(sql`not exists (select 1 from ${pushOutbox} o where o.batch_id = ${pushBatches.id})`);
}

export async function outboxRetry(db: Db, ids: number[], attempts: number, nextAt: Date) {
  await db.update(pushOutbox).set({ attempts, nextAt }).where(inArray(pushOutbox.id, ids));
}

export async function outboxDead(db: Db, ids: number[], attempts: number) {
  await db.update(pushOutbox).set({ attempts, dead: true }).where(inArray(pushOutbox.id, ids));
}

export async function logPushAttempt(db: Db, log: NewPushLog) {
  await db.insert(pushLogs).values(log);
}

/** Items waiting and given up on, per configuration (the list's counters). */
export const outboxCounts = {
  pending: sql<number>`(select coalesce(sum(o.item_count), 0)::int from ${pushOutbox} o where o.config_id = "push_configs"."id" and not o.dead)`,
  dead: sql<number>`(select coalesce(sum(o.item_count), 0)::int from ${pushOutbox} o where o.config_id = "push_configs"."id" and o.dead)`,
  lastStatus: sql<number | null>`(select l.status from ${pushLogs} l where l.config_id = "push_configs"."id" order by l.id desc limit 1)`,
  // As ISO text, as the row mapper writes real timestamps.
  lastPushTime: sql<string | null>`(select to_char(l.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from ${pushLogs} l where l.config_id = "push_configs"."id" order by l.id desc limit 1)`,
};
