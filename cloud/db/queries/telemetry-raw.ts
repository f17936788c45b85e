import { sql, type SQL } from "drizzle-orm";
import { pgArray } from "../../ingest/pg-array";

/**
 * Which raw values a reader wants: one device (an id or an expression of the statement, e.g. `l.device_id`) or
 * several, one property (its `identifier`, text or an expression such as `i.identifier`; or its `propId` as a
 * column of the statement) or all, and bounds on the time — `from` inclusive (`after`: exclusive),
 * `to` exclusive (`through`: inclusive). `numeric` keeps numbers only, `text` text only; `where` narrows by the
 * time further (`ts` is the value's instant). `order` with `limit` answers the first `limit` values in that order
 * (one series: one device and one property).
 */
/** An instant: ISO text, a date, or an expression of the statement (`v.ts`). */
type Instant = string | Date | SQL;

export type RawRange = {
  device: number | number[] | SQL;
  identifier?: string | SQL;
  propId?: SQL;
  from?: Instant;
  after?: boolean;
  to?: Instant;
  through?: boolean;
  numeric?: boolean;
  text?: boolean;
  where?: (ts: SQL) => SQL;
  order?: "asc" | "desc";
  limit?: number;
};

const at = (d: Instant) => (typeof d === "string" ? sql`${d}::timestamptz` : d instanceof Date ? sql`${d.toISOString()}::timestamptz` : d);

/**
 * The one way to read raw values (issue 41): a subquery of `(device_id, prop_id, ts, num, txt)` — the rows of
 * `telemetry` and the values of the packed hours of `telemetry_packed` (a closed month's numbers, one row per
 * series and hour), unpacked, so a packed hour and raw rows read the same and a late value beside a packed hour is
 * read with it. Each part keeps its index: the raw rows by `telemetry_device_prop_ts`, the packed hours by their
 * key, pruned to the hours that can hold the bounds. With `order` and `limit`, each part answers at most `limit`
 * values in order: the packed hours are taken while the values of the hours before them (their `n`, the arrays
 * left closed) are fewer than `limit`, so a page of a year reads a page's hours, not the year's.
 */
export function rawValues(r: RawRange): SQL {
  // A semi-join, not `= (select id …)`: a scalar subquery on a lateral column under `union all` is planned as an
  // init plan that PostgreSQL (17) does not run again for the next row of the lateral source (every identifier
  // after the first read the first one's values).
  const prop = (col: SQL) =>
    r.identifier !== undefined ? [sql`${col} in (select tp.id from telemetry_props tp where tp.identifier = ${r.identifier})`] : r.propId ? [sql`${col} = ${r.propId}`] : [];
  const device = (col: SQL) =>
    Array.isArray(r.device) ? sql`${col} = any(${pgArray(r.device)}::int[])` : sql`${col} = ${r.device}`;
  const bounds = (ts: SQL) => {
    const c: SQL[] = [];
    if (r.from !== undefined) c.push(sql`${ts} ${r.after ? sql`>` : sql`>=`} ${at(r.from)}`);
    if (r.to !== undefined) c.push(sql`${ts} ${r.through ? sql`<=` : sql`<`} ${at(r.to)}`);
    if (r.where) c.push(r.where(ts));
    return c;
  };
  const and = (c: SQL[]) => (c.length ? sql` and ${sql.join(c, sql` and `)}` : sql``);
  const ordered = r.order && r.limit !== undefined;
  const dir = r.order === "desc" ? sql`desc` : sql`asc`;
  const tail = ordered ? sql` order by ts ${dir} limit ${r.limit}` : sql``;

  const rawWhere = [device(sql`t.device_id`), ...prop(sql`t.prop_id`), ...bounds(sql`t.ts`)];
  if (r.numeric) rawWhere.push(sql`t.num is not null`);
  if (r.text) rawWhere.push(sql`t.txt is not null`);
  const raw = sql`select t.device_id, t.prop_id, t.ts, t.num, t.txt from telemetry t where ${sql.join(rawWhere, sql` and `)}${tail}`;
  // Packed hours hold numbers only.
  if (r.text) return ordered ? sql`select * from (${raw}) v` : raw;

  // The hours that can hold a value of the bounds: an hour starts at most an hour before its first value.
  const hours: SQL[] = [device(sql`p.device_id`), ...prop(sql`p.prop_id`)];
  if (r.from !== undefined) hours.push(sql`p.hour > ${at(r.from)} - interval '1 hour'`);
  if (r.to !== undefined) hours.push(sql`p.hour ${r.through ? sql`<=` : sql`<`} ${at(r.to)}`);
  let source = sql`select p.device_id, p.prop_id, p.hour, p.ms, p.nums from telemetry_packed p where ${sql.join(hours, sql` and `)}`;
  if (ordered && !r.where) {
    // The hours in order while the values before them, the first hour's aside (the bounds may cut it), are
    // fewer than `limit`: enough for `limit` values. A `where` may skip any of them: then every hour is read.
    source = sql`select device_id, prop_id, hour, ms, nums from (
        select p.*, coalesce(sum(p.n) over (order by p.hour ${dir} rows between unbounded preceding and 1 preceding), 0) - first_value(p.n) over (order by p.hour ${dir}) as before
        from telemetry_packed p where ${sql.join(hours, sql` and `)}
      ) p where p.before < ${r.limit}`;
  }
  const packed = sql`select p.device_id, p.prop_id, u.ts, u.num, null::text as txt from (${source}) p
    cross join lateral (select p.hour + v.ms * interval '1 millisecond' as ts, v.num from unnest(p.ms, p.nums) v(ms, num)) u
    where true${and(bounds(sql`u.ts`))}${tail}`;
  return ordered ? sql`select * from ((${raw}) union all (${packed})) v order by v.ts ${dir} limit ${r.limit}` : sql`${raw} union all ${packed}`;
}
