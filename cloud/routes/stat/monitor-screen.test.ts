import { describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { healthScore, TREND_DAYS, type DataAnalysis, type HealthAssess, type MonitorIndex } from "@/lib/contract/screen/monitor-screen";
import { alarmLevels, alarms, devices, pointGroups, projectMembers, projects } from "../../db/schema";
import { projectNameIn } from "../../db/queries/names";
import { platformDay } from "../../db/queries/screens";
import { signedIn, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
signedIn((s) => ({ cloud, admin, operator, platform } = s), ["admin", "operator", "platform"]);

const get = <T>(name: string, token = admin) => cloud.request<T>(`/stat/monitorScreen/${name}`, { token, language: "en" });

/** The demo tenant's projects, named as the screens answer an English reader. */
async function demoProjects() {
  return cloud.db.select({ id: projects.id, prjName: projectNameIn("en") }).from(projects).where(tenantOf(2).where(projects)).orderBy(projects.id);
}

/** A point of the project with devices, and one of its devices. */
async function pointOf(projectId: number) {
  const [point] = await cloud.db.select().from(pointGroups).where(eq(pointGroups.projectId, projectId)).limit(1);
  return { point, deviceId: point.deviceIds[0] };
}

async function raise(projectId: number, deviceId: number | null, levelNum: number, at: Date, status = 1) {
  const [level] = await cloud.db.select().from(alarmLevels).where(tenantOf(2).where(alarmLevels, eq(alarmLevels.levelNum, levelNum)));
  const [row] = await cloud.db
    .insert(alarms)
    .values({ tenantId: 2, projectId, deviceId, levelId: level.id, levelNum, levelName: level.levelName, levelColor: level.color, alarmName: `screen test ${levelNum}`, status, triggeredAt: at, lastTriggeredAt: at })
    .returning();
  return row;
}

describe("stat/monitorScreen", () => {
  it("answers only callers with a data screen in their menu", async () => {
    expect((await cloud.request("/stat/monitorScreen/monitorIndex", { language: "en" })).body.code).toBe(401);
    // The platform's menu has no data screens.
    expect((await get("dataAnalysis", platform)).body).toMatchObject({ code: 403 });
  });

  it("monitorIndex: points in alarm out of all and devices by state, per visible project", async () => {
    const list = await demoProjects();
    const before = await get<MonitorIndex>("monitorIndex");
    expect(before.body.code).toBe(200);
    expect(before.body.data.projects.map((p) => p.id)).toEqual(list.map((p) => p.id));
    const [first] = list;
    const [{ n }] = await cloud.db.select({ n: sql<number>`count(*)::int` }).from(devices).where(eq(devices.projectId, first.id));
    const row = before.body.data.projects.find((p) => p.id === first.id)!;
    expect(row.devices.total).toBe(n);
    expect(row.devices.online + row.devices.offline + row.devices.inactive).toBe(n);
    expect(row.pointTotal).toBeGreaterThan(0);

    // An open alarm on a device of a point that had none puts that point in alarm.
    const { point, deviceId } = await pointOf(first.id);
    await cloud.db.update(alarms).set({ status: 4 }).where(and(eq(alarms.projectId, first.id), inArray(alarms.deviceId, point.deviceIds)));
    const clean = (await get<MonitorIndex>("monitorIndex")).body.data.projects.find((p) => p.id === first.id)!;
    const created = await raise(first.id, deviceId, 3, cloud.now());
    const after = (await get<MonitorIndex>("monitorIndex")).body.data;
    const now = after.projects.find((p) => p.id === first.id)!;
    expect(now.pointAlarm).toBe(clean.pointAlarm + 1);
    expect(now.alarmOpen).toBe(clean.alarmOpen + 1);
    expect(now.index).toBe(Math.round((100 * (now.pointTotal - now.pointAlarm)) / now.pointTotal));
    expect(after.totals.pointAlarm).toBe(after.projects.reduce((s, p) => s + p.pointAlarm, 0));
    // Handled, it no longer counts.
    await cloud.db.update(alarms).set({ status: 4 }).where(eq(alarms.id, created.id));
    expect((await get<MonitorIndex>("monitorIndex")).body.data.projects.find((p) => p.id === first.id)!.pointAlarm).toBe(clean.pointAlarm);
  });

  it("only the caller's projects: an operator sees the project they are a member of", async () => {
    const mine = await cloud.db.select({ id: projectMembers.projectId }).from(projectMembers).where(eq(projectMembers.userId, await cloud.userId("operator01", 2)));
    const res = await get<MonitorIndex>("monitorIndex", operator);
    expect(res.body.code).toBe(200);
    expect(res.body.data.projects.map((p) => p.id).sort()).toEqual(mine.map((m) => m.id).sort());
    const analysis = await get<DataAnalysis>("dataAnalysis", operator);
    expect(analysis.body.data.ranking.map((p) => p.id).sort()).toEqual(mine.map((m) => m.id).sort());
  });

  it("healthAssess scores open alarms by level and fresh data, as documented", async () => {
    const [first, second] = await demoProjects();
    const now = cloud.now();
    // Every activated device of the second project reported just now, none has an open alarm.
    await cloud.db.update(alarms).set({ status: 4 }).where(eq(alarms.projectId, second.id));
    await cloud.db.update(devices).set({ status: 2, enableStatus: 1, lastReportTime: now }).where(eq(devices.projectId, second.id));
    let res = (await get<HealthAssess>("healthAssess")).body.data.projects.find((p) => p.id === second.id)!;
    expect(res).toMatchObject({ score: 100, grade: "A", completeness: 1, alarmPenalty: 0, openByLevel: [] });
    // Half of them silent for a day, and a level-4 alarm open: 100 − 12 − 40 × ½.
    const ids = (await cloud.db.select({ id: devices.id }).from(devices).where(eq(devices.projectId, second.id))).map((d) => d.id);
    const half = ids.slice(0, ids.length / 2);
    expect(half.length).toBeGreaterThan(0);
    await cloud.db.update(devices).set({ lastReportTime: new Date(now.getTime() - 86_400_000) }).where(inArray(devices.id, half));
    await raise(second.id, ids[0], 4, now);
    res = (await get<HealthAssess>("healthAssess")).body.data.projects.find((p) => p.id === second.id)!;
    expect(res.completeness).toBeCloseTo((ids.length - half.length) / ids.length);
    expect(res).toMatchObject({ alarmPenalty: 12, openByLevel: [{ levelNum: 4, count: 1, levelName: "Control" }] });
    expect(res.score).toBe(healthScore({ openByLevel: [{ levelNum: 4, count: 1 }], fresh: ids.length - half.length, expected: ids.length }).score);
    // The first project is scored from its own alarms.
    const firstRow = (await get<HealthAssess>("healthAssess")).body.data.projects.find((p) => p.id === first.id)!;
    expect(firstRow.alarmPenalty).toBe(Math.min(60, firstRow.openByLevel.reduce((s, l) => s + 3 * (l.levelNum ?? 1) * l.count, 0)));
  });

  it("dataAnalysis: levels, a 30-day trend by platform day, devices, products, ranking and newest alarms", async () => {
    const [first, second] = await demoProjects();
    const now = cloud.now();
    const twoDaysAgo = new Date(now.getTime() - 2 * 86_400_000);
    const before = (await get<DataAnalysis>("dataAnalysis")).body.data;
    expect(before.trend.days).toHaveLength(TREND_DAYS);
    expect(before.trend.days.at(-1)).toBe(platformDay(now.getTime()));
    expect(before.levels.map((l) => l.levelNum)).toEqual([1, 2, 3, 4]);
    const at = before.trend.days.indexOf(platformDay(twoDaysAgo.getTime()));
    const level2 = (d: DataAnalysis) => d.trend.series.find((s) => s.levelNum === 2)!;

    await raise(second.id, null, 2, twoDaysAgo);
    // Older than the trend's days: not in the trend nor the ranking's count, still open.
    await raise(second.id, null, 2, new Date(now.getTime() - 40 * 86_400_000));
    const after = (await get<DataAnalysis>("dataAnalysis")).body.data;
    expect(level2(after).counts[at]).toBe(level2(before).counts[at] + 1);
    expect(level2(after).counts.reduce((a, b) => a + b)).toBe(level2(before).counts.reduce((a, b) => a + b) + 1);
    expect(after.levels.find((l) => l.levelNum === 2)!.open).toBe(before.levels.find((l) => l.levelNum === 2)!.open + 2);
    const rank = (d: DataAnalysis, id: number) => d.ranking.find((r) => r.id === id)!;
    expect(rank(after, second.id).alarms).toBe(rank(before, second.id).alarms + 1);
    expect(after.ranking.map((r) => r.alarms)).toEqual([...after.ranking.map((r) => r.alarms)].sort((a, b) => b - a));
    expect(after.latestAlarms.map((a) => a.triggeredAt)).toEqual([...after.latestAlarms.map((a) => a.triggeredAt)].sort((a, b) => b - a));
    // The newest alarm (the seed's are stamped by the real clock, so after all of them) leads the list.
    const [{ last }] = await cloud.db.select({ last: sql<string>`max(${alarms.triggeredAt})::text` }).from(alarms);
    const newest = await raise(second.id, null, 3, new Date(new Date(last).getTime() + 1_000));
    const latest = (await get<DataAnalysis>("dataAnalysis")).body.data.latestAlarms;
    expect(latest[0]).toMatchObject({ id: newest.id, alarmName: "screen test 3", prjName: second.prjName, levelNum: 3, levelName: "Alarm" });

    const [{ n }] = await cloud.db.select({ n: sql<number>`count(*)::int` }).from(devices).where(inArray(devices.projectId, [first.id, second.id]));
    expect(after.devices.total).toBe(n);
    expect(after.deviceTypes.reduce((s, t) => s + t.count, 0)).toBe(n);
    expect(after.deviceTypes.reduce((s, t) => s + t.online, 0)).toBe(after.devices.online);
    expect(after.deviceTypes.map((t) => t.count)).toEqual([...after.deviceTypes.map((t) => t.count)].sort((a, b) => b - a));
  });
});
