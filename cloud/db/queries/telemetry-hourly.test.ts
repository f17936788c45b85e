import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openTestDb, SETUP_MS } from "../../testing";
import type { DbHandle } from "../client";
import { addDevices, addSensorProduct } from "../../ingest/fixtures";
import { ensurePartitions } from "../../ingest/partitions";
import { pgArray } from "../../ingest/pg-array";
import { BatchWriter, rowsOf } from "../../ingest/writer";
import { tenants } from "../schema";
import { deleteDeviceData } from "./devices";
import { SERIES_AGGS, telemetryChart, telemetrySeries, type SeriesBucket } from "./telemetry";
import { rebuildHourly } from "./telemetry-hourly";
import { propId, propIdOf } from "./telemetry-props";

const M = 60_000;
const H = 60 * M;
const D = 24 * H;
// 2026-01-31 00:00 in UTC+8 (platform time): a platform day and month boundary at 16:00 UTC.
const START = Date.UTC(2026, 0, 30, 16);
let handle: DbHandle;
/** Device ids: [bulk-loaded sensor, written by the ingest writer, deleted from]. */
let dev: number[];

/** A deterministic wave with noise, a few repeated values (ties) and holes. */
function wave(n: number, stepMs: number, seed: number): [number, number | null][] {
  let x = seed;
  const rnd = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  return Array.from({ length: n }, (_, i) => [START + i * stepMs + Math.floor(rnd() * 7) * 1000, i % 97 === 5 ? null : Math.round((10 * Math.sin(i / 300) + rnd() * 3) * 100) / 100]);
}

async function insertRaw(deviceId: number, identifier: string, points: [number, number | null][]) {
  await handle.db.execute(sql`insert into telemetry (device_id, prop_id, ts, num)
    select ${deviceId}, ${await propId(handle.db, identifier)}, unnest(${pgArray(points.map((p) => new Date(p[0])))}::timestamptz[]), unnest(${pgArray(points.map((p) => p[1]))}::float8[])`);
}

const hourly = async (deviceId: number) =>
  rowsOf(await handle.db.execute(sql`select identifier, hour, n, sum, min, min_ts, max, max_ts, first, first_ts, last, last_ts from telemetry_hourly where device_id = ${deviceId} order by identifier, hour`));
const tenMin = async (deviceId: number) =>
  rowsOf(await handle.db.execute(sql`select identifier, at, n, sum, min, min_ts, max, max_ts, first, first_ts, last, last_ts from telemetry_10min where device_id = ${deviceId} order by identifier, at`));

/** What both roll-up tiers must equal: the hours and 10 minutes computed from the values themselves. */
async function expectExact(deviceId: number) {
  const kept = [await hourly(deviceId), await tenMin(deviceId)];
  await rebuildHourly(handle.db, [deviceId]);
  const fresh = [await hourly(deviceId), await tenMin(deviceId)];
  const round = (rows: Record<string, unknown>[]) => rows.map((r) => ({ ...r, sum: Number(r.sum).toFixed(9) }));
  expect(kept[0].length).toBeGreaterThan(0);
  expect(kept[1].length).toBeGreaterThan(kept[0].length);
  expect(round(kept[0])).toEqual(round(fresh[0]));
  expect(round(kept[1])).toEqual(round(fresh[1]));
}

/** The series as it was read before the roll-up: every raw value, bucketed in the zone. */
async function reference(deviceId: number, identifier: string, from: number, to: number, bucket: SeriesBucket, agg: (typeof SERIES_AGGS)[number], zone: string) {
  const fn = { avg: sql`avg(num)`, max: sql`max(num)`, min: sql`min(num)`, first: sql`(array_agg(num order by ts))[1]`, last: sql`(array_agg(num order by ts desc))[1]` }[agg];
  const rows = rowsOf(
    await handle.db.execute(sql`select (extract(epoch from date_trunc(${bucket}, ts, ${zone})) * 1000)::float8 as ms, (${fn})::float8 as v from telemetry
      where device_id = ${deviceId} and prop_id = ${propIdOf(identifier)} and ts >= ${new Date(from).toISOString()}::timestamptz and ts < ${new Date(to).toISOString()}::timestamptz and num is not null
      group by 1 order by 1`),
  );
  return rows.map((r) => [Number(r.ms), Number(r.v)] as [number, number]);
}

beforeAll(async () => {
  handle = await openTestDb();
  const [t] = await handle.db.insert(tenants).values({ name: "roll-up test", code: "rollup" }).returning();
  const productId = await addSensorProduct(handle.db, t.id);
  dev = (await addDevices(handle.db, { tenantId: t.id, productId, count: 3, prefix: "R" })).map((d) => d.id);
  await ensurePartitions(handle.db, new Date(START - D), new Date(START + 40 * D));
  // Device 1: 45 days of a 1-minute sensor across a platform month boundary, loaded in bulk.
  await insertRaw(dev[0], "settlement", wave(45 * 24 * 60, M, 7));
  await rebuildHourly(handle.db, [dev[0]]);
}, SETUP_MS);
afterAll(() => handle?.close());

describe("telemetry_hourly", () => {
  it("is kept exact by the ingest writer across batches, out-of-order values and texts", async () => {
    const w = new BatchWriter(handle.db, { maxBatch: 500, flushMs: 5 });
    const pts = wave(3000, 17_000, 3);
    // Newest first in odd messages: later batches merge into hours already rolled up.
    for (let i = 0; i < pts.length; i += 100) {
      const chunk = pts.slice(i, i + 100);
      if ((i / 100) % 2) chunk.reverse();
      w.push({ points: chunk.map(([ts, num]) => ({ deviceId: dev[1], identifier: "tilt", ts: new Date(ts), num, txt: num === null ? "off" : null })), rejects: [] });
    }
    await w.drain();
    expect(w.stats.batches).toBeGreaterThan(3);
    const [{ n }] = await hourly(dev[1]).then((r) => [{ n: r.reduce((a, x) => a + Number(x.n), 0) }]);
    expect(n).toBe(pts.filter((p) => p[1] !== null).length);
    await expectExact(dev[1]);
  });

  it("follows deleted values, inside hours and across whole ones", async () => {
    await insertRaw(dev[2], "tilt", wave(3 * 24 * 60, M, 11));
    await rebuildHourly(handle.db, [dev[2]]);
    await deleteDeviceData(handle.db, [dev[2]], new Date(START + 5 * H + 20 * M), new Date(START + 30 * H + 10 * M));
    const rows = await hourly(dev[2]);
    expect(rows.some((r) => new Date(r.hour as string).getTime() === START + 10 * H)).toBe(false);
    expect(rows.find((r) => new Date(r.hour as string).getTime() === START + 5 * H)?.n).toBeLessThan(22);
    await expectExact(dev[2]);
    await deleteDeviceData(handle.db, [dev[2]]);
    expect(await hourly(dev[2])).toEqual([]);
    expect(await tenMin(dev[2])).toEqual([]);
  });
});

describe("series and charts from the roll-up", () => {
  // Unaligned ends: whole hours come from the roll-up, the edges from raw values.
  const from = START + 7 * H + 23 * M;
  const to = START + 40 * D + 5 * H + 41 * M;

  for (const zone of ["Asia/Shanghai", "UTC"]) {
    for (const bucket of ["hour", "day", "month"] as const) {
      it(`match the raw values by ${bucket} in ${zone}, for every aggregate`, async () => {
        for (const agg of SERIES_AGGS) {
          const [s] = await telemetrySeries(handle.db, { deviceId: dev[0], identifiers: ["settlement"], from: new Date(from), to: new Date(to), bucket, agg, timeZone: zone });
          const want = await reference(dev[0], "settlement", from, to, bucket, agg, zone);
          expect(s.points.map((p) => p[0])).toEqual(want.map((p) => p[0]));
          s.points.forEach((p, i) => expect(p[1]).toBeCloseTo(want[i][1], 9));
        }
      });
    }
  }

  it("buckets a platform month at its UTC+8 start", async () => {
    const [s] = await telemetrySeries(handle.db, { deviceId: dev[0], identifiers: ["settlement"], from: new Date(from), to: new Date(to), bucket: "month", agg: "max" });
    expect(s.points.map((p) => p[0])).toEqual([Date.UTC(2026, 0, 1) - 8 * H, Date.UTC(2026, 1, 1) - 8 * H, Date.UTC(2026, 2, 1) - 8 * H]);
  });

  it("reads whole hours from the roll-up itself", async () => {
    const hour = new Date(START + 3 * D + 5 * H).toISOString();
    await handle.db.execute(sql`update telemetry_hourly set max = 999, max_ts = ${hour}::timestamptz where device_id = ${dev[0]} and hour = ${hour}::timestamptz`);
    const q = { deviceId: dev[0], identifiers: ["settlement"], from: new Date(from), to: new Date(to) };
    const [s] = await telemetrySeries(handle.db, { ...q, bucket: "day", agg: "max" });
    const [c] = await telemetryChart(handle.db, { ...q, maxPoints: 200 });
    await rebuildHourly(handle.db, [dev[0]], new Date(hour), new Date(hour));
    expect(s.points).toContainEqual([START + 3 * D, 999]);
    expect(c.points).toContainEqual([START + 3 * D + 5 * H, 999]);
  });

  it("reads the 10-minute tier in a zone half an hour off UTC, raw values in one whose hours are 45 minutes off", async () => {
    for (const zone of ["Asia/Kolkata", "Asia/Kathmandu"]) {
      for (const agg of SERIES_AGGS) {
        const q = { deviceId: dev[0], identifiers: ["settlement"], from: new Date(from), to: new Date(to), bucket: "day" as const, agg, timeZone: zone };
        const [s] = await telemetrySeries(handle.db, q);
        const want = await reference(dev[0], "settlement", from, to, "day", agg, zone);
        expect(s.points.map((p) => p[0])).toEqual(want.map((p) => p[0]));
        s.points.forEach((p, i) => expect(p[1]).toBeCloseTo(want[i][1], 9));
      }
    }
    // Kolkata's days come from the 10-minute tier itself; Kathmandu's from the raw values.
    const bucket = new Date(START + 3 * D + 5 * H + 10 * M).toISOString();
    await handle.db.execute(sql`update telemetry_10min set max = 999, max_ts = ${bucket}::timestamptz where device_id = ${dev[0]} and at = ${bucket}::timestamptz`);
    const day = async (timeZone: string) =>
      (await telemetrySeries(handle.db, { deviceId: dev[0], identifiers: ["settlement"], from: new Date(from), to: new Date(to), bucket: "day", agg: "max", timeZone }))[0].points;
    const [kolkata, kathmandu] = [await day("Asia/Kolkata"), await day("Asia/Kathmandu")];
    await rebuildHourly(handle.db, [dev[0]], new Date(bucket), new Date(bucket));
    expect(kolkata.some(([, v]) => v === 999)).toBe(true);
    expect(kathmandu.some(([, v]) => v === 999)).toBe(false);
  });

  it("charts a long range with each bucket's true extremes at their raw times, keeping the spike", async () => {
    await handle.db.execute(sql`update telemetry set num = 250 where device_id = ${dev[0]} and ts = (select ts from telemetry where device_id = ${dev[0]} and ts >= ${new Date(START + 20 * D + 3 * H).toISOString()}::timestamptz order by ts limit 1)`);
    await rebuildHourly(handle.db, [dev[0]], new Date(START + 20 * D), new Date(START + 21 * D));
    const [c] = await telemetryChart(handle.db, { deviceId: dev[0], identifiers: ["settlement"], from: new Date(from), to: new Date(to), maxPoints: 200 });
    expect(c.sampled).toBe(true);
    expect(c.points.length).toBeLessThanOrEqual(200);
    expect(c.points.length).toBeGreaterThan(150);
    expect(c.points.some(([, v]) => v === 250)).toBe(true);
    expect(c.points.every((p, i) => i === 0 || p[0] > c.points[i - 1][0])).toBe(true);
    // Every point is a stored value at its own time, and each bucket's lowest is the true lowest.
    const raw = new Map((await telemetrySeries(handle.db, { deviceId: dev[0], identifiers: ["settlement"], from: new Date(from), to: new Date(to), bucket: "raw", agg: "avg" }))[0].points);
    for (const [t, v] of c.points) expect(raw.get(t)).toBe(v);
    const lowest = Math.min(...raw.values());
    expect(c.points.some(([, v]) => v === lowest)).toBe(true);
  });
});
