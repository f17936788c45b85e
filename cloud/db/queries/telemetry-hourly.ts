import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { pgArray } from "../../ingest/pg-array";
import { rawValues } from "./telemetry-raw";

export const HOUR_MS = 3600_000;
export const floorHour = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;
export const ceilHour = (ms: number) => Math.ceil(ms / HOUR_MS) * HOUR_MS;

export const TEN_MIN_MS = 600_000;
export const floorTenMin = (ms: number) => Math.floor(ms / TEN_MIN_MS) * TEN_MIN_MS;
export const ceilTenMin = (ms: number) => Math.ceil(ms / TEN_MIN_MS) * TEN_MIN_MS;

/** A roll-up tier's merge of a new bucket (`excluded`) into the stored one: counts and sums add up, extremes and ends keep the winner's time. */
const merge = (t: string) =>
  sql.raw(`n = ${t}.n + excluded.n,
      sum = ${t}.sum + excluded.sum,
      min = least(${t}.min, excluded.min),
      min_ts = case when excluded.min < ${t}.min or (excluded.min = ${t}.min and excluded.min_ts < ${t}.min_ts) then excluded.min_ts else ${t}.min_ts end,
      max = greatest(${t}.max, excluded.max),
      max_ts = case when excluded.max > ${t}.max or (excluded.max = ${t}.max and excluded.max_ts < ${t}.max_ts) then excluded.max_ts else ${t}.max_ts end,
      first = case when excluded.first_ts < ${t}.first_ts then excluded.first else ${t}.first end,
      first_ts = least(${t}.first_ts, excluded.first_ts),
      last = case when excluded.last_ts >= ${t}.last_ts then excluded.last else ${t}.last end,
      last_ts = greatest(${t}.last_ts, excluded.last_ts)`);

/**
 * The tail of a `with` statement that adds the numeric values of `source` (any select of
 * device_id, identifier, ts, num) to both roll-up tiers, merging with the buckets already there:
 * the values are grouped once into 10-minute buckets, which go to `telemetry_10min` and, grouped
 * again, to `telemetry_hourly` — one pass over the values for both. Extremes are `[value, ±epoch]`
 * arrays so a tie keeps the earliest time, as the raw chart does; `to_timestamp` rounds to the
 * microsecond, so times come back exact. Starts with a CTE: put it after `with` (or a CTE and a comma).
 */
export function upsertRollups(source: SQL): SQL {
  return sql`rollup_10min as (
      select device_id, identifier, date_bin('10 minutes', ts, '2000-01-01 00:00:00+00'::timestamptz) as at, count(*)::int as n, sum(num) as sum,
        min(array[num, extract(epoch from ts)::float8]) as lo, max(array[num, -extract(epoch from ts)::float8]) as hi,
        min(array[extract(epoch from ts)::float8, num]) as fa, min(ts) as first_ts,
        max(array[extract(epoch from ts)::float8, num]) as la, max(ts) as last_ts
      from (${source}) s where num is not null
      group by 1, 2, 3
    ), stored_10min as (
      insert into telemetry_10min (device_id, identifier, at, n, sum, min, min_ts, max, max_ts, first, first_ts, last, last_ts)
      select device_id, identifier, at, n, sum, lo[1], to_timestamp(lo[2]), hi[1], to_timestamp(-hi[2]), fa[2], first_ts, la[2], last_ts from rollup_10min
      on conflict (device_id, identifier, at) do update set ${merge("telemetry_10min")}
      returning 1
    )
    insert into telemetry_hourly (device_id, identifier, hour, n, sum, min, min_ts, max, max_ts, first, first_ts, last, last_ts)
    select device_id, identifier, hour, n, sum, lo[1], to_timestamp(lo[2]), hi[1], to_timestamp(-hi[2]), fa[2], first_ts, la[2], last_ts
    from (
      select device_id, identifier, date_trunc('hour', at, 'UTC') as hour, sum(n)::int as n, sum(sum) as sum, min(lo) as lo, max(hi) as hi,
        min(fa) as fa, min(first_ts) as first_ts, max(la) as la, max(last_ts) as last_ts
      from rollup_10min group by 1, 2, 3
    ) a
    on conflict (device_id, identifier, hour) do update set ${merge("telemetry_hourly")}`;
}

/**
 * Recomputes from `telemetry` both roll-up tiers of the devices' hours touched by [from, to] (open ends: all of them),
 * after values were deleted or bulk-inserted behind the ingest writer's back.
 */
export async function rebuildHourly(db: Db, deviceIds: number[], from?: Date, to?: Date): Promise<void> {
  if (!deviceIds.length) return;
  const ids = pgArray([...new Set(deviceIds)]);
  const lo = from ? sql` and hour >= ${new Date(floorHour(from.getTime())).toISOString()}::timestamptz` : sql``;
  const hi = to ? sql` and hour < ${new Date(floorHour(to.getTime()) + HOUR_MS).toISOString()}::timestamptz` : sql``;
  const lo10 = from ? sql` and at >= ${new Date(floorHour(from.getTime())).toISOString()}::timestamptz` : sql``;
  const hi10 = to ? sql` and at < ${new Date(floorHour(to.getTime()) + HOUR_MS).toISOString()}::timestamptz` : sql``;
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from telemetry_hourly where device_id = any(${ids}::int[])${lo}${hi}`);
    await tx.execute(sql`delete from telemetry_10min where device_id = any(${ids}::int[])${lo10}${hi10}`);
    const values = rawValues({ device: [...new Set(deviceIds)], ...(from ? { from: new Date(floorHour(from.getTime())) } : {}), ...(to ? { to: new Date(floorHour(to.getTime()) + HOUR_MS) } : {}) });
    await tx.execute(sql`with ${upsertRollups(sql`select t.device_id, p.identifier, t.ts, t.num from (${values}) t join telemetry_props p on p.id = t.prop_id`)}`);
  });
}
