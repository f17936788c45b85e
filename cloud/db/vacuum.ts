import { sql } from "drizzle-orm";
import type { Db } from "./client";

/**
 * The tables rewritten all day: every ingest batch updates its devices' last-heard rows, their latest
 * values and the roll-ups (and the devices' own rows at a coarse step); the push outbox and the cluster's jobs are claimed and released continuously.
 */
export const HOT_TABLES = ["devices", "device_heard", "telemetry_latest", "telemetry_hourly", "telemetry_10min", "push_outbox", "push_batches", "cluster_jobs", "access_epoch"] as const;

/** How often PGlite's hot tables are vacuumed. */
export const VACUUM_EVERY_MS = 5 * 60_000;

/**
 * PGlite runs no autovacuum worker: without this, each rewrite leaves a dead row behind and the
 * devices table grows by the size of the fleet every batch (issue 41). `VACUUM` makes the dead rows'
 * space reusable; one table at a time, so the single connection is never held long.
 */
export async function vacuumHotTables(db: Db) {
  for (const table of HOT_TABLES) await db.execute(sql.raw(`vacuum "${table}"`));
}
