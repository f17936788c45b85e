import { sql, type SQL } from "drizzle-orm";
import { CHART_MAX_POINTS } from "@/lib/contract/monitoring/analysis";
import type { Db } from "../client";
import { pgArray } from "../../ingest/pg-array";
import { rowsOf } from "../../ingest/writer";
import { ceilHour, ceilTenMin, floorHour, floorTenMin, HOUR_MS, TEN_MIN_MS } from "./telemetry-hourly";
import { rawValues } from "./telemetry-raw";

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
 * Whether every `unitMs` bucket of `zone` over [from, to] (hour, 10 minutes) is a UTC one, so a
 * roll-up tier's buckets fall wholly into its hours, days and months. Offsets are sampled every 15
 * days and at both ends: zones move their offset at most twice a year. An unknown zone says no,
 * and the raw query reports it.
 */
function wholeZone(zone: string, from: Date, to: Date, unitMs: number): boolean {
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
  } catch {
    return false;
  }
  const unitMin = unitMs / 60_000;
  const whole = (ms: number) => {
    const m = /:(\d\d)/.exec(fmt.formatToParts(ms).find((p) => p.type === "timeZoneName")?.value ?? "");
    return !m || Number(m[1]) % unitMin === 0;
  };
  for (let t = from.getTime(); t < to.getTime(); t += 15 * 86_400_000) if (!whole(t)) return false;
  return whole(to.getTime());
}

/** A roll-up tier: its bucket length and its tables, each read as `h` with the bucket's start as `hour`. */
type Tier = { unitMs: number; tables: SQL[] };
const ROLLUP_COLUMNS = sql.raw("n, sum, min, min_ts, max, max_ts, first, first_ts, last, last_ts");
/** Hours, and the days the retention job folded out of them (each value is in one of the two). */
const HOURS: Tier = {
  unitMs: HOUR_MS,
  tables: [sql`telemetry_hourly`, sql`(select device_id, identifier, day as hour, ${ROLLUP_COLUMNS} from telemetry_daily)`],
};
const TEN_MINUTES: Tier = { unitMs: TEN_MIN_MS, tables: [sql`(select device_id, identifier, at as hour, ${ROLLUP_COLUMNS} from telemetry_10min)`] };

/** Most raw values one statement reads: PGlite serves every request and the ingest on one connection, so a long read would hold them all. */
export const RAW_ROWS = 20_000;

/**
 * The rows of `query` (read as `x`) in `order`, each as the array of `columns`, handed over as one
 * JSON text: PGlite takes 2.5× as long to hand a page of 20,000 rows over one value per field, and
 * holds its one connection meanwhile (bench/README.md, "Monitoring chart").
 */
async function tuples(db: Db, columns: SQL, query: SQL, order: SQL): Promise<unknown[][]> {
  const [answer] = rowsOf(await db.execute(sql`select coalesce(json_agg(json_build_array(${columns}) order by ${order}), '[]')::text as rows from (${query}) x`));
  return JSON.parse(String(answer.rows)) as unknown[][];
}

/**
 * The parts of [from, to) for a roll-up tier: whole buckets `[lo, hi)` from the tier's tables, the
 * edges `[from, lo)` and `[hi, to)` from raw values — each part its own index range scan. Raw
 * values before `rawFrom` (past the retention) are never read. `rolled` and `raw` select the
 * columns a part needs from `h` and `t`.
 */
function parts(tier: Tier, deviceId: number, from: string, lo: string, hi: string, to: string, rolled: SQL, raw: SQL, rawFrom: Date | null): SQL {
  const edge = (a: string, b: string) => {
    const start = rawFrom && rawFrom.toISOString() > a ? rawFrom.toISOString() : a;
    return start < b
      ? sql` union all select ${raw} from (${rawValues({ device: deviceId, identifier: sql`i.identifier`, from: start, to: b, numeric: true })}) t`
      : sql``;
  };
  const span = sql`h.device_id = ${deviceId} and h.identifier = i.identifier and h.hour >= ${lo}::timestamptz and h.hour < ${hi}::timestamptz`;
  return sql`${sql.join(
    tier.tables.map((table) => sql`select ${rolled} from ${table} h where ${span}`),
    sql` union all `,
  )}${edge(from, lo)}${edge(hi, to)}`;
}

/** A raw value as the pages read it: its instant as the database prints it (the next page's cursor), in epoch ms, and the number. */
export type RawRow = { at: string; ms: number; value: number };

/**
 * One property's raw values over [from, to), oldest first, in pages of at most `RAW_ROWS` rows,
 * each starting where the last ended (at its last instant, whose values it leaves to the next
 * one), so no read holds the connection longer than one page. `where` narrows the values (a daily
 * window); `limit` stops after that many.
 */
export async function* rawPages(db: Db, deviceId: number, identifier: string, from: string, to: string, opts: { limit?: number; where?: (ts: SQL) => SQL } = {}): AsyncGenerator<RawRow[]> {
  const limit = opts.limit ?? Infinity;
  let read = 0;
  let cursor = from;
  let after = false;
  while (read < limit) {
    const want = Math.min(RAW_ROWS, limit - read);
    const rows = await tuples(
      db,
      sql`x.at, x.ms, x.value`,
      sql`select t.ts, t.ts::text as at, (extract(epoch from t.ts) * 1000)::float8 as ms, t.num::float8 as value
        from (${rawValues({ device: deviceId, identifier, from: cursor, after, to, numeric: true, where: opts.where, order: "asc", limit: want })}) t`,
      sql`x.ts`,
    );
    const page: RawRow[] = rows.map(([at, ms, value]) => ({ at: String(at), ms: Number(ms), value: Number(value) }));
    if (page.length < want || read + page.length >= limit) {
      if (page.length) yield page;
      return;
    }
    const last = page[page.length - 1].at;
    const whole = page.filter((r) => r.at !== last);
    // A page of one instant (RAW_ROWS values at one time): taken whole, the next starts after it.
    const taken = whole.length ? whole : page;
    read += taken.length;
    yield taken;
    cursor = last;
    after = !whole.length;
  }
}

/** One property's raw values over [from, to), oldest first, at most `limit` (`rawPages` gathered). */
async function rawPoints(db: Db, deviceId: number, identifier: string, from: string, to: string, limit: number): Promise<SeriesPoint[]> {
  const points: SeriesPoint[] = [];
  for await (const page of rawPages(db, deviceId, identifier, from, to, { limit })) for (const r of page) points.push([r.ms, r.value]);
  return points;
}

/**
 * Numeric history of one device's properties over [from, to): raw values or one value per
 * hour / day / month. Buckets read the coarsest roll-up tier whose buckets are whole hours of the
 * zone (hours, a year being 8,760 rows per property; 10 minutes in zones half an hour off UTC) and
 * raw values only at the range's edges; raw series read `telemetry_device_prop_ts` by a range scan
 * per identifier in pages of `RAW_ROWS` (`rawPoints`), and zones no tier fits group raw values,
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
  const zone = q.timeZone ?? PLATFORM_ZONE;
  const lo = ceilHour(q.from.getTime());
  const hi = floorHour(q.to.getTime());
  let inner: SQL;
  if (q.bucket === "raw") {
    const cap = q.limit && q.limit > 0 ? Math.floor(q.limit) : Infinity;
    const out: Series[] = [];
    for (const identifier of identifiers) out.push({ identifier, points: await rawPoints(db, q.deviceId, identifier, rawFrom, to, cap) });
    return out;
  }
  // The coarsest tier whose buckets fall wholly into the zone's hours (hours; else 10 minutes, as
  // in zones half an hour off UTC); raw values only where neither does.
  const lo10 = ceilTenMin(q.from.getTime());
  const hi10 = floorTenMin(q.to.getTime());
  const tier = lo < hi && wholeZone(zone, q.from, q.to, HOUR_MS) ? { t: HOURS, lo, hi } : lo10 < hi10 && wholeZone(zone, q.from, q.to, TEN_MIN_MS) ? { t: TEN_MINUTES, lo: lo10, hi: hi10 } : null;
  if (tier) {
    const p = parts(
      tier.t, q.deviceId, from, new Date(tier.lo).toISOString(), new Date(tier.hi).toISOString(), to,
      sql`h.hour as at, h.n, h.sum, h.min, h.max, h.first, h.first_ts, h.last, h.last_ts`,
      sql`t.ts, 1, t.num, t.num, t.num, t.num, t.ts, t.num, t.ts`,
      q.rawFrom ?? null,
    );
    inner = sql`select date_trunc(${q.bucket}, p.at, ${zone}) as at, ${rolledUp[q.agg]} as value from (${p}) p group by 1 order by 1 ${limit}`;
  } else {
    const values = rawValues({ device: q.deviceId, identifier: sql`i.identifier`, from: rawFrom, to, numeric: true });
    inner = sql`select date_trunc(${q.bucket}, t.ts, ${zone}) as at, ${aggregate[q.agg]} as value from (${values}) t group by 1 order by 1 ${limit}`;
  }
  const rows = await tuples(
    db,
    sql`x.k, x.ms, x.value`,
    sql`select i.n as k, s.at, (extract(epoch from s.at) * 1000)::float8 as ms, s.value::float8 as value
      from unnest(${ids}::text[]) with ordinality as i(identifier, n)
      cross join lateral (${inner}) s`,
    sql`x.k, x.at`,
  );
  const points = identifiers.map((): SeriesPoint[] => []);
  for (const [k, ms, value] of rows) points[Number(k) - 1].push([Number(ms), Number(value)]);
  return identifiers.map((identifier, i) => ({ identifier, points: points[i] }));
}


/** A chart bucket: its start, count, and lowest and highest value at their times. */
type Bucket = { b: number; n: number; lo: SeriesPoint; hi: SeriesPoint };

/** The lower of two extremes (the earlier time on a tie) — `higher` for the highest. */
const lower = (a: SeriesPoint, b: SeriesPoint) => (b[1] < a[1] || (b[1] === a[1] && b[0] < a[0]) ? b : a);
const higher = (a: SeriesPoint, b: SeriesPoint) => (b[1] > a[1] || (b[1] === a[1] && b[0] < a[0]) ? b : a);

/**
 * Raw values of [from, to) cut into windows of at most `RAW_ROWS` values together for the
 * identifiers, counted from the 10-minute roll-up (a window ends at a 10-minute boundary).
 */
async function rawWindows(db: Db, deviceId: number, identifiers: string[], from: Date, to: Date): Promise<[Date, Date][]> {
  const rows = rowsOf(
    await db.execute(sql`select (extract(epoch from at) * 1000)::float8 as ms, sum(n)::int as n from telemetry_10min
      where device_id = ${deviceId} and identifier = any(${pgArray(identifiers)}::varchar[]) and at >= ${new Date(floorTenMin(from.getTime())).toISOString()}::timestamptz and at < ${to.toISOString()}::timestamptz
      group by 1 order by 1`),
  );
  const windows: [Date, Date][] = [];
  let start = from;
  let count = 0;
  for (const r of rows) {
    const at = new Date(Number(r.ms));
    if (count && count + Number(r.n) > RAW_ROWS && at > start) {
      windows.push([start, at]);
      start = at;
      count = 0;
    }
    count += Number(r.n);
  }
  windows.push([start, to]);
  return windows;
}

/**
 * A chart's raw series that stays small over any range: the raw values when there are at most
 * `maxPoints`, otherwise the range cut into at most `maxPoints / 2` equal buckets (`date_bin`) and
 * each bucket's lowest and highest value at their own times — so every spike survives at full-year
 * zoom, where an average would flatten it. `sampled` says which. The buckets are read from the
 * coarsest tier they hold whole buckets of: hours (and days) from a bucket of an hour, 10 minutes
 * from one of 10 minutes (a month: 4,320 rows per property of a 10-s sensor instead of 259,200),
 * raw values below that — in windows of at most `RAW_ROWS` values, one statement each.
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
  const span = q.to.getTime() - q.from.getTime();
  const step = Math.ceil(span / halves);
  const tier = step >= HOUR_MS || rawFrom ? HOURS : step >= TEN_MIN_MS ? TEN_MINUTES : null;
  const lo = tier ? Math.ceil(q.from.getTime() / tier.unitMs) * tier.unitMs : 0;
  const hi = tier ? Math.floor(q.to.getTime() / tier.unitMs) * tier.unitMs : 0;
  // `[k, b, n, lo, tlo, hi, thi]` buckets of one statement (k: the identifier's place, from 1), each identifier's in time order.
  const statements: SQL[] = [];
  const select = (source: SQL) =>
    sql`select i.k, s.b as at, (extract(epoch from s.b) * 1000)::float8 as b, s.n, s.lo[1] as lo, s.lo[2] * 1000 as tlo, s.hi[1] as hi, -s.hi[2] * 1000 as thi
      from unnest(${pgArray(identifiers)}::text[]) with ordinality as i(identifier, k)
      cross join lateral (${source}) s`;
  if (tier && lo < hi) {
    // Buckets of whole tier buckets from a whole one, so each roll-up row falls into one chart
    // bucket and its extremes are the bucket's own: the same points as from the raw values.
    const origin = new Date(Math.floor(q.from.getTime() / tier.unitMs) * tier.unitMs).toISOString();
    const stepMs = Math.ceil((q.to.getTime() - Date.parse(origin)) / halves / tier.unitMs) * tier.unitMs;
    const bin = (at: SQL) => sql`date_bin(${stepMs} * interval '1 millisecond', ${at}, ${origin}::timestamptz)`;
    statements.push(
      select(sql`select p.b, sum(p.n)::int as n, min(p.lo) as lo, max(p.hi) as hi from (${parts(
        tier, q.deviceId, from, new Date(lo).toISOString(), new Date(hi).toISOString(), to,
        sql`${bin(sql`h.hour`)} as b, h.n, array[h.min, extract(epoch from h.min_ts)::float8] as lo, array[h.max, -extract(epoch from h.max_ts)::float8] as hi`,
        sql`${bin(sql`t.ts`)}, 1, array[t.num, extract(epoch from t.ts)::float8], array[t.num, -extract(epoch from t.ts)::float8]`,
        rawFrom,
      )}) p group by 1`),
    );
  } else {
    // One pass per window: each bucket's count, and its lowest and highest value with their times —
    // `min` / `max` over [value, epoch] arrays, so no bucket is sorted (ties: the earliest time).
    for (const [a, b] of await rawWindows(db, q.deviceId, identifiers, rawFrom ?? q.from, q.to)) {
      statements.push(
        select(sql`select date_bin(${step} * interval '1 millisecond', t.ts, ${from}::timestamptz) as b, count(*)::int as n,
            min(array[t.num, extract(epoch from t.ts)::float8]) as lo, max(array[t.num, -extract(epoch from t.ts)::float8]) as hi
          from (${rawValues({ device: q.deviceId, identifier: sql`i.identifier`, from: a, to: b, numeric: true })}) t
          group by 1`),
      );
    }
  }
  // A bucket a window boundary cut in two comes back twice: its halves are merged.
  const buckets = new Map<string, Map<number, Bucket>>(identifiers.map((id) => [id, new Map()]));
  const counts = new Map<string, number>();
  for (const statement of statements) {
    for (const [k, b, n, lo, tlo, hi, thi] of (await tuples(db, sql`x.k, x.b, x.n, x.lo, x.tlo, x.hi, x.thi`, statement, sql`x.k, x.at`)) as number[][]) {
      const id = identifiers[k - 1];
      counts.set(id, (counts.get(id) ?? 0) + n);
      const bucket: Bucket = { b, n, lo: [Math.round(tlo), Number(lo)], hi: [Math.round(thi), Number(hi)] };
      const byB = buckets.get(id)!;
      const had = byB.get(bucket.b);
      byB.set(bucket.b, had ? { b: had.b, n: had.n + n, lo: lower(had.lo, bucket.lo), hi: higher(had.hi, bucket.hi) } : bucket);
    }
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
    for (const { lo, hi } of [...buckets.get(identifier)!.values()].sort((x, y) => x.b - y.b)) {
      if (lo[0] === hi[0]) points.push(lo);
      else points.push(...(lo[0] < hi[0] ? [lo, hi] : [hi, lo]));
    }
    return { identifier, points, sampled: true };
  });
}
