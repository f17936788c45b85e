import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "./writer";

/** Held by whoever changes the partition list (creation here, dropping by retention). */
export const PARTITION_LOCK = 0x10c0_0002;
export const monthStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
export const addMonths = (d: Date, n: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
const partitionName = (d: Date) => `telemetry_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
/** The month a partition holds, from its name (`null` for the default partition or any other table). */
export function monthOfPartition(name: string): Date | null {
  const m = /^telemetry_y(\d{4})m(\d{2})$/.exec(name);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)) : null;
}

/**
 * Monthly partitions of `telemetry` (declared `partition by range (ts)` in the migration) for every
 * month touching [from, to]. Rows that landed in the default partition for such a month are moved
 * into the new one, so a partition can be added late without losing anything.
 */
export async function ensurePartitions(db: Db, from: Date, to: Date): Promise<string[]> {
  const existing = new Set(
    rowsOf(await db.execute(sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = 'telemetry'`)).map((r) => String(r.name)),
  );
  const created: string[] = [];
  for (let m = monthStart(from); m <= to; m = addMonths(m, 1)) {
    const name = partitionName(m);
    if (existing.has(name)) continue;
    const lo = m.toISOString();
    const hi = addMonths(m, 1).toISOString();
    const made = await db.transaction(async (tx) => {
      // Instances starting together: one creates the partition, the other finds it made.
      await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`);
      const [found] = rowsOf(await tx.execute(sql`select to_regclass(${name}) is not null as made`));
      if (found?.made === true) return false;
      await tx.execute(sql.raw(`create table "${name}" (like telemetry including defaults)`));
      await tx.execute(sql.raw(`with moved as (delete from telemetry_default where ts >= '${lo}' and ts < '${hi}' returning *) insert into "${name}" select * from moved`));
      await tx.execute(sql.raw(`alter table telemetry attach partition "${name}" for values from ('${lo}') to ('${hi}')`));
      return true;
    });
    if (made) created.push(name);
  }
  return created;
}

/**
 * The partitions the ingest needs: the kept history (back to `historyMs`, but never before
 * `keptFrom`, the retention's shared cut, so a dropped month is not made again) and two months ahead.
 */
export function ensureAhead(db: Db, now: Date, historyMs: number, keptFrom: Date | null = null) {
  const from = new Date(Math.max(now.getTime() - historyMs, keptFrom?.getTime() ?? -Infinity));
  return ensurePartitions(db, from, addMonths(now, 2));
}

/** How long after its month's end a partition is left to take late values before its index is packed. */
export const PACK_AFTER_MS = 2 * 86_400_000;
/** How often the cloud looks for a closed month to pack. */
export const PACK_EVERY_MS = 6 * 3600_000;

/**
 * Each closed month's index rebuilt with full pages, once (issue 41, bytes per value): while its month is
 * written every series grows at once, each new entry lands mid-index and pages split half and half (≈ 40–45
 * bytes a value); rebuilt full (`fillfactor` 100, as a closed month takes only late values) it is ≈ 28.
 * `REINDEX CONCURRENTLY` blocks neither the month's readers nor a late value; the index's `fillfactor=100`
 * marks it done. Scheduled on PostgreSQL only: on PGlite the rebuild would hold the one connection the ingest
 * and every request share (docs/domains/monitoring.md#storage). Answers the partitions packed.
 */
export async function packClosedPartitions(db: Db, now: Date): Promise<string[]> {
  const rows = rowsOf(
    await db.execute(sql`select c.relname as name, ic.relname as index, coalesce(array_to_string(ic.reloptions, ','), '') as options
      from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      join pg_index x on x.indrelid = c.oid join pg_class ic on ic.oid = x.indexrelid
      where p.relname = 'telemetry' order by 1, 2`),
  );
  const packed: string[] = [];
  for (const r of rows) {
    const month = monthOfPartition(String(r.name));
    if (!month || addMonths(month, 1).getTime() + PACK_AFTER_MS > now.getTime()) continue;
    if (String(r.options).split(",").includes("fillfactor=100")) continue;
    await db.execute(sql.raw(`alter index "${r.index}" set (fillfactor = 100)`));
    await db.execute(sql.raw(`reindex index concurrently "${r.index}"`));
    packed.push(String(r.name));
  }
  return packed;
}
