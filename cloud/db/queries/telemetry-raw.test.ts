import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openTestDb, SETUP_MS } from "../../testing";
import type { DbHandle } from "../client";
import { tenants } from "../schema";
import { addDevices, addSensorProduct } from "../../ingest/fixtures";
import { ensurePartitions, packClosedPartitions, PACK_AFTER_MS } from "../../ingest/partitions";
import { rowsOf } from "../../ingest/writer";
import { latestValues } from "./device-ops";
import { deleteDeviceData } from "./devices";
import { valuesAt } from "./monitoring";
import { applyRetention } from "./retention";
import { rawPages, telemetryChart, telemetrySeries } from "./telemetry";
import { rebuildHourly } from "./telemetry-hourly";
import { propId } from "./telemetry-props";

/**
 * A packed month reads as its raw rows did (issue 41): device A's January is packed by the pack job, device B
 * holds the same values as raw rows, and every reader answers the same for both — raw pages, series of every
 * bucket, charts, values at a time, the latest values, the roll-ups rebuilt from them. A late value into a packed
 * hour is read beside it and packed into it by the next run; a deletion cutting a packed hour keeps the rest;
 * retention drops the month's packed partition with its raw one. On PGlite, and on PostgreSQL with
 * `npx tsx scripts/test-pg.ts`.
 */
const MONTH = new Date("2026-01-01T00:00:00Z");
const NEXT = new Date("2026-02-01T00:00:00Z");
const PACK_AT = new Date(NEXT.getTime() + PACK_AFTER_MS + 1000);
const FROM = new Date("2026-01-10T00:00:00Z");
const DAYS = 2;
const DENSE = DAYS * 8640;

let handle: DbHandle;
let A: number;
let B: number;
const db = () => handle.db;

/** January's values of a device: temperature every 10 s (odd floats), humidity every 10 minutes, a text state, a sub-millisecond instant. */
async function load(deviceId: number) {
  const [temperature, humidity, state] = [await propId(db(), "temperature"), await propId(db(), "humidity"), await propId(db(), "state")];
  await db().execute(sql`insert into telemetry (ts, num, device_id, prop_id)
    select ${FROM.toISOString()}::timestamptz + k * interval '10 seconds', 20 + 5 * sin(k / 300.0) + k / 7e6, ${deviceId}, ${temperature} from generate_series(0, ${DENSE - 1}) k`);
  await db().execute(sql`insert into telemetry (ts, num, device_id, prop_id)
    select ${FROM.toISOString()}::timestamptz + k * interval '10 minutes' + interval '3 seconds', 40 + k % 17, ${deviceId}, ${humidity} from generate_series(0, ${DAYS * 144 - 1}) k`);
  await db().execute(sql`insert into telemetry (ts, num, txt, device_id, prop_id) values
    ('2026-01-10T05:00:00Z', null, 'open', ${deviceId}, ${state}),
    ('2026-01-10T06:30:00.000123Z', 1234.5, null, ${deviceId}, ${humidity})`);
  await rebuildHourly(db(), [deviceId]);
}

/**
 * Each reader's answer compared on its own, the first difference named (a whole-object diff of 20,000 points
 * says nothing). Values exactly; aggregates (sums and averages) to 12 digits, as a sum's last bits follow the
 * order its values were added in.
 */
function same(b: Awaited<ReturnType<typeof readAll>>, a: Awaited<ReturnType<typeof readAll>>) {
  const AGGREGATES = new Set(["series", "charts", "hours"]);
  for (const k of Object.keys(a) as (keyof typeof a)[]) {
    const round = (_: string, v: unknown) => (AGGREGATES.has(k) && typeof v === "number" ? Number(v.toPrecision(12)) : v);
    const x = JSON.stringify(a[k], round);
    const y = JSON.stringify(b[k], round);
    let i = 0;
    while (i < x.length && x[i] === y[i]) i++;
    expect(y.slice(Math.max(0, i - 80), i + 80), k).toBe(x.slice(Math.max(0, i - 80), i + 80));
  }
}

const count = async (table: string, where = sql`true`) => Number(rowsOf(await db().execute(sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`))[0].n);

/** Everything the readers answer for a device over the two days, as one comparable value. */
async function readAll(deviceId: number) {
  const to = new Date(FROM.getTime() + DAYS * 86_400_000);
  const pages: { at: string; value: number }[][] = [];
  for await (const page of rawPages(db(), deviceId, "temperature", "2026-01-10T00:00:05Z", to.toISOString())) pages.push(page.map(({ at, value }) => ({ at, value })));
  const windowed: number[] = [];
  for await (const page of rawPages(db(), deviceId, "temperature", FROM.toISOString(), to.toISOString(), { where: (ts) => sql`extract(hour from ${ts} at time zone 'UTC') = 7` })) windowed.push(...page.map((r) => r.value));
  const q = { deviceId, identifiers: ["temperature", "humidity"], from: new Date("2026-01-10T00:17:05Z"), to: new Date("2026-01-11T13:41:00Z") };
  const series = [];
  for (const [bucket, agg, timeZone] of [["raw", "avg", "UTC"], ["hour", "avg", "UTC"], ["day", "first", "UTC"], ["hour", "max", "Asia/Kathmandu"], ["day", "last", "Asia/Kolkata"]] as const)
    series.push(await telemetrySeries(db(), { ...q, bucket, agg, timeZone }));
  const charts = [
    await telemetryChart(db(), { ...q, maxPoints: 400 }),
    await telemetryChart(db(), { ...q, from: new Date("2026-01-10T06:00:01Z"), to: new Date("2026-01-10T07:13:00Z"), maxPoints: 100 }),
    await telemetryChart(db(), { ...q, from: new Date("2026-01-10T06:00:01Z"), to: new Date("2026-01-10T06:40:00Z"), maxPoints: 1000 }),
  ];
  const at = await valuesAt(db(), deviceId, ["temperature", "humidity"], new Date("2026-01-10T06:30:00.000Z"));
  const before = await valuesAt(db(), deviceId, ["temperature"], new Date("2026-02-01T00:00:00Z"));
  const latest = await latestValues(db(), deviceId, "temperature", 500);
  const hours = rowsOf(await db().execute(sql`select identifier, hour::text, n, sum, min, min_ts::text, max, max_ts::text, first, first_ts::text, last, last_ts::text
    from telemetry_hourly where device_id = ${deviceId} order by 1, 2`));
  return { pages, windowed, series, charts, at: [...at], before: [...before], latest, hours };
}

beforeAll(async () => {
  handle = await openTestDb();
  await ensurePartitions(handle.db, MONTH, NEXT);
  const [t] = await db().insert(tenants).values({ name: "pack", code: "pack" }).returning();
  const productId = await addSensorProduct(db(), t.id);
  [A, B] = (await addDevices(db(), { tenantId: t.id, productId, count: 2, prefix: "PACK" })).map((d) => d.id);
  await load(A);
  // A's January is packed, then B gets the same values as raw rows.
  expect(await packClosedPartitions(db(), PACK_AT)).toEqual(["telemetry_y2026m01"]);
  await load(B);
}, SETUP_MS);
afterAll(async () => handle?.close());

describe("a packed month", () => {
  it("holds the numbers as packed hours in ≤ 50 bytes a value, text and sub-millisecond instants as raw rows", async () => {
    expect(await count("telemetry_y2026m01", sql`device_id = ${A}`)).toBe(2);
    expect(await count("telemetry_packed", sql`device_id = ${A}`)).toBe(2 * DAYS * 24);
    // B's raw rows are a month not packed: the bytes of A's alone are the packed partition's.
    const [s] = rowsOf(await db().execute(sql`select pg_total_relation_size('telemetry_packed_y2026m01')::float8 as bytes`));
    expect(Number(s.bytes) / (DENSE + DAYS * 144)).toBeLessThanOrEqual(50);
  });

  it("reads the same through every reader as the same values unpacked", async () => {
    const a = await readAll(A);
    expect(a.pages.flat()).toHaveLength(DENSE - 1);
    expect(a.windowed).toHaveLength(2 * 360);
    expect(a.series[0][0].points.length).toBeGreaterThan(10_000);
    expect(a.charts[0][0].sampled).toBe(true);
    expect(a.charts[1][0].sampled).toBe(true);
    expect(a.charts[2][0].sampled).toBe(false);
    expect(a.at.map(([k, v]) => [k, v.value])).toEqual([["temperature", expect.any(Number)], ["humidity", 1234.5]]);
    expect(a.latest).toHaveLength(500);
    expect(a.hours.length).toBe(2 * DAYS * 24);
    same(await readAll(B), a);
  });

  it("reads a late value beside its packed hour, and the next run packs it into the hour", async () => {
    const temperature = await propId(db(), "temperature");
    for (const id of [A, B]) await db().execute(sql`insert into telemetry (ts, num, device_id, prop_id) values ('2026-01-10T07:00:05Z', -3.25, ${id}, ${temperature})`);
    await rebuildHourly(db(), [A, B]);
    const a = await readAll(A);
    expect(a.windowed).toContain(-3.25);
    same(await readAll(B), a);
    // The next run packs B's month and A's late value; A reads as before.
    expect(await packClosedPartitions(db(), PACK_AT)).toEqual(["telemetry_y2026m01"]);
    expect(await count("telemetry_y2026m01", sql`num is not null and date_trunc('milliseconds', ts) = ts`)).toBe(0);
    same(await readAll(A), a);
    same(await readAll(B), a);
    expect(await packClosedPartitions(db(), PACK_AT)).toEqual([]);
  });

  it("deletes a range cutting packed hours and keeps the rest of them", async () => {
    const from = new Date("2026-01-10T06:20:00Z");
    const to = new Date("2026-01-10T08:40:00Z");
    const before = (await readAll(A)).pages.flat().length;
    const gone = await deleteDeviceData(db(), [A], from, to);
    // 2 h 20 min of temperature (inclusive ends), the late value, 14 of humidity and the sub-millisecond one.
    expect(gone).toBe(841 + 1 + 14 + 1);
    const after = await readAll(A);
    expect(after.pages.flat()).toHaveLength(before - 841 - 1);
    expect(after.pages.flat().some((r) => r.at.startsWith("2026-01-10 06:19:50"))).toBe(true);
    expect(after.pages.flat().some((r) => r.at.startsWith("2026-01-10 08:40:10"))).toBe(true);
    expect(after.pages.flat().some((r) => r.at.startsWith("2026-01-10 07:"))).toBe(false);
  });

  it("goes with its month when retention drops the raw partition", async () => {
    const run = await applyRetention(db(), new Date("2027-06-15T00:00:00Z"));
    expect(run.dropped).toContain("telemetry_y2026m01");
    const [r] = rowsOf(await db().execute(sql`select to_regclass('telemetry_packed_y2026m01') is null as gone`));
    expect(r.gone).toBe(true);
    expect(await count("telemetry_packed")).toBe(0);
  });
});
