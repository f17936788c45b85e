import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { pgArray } from "../../ingest/pg-array";

export const HOUR_MS = 3600_000;
export const floorHour = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;
export const ceilHour = (ms: number) => Math.ceil(ms / HOUR_MS) * HOUR_MS;

/**
 * Adds the numeric values of `source` (any select of device_id, identifier, ts, num) to
 * `telemetry_hourly`, merging with the hours already there: counts and sums add up, extremes and
 * ends keep the winner's time. Extremes are `[value, ±epoch]` arrays so a tie keeps the earliest
 * time, as the raw chart does; `to_timestamp` rounds to the microsecond, so times come back exact.
 */
export function upsertHourly(source: SQL): SQL {
  return sql`insert into telemetry_hourly (device_id, identifier, hour, n, sum, min, min_ts, max, max_ts, first, first_ts, last, last_ts)
    select device_id, identifier, hour, n, sum, lo[1], to_timestamp(lo[2]), hi[1], to_timestamp(-hi[2]), fa[2], first_ts, la[2], last_ts
    from (
      select device_id, identifier, date_trunc('hour', ts, 'UTC') as hour, count(*)::int as n, sum(num) as sum,
        min(array[num, extract(epoch from ts)::float8]) as lo, max(array[num, -extract(epoch from ts)::float8]) as hi,
        min(array[extract(epoch from ts)::float8, num]) as fa, min(ts) as first_ts,
        max(array[extract(epoch from ts)::float8, num]) as la, max(ts) as last_ts
      from (${source}) s where num is not null
      group by 1, 2, 3
    ) a
    on conflict (device_id, identifier, hour) do update set
      n = telemetry_hourly.n + excluded.n,
      sum = telemetry_hourly.sum + excluded.sum,
      min = least(telemetry_hourly.min, excluded.min),
      min_ts = case when excluded.min < telemetry_hourly.min or (excluded.min = telemetry_hourly.min and excluded.min_ts < telemetry_hourly.min_ts) then excluded.min_ts else telemetry_hourly.min_ts end,
      max = greatest(telemetry_hourly.max, excluded.max),
      max_ts = case when excluded.max > telemetry_hourly.max or (excluded.max = telemetry_hourly.max and excluded.max_ts < telemetry_hourly.max_ts) then excluded.max_ts else telemetry_hourly.max_ts end,
      first = case when excluded.first_ts < telemetry_hourly.first_ts then excluded.first else telemetry_hourly.first end,
      first_ts = least(telemetry_hourly.first_ts, excluded.first_ts),
      last = case when excluded.last_ts >= telemetry_hourly.last_ts then excluded.last else telemetry_hourly.last end,
      last_ts = greatest(telemetry_hourly.last_ts, excluded.last_ts)`;
}

/**
 * Recomputes from `telemetry` the devices' hours touched by [from, to] (open ends: all of them),
 * after values were deleted or bulk-inserted behind the ingest writer's back.
 */
export async function rebuildHourly(db: Db, deviceIds: number[], from?: Date, to?: Date): Promise<void> {
  if (!deviceIds.length) return;
  const ids = pgArray([...new Set(deviceIds)]);
  const lo = from ? sql` and hour >= ${new Date(floorHour(from.getTime())).toISOString()}::timestamptz` : sql``;
  const hi = to ? sql` and hour < ${new Date(floorHour(to.getTime()) + HOUR_MS).toISOString()}::timestamptz` : sql``;
  const tlo = from ? sql` and ts >= ${new Date(floorHour(from.getTime())).toISOString()}::timestamptz` : sql``;
  const thi = to ? sql` and ts < ${new Date(floorHour(to.getTime()) + HOUR_MS).toISOString()}::timestamptz` : sql``;
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from telemetry_hourly where device_id = any(${ids}::int[])${lo}${hi}`);
    await tx.execute(upsertHourly(sql`select device_id, identifier, ts, num from telemetry where device_id = any(${ids}::int[])${tlo}${thi}`));
  });
}
