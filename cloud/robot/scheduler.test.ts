import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { ALARM_STATUS, RULE_TYPE } from "@/lib/contract/alarm/enums";
import { ROBOT_EVENTS } from "@/lib/contract/robot/robot";
import { AlarmEvaluator } from "../alarms/evaluator";
import { alarmLevels, alarmRules, alarms, devices, products, projects, robotItems, robotPlans, robotPoints, robotRecords, robotTasks, robotTracks, clusterJobs, todos } from "../db/schema";
import { robotPhoto } from "../simulator/robot";
import { dispatchTasks, recordArrival } from "./records";
import { Coordinator } from "../lib/coordination";
import { tenantOf } from "../lib/scope";
import { createTestCloud, type TestCloud } from "../testing";
import { generateTasks, schedulePlans, slotsOf, sweepTasks } from "./scheduler";

let cloud: TestCloud;
beforeAll(async () => {
  cloud = await createTestCloud();
});
afterAll(() => cloud?.close());

const H = 3_600_000;

async function publishedPlan(o: { startAt: Date; cycle: string | null; repetition?: number; duration?: number; endAt?: Date }) {
  const db = cloud.db;
  const [p] = await db.select({ id: projects.id }).from(projects).where(tenantOf(2).where(projects)).orderBy(asc(projects.id)).limit(1);
  const [prod] = await db.insert(products).values({ tenantId: 2, prodName: "Rail robot", prodCategory: "structural", prodType: "device", netType: "mqtt", dataFormat: "json", verifyType: "secret", activeCycle: 5 }).returning({ id: products.id });
  const sn = `SCHED-${Math.random().toString(36).slice(2, 8)}`;
  const [d] = await db.insert(devices).values({ tenantId: 2, productId: prod.id, projectId: p.id, deviceName: sn, deviceSn: sn, secretHash: "x" }).returning({ id: devices.id });
  const [t] = await db.insert(robotTracks).values({ tenantId: 2, projectId: p.id, trackName: sn, trackMap: "m.png", trackLength: 100, mapScale: 0.1 }).returning({ id: robotTracks.id });
  await db.insert(robotPoints).values([1, 2].map((i) => ({ tenantId: 2, projectId: p.id, trackId: t.id, pointName: `P${i}`, markPosition: `{"x":${i * 100},"y":200}`, position: i * 10 })));
  const [plan] = await db
    .insert(robotPlans)
    .values({ tenantId: 2, projectId: p.id, schemeName: sn, trackId: t.id, deviceId: d.id, repetition: o.repetition ?? 1, startTime: o.startAt.toISOString(), startAt: o.startAt, endAt: o.endAt, cycle: o.cycle, duration: o.duration ?? 1, publishStatus: 1 })
    .returning();
  return plan;
}
const tasksOf = async (schemeId: number) => (await cloud.db.select({ n: count() }).from(robotTasks).where(eq(robotTasks.schemeId, schemeId)))[0].n;

describe("the plan scheduler", () => {
  it("reads a plan's slots from its cycle in the platform's zone, between its start and end", () => {
    const startAt = new Date("2026-03-01T16:00:00Z"); // 00:00 in UTC+8
    const daily8 = slotsOf({ repetition: 1, cycle: "0 0 8 * * ? *", startAt, endAt: new Date("2026-03-04T00:00:00Z") }, null, new Date("2026-03-10T00:00:00Z"));
    expect(daily8.map((d) => d.toISOString())).toEqual(["2026-03-02T00:00:00.000Z", "2026-03-03T00:00:00.000Z"]);
    expect(slotsOf({ repetition: 2, cycle: null, startAt, endAt: null }, null, new Date(startAt.getTime() - 1))).toEqual([]);
    expect(slotsOf({ repetition: 2, cycle: null, startAt, endAt: null }, null, startAt)).toEqual([startAt]);
    expect(slotsOf({ repetition: 2, cycle: null, startAt, endAt: null }, startAt, new Date(startAt.getTime() + H))).toEqual([]);
  });

  it("generates one task per slot when N instances run it at once, expires what was missed and marks timeouts", async () => {
    const now = cloud.now();
    const plan = await publishedPlan({ startAt: new Date(now.getTime() - 10 * H - 1000), cycle: "0 0 * * * ? *", duration: 2 });
    // Five instances generating the same ten hours (eleven hourly slots, now included) at the same moment: each slot once.
    const written = await Promise.all(Array.from({ length: 5 }, () => generateTasks(cloud.db, now, [plan.id])));
    expect(written.reduce((a, b) => a + b, 0)).toBe(11);
    expect(await tasksOf(plan.id)).toBe(11);
    const dupes = await cloud.db.execute(sql`select scheme_id, slot_at, count(*) from robot_tasks where scheme_id = ${plan.id} group by 1, 2 having count(*) > 1`);
    expect((dupes as unknown as { rows: unknown[] }).rows).toEqual([]);
    // The slots whose two hours have passed were recorded as expired, the last two are still to run.
    const rows = await cloud.db.select().from(robotTasks).where(eq(robotTasks.schemeId, plan.id)).orderBy(asc(robotTasks.slotAt));
    expect(rows.map((r) => r.patrolStatus)).toEqual([3, 3, 3, 3, 3, 3, 3, 3, 3, 0, 0]);
    expect(rows[0]).toMatchObject({ pointTotal: 2, duration: 2 });

    // A running task past its duration is a timeout; a not started one past it expires.
    await cloud.db.update(robotTasks).set({ patrolStatus: 1, startedAt: rows[9].slotAt }).where(eq(robotTasks.id, rows[9].id));
    const later = new Date(now.getTime() + 2 * H);
    expect(await sweepTasks(cloud.db, later)).toEqual({ expired: 1, timedOut: 1 });
    const [t9] = await cloud.db.select().from(robotTasks).where(eq(robotTasks.id, rows[9].id));
    expect(t9).toMatchObject({ patrolStatus: 1, timeout: 1 });
  });

  it("runs as one cluster job: of three instances ticking together, one generates", async () => {
    const now = cloud.now();
    const plan = await publishedPlan({ startAt: new Date(now.getTime() - 3 * H - 1000), cycle: "0 0 * * * ? *" });
    await cloud.db.delete(clusterJobs).where(eq(clusterJobs.name, "robot-plans"));
    const instances = [0, 1, 2].map(() => new Coordinator(cloud.db));
    instances.forEach((c) => schedulePlans(c, cloud.db, () => now));
    const started = (await Promise.all(instances.map((c) => c.tick()))).flat();
    await Promise.all(instances.map((c) => c.idle()));
    expect(started).toEqual(["robot-plans"]);
    expect(await tasksOf(plan.id)).toBe(4);
    await Promise.all(instances.map((c) => c.close()));
  });

  it("generates a once plan's one task, and nothing for a terminated or unpublished plan", async () => {
    const now = cloud.now();
    const once = await publishedPlan({ startAt: new Date(now.getTime() - 1000), cycle: null, repetition: 2 });
    expect(await generateTasks(cloud.db, now, [once.id])).toBe(1);
    expect(await generateTasks(cloud.db, new Date(now.getTime() + 48 * H), [once.id])).toBe(0);
    const off = await publishedPlan({ startAt: new Date(now.getTime() - 3 * H - 1000), cycle: "0 0 * * * ? *" });
    await cloud.db.update(robotPlans).set({ enableStatus: 2 }).where(eq(robotPlans.id, off.id));
    expect(await generateTasks(cloud.db, now, [off.id])).toBe(0);
    await cloud.db.update(robotPlans).set({ enableStatus: 1, publishStatus: 0 }).where(eq(robotPlans.id, off.id));
    expect(await generateTasks(cloud.db, now, [off.id])).toBe(0);
  });

  it("starts one task per robot, turns arrivals into records, raises an alarm with the photo for an abnormal one through the inspection rule, and finishes the task", async () => {
    const now = cloud.now();
    const plan = await publishedPlan({ startAt: new Date(now.getTime() - 2 * H - 1000), cycle: "0 0 * * * ? *", duration: 3 });
    // The robot's product has an inspection rule in the project: abnormal readings alarm through it.
    const [robot] = await cloud.db.select({ productId: devices.productId }).from(devices).where(eq(devices.id, plan.deviceId));
    const [level] = await cloud.db.select().from(alarmLevels).where(tenantOf(2).where(alarmLevels)).orderBy(asc(alarmLevels.levelNum)).limit(1);
    const [rule] = await cloud.db.insert(alarmRules).values({ tenantId: 2, projectId: plan.projectId, productId: robot.productId, ruleName: "Inspection", ruleType: RULE_TYPE.inspection, levelId: level.id, channels: [1], enableStatus: 1 }).returning();
    const evaluator = new AlarmEvaluator(cloud.db, { delivery: cloud.deps.delivery, now: cloud.now, staleSweepMs: 0 });
    const raised: number[] = [];
    evaluator.events.on("raised", (a) => raised.push(a.id));
    const raise = (r: Parameters<typeof evaluator.inspection>[0]) => evaluator.inspection(r);
    await generateTasks(cloud.db, now, [plan.id]);
    expect(await dispatchTasks(cloud.db, now)).toBeGreaterThanOrEqual(1);
    expect(await dispatchTasks(cloud.db, now)).toBe(0);
    const [task] = await cloud.db.select().from(robotTasks).where(and(eq(robotTasks.schemeId, plan.id), eq(robotTasks.patrolStatus, 1)));
    const points = await cloud.db.select().from(robotPoints).where(eq(robotPoints.trackId, plan.trackId)).orderBy(asc(robotPoints.position));
    const [temp] = await cloud.db.insert(robotItems).values({ tenantId: 2, projectId: plan.projectId, pointId: points[0].id, itemName: "Temperature", itemType: 2, unit: "°C", minValue: 0, maxValue: 45 }).returning();
    const files = `${cloud.deps.config.filesDir}`;
    // The camera gives no frame at first (the robot's own picture is kept), then a JPEG frame.
    const frames: string[] = [];
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);
    let frameOk = false;
    const deps = { filesDir: files, raise, frame: async (id: number, name: string) => (frames.push(`${id} ${name}`), frameOk ? jpeg : Promise.reject(new Error("connectionFailed"))) };
    expect(await recordArrival(cloud.db, deps, plan.deviceId, now, { taskId: task.id, pointId: points[0].id, readings: JSON.stringify([{ itemId: temp.id, value: 58.5 }]), photo: robotPhoto(points[0].id, true) })).toBe(1);
    const [rec] = await cloud.db.select().from(robotRecords).where(eq(robotRecords.taskId, task.id));
    expect(rec).toMatchObject({ value: 58.5, inspectStatus: 1, pointName: points[0].pointName });
    expect(rec.photos[0]).toMatch(/^2\/\d{8}\/[a-f0-9]{32}\.png$/);
    const [alarm] = await cloud.db.select().from(alarms).where(eq(alarms.id, rec.alarmId!));
    expect(alarm).toMatchObject({ deviceId: plan.deviceId, value: 58.5, projectId: plan.projectId, ruleId: rule.id, levelId: level.id, levelName: level.levelName, identifier: ROBOT_EVENTS.abnormal, status: ALARM_STATUS.pending });
    expect(alarm.attachments).toEqual([expect.objectContaining({ url: rec.photos[0], kind: "image" })]);
    // Like any rule's alarm: the raised event (data push, linkage) once, and the handlers' pending to-dos.
    expect(raised).toEqual([alarm.id]);
    expect((await cloud.db.select().from(todos).where(eq(todos.bizId, alarm.id))).length).toBeGreaterThan(0);
    // Another abnormal reading while it is open joins it (its count), as a device value does.
    frameOk = true;
    expect(await recordArrival(cloud.db, deps, plan.deviceId, now, { taskId: task.id, pointId: points[0].id, readings: JSON.stringify([{ itemId: temp.id, value: 61 }]) })).toBe(1);
    const again = await cloud.db.select().from(robotRecords).where(eq(robotRecords.taskId, task.id)).orderBy(asc(robotRecords.id));
    expect(again[1].photos[0]).toMatch(/^2\/\d{8}\/[a-f0-9]{32}\.jpg$/);
    expect(frames).toEqual([`${plan.deviceId} ${plan.schemeName}`, `${plan.deviceId} ${plan.schemeName}`]);
    expect(again.map((r) => r.alarmId)).toEqual([alarm.id, alarm.id]);
    expect((await cloud.db.select().from(alarms).where(eq(alarms.id, alarm.id)))[0]).toMatchObject({ count: 2, latestValue: 61 });
    expect(raised).toEqual([alarm.id]);
    // Another point's abnormal reading is an alarm of its own, with its own photo.
    const other = await raise({ deviceId: plan.deviceId, at: now, alarmName: `${points[1].pointName} Gas`, identifier: ROBOT_EVENTS.abnormal, value: 80, content: "", attachments: [] });
    expect(other).not.toBe(alarm.id);
    expect(raised).toEqual([alarm.id, other]);
    // Without an enabled inspection rule the reading is abnormal and raises nothing.
    await cloud.db.update(alarmRules).set({ enableStatus: 2 }).where(eq(alarmRules.id, rule.id));
    evaluator.invalidate();
    expect(await raise({ deviceId: plan.deviceId, at: now, alarmName: "x", identifier: ROBOT_EVENTS.abnormal, value: 1, content: "", attachments: [] })).toBeNull();
    // Another robot's arrival for this task is ignored; the last point finishes the task.
    expect(await recordArrival(cloud.db, deps, plan.deviceId + 1000, now, { taskId: task.id, pointId: points[1].id })).toBe(0);
    await recordArrival(cloud.db, deps, plan.deviceId, now, { taskId: task.id, pointId: points[1].id, readings: "[]" });
    const [after] = await cloud.db.select().from(robotTasks).where(eq(robotTasks.id, task.id));
    expect(after).toMatchObject({ patrolStatus: 2, runStatus: 3, pointDone: 2, abnormalCount: 2 });
  });

  it("counts every point of arrivals that overlap while a camera frame is taken, and finishes the task", async () => {
    const now = cloud.now();
    const plan = await publishedPlan({ startAt: new Date(now.getTime() - 2 * H - 1000), cycle: "0 0 * * * ? *", duration: 3 });
    await generateTasks(cloud.db, now, [plan.id]);
    await dispatchTasks(cloud.db, now);
    const [task] = await cloud.db.select().from(robotTasks).where(and(eq(robotTasks.schemeId, plan.id), eq(robotTasks.patrolStatus, 1)));
    const points = await cloud.db.select().from(robotPoints).where(eq(robotPoints.trackId, plan.trackId)).orderBy(asc(robotPoints.position));
    expect(task.pointTotal).toBe(points.length);
    // Each frame takes a moment: every arrival has read its task before the first is stored.
    const deps = { filesDir: `${cloud.deps.config.filesDir}`, raise: async () => null, frame: () => new Promise<Buffer>((_, no) => setTimeout(() => no(new Error("slow")), 100)) };
    await Promise.all(points.map((pt) => recordArrival(cloud.db, deps, plan.deviceId, now, { taskId: task.id, pointId: pt.id, readings: "[]" })));
    const [after] = await cloud.db.select().from(robotTasks).where(eq(robotTasks.id, task.id));
    expect(after).toMatchObject({ patrolStatus: 2, pointDone: points.length });
  });
});
