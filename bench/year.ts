import { sql } from "drizzle-orm";
import { openDb, type Db } from "../cloud/db/client";
import { tenants } from "../cloud/db/schema";
import { applyRetention, saveRetention } from "../cloud/db/queries/retention";
import { telemetryChart } from "../cloud/db/queries/telemetry";
import { rebuildHourly } from "../cloud/db/queries/telemetry-hourly";
import { pgliteUpkeep, RowPacedVacuum } from "../cloud/db/vacuum";
import { addDevices, addSensorProduct } from "../cloud/ingest/fixtures";
import { addMonths, ensurePartitions, monthStart, PACK_AFTER_MS, packClosedPartitions } from "../cloud/ingest/partitions";
import { pgArray } from "../cloud/ingest/pg-array";
import { BatchWriter, rowsOf, type Message } from "../cloud/ingest/writer";
import { startPgCluster } from "../scripts/pg-cluster";
import { propId, propIdOf } from "../cloud/db/queries/telemetry-props";

/**
 * `npm run bench:year` (issue 41): the year of a thousand devices, compressed. BENCH_DEVICES
 * devices (default 1,000) each report 3 values and their battery every 10 s of simulated time for
 * BENCH_HOURS simulated hours (default 24), pushed through the ingest writer (values, both roll-up
 * tiers, latest values, last-heard) as fast as it takes them — PGlite's hot tables vacuumed as the
 * running cloud does, paced by the rows written (`RowPacedVacuum`), and its minute job (vacuum, then
 * analyze: `pgliteUpkeep`) run once a simulated hour; PostgreSQL's autovacuum wakes every
 * BENCH_PG_NAPTIME (default 1 s: the bench compresses an hour into a minute or less, so the default
 * minute would be an hour or more of the scenario). Before and after, beside a month of
 * one 3-measure sensor at 10 s (777,600 values) loaded in bulk:
 * - bytes per stored raw value (the telemetry partitions with their indexes), and the roll-ups';
 * - every simulated hour: the hot tables' sizes and dead rows (dead as a share of live);
 * - a name search over the devices (as the device list's, 20 rows by last report) and the month
 *   chart (`telemetryChart`, the monitoring screen's 3 measures), p50 over BENCH_RUNS (default 5);
 *   beside it the month read as the chart did before the 10-minute tier (one raw statement over
 *   the month's values per measure);
 * - publish → queryable p50 / p99 of a paced BENCH_RATE msg/s (default 1,000: 10× the scenario)
 *   for BENCH_PACED_S seconds each (default 15): alone, while month charts load back to back (a
 *   stress: one always loading, some 20–30 a second on PostgreSQL), while one loads every second (a
 *   screen opened each second: still 3 % and more of the messages are published during a load, so
 *   the p99 is one of them), and while the old raw month read loads back to back;
 * - retention dropping a partition: a day of raw values 14 months back is dropped whole with the
 *   default 13 months, its hours kept;
 * - the pack job's run on every month so far (as two days after the current one ends): bytes per value
 *   packed one row per series and hour against the same values raw, and search and the month chart again.
 * On PGlite in memory, then on a throwaway PostgreSQL cluster (BENCH_DB=pglite or postgres for one).
 * Figures only: nothing is asserted.
 */
const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const HOURS = Number(process.env.BENCH_HOURS ?? 24);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const PACED_S = Number(process.env.BENCH_PACED_S ?? 15);
/** BENCH_HOT=1: the fleet's simulated hours and the hot tables only (no month, paced runs, retention or pack): dead rows and search in minutes. */
const HOT_ONLY = process.env.BENCH_HOT === "1";
const PG_NAPTIME = process.env.BENCH_PG_NAPTIME ?? "1s";
const CYCLE_MS = 10_000;
const MEASURES = ["temperature", "humidity", "battery"];
const DAY = 86_400_000;
const MONTH = 30 * DAY;

const pct = (ms: number[], p: number) => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))];
const f = (ms: number) => `${ms.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

async function time(runs: number, fn: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return ms;
}

/** One message of a device at `at`: 3 values, its battery heard. */
function message(deviceId: number, at: Date, k: number): Message {
  const battery = 100 - ((k >> 12) % 50);
  return {
    points: [
      { deviceId, identifier: "temperature", ts: at, num: Math.round((20 + 5 * Math.sin(k / 500 + deviceId)) * 100) / 100, txt: null },
      { deviceId, identifier: "humidity", ts: at, num: 40 + ((k + deviceId) % 20), txt: null },
      { deviceId, identifier: "battery", ts: at, num: battery, txt: null },
    ],
    rejects: [],
    heard: { deviceId, at, battery },
  };
}

async function sizes(db: Db) {
  // Statistics reach the views at most once a second on their own: read them fresh.
  await db.execute(sql`select pg_stat_force_next_flush()`).catch(() => undefined);
  const rows = rowsOf(
    await db.execute(sql`select relname as name, pg_total_relation_size(relid)::float8 as bytes, n_live_tup::float8 as live, n_dead_tup::float8 as dead,
      n_tup_upd::float8 as upd, n_tup_hot_upd::float8 as hot
      from pg_stat_user_tables where relname in ('devices', 'device_heard', 'telemetry_latest', 'telemetry_hourly', 'telemetry_10min') order by relname`),
  );
  return rows.map((r) => `${r.name} ${mb(Number(r.bytes))} dead ${Number(r.dead)} (${Number(r.live) ? ((100 * Number(r.dead)) / Number(r.live)).toFixed(0) : 0} % of live; ${Number(r.upd) ? ((100 * Number(r.hot)) / Number(r.upd)).toFixed(0) : 0} % of updates HOT)`).join(", ");
}

/** Bytes per stored value: the raw partitions and the packed ones (with their TOAST), indexes included. */
async function bytesPerValue(db: Db) {
  const [packed] = rowsOf(
    await db.execute(sql`select coalesce(sum(pg_total_relation_size(c.oid)), 0)::float8 as bytes, coalesce(sum(pg_indexes_size(c.oid)), 0)::float8 as idx,
      (select coalesce(sum(n), 0) from telemetry_packed)::float8 as n, (select count(*) from telemetry_packed)::float8 as hours
      from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = 'telemetry_packed'`),
  );
  const [raw] = rowsOf(
    await db.execute(sql`select coalesce(sum(pg_total_relation_size(c.oid)), 0)::float8 as bytes,
      coalesce(sum(pg_relation_size(c.oid)), 0)::float8 as heap, coalesce(sum(pg_indexes_size(c.oid)), 0)::float8 as idx,
      (select count(*) from telemetry)::float8 as n,
      (select avg(pg_column_size(s.*)) from (select * from telemetry limit 10000) s)::float8 as tuple
      from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = 'telemetry'`),
  );
  const [roll] = rowsOf(
    await db.execute(sql`select pg_total_relation_size('telemetry_10min')::float8 as ten, pg_total_relation_size('telemetry_hourly')::float8 as hour,
      (select count(*) from telemetry_10min)::float8 as ten_rows, (select count(*) from telemetry_hourly)::float8 as hour_rows`),
  );
  const rawN = Number(raw.n);
  const packedN = Number(packed.n);
  const n = rawN + packedN;
  const bytes = Number(raw.bytes) + Number(packed.bytes);
  const idx = Number(raw.idx) + Number(packed.idx);
  const packedLine = packedN
    ? `; of them ${packedN.toLocaleString("en")} packed in ${Number(packed.hours).toLocaleString("en")} series-hours, ${mb(Number(packed.bytes))} (${(Number(packed.bytes) / packedN).toFixed(1)} bytes each, index ${(Number(packed.idx) / packedN).toFixed(1)}), ${rawN.toLocaleString("en")} raw rows in ${mb(Number(raw.bytes))}`
    : "";
  return {
    n,
    bytes,
    heap: bytes - idx,
    idx,
    line: `${n.toLocaleString("en")} values in ${mb(bytes)}: ${(bytes / n).toFixed(1)} bytes per value (table ${((bytes - idx) / n).toFixed(1)}, indexes ${(idx / n).toFixed(1)}${rawN ? `; a raw row's own ${Number(raw.tuple).toFixed(1)}` : ""})${packedLine}; roll-ups: 10 min ${mb(Number(roll.ten))} (${Number(roll.ten_rows).toLocaleString("en")} rows, ${(Number(roll.ten) / n).toFixed(1)} B per raw value), hourly ${mb(Number(roll.hour))} (${Number(roll.hour_rows).toLocaleString("en")} rows)`,
  };
}

async function bench(kind: "pglite" | "postgres", url?: string) {
  const handle = await openDb(url ? { url } : { dataDir: "memory" });
  const db = handle.db;
  const lines: string[] = [];
  const say = (s: string) => {
    console.log(`[bench:year ${kind}] ${s}`);
    lines.push(s);
  };
  try {
    if (kind === "postgres") {
      // The throwaway cluster's own setting (ALTER SYSTEM): autovacuum's nap scaled to the compressed time.
      await db.execute(sql.raw(`alter system set autovacuum_naptime = '${PG_NAPTIME}'`));
      await db.execute(sql`select pg_reload_conf()`);
      say(`autovacuum_naptime ${PG_NAPTIME}`);
    }
    const [t] = await db.insert(tenants).values({ name: "year bench", code: "year-bench" }).returning();
    const productId = await addSensorProduct(db, t.id);
    const fleet = await addDevices(db, { tenantId: t.id, productId, count: DEVICES, prefix: "YEAR" });
    const [chartDevice] = await addDevices(db, { tenantId: t.id, productId, count: 1, prefix: "CHART" });
    const simStart = Math.floor(Date.now() / DAY) * DAY - DAY;
    const simEnd = simStart + HOURS * 3_600_000;
    const monthFrom = simStart - MONTH;
    const oldDay = addMonths(monthStart(new Date(simStart)), -14).getTime();
    await ensurePartitions(db, new Date(oldDay), new Date(simEnd + DAY));

    // A month of the chart's sensor at 10 s, and one day 14 months back (for retention to drop).
    const t0 = performance.now();
    if (!HOT_ONLY) for (const id of MEASURES)
      await db.execute(sql`insert into telemetry (device_id, prop_id, ts, num)
        select ${chartDevice.id}, ${await propId(db, id)}, ts, 20 + 5 * sin(extract(epoch from ts) / 86400.0) + (extract(epoch from ts)::bigint % 7) / 10.0
        from generate_series(${new Date(monthFrom).toISOString()}::timestamptz, ${new Date(simStart).toISOString()}::timestamptz - interval '10 seconds', interval '10 seconds') ts`);
    if (!HOT_ONLY) await db.execute(sql`insert into telemetry (device_id, prop_id, ts, num)
      select ${chartDevice.id}, ${await propId(db, "temperature")}, ts, 1 from generate_series(${new Date(oldDay).toISOString()}::timestamptz, ${new Date(oldDay + DAY).toISOString()}::timestamptz - interval '10 seconds', interval '10 seconds') ts`);
    await rebuildHourly(db, [chartDevice.id]);
    await db.execute(sql`analyze`);
    say(`${DEVICES} devices; a month of 3 measures at 10 s loaded for the chart in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const month = { deviceId: chartDevice.id, identifiers: MEASURES, from: new Date(monthFrom), to: new Date(simStart) };
    const chart = () => telemetryChart(db, month);
    // The month as the chart read it before the 10-minute tier: each measure's raw values in one statement.
    const step = Math.ceil(MONTH / 2000);
    const oldChart = () =>
      db.execute(sql`select i.identifier, s.* from unnest(${pgArray(MEASURES)}::text[]) as i(identifier)
        cross join lateral (select date_bin(${step} * interval '1 millisecond', t.ts, ${month.from.toISOString()}::timestamptz) as b, count(*)::int as n,
          min(array[t.num, extract(epoch from t.ts)::float8]) as lo, max(array[t.num, -extract(epoch from t.ts)::float8]) as hi
          from telemetry t where t.device_id = ${chartDevice.id} and t.prop_id = ${propIdOf(sql`i.identifier`)} and t.ts >= ${month.from.toISOString()}::timestamptz and t.ts < ${month.to.toISOString()}::timestamptz and t.num is not null group by 1) s`);
    const search = () =>
      db.execute(sql`select id, device_name from devices where tenant_id = ${t.id} and (device_name ilike ${"%YEAR05%"} or device_sn ilike ${"%YEAR05%"})
        order by last_report_time desc nulls last limit 20`);
    const searchP50 = async () => f(pct(await time(RUNS * 4, search), 50));
    const probe = async (when: string, old = true) => {
      if (HOT_ONLY) return void say(`${when}: search p50 ${await searchP50()}`);
      const [points] = await chart();
      say(`${when}: search p50 ${await searchP50()}; month chart (3 measures, ${points.points.length} points each) p50 ${f(pct(await time(RUNS, chart), 50))}${old ? `, the old raw read (once) ${f((await time(1, oldChart))[0])}` : ""}`);
      const b = await bytesPerValue(db);
      say(`${when}: ${b.line}`);
      return b;
    };
    const atStart = await probe("start");
    say(`start: ${await sizes(db)}`);

    // The simulated hours, as fast as the writer takes them; on PGlite the writes pace the vacuum, as in the running cloud.
    const vacuum = kind === "pglite" ? new RowPacedVacuum(db) : null;
    const upkeep = vacuum ? { upkeep: vacuum.wrote } : {};
    const writer = new BatchWriter(db, upkeep);
    let k = 0;
    const simT = performance.now();
    for (let at = simStart; at < simEnd; at += CYCLE_MS) {
      const when = new Date(at);
      for (const d of fleet) {
        const wait = writer.push(message(d.id, when, k++));
        if (wait) await wait;
      }
      if ((at - simStart + CYCLE_MS) % 3_600_000 === 0) {
        await writer.drain();
        const h = (at - simStart + CYCLE_MS) / 3_600_000;
        // The cloud's minute job on PGlite (a simulated hour takes about a minute here): vacuum and analyze.
        let job = "";
        if (kind === "pglite") {
          const u0 = performance.now();
          await pgliteUpkeep(db);
          job = `; upkeep job ${f(performance.now() - u0)}`;
        }
        say(`hour ${h} (${(((performance.now() - simT) / 1000) | 0)} s, ${Math.round(writer.stats.stored / ((performance.now() - simT) / 1000)).toLocaleString("en")} values/s): ${await sizes(db)}; search p50 ${await searchP50()}${vacuum ? `; ${vacuum.vacuums} vacuums so far, worst dead share at a look: ${[...vacuum.worst].map(([t, v]) => `${t} ${(100 * v).toFixed(0)} %`).join(", ")}` : ""}${job}`);
      }
    }
    await writer.drain();
    if (kind === "postgres") {
      // What the day leaves once autovacuum has had its naps (PGlite's vacuum follows each batch: nothing to wait for).
      await new Promise((r) => setTimeout(r, 5000));
      say(`settled (5 s later): ${await sizes(db)}`);
    }
    const atEnd = await probe("end");
    if (!atStart || !atEnd) return lines;
    // The fleet's own values, written as the ingest writes them (every series growing at once), apart from the month loaded in bulk.
    const added = atEnd.n - atStart.n;
    say(`the ${added.toLocaleString("en")} values the fleet added: ${((atEnd.bytes - atStart.bytes) / added).toFixed(1)} bytes each (table ${((atEnd.heap - atStart.heap) / added).toFixed(1)}, indexes ${((atEnd.idx - atStart.idx) / added).toFixed(1)})`);

    // Publish → queryable at a steady rate: alone, beside month charts, beside the old raw read.
    /** `everyMs`: a load starts that long after the previous one started (0: at once after it). */
    const paced = async (label: string, load?: () => Promise<unknown>, everyMs = 0) => {
      const w = new BatchWriter(db, upkeep);
      const lat: number[] = [];
      let loading = !!load;
      let loads = 0;
      const loader = (async () => {
        while (loading && load) {
          const began = performance.now();
          await load();
          loads++;
          // Each load is a request of its own. PGlite runs a statement on this thread, so loads chained by
          // promises alone would never let the publisher's timers run (the phase never ended).
          const rest = everyMs - (performance.now() - began);
          await new Promise((r) => (rest > 0 ? setTimeout(r, rest) : setImmediate(r)));
        }
      })();
      const started = performance.now();
      const total = RATE * PACED_S;
      let base = simEnd;
      for (let i = 0; i < total; i++) {
        const due = started + (i * 1000) / RATE;
        const now = performance.now();
        if (due > now) await new Promise((r) => setTimeout(r, due - now));
        const d = fleet[i % fleet.length];
        if (i % fleet.length === 0) base += CYCLE_MS;
        const sent = performance.now();
        w.push(message(d.id, new Date(base), k++), (err) => {
          if (!err) lat.push(performance.now() - sent);
        });
      }
      await w.drain();
      loading = false;
      await loader;
      say(`publish → queryable at ${RATE} msg/s, ${label}: p50 ${f(pct(lat, 50))}, p99 ${f(pct(lat, 99))}${load ? ` (${loads} loads)` : ""}`);
      return pct(lat, 99);
    };
    const alone = await paced("alone");
    const withCharts = await paced("while month charts load back to back", chart);
    const withScreen = await paced("while a month chart loads every second", chart, 1000);
    const withOld = await paced("while the old raw month read loads", oldChart);
    say(`ingest p99 grows ${f(withCharts - alone)} while charts load back to back, ${f(withScreen - alone)} with one a second (the old raw read: ${f(withOld - alone)}); goal ≤ 200 ms`);

    // Retention: every tenant on the default 13 months; the day 14 months back goes with its partition.
    for (const tt of await db.select({ id: tenants.id }).from(tenants)) await saveRetention(db, tt.id, { rawMonths: 13, overrides: [] }, new Date(simEnd));
    const r0 = performance.now();
    const run = await applyRetention(db, new Date(simEnd));
    const [kept] = rowsOf(await db.execute(sql`select count(*)::int as n from telemetry_hourly where device_id = ${chartDevice.id} and hour < ${new Date(oldDay + DAY).toISOString()}::timestamptz`));
    say(`retention: dropped ${run.dropped.join(", ") || "nothing"} in ${f(performance.now() - r0)}; ${kept.n} hours of the dropped day kept`);
    const beforePack = await bytesPerValue(db);
    say(`after retention: ${beforePack.line}`);

    // The pack job's run two days after the month's end: every month so far packed one row per series and hour.
    const packAt = new Date(addMonths(monthStart(new Date(simEnd)), 1).getTime() + PACK_AFTER_MS + 1000);
    const p0 = performance.now();
    const packed = await packClosedPartitions(db, packAt);
    say(`pack job: ${packed.join(", ")} packed in ${((performance.now() - p0) / 1000).toFixed(1)} s`);
    await db.execute(sql`analyze`);
    const atPacked = await probe("packed", false);
    if (!atPacked) return lines;
    say(`packed: ${atPacked.n.toLocaleString("en")} values, ${(atPacked.bytes / atPacked.n).toFixed(1)} bytes each (goal ≤ 50; ${(beforePack.bytes / beforePack.n).toFixed(1)} before the pack)`);
    return lines;
  } finally {
    await handle.close();
  }
}

const which = process.env.BENCH_DB;
console.log(`[bench:year] ${DEVICES} devices, ${HOURS} simulated hours at ${CYCLE_MS / 1000} s, 3 values a message`);
if (which !== "postgres") await bench("pglite");
if (which !== "pglite") {
  const cluster = await startPgCluster();
  try {
    await bench("postgres", cluster.url);
  } finally {
    cluster.stop();
  }
}
process.exit(0);
