import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, gte, lte, sql } from "drizzle-orm";
import { openTestDb, SETUP_MS } from "../../testing";
import type { DbHandle } from "../client";
import { devices, products, projects, robotPlans, robotPoints, robotRecordDays, robotRecords, robotTaskDays, robotTasks, robotTracks, tenants } from "../schema";
import { PATROL_STATUS } from "@/lib/contract/robot/enums";
import { taskDaysKeptAndCounted } from "../../testing";
import { dispatchTasks, recordArrival } from "../../robot/records";
import { generateTasks, sweepTasks } from "../../robot/scheduler";
import { backfillRecordDays, backfillTaskDays, pointStatistics, robotStatistics, writeRecords, type StatScope } from "./robots";

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
      expect(await pointStatistics(handle.db, scope, q, "zh-cn"), JSON.stringify(q)).toEqual(want.points);
      expect((await robotStatistics(handle.db, scope, q, "zh-cn")).map((r) => ({ deviceId: r.deviceId, total: r.total, abnormal: r.abnormal })), JSON.stringify(q)).toEqual(want.robots);
    }
    // A track filter and a day's filter (a whole day on the tenant's clock: two part UTC days).
    expect(await pointStatistics(handle.db, scope, { trackId: 2 }, "zh-cn")).toEqual((await expected(null, null, 2)).points);
    const d2 = "2026-03-03";
    const from = new Date(`${d2}T00:00:00+08:00`), to = new Date(`${d2}T23:59:59+08:00`);
    expect(await pointStatistics(handle.db, scope, { startTime: d2, endTime: d2 }, "zh-cn")).toEqual((await expected(from, to)).points);
    // The renamed point answers its latest name.
    expect((await pointStatistics(handle.db, scope, {}, "zh-cn")).find((p) => p.pointId === 1)?.pointName).toBe("P1 renamed");
  });
});

describe("robot task statistics from the tasks' daily counts", () => {
  it("keeps the counts at every change of a task, builds them once from older tasks, and answers exactly what the tasks say for any range", async () => {
    const db = handle.db;
    const { tenantId, projectId } = scope;
    const [prod] = await db.insert(products).values({ tenantId, prodName: "Rail robot", prodCategory: "structural", prodType: "device", netType: "mqtt", dataFormat: "json", verifyType: "secret", activeCycle: 5 }).returning({ id: products.id });
    const [r1, r2] = await db.insert(devices).values(["RBT-A", "RBT-B"].map((sn) => ({ tenantId, productId: prod.id, projectId, deviceName: sn, deviceSn: sn, secretHash: "x" }))).returning({ id: devices.id });
    const [t1, t2] = await db.insert(robotTracks).values(["Rail A", "Rail B"].map((trackName) => ({ tenantId, projectId, trackName, trackMap: "m.png", trackLength: 100, mapScale: 0.1 }))).returning({ id: robotTracks.id });
    const points = await db.insert(robotPoints).values([t1, t2].map((t) => ({ tenantId, projectId, trackId: t.id, pointName: `P${t.id}`, markPosition: `{"x":100,"y":200}`, position: 10 }))).returning();
    const day0 = START - 13 * H - 17 * 60_000; // UTC midnight of the first day
    const startAt = new Date(day0 + 10 * 60_000);
    // Two plans share robot A (so some of their tasks expire waiting), one runs robot B; one hour each.
    const plan = (trackId: number, deviceId: number, cycle: string) => ({ tenantId, projectId, schemeName: cycle, trackId, deviceId, repetition: 1, startTime: startAt.toISOString(), startAt, cycle, duration: 1, publishStatus: 1 });
    const plans = await db.insert(robotPlans).values([plan(t1.id, r1.id, "0 30 * * * ? *"), plan(t2.id, r1.id, "0 0 */3 * * ? *"), plan(t1.id, r2.id, "0 15 */2 * * ? *")]).returning({ id: robotPlans.id });
    const ids = plans.map((p) => p.id);
    const deps = { filesDir: "/tmp", raise: async () => null, frame: null };
    // The scheduler every 100 minutes: tasks generated, expired, timed out, started; a running task reaches its point
    // (done) at the next step, except one in four, which runs past its hour (a timeout) before it does.
    const run = async (from: number, to: number) => {
      for (let at = from; at < to; at += 100 * 60_000) {
        const now = new Date(at);
        await generateTasks(db, now, ids);
        await sweepTasks(db, now);
        await dispatchTasks(db, now);
        const running = await db.select().from(robotTasks).where(and(eq(robotTasks.projectId, projectId), eq(robotTasks.patrolStatus, PATROL_STATUS.running)));
        for (const t of running)
          if (t.startedAt!.getTime() < at && (t.id % 4 !== 0 || t.timeout === 1)) await recordArrival(db, deps, t.deviceId, now, { taskId: t.id, pointId: points.find((p) => p.trackId === t.trackId)!.id });
      }
    };
    // Tasks from before the counts existed: the start builds them, once.
    await run(day0, day0 + 30 * H);
    await db.delete(robotTaskDays);
    expect(await backfillTaskDays(db)).toBeGreaterThan(0);
    expect(await backfillTaskDays(db)).toBe(0);
    let both = await taskDaysKeptAndCounted(db);
    expect(both.kept).toEqual(both.counted);
    // Then kept by the writers themselves.
    await run(day0 + 30 * H, day0 + 5 * 24 * H);
    both = await taskDaysKeptAndCounted(db);
    expect(both.kept).toEqual(both.counted);
    const all = await db.select().from(robotTasks).where(eq(robotTasks.projectId, projectId));
    const by = (s: number) => all.filter((t) => t.patrolStatus === s).length;
    // Every outcome is there to count.
    expect([by(PATROL_STATUS.done), by(PATROL_STATUS.expired), all.filter((t) => t.timeout).length].every((n) => n > 3), JSON.stringify([by(2), by(3), all.length])).toBe(true);

    /** What the statistics must equal: the tasks themselves, filtered by slot and grouped in memory. */
    const want = (from: Date | null, to: Date | null, o: { trackId?: number; deviceId?: number } = {}) => {
      const m = new Map<number, { deviceId: number; tasks: number; done: number; expired: number; abnormalTasks: number; timeouts: number }>();
      for (const t of all) {
        if ((from && t.slotAt < from) || (to && t.slotAt > to) || (o.trackId && t.trackId !== o.trackId) || (o.deviceId && t.deviceId !== o.deviceId)) continue;
        const g = m.get(t.deviceId) ?? { deviceId: t.deviceId, tasks: 0, done: 0, expired: 0, abnormalTasks: 0, timeouts: 0 };
        g.tasks++;
        if (t.patrolStatus === PATROL_STATUS.done) g.done++;
        if (t.patrolStatus === PATROL_STATUS.expired) g.expired++;
        if (t.patrolStatus === PATROL_STATUS.abnormal) g.abnormalTasks++;
        if (t.timeout === 1) g.timeouts++;
        m.set(t.deviceId, g);
      }
      return [...m.values()].sort((a, b) => a.deviceId - b.deviceId);
    };
    const got = async (q: Parameters<typeof robotStatistics>[2]) =>
      (await robotStatistics(db, scope, q, "en")).filter((r) => r.deviceId === r1.id || r.deviceId === r2.id).filter((r) => r.tasks).map(({ deviceId, tasks, done, expired, abnormalTasks, timeouts }) => ({ deviceId, tasks, done, expired, abnormalTasks, timeouts }));
    const day = (d: number, h = 0) => day0 + d * 24 * H + h * H;
    const ranges: [number | null, number | null][] = [
      [null, null],
      [day(1), null], // from a UTC midnight
      [null, day(3, 5.5)], // to mid-day
      [day(1, 7.25), day(3, 19)], // part days at both ends
      [day(2, 1), day(2, 9)], // within one day: tasks only
      [day(0), day(5)], // whole days exactly
      [day(4, 23), day(9)], // past the last task
      [day(0, 13.5), day(0, 13.5)], // one instant: a slot of robot A's hourly plan
    ];
    for (const [a, b] of ranges) {
      const from = a === null ? null : new Date(Math.floor(a / 1000) * 1000), to = b === null ? null : new Date(Math.floor(b / 1000) * 1000);
      const q = { startTime: from ? wall(from.getTime()) : undefined, endTime: to ? wall(to.getTime()) : undefined };
      expect(await got(q), JSON.stringify(q)).toEqual(want(from, to));
    }
    // A track, a robot, and days on the tenant's clock (each two part UTC days).
    expect(await got({ trackId: t1.id })).toEqual(want(null, null, { trackId: t1.id }));
    expect(await got({ deviceId: r2.id, startTime: "2026-03-02" })).toEqual(want(new Date("2026-03-02T00:00:00+08:00"), null, { deviceId: r2.id }));
    expect(await got({ startTime: "2026-03-03", endTime: "2026-03-04" })).toEqual(want(new Date("2026-03-03T00:00:00+08:00"), new Date("2026-03-04T23:59:59+08:00")));
    expect((await got({ startTime: "2026-03-03", endTime: "2026-03-03" }))[0].tasks).toBeGreaterThan(0);
  }, 120_000);
});
