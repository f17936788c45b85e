import { describe, expect, it } from "vitest";
import { asc, eq, ne, sql } from "drizzle-orm";
import type { Analysis } from "@/lib/contract/monitoring/analysis";
import { DEFAULT_RAW_MONTHS, type RetentionPreview, type RetentionSettings } from "@/lib/contract/system/retention";
import { devices, products, projects, tenants } from "../../db/schema";
import { applyRetention, saveRetention } from "../../db/queries/retention";
import { rebuildHourly } from "../../db/queries/telemetry-hourly";
import { telemetryChart } from "../../db/queries/telemetry";
import { ensurePartitions } from "../../ingest/partitions";
import { pgArray } from "../../ingest/pg-array";
import { rowsOf } from "../../ingest/writer";
import { tenantOf } from "../../lib/scope";
import { signedIn, SETUP_MS, type TestCloud } from "../../testing";
import { propId } from "../../db/queries/telemetry-props";

let cloud: TestCloud;
let admin: string;
let operator: string;
signedIn((s) => ({ cloud, admin, operator } = s), ["admin", "operator"]);

const M = 60_000;
// The test clock is 2026-03-02: three months kept means raw values from 2025-12-01 on.
const OCT = Date.UTC(2025, 9, 1);
const KEPT_FROM = Date.UTC(2025, 11, 1);

const call = <T>(path: string, body?: unknown, token = admin) => cloud.request<T>(`/sys/retention/${path}`, { token, body, language: "en" });
const partitionExists = async (name: string) => rowsOf(await cloud.db.execute(sql`select to_regclass(${name}) is not null as found`))[0]?.found === true;

/** A settlement device of the demo tenant with three days of 10-minute values in October 2025 and one in February 2026. */
async function withHistory() {
  const [d] = await cloud.db
    .select({ id: devices.id, projectId: devices.projectId })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(tenantOf(2).where(devices, eq(products.monitorType, "settlement")))
    .orderBy(asc(devices.id))
    .limit(1);
  await ensurePartitions(cloud.db, new Date(Date.UTC(2025, 8, 1)), new Date(Date.UTC(2026, 3, 1)));
  const times = [...Array.from({ length: 3 * 144 }, (_, i) => OCT + i * 10 * M), Date.UTC(2026, 1, 10)];
  const values = times.map((_, i) => (i === 200 ? 55 : 10 + (i % 144) / 144));
  await cloud.db.execute(sql`insert into telemetry (device_id, prop_id, ts, num)
    select ${d.id}, ${await propId(cloud.db, "settlement")}, unnest(${pgArray(times.map((t) => new Date(t)))}::timestamptz[]), unnest(${pgArray(values)}::float8[])`);
  await rebuildHourly(cloud.db, [d.id]);
  return { deviceId: d.id, projectId: d.projectId!, spikeAt: times[200] };
}

describe("sys/retention", { timeout: SETUP_MS }, () => {
  let fx: Awaited<ReturnType<typeof withHistory>>;

  it("says what the tenant keeps: the default until it chooses, per project", async () => {
    fx = await withHistory();
    const res = await call<RetentionSettings>("info");
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ rawMonths: DEFAULT_RAW_MONTHS, isDefault: true, keptFrom: "2025-02", hourlyMonths: 60 });
    expect(res.body.data.projects.find((p) => p.projectId === fx.projectId)).toMatchObject({ override: false, rawMonths: DEFAULT_RAW_MONTHS });
  });

  it("warns with the months a change deletes and refuses a save that does not confirm them", async () => {
    const change = { rawMonths: 3, overrides: [] };
    const preview = await call<RetentionPreview>("preview", change);
    expect(preview.body.data.months).toContain("2025-10");
    expect(preview.body.data.months.every((m) => m < "2025-12")).toBe(true);

    const unconfirmed = await call("save", change);
    expect(unconfirmed.body.code).toBe(400);
    expect(unconfirmed.body.msg).toContain("2025-10");
    expect((await call<RetentionSettings>("info")).body.data.isDefault).toBe(true);

    // Keeping longer deletes nothing: no month to confirm.
    expect((await call<RetentionPreview>("preview", { rawMonths: 24, overrides: [] })).body.data.months).toEqual([]);
    // Operators read the screen only when it is theirs; the save asks for its button.
    expect((await call("save", { ...change, confirmMonths: preview.body.data.months }, operator)).body.code).toBe(403);
  });

  it("refuses a project of another tenant and bad months", async () => {
    const [foreign] = await cloud.db.select({ id: projects.id }).from(projects).where(ne(projects.tenantId, 2)).limit(1);
    if (foreign) expect((await call("save", { rawMonths: 3, overrides: [{ projectId: foreign.id, rawMonths: 6 }] })).body.code).toBe(400);
    expect((await call("save", { rawMonths: 0, overrides: [] })).body.code).toBe(400);
    expect((await call("save", { rawMonths: "x", overrides: [] })).body.code).toBe(400);
  });

  it("saves a confirmed change; the project's override wins over the tenant's", async () => {
    const preview = await call<RetentionPreview>("preview", { rawMonths: 3, overrides: [] });
    const saved = await call<RetentionSettings>("save", { rawMonths: 3, overrides: [], confirmMonths: preview.body.data.months });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data).toMatchObject({ rawMonths: 3, isDefault: false, keptFrom: "2025-12" });
    // An override keeping longer shows on its project; back to the tenant's deletes what it kept.
    const longer = await call<RetentionSettings>("save", { rawMonths: 3, overrides: [{ projectId: fx.projectId, rawMonths: null }] });
    expect(longer.body.data.projects.find((p) => p.projectId === fx.projectId)).toMatchObject({ override: true, rawMonths: null, keptFrom: null });
    expect((await call<RetentionPreview>("preview", { rawMonths: 3, overrides: [] })).body.data.months).toContain("2025-10");
    expect((await call("save", { rawMonths: 3, overrides: [], confirmMonths: ["2025-10"] })).body.code).toBe(200);
  });

  it("answers a chart of a period past the retention from the roll-ups, with a flag", async () => {
    const view = () =>
      cloud.request<Analysis>("/stat/devOperationMonitoring/view", {
        token: admin,
        body: { monitorKind: "settlement", deviceId: fx.deviceId, startTime: "2025-10-01", endTime: "2025-10-05", queryType: 1, showValue: 1 },
        language: "en",
        headers: { projectid: String(fx.projectId) },
      });
    const before = await view();
    expect(before.body.code).toBe(200);
    expect(before.body.data.rolledUpBefore).toBe(KEPT_FROM);
    const points = before.body.data.series[0].data;
    expect(points.length).toBeGreaterThan(0);
    // Buckets of whole hours, each its lowest and highest value: the spike survives, at its own time.
    expect(points).toContainEqual([fx.spikeAt, 55]);
    expect(before.body.data.series[0].sampled).toBe(true);

    // Every other tenant keeps three months too: the shared cut passes October, whose partition goes.
    for (const t of await cloud.db.select({ id: tenants.id }).from(tenants)) if (t.id !== 2) await saveRetention(cloud.db, t.id, { rawMonths: 3, overrides: [] }, cloud.now());
    expect(await partitionExists("telemetry_y2025m10")).toBe(true);
    const run = await applyRetention(cloud.db, cloud.now());
    expect(run.cut?.getTime()).toBe(KEPT_FROM);
    expect(run.dropped).toEqual(expect.arrayContaining(["telemetry_y2025m10", "telemetry_y2025m11"]));
    expect(await partitionExists("telemetry_y2025m10")).toBe(false);
    expect(await partitionExists("telemetry_y2025m12")).toBe(true);
    const left = rowsOf(await cloud.db.execute(sql`select count(*)::int as n from telemetry where device_id = ${fx.deviceId} and ts < ${new Date(KEPT_FROM).toISOString()}::timestamptz`));
    expect(left[0].n).toBe(0);
    // Their 10-minute roll-up goes with them; the hours stay.
    const tiers = rowsOf(await cloud.db.execute(sql`select (select count(*)::int from telemetry_10min where device_id = ${fx.deviceId} and at < ${new Date(KEPT_FROM).toISOString()}::timestamptz) as ten,
      (select count(*)::int from telemetry_hourly where device_id = ${fx.deviceId} and hour < ${new Date(KEPT_FROM).toISOString()}::timestamptz) as hours`));
    expect(tiers[0].ten).toBe(0);
    expect(tiers[0].hours).toBeGreaterThan(0);
    // Raw values gone, the chart is the same: it never read them.
    const after = await view();
    expect(after.body.data.rolledUpBefore).toBe(KEPT_FROM);
    expect(after.body.data.series[0].data).toEqual(points);
    // The kept month still reads raw values, without the flag.
    const kept = await cloud.request<Analysis>("/stat/devOperationMonitoring/view", {
      token: admin,
      body: { monitorKind: "settlement", deviceId: fx.deviceId, startTime: "2026-02-09", endTime: "2026-02-11", queryType: 1, showValue: 1 },
      headers: { projectid: String(fx.projectId) },
    });
    expect(kept.body.data.rolledUpBefore).toBeNull();
    expect(kept.body.data.series[0].data).toEqual([[Date.UTC(2026, 1, 10), 10]]);
  });

  it("folds hours older than the hourly tier's keep into days, which charts read as before", async () => {
    // Two days of 2020 (past the 60 months kept by the hour), one value every 20 minutes, a spike.
    const start = Date.UTC(2020, 5, 1);
    const times = Array.from({ length: 144 }, (_, i) => start + i * 20 * M);
    const values = times.map((_, i) => (i === 77 ? -40 : 5 + (i % 7)));
    await cloud.db.execute(sql`insert into telemetry_hourly (device_id, identifier, hour, n, sum, min, min_ts, max, max_ts, first, first_ts, last, last_ts)
      select ${fx.deviceId}, 'settlement', date_trunc('hour', ts, 'UTC'), count(*)::int, sum(v), min(v), (array_agg(ts order by v, ts))[1], max(v), (array_agg(ts order by v desc, ts))[1],
        (array_agg(v order by ts))[1], min(ts), (array_agg(v order by ts desc))[1], max(ts)
      from unnest(${pgArray(times.map((t) => new Date(t)))}::timestamptz[], ${pgArray(values)}::float8[]) as x(ts, v) group by 3`);
    const chart = () => telemetryChart(cloud.db, { deviceId: fx.deviceId, identifiers: ["settlement"], from: new Date(start), to: new Date(start + 2 * 86_400_000), rawFrom: new Date(KEPT_FROM), maxPoints: 4 });
    const before = await chart();
    const run = await applyRetention(cloud.db, cloud.now());
    expect(run.foldedHours).toBe(48);
    const days = rowsOf(await cloud.db.execute(sql`select n, min, max from telemetry_daily where device_id = ${fx.deviceId} order by day`));
    expect(days.map((d) => [d.n, d.min, d.max])).toEqual([[72, 5, 11], [72, -40, 11]]);
    const hours = rowsOf(await cloud.db.execute(sql`select count(*)::int as n from telemetry_hourly where device_id = ${fx.deviceId} and hour < '2021-01-01'`));
    expect(hours[0].n).toBe(0);
    // Buckets of a day or more: the same extremes at the same times, now from the daily tier.
    expect((await chart())[0].points).toEqual(before[0].points);
    expect(before[0].points).toContainEqual([times[77], -40]);
  });
});
