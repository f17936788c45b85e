import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { openTestDb } from "../../testing";
import type { DbHandle } from "../client";
import { ensurePartitions } from "../../ingest/partitions";
import { pgArray } from "../../ingest/pg-array";
import { RAW_ROWS, telemetryChart, telemetrySeries } from "./telemetry";
import { rowsOf } from "../../ingest/writer";
import { rebuildHourly } from "./telemetry-hourly";
import { propId, propIdOf } from "./telemetry-props";

const H = 3600_000;
// 2026-01-01 00:00 in UTC+8 (platform time).
const START = Date.UTC(2025, 11, 31, 16);
let handle: DbHandle;

async function insert(deviceId: number, identifier: string, points: [number, number | null][]) {
  await handle.db.execute(sql`insert into telemetry (device_id, prop_id, ts, num)
    select ${deviceId}, ${await propId(handle.db, identifier)}, unnest(${pgArray(points.map((p) => new Date(p[0])))}::timestamptz[]), unnest(${pgArray(points.map((p) => p[1]))}::float8[])`);
  // Inserted behind the ingest writer's back: the roll-up is rebuilt as bulk loads do.
  await rebuildHourly(handle.db, [deviceId]);
}

beforeAll(async () => {
  handle = await openTestDb();
  // Part in monthly partitions, part in the default one: the query must not care.
  await ensurePartitions(handle.db, new Date(START), new Date(START + 40 * 24 * H));
  // Device 1 "tilt": one value every hour for 3 days (value = hour index), plus a hole (null).
  await insert(1, "tilt", Array.from({ length: 72 }, (_, i) => [START + i * H, i] as [number, number]));
  await insert(1, "tilt", [[START + 72 * H, null]]);
  await insert(1, "temp", [[START + 30 * 60_000, 5], [START + 10 * 60_000, 7]]);
  // Another device's values in the same range must never leak in.
  await insert(2, "tilt", [[START + H, 999]]);
  // Far away: next year (default partition).
  await insert(1, "tilt", [[START + 400 * 24 * H, -1]]);
});
afterAll(() => handle?.close());

describe("telemetrySeries", () => {
  const base = { deviceId: 1, from: new Date(START), to: new Date(START + 3 * 24 * H) };

  it("returns raw values in time order, per identifier, in the order asked", async () => {
    const res = await telemetrySeries(handle.db, { ...base, identifiers: ["temp", "tilt", "none"], bucket: "raw", agg: "avg" });
    expect(res.map((s) => s.identifier)).toEqual(["temp", "tilt", "none"]);
    expect(res[0].points).toEqual([[START + 10 * 60_000, 7], [START + 30 * 60_000, 5]]);
    expect(res[1].points).toHaveLength(72);
    expect(res[1].points[0]).toEqual([START, 0]);
    expect(res[2].points).toEqual([]);
  });

  it("keeps the range half-open and limits per identifier", async () => {
    const res = await telemetrySeries(handle.db, { ...base, to: new Date(START + 2 * H), identifiers: ["tilt"], bucket: "raw", agg: "avg" });
    expect(res[0].points.map((p) => p[1])).toEqual([0, 1]);
    const limited = await telemetrySeries(handle.db, { ...base, identifiers: ["tilt", "temp"], bucket: "raw", agg: "avg", limit: 3 });
    expect(limited[0].points.map((p) => p[1])).toEqual([0, 1, 2]);
    expect(limited[1].points).toHaveLength(2);
  });

  it("buckets by platform day with each aggregate", async () => {
    const q = { ...base, identifiers: ["tilt"], bucket: "day" as const };
    const pick = async (agg: "avg" | "max" | "min" | "first" | "last") => (await telemetrySeries(handle.db, { ...q, agg }))[0].points;
    expect((await pick("avg")).map((p) => p[1])).toEqual([11.5, 35.5, 59.5]);
    expect((await pick("max")).map((p) => p[1])).toEqual([23, 47, 71]);
    expect((await pick("min")).map((p) => p[1])).toEqual([0, 24, 48]);
    expect((await pick("first")).map((p) => p[1])).toEqual([0, 24, 48]);
    expect((await pick("last")).map((p) => p[1])).toEqual([23, 47, 71]);
    // A bucket's time is the start of the platform day (00:00 UTC+8).
    expect((await pick("avg")).map((p) => p[0])).toEqual([START, START + 24 * H, START + 48 * H]);
  });

  it("buckets by hour and month, and by another zone when told", async () => {
    const hours = await telemetrySeries(handle.db, { ...base, identifiers: ["temp"], bucket: "hour", agg: "avg" });
    expect(hours[0].points).toEqual([[START, 6]]);
    const year = { deviceId: 1, identifiers: ["tilt"], from: new Date(START - 24 * H), to: new Date(START + 500 * 24 * H), agg: "max" as const };
    const months = await telemetrySeries(handle.db, { ...year, bucket: "month" });
    expect(months[0].points).toHaveLength(2);
    expect(months[0].points[0]).toEqual([START, 71]);
    const utcDays = await telemetrySeries(handle.db, { ...base, identifiers: ["tilt"], bucket: "day", agg: "max", timeZone: "UTC" });
    // In UTC the first 16 hours belong to Dec 31.
    expect(utcDays[0].points[0]).toEqual([Date.UTC(2025, 11, 31), 7]);
  });

  it("answers an empty or inverted range with empty series", async () => {
    expect(await telemetrySeries(handle.db, { ...base, identifiers: [], bucket: "raw", agg: "avg" })).toEqual([]);
    const inverted = await telemetrySeries(handle.db, { ...base, from: base.to, to: base.from, identifiers: ["tilt"], bucket: "day", agg: "avg" });
    expect(inverted).toEqual([{ identifier: "tilt", points: [] }]);
  });
});

describe("telemetryChart", () => {
  it("sends raw values when few and min/max per bucket when many, keeping the spike", async () => {
    // 10,000 values a minute apart, a gentle wave, one spike at value 500 and one dip at -300.
    const pts = Array.from({ length: 10_000 }, (_, i) => [START + i * 60_000, Math.sin(i / 500)] as [number, number]);
    pts[6543][1] = 500;
    pts[1234][1] = -300;
    await insert(3, "settlement", pts);
    const range = { deviceId: 3, identifiers: ["settlement"], from: new Date(START), to: new Date(START + 10_000 * 60_000) };
    const [few] = await telemetryChart(handle.db, { ...range, maxPoints: 20_000 });
    expect(few.sampled).toBe(false);
    expect(few.points).toHaveLength(10_000);
    const [many] = await telemetryChart(handle.db, { ...range, maxPoints: 400 });
    expect(many.sampled).toBe(true);
    expect(many.points.length).toBeLessThanOrEqual(400);
    expect(many.points.length).toBeGreaterThan(300);
    expect(many.points).toContainEqual([START + 6543 * 60_000, 500]);
    expect(many.points).toContainEqual([START + 1234 * 60_000, -300]);
    // Still in time order.
    expect(many.points.every((p, i) => i === 0 || p[0] > many.points[i - 1][0])).toBe(true);
    // A property without values in the range beside it: an empty, unsampled series, in the order asked.
    const both = await telemetryChart(handle.db, { ...range, identifiers: ["pressure", "settlement"], maxPoints: 400 });
    expect(both.map((x) => [x.identifier, x.points.length, x.sampled])).toEqual([
      ["pressure", 0, false],
      ["settlement", many.points.length, true],
    ]);
  });
});

/** What a chart of [from, to) in buckets of `step` from `origin` must draw: each bucket's lowest and highest raw value at their times (ties: the earliest). */
function extremes(raw: [number, number][], origin: number, step: number): [number, number][] {
  const byBucket = new Map<number, { lo: [number, number]; hi: [number, number] }>();
  for (const p of raw) {
    const b = Math.floor((p[0] - origin) / step);
    const cur = byBucket.get(b);
    if (!cur) byBucket.set(b, { lo: p, hi: p });
    else {
      if (p[1] < cur.lo[1] || (p[1] === cur.lo[1] && p[0] < cur.lo[0])) cur.lo = p;
      if (p[1] > cur.hi[1] || (p[1] === cur.hi[1] && p[0] < cur.hi[0])) cur.hi = p;
    }
  }
  return [...byBucket.entries()]
    .sort((a, b) => a[0] - b[0])
    .flatMap(([, { lo, hi }]) => (lo[0] === hi[0] ? [lo] : lo[0] < hi[0] ? [lo, hi] : [hi, lo]));
}

describe("bounded raw reads and the 10-minute tier", () => {
  // Device 4: three values at each instant, every 10 s for 2.5 days (64,800 values): pages and windows cut through instants.
  const T10 = 10_000;
  const INSTANTS = Math.round(2.5 * 8640);
  const span = { deviceId: 4, identifiers: ["tilt"], from: new Date(START), to: new Date(START + INSTANTS * T10) };
  const all = async () =>
    rowsOf(await handle.db.execute(sql`select (extract(epoch from ts) * 1000)::float8 as ms, num::float8 as v from telemetry where device_id = 4 and prop_id = ${propIdOf("tilt")} order by ts, num`)).map(
      (r) => [Number(r.ms), Number(r.v)] as [number, number],
    );
  const byTimeThenValue = (a: [number, number], b: [number, number]) => a[0] - b[0] || a[1] - b[1];

  beforeAll(async () => {
    await handle.db.execute(sql`insert into telemetry (device_id, prop_id, ts, num)
      select 4, ${await propId(handle.db, "tilt")}, ${new Date(START).toISOString()}::timestamptz + (i / 3) * interval '10 seconds', round((sin(i / 900.0) * 10 + (i * 7919 % 13) / 10.0)::numeric, 1)::float8
      from generate_series(0, ${INSTANTS * 3 - 1}) i`);
    await rebuildHourly(handle.db, [4]);
  });

  it("reads a long raw series in pages of at most RAW_ROWS rows, losing and repeating no value at a page's edge", async () => {
    const spy = vi.spyOn(handle.db, "execute");
    const [s] = await telemetrySeries(handle.db, { ...span, bucket: "raw", agg: "avg" });
    const statements = spy.mock.calls.length;
    spy.mockRestore();
    const want = await all();
    expect(want).toHaveLength(INSTANTS * 3);
    expect(statements).toBeGreaterThanOrEqual(Math.ceil(want.length / RAW_ROWS));
    expect([...s.points].sort(byTimeThenValue)).toEqual(want);
    // A limit past a page: exactly that many, the oldest.
    const [limited] = await telemetrySeries(handle.db, { ...span, bucket: "raw", agg: "avg", limit: RAW_ROWS + 7 });
    expect(limited.points.map((p) => p[0])).toEqual(want.slice(0, RAW_ROWS + 7).map((p) => p[0]));
  });

  it("charts days of a 10-s sensor from raw values in windows of at most RAW_ROWS values, with each bucket's true extremes", async () => {
    const spy = vi.spyOn(handle.db, "execute");
    const [c] = await telemetryChart(handle.db, { ...span, maxPoints: 4000 });
    const statements = spy.mock.calls.length;
    spy.mockRestore();
    expect(c.sampled).toBe(true);
    // The windows' plan, then one statement per window.
    expect(statements).toBeGreaterThanOrEqual(1 + Math.ceil((INSTANTS * 3) / RAW_ROWS));
    const step = Math.ceil((span.to.getTime() - span.from.getTime()) / 2000);
    expect(step).toBeLessThan(600_000);
    expect(c.points).toEqual(extremes(await all(), START, step));
  });

  it("charts weeks from the 10-minute tier: the same points as from the raw values, read from the tier", async () => {
    // 2.5 days in 400 points: buckets of 20 minutes, between the 10-minute and the hourly tier.
    const from = START + 7 * 60_000 + 3_000;
    const q = { ...span, from: new Date(from), maxPoints: 400 };
    const [c] = await telemetryChart(handle.db, q);
    const origin = Math.floor(from / 600_000) * 600_000;
    const step = Math.ceil((span.to.getTime() - origin) / 200 / 600_000) * 600_000;
    expect(step).toBeGreaterThanOrEqual(600_000);
    expect(step).toBeLessThan(H);
    expect(c.points).toEqual(extremes((await all()).filter(([t]) => t >= from), origin, step));
    const bucket = START + 24 * H + 30 * 60_000;
    await handle.db.execute(sql`update telemetry_10min set max = 999, max_ts = ${new Date(bucket).toISOString()}::timestamptz where device_id = 4 and at = ${new Date(bucket).toISOString()}::timestamptz`);
    const [tampered] = await telemetryChart(handle.db, q);
    await rebuildHourly(handle.db, [4], new Date(bucket), new Date(bucket));
    expect(tampered.points).toContainEqual([bucket, 999]);
  });
});
