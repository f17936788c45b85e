import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openTestDb } from "../../testing";
import type { DbHandle } from "../client";
import { ensurePartitions } from "../../ingest/partitions";
import { pgArray } from "../../ingest/pg-array";
import { telemetryChart, telemetrySeries } from "./telemetry";
import { rebuildHourly } from "./telemetry-hourly";

const H = 3600_000;
// 2026-01-01 00:00 in UTC+8 (platform time).
const START = Date.UTC(2025, 11, 31, 16);
let handle: DbHandle;

async function insert(deviceId: number, identifier: string, points: [number, number | null][]) {
  await handle.db.execute(sql`insert into telemetry (device_id, identifier, ts, num)
    select ${deviceId}, ${identifier}, unnest(${pgArray(points.map((p) => new Date(p[0])))}::timestamptz[]), unnest(${pgArray(points.map((p) => p[1]))}::float8[])`);
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
