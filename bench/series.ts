import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { openDb } from "../cloud/db/client";
import { ensurePartitions } from "../cloud/ingest/partitions";
import { analyse } from "@/lib/contract/monitoring/analysis";
import { MONITORS } from "@/lib/contract/monitoring/monitors";
import { telemetryChart, telemetrySeries } from "../cloud/db/queries/telemetry";
import { rebuildHourly } from "../cloud/db/queries/telemetry-hourly";
import { propId } from "../cloud/db/queries/telemetry-props";

/**
 * `npm run bench:series`: one year of 10-minute values (52,560 rows per property) for 20 devices,
 * plus one sensor at a 1-minute cycle (525,600 rows), on PGlite (or PostgreSQL with DATABASE_URL),
 * rolled up by hour as every bulk load is.
 * Prints p50 / p99 of: a year bucketed by day for one device; a raw week; all 20 devices' years by
 * day one after another; and the chart query of the 1-minute year (points, JSON and gzip bytes,
 * and whether the year's largest spike is among the points).
 */
const DEVICES = 20;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const DAY = 86_400_000;
const END = Date.UTC(2026, 0, 1);
const START = END - 365 * DAY;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
async function time<T>(runs: number, fn: () => Promise<T>) {
  const ms: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    last = await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: pct(ms, 50), p99: pct(ms, 99), last: last as T };
}
const f = (n: number) => n.toFixed(1).padStart(8);

async function main() {
  const url = process.env.DATABASE_URL;
  const handle = await openDb(url ? { url } : { dataDir: "memory" });
  const db = handle.db;
  console.log(`[bench:series] ${handle.kind}`);
  const from = new Date(START).toISOString();
  const to = new Date(END).toISOString();
  // Bench devices far above any real id, cleared first so PostgreSQL runs can repeat.
  await db.execute(sql`delete from telemetry where device_id >= 900000`);
  await db.execute(sql`delete from telemetry_hourly where device_id >= 900000`);
  await ensurePartitions(db, new Date(START), new Date(END));
  let t = performance.now();
  await db.execute(sql`insert into telemetry (device_id, prop_id, ts, num)
    select 900000 + d, ${await propId(db, "settlement")}, ts, 10 * sin(extract(epoch from ts) / 86400.0 + d) + d
    from generate_series(1, ${DEVICES}) d, generate_series(${from}::timestamptz, ${to}::timestamptz - interval '10 minutes', interval '10 minutes') ts`);
  // One sensor at a 1-minute cycle, a slow wave with one spike of 250 on 2025-07-04 12:00 UTC.
  await db.execute(sql`insert into telemetry (device_id, prop_id, ts, num)
    select 999999, ${await propId(db, "settlement")}, ts, case when ts = '2025-07-04T12:00:00Z' then 250 else 5 * sin(extract(epoch from ts) / 86400.0) end
    from generate_series(${from}::timestamptz, ${to}::timestamptz - interval '1 minute', interval '1 minute') ts`);
  const loaded = performance.now() - t;
  // Loaded behind the ingest writer's back: the hourly roll-up is rebuilt, as every bulk load does.
  t = performance.now();
  await rebuildHourly(db, [...Array.from({ length: DEVICES }, (_, d) => 900001 + d), 999999]);
  const rolled = performance.now() - t;
  await db.execute(sql`analyze telemetry`);
  await db.execute(sql`analyze telemetry_hourly`);
  console.log(`loaded ${DEVICES} × 52,560 + 525,600 rows in ${(loaded / 1000).toFixed(1)} s, rolled up by hour in ${(rolled / 1000).toFixed(1)} s`);

  const year = { identifiers: ["settlement"], from: new Date(START), to: new Date(END) };
  const byDay = await time(RUNS, () => telemetrySeries(db, { ...year, deviceId: 900001, bucket: "day", agg: "avg" }));
  const week = await time(RUNS, () => telemetrySeries(db, { ...year, deviceId: 900001, from: new Date(END - 7 * DAY), bucket: "raw", agg: "avg" }));
  const raw = await time(Math.max(3, RUNS / 5), () => telemetrySeries(db, { ...year, deviceId: 900001, bucket: "raw", agg: "avg" }));
  t = performance.now();
  const all = await time(Math.max(3, RUNS / 5), async () => {
    for (let d = 1; d <= DEVICES; d++) await telemetrySeries(db, { ...year, deviceId: 900000 + d, bucket: "day", agg: "max" });
  });
  const chart = await time(Math.max(3, RUNS / 5), () => telemetryChart(db, { ...year, deviceId: 999999 }));
  const points = chart.last[0].points;
  // The payload as the view route sends it: the settlement measure's cumulative change, rounded.
  const [sent] = analyse(MONITORS.settlement.measures.slice(0, 1), new Map([["settlement", points]]), { zeroType: 1, showValue: 0, initial: new Map() });
  const json = JSON.stringify(sent);
  const spike = points.some(([, v]) => v === 250);

  console.log("query                                    p50 ms   p99 ms   points");
  console.log(`10-min year, one device, by day       ${f(byDay.p50)} ${f(byDay.p99)}   ${byDay.last[0].points.length}`);
  console.log(`10-min raw week, one device           ${f(week.p50)} ${f(week.p99)}   ${week.last[0].points.length}`);
  console.log(`10-min raw year, one device           ${f(raw.p50)} ${f(raw.p99)}   ${raw.last[0].points.length}`);
  console.log(`10-min years of ${DEVICES} devices by day     ${f(all.p50)} ${f(all.p99)}   ${DEVICES} × ${byDay.last[0].points.length}`);
  console.log(`1-min year chart (min/max buckets)    ${f(chart.p50)} ${f(chart.p99)}   ${points.length}`);
  console.log(`chart payload: ${json.length} bytes JSON, ${gzipSync(json).length} bytes gzip; largest spike kept: ${spike ? "yes" : "NO"}`);
  await db.execute(sql`delete from telemetry where device_id >= 900000`);
  await db.execute(sql`delete from telemetry_hourly where device_id >= 900000`);
  await handle.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
