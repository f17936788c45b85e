import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, gte, lte, sql } from "drizzle-orm";
import { openTestDb, SETUP_MS } from "../../testing";
import type { DbHandle } from "../client";
import { projects, robotRecordDays, robotRecords, tenants } from "../schema";
import { backfillRecordDays, pointStatistics, robotStatistics, writeRecords, type StatScope } from "./robots";

const H = 3_600_000;
const START = Date.UTC(2026, 2, 1, 13, 17); // mid-day: the first and last days are part days
let handle: DbHandle;
let scope: StatScope;

/** A deterministic spread of records: 5 days, 3 points on 2 tracks, 2 robots, one in 7 abnormal, point 1 renamed on day 3. */
function records(n: number, offset: number) {
  let x = 7 + offset;
  const rnd = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: n }, (_, k) => {
    const i = k + offset;
    const at = new Date(START + Math.floor(rnd() * 5 * 24 * H));
    const pointId = 1 + (i % 3), deviceId = 1 + (i % 2);
    return {
      tenantId: scope.tenantId,
      projectId: scope.projectId,
      taskId: null,
      trackId: pointId === 3 ? 2 : 1,
      pointId,
      itemId: 1,
      deviceId,
      taskName: "T",
      trackName: pointId === 3 ? "Rail B" : "Rail A",
      pointName: pointId === 1 && at.getTime() > START + 2.5 * 24 * H ? "P1 renamed" : `P${pointId}`,
      itemName: "Temperature",
      itemType: 2,
      deviceName: `Robot ${deviceId}`,
      value: 20 + (i % 30),
      unit: "°C",
      inspectStatus: i % 7 === 0 ? 1 : 0,
      recordedAt: at,
    };
  });
}

/** What the statistics must equal: the records themselves, filtered and grouped in memory. */
async function expected(from: Date | null, to: Date | null, trackId?: number) {
  const rows = await handle.db
    .select()
    .from(robotRecords)
    .where(and(eq(robotRecords.projectId, scope.projectId), ...(from ? [gte(robotRecords.recordedAt, from)] : []), ...(to ? [lte(robotRecords.recordedAt, to)] : []), ...(trackId ? [eq(robotRecords.trackId, trackId)] : [])));
  const group = (key: (r: (typeof rows)[number]) => number) => {
    const m = new Map<number, { total: number; abnormal: number; last: (typeof rows)[number] }>();
    for (const r of rows) {
      const g = m.get(key(r)) ?? { total: 0, abnormal: 0, last: r };
      g.total++;
      g.abnormal += r.inspectStatus;
      if (r.recordedAt >= g.last.recordedAt) g.last = r;
      m.set(key(r), g);
    }
    return [...m.entries()].sort((a, b) => a[0] - b[0]);
  };
  return {
    points: group((r) => r.pointId).map(([pointId, g]) => ({ pointId, pointName: g.last.pointName, trackName: g.last.trackName, total: g.total, normal: g.total - g.abnormal, abnormal: g.abnormal, lastTime: g.last.recordedAt.toISOString() })),
    robots: group((r) => r.deviceId).map(([deviceId, g]) => ({ deviceId, total: g.total, abnormal: g.abnormal })),
  };
}

/** The platform's wall clock (UTC+8) of an instant, as a filter carries it. */
const wall = (ms: number) => new Date(ms + 8 * H).toISOString().slice(0, 19).replace("T", " ");

beforeAll(async () => {
  handle = await openTestDb();
  const [t] = await handle.db.insert(tenants).values({ name: "Roll-up" }).returning({ id: tenants.id });
  const [p] = await handle.db.insert(projects).values({ tenantId: t.id, prjName: "Rail" }).returning({ id: projects.id });
  scope = { tenantId: t.id, projectId: p.id, zone: "Asia/Shanghai" };
}, SETUP_MS);
afterAll(() => handle?.close());

describe("inspection statistics from the daily roll-up", () => {
  it("builds the roll-up from older records once, keeps it as records are written, and answers exactly what the records say for any range", async () => {
    // Records from before the roll-up existed: the start builds it, once.
    await handle.db.insert(robotRecords).values(records(400, 0));
    expect(await backfillRecordDays(handle.db)).toBeGreaterThan(0);
    expect(await backfillRecordDays(handle.db)).toBe(0);
    // Then written the normal way, in several batches (upserts into the same days).
    for (let b = 1; b <= 4; b++) await writeRecords(handle.db, records(150, b * 1000));
    const [{ n }] = await handle.db.select({ n: sql<number>`sum(${robotRecordDays.total})::int` }).from(robotRecordDays);
    expect(n).toBe(1000);

    const day = (d: number, h = 0) => START - 13 * H - 17 * 60_000 + d * 24 * H + h * H; // UTC midnight of day d, plus hours
    const ranges: [number | null, number | null][] = [
      [null, null],
      [day(1), null], // from a UTC midnight
      [null, day(3, 5.5)], // to mid-day
      [day(1, 7.25), day(3, 19)], // part days at both ends
      [day(2, 1), day(2, 9)], // within one day: records only
      [day(0, 0), day(5, 0)], // whole days exactly
      [day(4, 23), day(9)], // past the last record
    ];
    for (const [a, b] of ranges) {
      const from = a === null ? null : new Date(Math.floor(a / 1000) * 1000), to = b === null ? null : new Date(Math.floor(b / 1000) * 1000);
      const q = { startTime: from ? wall(from.getTime()) : undefined, endTime: to ? wall(to.getTime()) : undefined };
      const want = await expected(from, to);
      expect(await pointStatistics(handle.db, scope, q), JSON.stringify(q)).toEqual(want.points);
      expect((await robotStatistics(handle.db, scope, q, "zh-cn")).map((r) => ({ deviceId: r.deviceId, total: r.total, abnormal: r.abnormal })), JSON.stringify(q)).toEqual(want.robots);
    }
    // A track filter and a day's filter (a whole day on the tenant's clock: two part UTC days).
    expect(await pointStatistics(handle.db, scope, { trackId: 2 })).toEqual((await expected(null, null, 2)).points);
    const d2 = "2026-03-03";
    const from = new Date(`${d2}T00:00:00+08:00`), to = new Date(`${d2}T23:59:59+08:00`);
    expect(await pointStatistics(handle.db, scope, { startTime: d2, endTime: d2 })).toEqual((await expected(from, to)).points);
    // The renamed point answers its latest name.
    expect((await pointStatistics(handle.db, scope, {})).find((p) => p.pointId === 1)?.pointName).toBe("P1 renamed");
  });
});
