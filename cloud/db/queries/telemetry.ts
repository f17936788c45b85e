import { sql, type SQL } from "drizzle-orm";
import { CHART_MAX_POINTS } from "@/lib/contract/monitoring/analysis";
import type { Db } from "../client";
import { pgArray } from "../../ingest/pg-array";
import { rowsOf } from "../../ingest/writer";
import { ceilHour, floorHour, HOUR_MS } from "./telemetry-hourly";

export const SERIES_AGGS = ["avg", "max", "min", "first", "last"] as const;
export type SeriesBucket = "raw" | "hour" | "day" | "month";
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
  /** Raw values before this are past the device's retention: never read (the roll-ups are). */
  rawFrom?: Date | null;
};
/** `[epochMs, value]`; a bucket's time is its start. */
type SeriesPoint = [number, number];
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

/** Postgres aggregates over the roll-up's parts (hours, plus raw values at the range's edges). */
const rolledUp: Record<SeriesAgg, SQL> = {
  avg: sql`sum(p.sum) / sum(p.n)`,
  max: sql`max(p.max)`,
  min: sql`min(p.min)`,
  first: sql`(array_agg(p.first order by p.first_ts))[1]`,
  last: sql`(array_agg(p.last order by p.last_ts desc))[1]`,
};

/**
 * Whether every hour of `zone` over [from, to] is a UTC hour, so the roll-up's hours fall wholly
 * into its hours, days and months. Offsets are sampled every 15 days and at both ends: zones move
 * their offset at most twice a year. An unknown zone says no, and the raw query reports it.
 */
function wholeHourZone(zone: string, from: Date, to: Date): boolean {
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
  } catch {
    return false;
  }
  const whole = (ms: number) => !/:(?!00)\d\d/.test(fmt.formatToParts(ms).find((p) => p.type === "timeZoneName")?.value ?? "");
  for (let t = from.getTime(); t < to.getTime(); t += 15 * 86_400_000) if (!whole(t)) return false;
  return whole(to.getTime());
}

/**
 * The parts of [from, to) for the roll-ups: whole hours `[lo, hi)` from `telemetry_hourly` and the
 * days the retention job folded out of it (`telemetry_daily`, read as hours: each value is in one of
 * the two), the edges `[from, lo)` and `[hi, to)` from raw values — each part its own index range
 * scan. Raw values before `rawFrom` (past the retention) are never read. `hourly` and `raw`
 * select the columns a part needs from `h` and `t`.
 */
function parts(deviceId: number, from: string, lo: string, hi: string, to: string, hourly: SQL, raw: SQL, rawFrom: Date | null): SQL {
  const edge = (a: string, b: string) => {
    const start = rawFrom && rawFrom.toISOString() > a ? rawFrom.toISOString() : a;
    return start < b
      ? sql` union all select ${raw} from telemetry t
    where t.device_id = ${deviceId} and t.identifier = i.identifier and t.ts >= ${start}::timestamptz and t.ts < ${b}::timestamptz and t.num is not null`
      : sql``;
  };
  const span = sql`h.device_id = ${deviceId} and h.identifier = i.identifier and h.hour >= ${lo}::timestamptz and h.hour < ${hi}::timestamptz`;
  return sql`select ${hourly} from telemetry_hourly h where ${span}
    union all select ${hourly} from (select device_id, identifier, day as hour, n, sum, min, min_ts, max, max_ts, first, first_ts, last, last_ts from telemetry_daily) h where ${span}${edge(from, lo)}${edge(hi, to)}`;
}

/**
 * Numeric history of one device's properties over [from, to): raw values or one value per
 * hour / day / month. Buckets read the hourly roll-up for the whole hours of the range (a year is
 * 8,760 rows per property) and raw values only at its edges; raw series, and zones whose hours are
 * not UTC hours, read `telemetry_device_prop_ts` by a range scan per identifier (a lateral join),
 * the partitions outside the range pruned by the `ts` bounds. Identifiers without values come back
 * with no points, in the order asked.
 */
export async function telemetrySeries(db: Db, q: SeriesQuery): Promise<Series[]> {
  const identifiers = [...new Set(q.identifiers)];
  if (!identifiers.length || !(q.from < q.to)) return identifiers.map((identifier) => ({ identifier, points: [] }));
  const ids = pgArray(identifiers);
  const limit = q.limit && q.limit > 0 ? sql`limit ${Math.floor(q.limit)}` : sql``;
  const from = q.from.toISOString();
  const to = q.to.toISOString();
  const rawFrom = q.rawFrom && q.rawFrom > q.from ? q.rawFrom.toISOString() : from;
  const range = sql`t.device_id = ${q.deviceId} and t.identifier = i.identifier and t.ts >= ${rawFrom}::timestamptz and t.ts < ${to}::timestamptz and t.num is not null`;
  const zone = q.timeZone ?? PLATFORM_ZONE;
  const lo = ceilHour(q.from.getTime());
  const hi = floorHour(q.to.getTime());
  let inner: SQL;
  if (q.bucket === "raw") {
    inner = sql`select t.ts as at, t.num as value from telemetry t where ${range} order by t.ts ${limit}`;
  } else if (lo < hi && wholeHourZone(zone, q.from, q.to)) {
    const p = parts(
      q.deviceId, from, new Date(lo).toISOString(), new Date(hi).toISOString(), to,
      sql`h.hour as at, h.n, h.sum, h.min, h.max, h.first, h.first_ts, h.last, h.last_ts`,
      sql`t.ts, 1, t.num, t.num, t.num, t.num, t.ts, t.num, t.ts`,
      q.rawFrom ?? null,
    );
    inner = sql`select date_trunc(${q.bucket}, p.at, ${zone}) as at, ${rolledUp[q.agg]} as value from (${p}) p group by 1 order by 1 ${limit}`;
  } else {
    inner = sql`select date_trunc(${q.bucket}, t.ts, ${zone}) as at, ${aggregate[q.agg]} as value from telemetry t where ${range} group by 1 order by 1 ${limit}`;
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


/**
 * A chart's raw series that stays small over any range: the raw values when there are at most
 * `maxPoints`, otherwise the range cut into at most `maxPoints / 2` equal buckets (`date_bin`; of
 * whole hours, read from the hourly roll-up, once a bucket spans an hour) and each bucket's lowest
 * and highest value at their own times — so every spike survives at full-year
 * zoom, where an average would flatten it. `sampled` says which.
 */
export async function telemetryChart(db: Db, q: Omit<SeriesQuery, "bucket" | "agg" | "limit" | "timeZone"> & { maxPoints?: number }): Promise<(Series & { sampled: boolean })[]> {
  const max = Math.max(4, q.maxPoints ?? CHART_MAX_POINTS);
  const identifiers = [...new Set(q.identifiers)];
  if (!identifiers.length || !(q.from < q.to)) return identifiers.map((identifier) => ({ identifier, points: [], sampled: false }));
  // Part of the range is past the retention: the roll-ups draw it (buckets of whole hours at least).
  const rawFrom = q.rawFrom && q.rawFrom > q.from ? q.rawFrom : null;
  const from = q.from.toISOString();
  const to = q.to.toISOString();
  const halves = Math.floor(max / 2);
  let stepMs = Math.ceil((q.to.getTime() - q.from.getTime()) / halves);
  // One pass per series: each bucket's count, and its lowest and highest value with their times —
  // `min` / `max` over [value, epoch] arrays, so no bucket is sorted (ties: the earliest time).
  let source: SQL;
  let origin = from;
  const lo = ceilHour(q.from.getTime());
  const hi = floorHour(q.to.getTime());
  if ((stepMs >= HOUR_MS || rawFrom) && lo < hi) {
    // Long ranges: buckets of whole hours from a whole hour, so each hour of the roll-up falls into
    // one bucket and its extremes are the bucket's own — the same points, read from 1/60 of the rows
    // of a 1-minute sensor.
    origin = new Date(floorHour(q.from.getTime())).toISOString();
    stepMs = ceilHour((q.to.getTime() - floorHour(q.from.getTime())) / halves);
    const bin = (at: SQL) => sql`date_bin(${stepMs} * interval '1 millisecond', ${at}, ${origin}::timestamptz)`;
    source = sql`select p.b, sum(p.n)::int as n, min(p.lo) as lo, max(p.hi) as hi from (${parts(
      q.deviceId, from, new Date(lo).toISOString(), new Date(hi).toISOString(), to,
      sql`${bin(sql`h.hour`)} as b, h.n, array[h.min, extract(epoch from h.min_ts)::float8] as lo, array[h.max, -extract(epoch from h.max_ts)::float8] as hi`,
      sql`${bin(sql`t.ts`)}, 1, array[t.num, extract(epoch from t.ts)::float8], array[t.num, -extract(epoch from t.ts)::float8]`,
      rawFrom,
    )}) p group by 1`;
  } else {
    source = sql`select date_bin(${stepMs} * interval '1 millisecond', t.ts, ${origin}::timestamptz) as b, count(*)::int as n,
          min(array[t.num, extract(epoch from t.ts)::float8]) as lo, max(array[t.num, -extract(epoch from t.ts)::float8]) as hi
        from telemetry t
        where t.device_id = ${q.deviceId} and t.identifier = i.identifier and t.ts >= ${(rawFrom ?? q.from).toISOString()}::timestamptz and t.ts < ${to}::timestamptz and t.num is not null
        group by 1`;
  }
  const rows = rowsOf(
    await db.execute(sql`select i.identifier, s.n, s.lo[1] as lo, s.lo[2] * 1000 as tlo, s.hi[1] as hi, -s.hi[2] * 1000 as thi
      from unnest(${pgArray(identifiers)}::text[]) with ordinality as i(identifier, k)
      cross join lateral (${source}) s
      order by i.k, s.b`),
  );
  const buckets = new Map<string, { lo: SeriesPoint; hi: SeriesPoint }[]>(identifiers.map((id) => [id, []]));
  const counts = new Map<string, number>();
  for (const r of rows) {
    const id = String(r.identifier);
    counts.set(id, (counts.get(id) ?? 0) + Number(r.n));
    buckets.get(id)!.push({ lo: [Math.round(Number(r.tlo)), Number(r.lo)], hi: [Math.round(Number(r.thi)), Number(r.hi)] });
  }
  // Few values: the raw series itself. None: nothing to read — and not asked, as the planner may
  // scan whole partitions for a property it cannot tell apart (a year of another property beside it).
  const small = rawFrom ? [] : identifiers.filter((id) => (counts.get(id) ?? 0) > 0 && (counts.get(id) ?? 0) <= max);
  const raw = small.length ? await telemetrySeries(db, { ...q, identifiers: small, bucket: "raw", agg: "avg" }) : [];
  return identifiers.map((identifier) => {
    if (!counts.get(identifier)) return { identifier, points: [], sampled: false };
    const plain = raw.find((s) => s.identifier === identifier);
    if (plain) return { ...plain, sampled: false };
    const points: SeriesPoint[] = [];
    for (const { lo, hi } of buckets.get(identifier)!) {
      if (lo[0] === hi[0]) points.push(lo);
      else points.push(...(lo[0] < hi[0] ? [lo, hi] : [hi, lo]));
    }
    return { identifier, points, sampled: true };
  });
}
