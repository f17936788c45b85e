import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { pgArray } from "../ingest/pg-array";
import { rowsOf } from "../ingest/writer";

/**
 * The tables rewritten all day: every ingest batch updates its devices' last-heard rows, their latest
 * values and the roll-ups (and the devices' own rows at a coarse step); the push outbox and the cluster's jobs are claimed and released continuously.
 */
export const HOT_TABLES = ["devices", "device_heard", "telemetry_latest", "telemetry_hourly", "telemetry_10min", "push_outbox", "push_batches", "cluster_jobs", "access_epoch"] as const;

/** How often PGlite's hot tables are looked at besides the ingest's writes (the push outbox, the cluster's jobs). */
export const VACUUM_EVERY_MS = 60_000;

/**
 * A table is vacuumed once its dead rows pass this share of its live rows (and `DEAD_MIN`): the
 * issue's bound is a tenth (issue 41); half of it leaves room for what is written between two looks.
 */
const DEAD_SHARE = 0.05;
/** Dead rows a table may hold whatever its size (a table of a few rows is not vacuumed for each). */
const DEAD_MIN = 10;
/** The dead rows past which a table of `live` rows is vacuumed. */
export const deadLimit = (live: number) => Math.max(DEAD_MIN, DEAD_SHARE * live);
/**
 * Rows the ingest writes between two looks at the dead rows: at the scenario's 1,000 devices every
 * 10 s (≈ 400 rows a second with the last-heard rows) a look every second or two, each a read of
 * the statistics (≈ 1 ms) and a vacuum only of the tables past their share.
 */
export const VACUUM_CHECK_ROWS = 500;

export type DeadRows = { table: string; live: number; dead: number };

/** Each hot table's live and dead rows as the statistics count them, this connection's own changes included. */
export async function deadRows(db: Db, tables: readonly string[] = HOT_TABLES): Promise<DeadRows[]> {
  // The statistics reach the shared counts at most once a second on their own: this connection's are sent now.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const rows = rowsOf(
    await db.execute(sql`select relname as "table", n_live_tup::float8 as live, n_dead_tup::float8 as dead
    from pg_stat_user_tables where schemaname = 'public' and relname = any(${pgArray([...tables])}::text[]) order by relname`),
  );
  return rows.map((r) => ({ table: String(r.table), live: Number(r.live), dead: Number(r.dead) }));
}

/**
 * PGlite runs no autovacuum worker: without this, each rewrite leaves a dead row behind and the
 * hot tables grow by the size of the fleet every batch (issue 41). As autovacuum would, vacuums
 * the tables whose dead rows are past `deadLimit` (5 % of their live ones) (`VACUUM` makes
 * their space reusable and clears them from the count); one table at a time, so the single
 * connection is never held long. Answers what it found, vacuumed or not.
 */
export async function vacuumDue(db: Db, tables: readonly string[] = HOT_TABLES): Promise<(DeadRows & { vacuumed: boolean })[]> {
  const seen = await deadRows(db, tables);
  const out: (DeadRows & { vacuumed: boolean })[] = [];
  for (const t of seen) {
    const vacuumed = t.dead > deadLimit(t.live);
    if (vacuumed) await db.execute(sql.raw(`vacuum "${t.table}"`));
    out.push({ ...t, vacuumed });
  }
  return out;
}

/** Autovacuum's own defaults: a table is analyzed once this many rows plus this share of its rows changed since its last analyze. */
const ANALYZE_MIN = 50;
const ANALYZE_SHARE = 0.1;

/**
 * PGlite runs no autovacuum, so nothing analyzes its tables either: the planner would go on with the
 * statistics of a month's partition taken when one device had written to it (a month chart then
 * scanned the whole partition for that device's values once a thousand had; issue 41). As
 * autovacuum's autoanalyze would, analyzes each table with more changed rows than `ANALYZE_MIN` +
 * `ANALYZE_SHARE` of its rows since its last analyze (a sample of rows, whatever the table's size),
 * one at a time. Answers the tables analyzed.
 */
export async function analyzeDue(db: Db): Promise<string[]> {
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const due = rowsOf(
    await db.execute(sql`select s.relname as "table" from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = 'public' and c.relkind = 'r' and s.n_mod_since_analyze > ${ANALYZE_MIN} + ${ANALYZE_SHARE} * greatest(c.reltuples, 0)
      order by s.relname`),
  ).map((r) => String(r.table));
  for (const table of due) await db.execute(sql.raw(`analyze "${table.replace(/"/g, '""')}"`));
  return due;
}

/** PGlite's upkeep once a minute (autovacuum's work): the hot tables' vacuum, then the statistics. */
export async function pgliteUpkeep(db: Db): Promise<void> {
  await vacuumDue(db);
  await analyzeDue(db);
}

/**
 * PGlite's vacuum paced by the rows the ingest writes, not by the clock: a fleet reporting ten
 * times as often is looked at ten times as often, and a quiet one costs nothing. The writer calls
 * `wrote` after each committed batch and holds its next batch until the answer settles (PGlite
 * has one connection: the vacuum would wait for the batch, or the batch for the vacuum, anyway).
 */
export class RowPacedVacuum {
  private written = 0;
  /** The largest dead share each table reached when looked at (tests and the bench print it). */
  readonly worst = new Map<string, number>();
  vacuums = 0;

  constructor(
    private readonly db: Db,
    private readonly every = VACUUM_CHECK_ROWS,
  ) {}

  wrote = (rows: number): Promise<void> | undefined => {
    this.written += rows;
    if (this.written < this.every) return undefined;
    this.written = 0;
    return this.look();
  };

  private async look() {
    for (const t of await vacuumDue(this.db)) {
      if (t.live) this.worst.set(t.table, Math.max(this.worst.get(t.table) ?? 0, t.dead / t.live));
      if (t.vacuumed) this.vacuums++;
    }
  }
}
