import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { pgArray } from "../../ingest/pg-array";
import { rowsOf } from "../../ingest/writer";

export const SERIES_BUCKETS = ["raw", "hour", "day", "month"] as const;
export const SERIES_AGGS = ["avg", "max", "min", "first", "last"] as const;
export type SeriesBucket = (typeof SERIES_BUCKETS)[number];
export type SeriesAgg = (typeof SERIES_AGGS)[number];

export type SeriesQuery = {
  deviceId: number;
  identifiers: string[];
  /** Inclusive start. */
  from: Date;
  /** Exclusive end. */
  to: Date;
  bucket: SeriesBucket;
  /** How a bucket's values become one (ignored for raw). */
  agg: SeriesAgg;
  /** At most this many points per identifier, the oldest first. */
  limit?: number;
  /** Zone whose hours / days / months the buckets follow: the platform's (UTC+8) unless told. */
  timeZone?: string;
};
/** `[epochMs, value]`; a bucket's time is its start. */
export type SeriesPoint = [number, number];
export type Series = { identifier: string; points: SeriesPoint[] };

const PLATFORM_ZONE = "Asia/Shanghai";

const aggregate: Record<SeriesAgg, SQL> = {
  avg: sql`avg(t.num)`,
  max: sql`max(t.num)`,
  min: sql`min(t.num)`,
  // PostgreSQL has no first/last aggregate: the ordered array's ends do it in one pass.
  first: sql`(array_agg(t.num order by t.ts))[1]`,
  last: sql`(array_agg(t.num order by t.ts desc))[1]`,
};

/**
 * Numeric history of one device's properties over [from, to): raw values or one value per
 * hour / day / month. Every identifier is read by its own range scan of
 * `telemetry_device_prop_ts` (a lateral join per identifier), and the partitions outside the range
 * are pruned by the `ts` bounds, so a year costs what its rows cost and no more. Identifiers
 * without values come back with no points, in the order asked.
 */
export async function telemetrySeries(db: Db, q: SeriesQuery): Promise<Series[]> {
  const identifiers = [...new Set(q.identifiers)];
  if (!identifiers.length || !(q.from < q.to)) return identifiers.map((identifier) => ({ identifier, points: [] }));
  const ids = pgArray(identifiers);
  const limit = q.limit && q.limit > 0 ? sql`limit ${Math.floor(q.limit)}` : sql``;
  const range = sql`t.device_id = ${q.deviceId} and t.identifier = i.identifier and t.ts >= ${q.from.toISOString()}::timestamptz and t.ts < ${q.to.toISOString()}::timestamptz and t.num is not null`;
  let inner: SQL;
  if (q.bucket === "raw") {
    inner = sql`select t.ts as at, t.num as value from telemetry t where ${range} order by t.ts ${limit}`;
  } else {
    const zone = q.timeZone ?? PLATFORM_ZONE;
    const start = sql`date_trunc(${q.bucket}, t.ts, ${zone})`;
    inner = sql`select ${start} as at, ${aggregate[q.agg]} as value from telemetry t where ${range} group by 1 order by 1 ${limit}`;
  }
  const rows = rowsOf(
    await db.execute(sql`select i.identifier, (extract(epoch from s.at) * 1000)::float8 as ms, s.value::float8 as value
      from unnest(${ids}::text[]) with ordinality as i(identifier, n)
      cross join lateral (${inner}) s
      order by i.n, s.at`),
  );
  const byId = new Map<string, SeriesPoint[]>(identifiers.map((id) => [id, []]));
  for (const r of rows) byId.get(String(r.identifier))!.push([Number(r.ms), Number(r.value)]);
  return identifiers.map((identifier) => ({ identifier, points: byId.get(identifier)! }));
}
