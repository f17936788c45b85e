import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { devices, pushConfigs, pushLogs, pushOutbox, type PushItem } from "../schema";

export type PushConfigRecord = typeof pushConfigs.$inferSelect;
export type OutboxRow = typeof pushOutbox.$inferSelect;
export type NewPushLog = typeof pushLogs.$inferInsert;

/** Every enabled configuration of every tenant: the engine keeps them by project. */
export function enabledPushConfigs(db: Db): Promise<PushConfigRecord[]> {
  return db.select().from(pushConfigs).where(eq(pushConfigs.enableStatus, 1)).orderBy(asc(pushConfigs.id));
}

export async function pushConfigById(db: Db, id: number): Promise<PushConfigRecord | undefined> {
  const [row] = await db.select().from(pushConfigs).where(eq(pushConfigs.id, id));
  return row;
}

/** Project, SN and name of devices, for the items of a batch. */
export function pushDevices(db: Db, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.select({ id: devices.id, projectId: devices.projectId, deviceSn: devices.deviceSn, deviceName: devices.deviceName }).from(devices).where(inArray(devices.id, ids));
}

/** Queues rows for delivery in one statement (the ingest's batch). */
export async function enqueuePush(db: Db, rows: { configId: number; deviceId: number | null; items: PushItem[]; nextAt?: Date }[]) {
  if (rows.length) await db.insert(pushOutbox).values(rows);
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

/** Configurations with something to deliver, and the earliest time worth trying. */
export function pendingConfigIds(db: Db): Promise<{ configId: number }[]> {
  return db.selectDistinct({ configId: pushOutbox.configId }).from(pushOutbox).where(eq(pushOutbox.dead, false));
}

export async function outboxDelivered(db: Db, ids: number[]) {
  await db.delete(pushOutbox).where(inArray(pushOutbox.id, ids));
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
  pending: sql<number>`(select coalesce(sum(jsonb_array_length(o.items)), 0)::int from ${pushOutbox} o where o.config_id = "push_configs"."id" and not o.dead)`,
  dead: sql<number>`(select coalesce(sum(jsonb_array_length(o.items)), 0)::int from ${pushOutbox} o where o.config_id = "push_configs"."id" and o.dead)`,
  lastStatus: sql<number | null>`(select l.status from ${pushLogs} l where l.config_id = "push_configs"."id" order by l.id desc limit 1)`,
  // As ISO text, as the row mapper writes real timestamps.
  lastPushTime: sql<string | null>`(select to_char(l.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from ${pushLogs} l where l.config_id = "push_configs"."id" order by l.id desc limit 1)`,
};
