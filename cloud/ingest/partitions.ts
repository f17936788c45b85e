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
