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

/** How long after its month's end a partition is left to take late values before it is packed. */
export const PACK_AFTER_MS = 2 * 86_400_000;
/** How often the cloud looks for a closed month to pack (and late values to add to packed hours). */
export const PACK_EVERY_MS = 6 * 3600_000;
const DAY_MS = 86_400_000;

/** The `telemetry_packed` partition of a month. */
export const packedPartitionOf = (month: Date) => partitionName(month).replace(/^telemetry_/, "telemetry_packed_");

/**
 * The devices with rows in a partition, by a loose scan of its index (one probe per device, not a pass over the
 * rows), each with the UTC days its rows span.
 */
async function devicesIn(db: Db, table: string): Promise<{ id: number; from: number; to: number }[]> {
  const rows = rowsOf(
    await db.execute(sql.raw(`with recursive d as (
        select min(device_id) as id from "${table}"
        union all select (select min(device_id) from "${table}" where device_id > d.id) from d where d.id is not null
      ) select d.id, (extract(epoch from s.lo) * 1000)::float8 as lo, (extract(epoch from s.hi) * 1000)::float8 as hi
      from d cross join lateral (select min(ts) as lo, max(ts) as hi from "${table}" t where t.device_id = d.id) s where d.id is not null`)),
  );
  return rows.map((r) => ({ id: Number(r.id), from: Math.floor(Number(r.lo) / DAY_MS) * DAY_MS, to: Number(r.hi) }));
}

/**
 * Moves one device's numbers of [lo, hi) from the raw partition `table` into its month's packed hours
 * (`telemetry_packed`, one row per series and UTC hour), merging with an hour packed before (a late value):
 * one statement, so a value is in exactly one of the two. Text values, and instants finer than a millisecond
 * (the packed offsets are milliseconds), stay raw rows. Answers the values moved.
 */
async function packSpan(db: Db, table: string, deviceId: number, lo: Date, hi: Date): Promise<number> {
  const [r] = rowsOf(
    await db.execute(sql`with moved as (
        delete from ${sql.raw(`"${table}"`)} t
        where t.device_id = ${deviceId} and t.ts >= ${lo.toISOString()}::timestamptz and t.ts < ${hi.toISOString()}::timestamptz
          and t.num is not null and t.txt is null and date_trunc('milliseconds', t.ts) = t.ts
        returning t.device_id, t.prop_id, t.ts, t.num
      ), hours as (
        select device_id, prop_id, date_trunc('hour', ts, 'UTC') as hour, count(*)::int as n,
          array_agg((extract(epoch from ts - date_trunc('hour', ts, 'UTC')) * 1000)::int order by ts) as ms, array_agg(num order by ts) as nums
        from moved group by 1, 2, 3
      ), stored as (
        insert into telemetry_packed (hour, device_id, prop_id, n, ms, nums) select hour, device_id, prop_id, n, ms, nums from hours
        on conflict (device_id, prop_id, hour) do update set (n, ms, nums) = (
          select count(*)::int, array_agg(u.ms order by u.ms, u.k), array_agg(u.num order by u.ms, u.k)
          from unnest(telemetry_packed.ms || excluded.ms, telemetry_packed.nums || excluded.nums) with ordinality u(ms, num, k))
        returning 1
      )
      select (select count(*) from moved)::int as n, (select count(*) from stored)::int as hours`),
  );
  return Number(r?.n ?? 0);
}

/**
 * Packs each closed month (issue 41, bytes per value): once its month has been closed `PACK_AFTER_MS`, a
 * partition's numbers move into `telemetry_packed`, one row per series and hour (≈ 12 bytes a value where a raw
 * row and its index entry take ≈ 80), a device and a day per statement — so neither database's connection is
 * held longer than a day of one device takes (PGlite's one connection serves the ingest and every request:
 * the job runs there too, as its disk holds the same year). The emptied partition is vacuumed (its pages given
 * back) and its index rebuilt concurrently (`fillfactor` 100), which marks the month packed. Each
 * run packs the values that arrived late into a packed month since the last: until then readers see them as raw
 * rows beside the packed hours (`rawValues`). Answers the partitions that changed.
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
    const name = String(r.name);
    const month = monthOfPartition(name);
    if (!month || addMonths(month, 1).getTime() + PACK_AFTER_MS > now.getTime()) continue;
    const end = addMonths(month, 1);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`);
      await tx.execute(sql.raw(`create table if not exists "${packedPartitionOf(month)}" partition of telemetry_packed for values from ('${month.toISOString()}') to ('${end.toISOString()}')`));
    });
    let moved = 0;
    for (const device of await devicesIn(db, name))
      for (let d = device.from; d <= device.to; d += DAY_MS) moved += await packSpan(db, name, device.id, new Date(d), new Date(d + DAY_MS));
    const done = String(r.options).split(",").includes("fillfactor=100");
    if (!moved && done) continue;
    if (moved) await db.execute(sql.raw(`vacuum analyze "${name}", "${packedPartitionOf(month)}"`));
    await db.execute(sql.raw(`alter index "${r.index}" set (fillfactor = 100)`));
    await db.execute(sql.raw(`reindex index concurrently "${r.index}"`));
    packed.push(name);
  }
  return packed;
}
