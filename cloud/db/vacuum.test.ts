import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Db, DbHandle } from "./client";
import { tenants } from "./schema";
import { openTestDb, SETUP_MS } from "../testing";
import { addDevices, addSensorProduct } from "../ingest/fixtures";
import { ensurePartitions } from "../ingest/partitions";
import { BatchWriter, rowsOf, type Message, type WriterOptions } from "../ingest/writer";
import { propId } from "./queries/telemetry-props";
import { analyzeDue, deadLimit, deadRows, RowPacedVacuum } from "./vacuum";

let handle: DbHandle;
let db: Db;
let fleet: { id: number }[];
const onPg = !!process.env.TEST_DATABASE_URL;
const T0 = Date.parse("2026-03-02T08:00:00Z");
const CYCLE_MS = 10_000;
/** Windows of hours used so far: each measurement writes rows of its own. */
let window = 0;
/** The tables every batch of the scenario rewrites (the devices' own rows only at a step: not here). */
const REWRITTEN = ["device_heard", "telemetry_latest", "telemetry_10min", "telemetry_hourly"];

beforeAll(async () => {
  handle = await openTestDb();
  db = handle.db;
  const [t] = await db.insert(tenants).values({ name: "vacuum test", code: "vacuum" }).returning();
  const productId = await addSensorProduct(db, t.id);
  fleet = await addDevices(db, { tenantId: t.id, productId, count: 100, prefix: "V" });
  await ensurePartitions(db, new Date(T0 - 86_400_000), new Date(T0 + 2 * 86_400_000));
}, SETUP_MS);
afterAll(() => handle?.close());

/** The scenario's cycles from `from`: every device reports 3 values and its battery every 10 s, one batch a cycle (as a live fleet's batches are: each rewrites its rows once). */
async function cycles(from: number, n: number, opts: WriterOptions = {}) {
  const w = new BatchWriter(db, opts);
  for (let c = 0; c < n; c++) {
    const at = new Date(from + c * CYCLE_MS);
    for (const d of fleet) {
      const m: Message = {
        points: ["temperature", "humidity", "battery"].map((identifier, i) => ({ deviceId: d.id, identifier, ts: at, num: ((c + d.id) % 17) + i, txt: null })),
        rejects: [],
        heard: { deviceId: d.id, at, battery: 90 - (c % 5) },
      };
      w.push(m);
    }
    await w.drain();
  }
  return w;
}

type Counts = Record<string, { upd: number; hot: number }>;
/** Updates and HOT updates per table. On PostgreSQL the pool's other connections send theirs within a second or two of going idle: read until they stop moving. */
async function updates(): Promise<Counts> {
  let last = "";
  for (let i = 0; ; i++) {
    await db.execute(sql`select pg_stat_force_next_flush()`);
    const rows = rowsOf(await db.execute(sql`select relname, n_tup_upd::float8 as upd, n_tup_hot_upd::float8 as hot from pg_stat_user_tables where relname in ('device_heard', 'telemetry_latest', 'telemetry_10min', 'telemetry_hourly')`));
    const counts = Object.fromEntries(rows.map((r) => [String(r.relname), { upd: Number(r.upd), hot: Number(r.hot) }]));
    const now = JSON.stringify(counts);
    if (!onPg || (now === last && i >= 2) || i > 20) return counts;
    last = now;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

describe("the hot tables' rewrites (issue 41)", () => {
  it("stay on their page (HOT: no new index entry, pruned without a vacuum) for the latest values, both roll-ups and last-heard", async () => {
    // A page is pruned only once no snapshot of the database still sees its old versions: an autovacuum's analyze of
    // any of the database's tables (the telemetry partitions the windows fill, say) holds one while it runs, and on a
    // loaded PostgreSQL that outlasts windows (CI saw 31 % in every one of six with autovacuum off on the four tables
    // only). So: autovacuum off on every table of the database for the measurement, and the best of up to five windows,
    // each in hours of its own (a retry finds fresh rows too).
    if (onPg)
      await db.execute(sql`do $$ declare t regclass; begin
        for t in select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'm') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
        loop execute format('alter table %s set (autovacuum_enabled = false)', t); end loop; end $$`);
    const best: Record<string, number> = {};
    const seen: string[] = [];
    for (let w = 0; w < 5 && !REWRITTEN.every((t) => best[t] > 0.5); w++) {
      const before = await updates();
      // 8 cycles from an hour's start: every row of the hour's buckets rewritten 7 times.
      await cycles(T0 + (window++ * 2 + 4) * 3_600_000, 8);
      const after = await updates();
      const shares = REWRITTEN.map((table) => {
        const upd = after[table].upd - (before[table]?.upd ?? 0);
        const hot = after[table].hot - (before[table]?.hot ?? 0);
        expect(upd, table).toBeGreaterThanOrEqual(fleet.length * 7);
        best[table] = Math.max(best[table] ?? 0, hot / upd);
        return `${table} ${(hot / upd).toFixed(2)}`;
      });
      seen.push(shares.join(", "));
    }
    // Without room kept on each page (fill factor 100) the roll-ups' rows moved page on every rewrite: 4–6 % HOT,
    // the latest values 29 %. With it 72–100 % quiet, 67 % for last-heard loaded: half tells the two apart.
    for (const table of REWRITTEN) expect(best[table], `${table}; HOT shares by window: ${seen.join(" | ")}`).toBeGreaterThan(0.5);
  });

  it.skipIf(onPg)("keep under a tenth of their live rows dead on PGlite, the vacuum paced by the rows written; without it they pile up", async () => {
    // Without the paced vacuum: the control.
    await cycles(T0 + 3_600_000, 12);
    const piled = Object.fromEntries((await deadRows(db, REWRITTEN)).map((t) => [t.table, t]));
    expect(piled.telemetry_latest.dead).toBeGreaterThan(0.1 * piled.telemetry_latest.live);

    const vacuum = new RowPacedVacuum(db, 1);
    await cycles(T0 + 2 * 3_600_000, 12, { upkeep: vacuum.wrote });
    expect(vacuum.vacuums).toBeGreaterThan(0);
    for (const t of await deadRows(db, REWRITTEN)) {
      expect(t.live, t.table).toBeGreaterThan(0);
      expect(t.dead, t.table).toBeLessThanOrEqual(deadLimit(t.live));
    }
  });

  it.skipIf(onPg)("have their statistics kept on PGlite too: a month's partition analyzed by one device's rows is analyzed again once the fleet's came", async () => {
    // April: a partition of its own, first written by one device only (as a month starts: the chart's device) and analyzed then.
    const april = Date.parse("2026-04-01T00:00:00Z");
    await ensurePartitions(db, new Date(april), new Date(april + 86_400_000));
    await db.execute(sql`insert into telemetry (device_id, prop_id, ts, num)
      select ${fleet[0].id}, ${await propId(db, "temperature")}, ts, 1 from generate_series(${new Date(april).toISOString()}::timestamptz, ${new Date(april + 3 * 3_600_000).toISOString()}::timestamptz, interval '10 seconds') ts`);
    // The insert's counts reach the statistics before the analyze (else they arrive after it and count as changes since).
    await db.execute(sql`select pg_stat_force_next_flush()`);
    await db.execute(sql`analyze telemetry_y2026m04`);
    const devices = async () =>
      Number(rowsOf(await db.execute(sql`select n_distinct::float8 as n from pg_stats where tablename = 'telemetry_y2026m04' and attname = 'device_id'`))[0]?.n);
    expect(await devices()).toBe(1);
    expect(await analyzeDue(db)).not.toContain("telemetry_y2026m04");

    // The fleet's cycles: 100 devices' rows, more than a tenth of the partition's since its analyze.
    await cycles(april + 4 * 3_600_000, 6);
    expect(await devices()).toBe(1);
    expect(await analyzeDue(db)).toContain("telemetry_y2026m04");
    // A negative n_distinct is a share of the rows; either way every device of the fleet is counted now.
    const n = await devices();
    expect(n < 0 || n >= fleet.length).toBe(true);
    expect(await analyzeDue(db)).not.toContain("telemetry_y2026m04");
  });
});
