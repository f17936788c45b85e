import { describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { and, asc, eq } from "drizzle-orm";
import { CATALOGUE } from "@/lib/contract/catalogue";
import { devices, products, projects, robotTasks } from "../../db/schema";
import { writeRecords } from "../../db/queries/robots";
import { tenantOf } from "../../lib/scope";
import { signedIn, taskDaysKeptAndCounted, type TestCloud } from "../../testing";
import { generateTasks, sweepTasks } from "../../robot/scheduler";

let cloud: TestCloud;
let admin: string;
let platform: string;
signedIn((s) => ({ cloud, admin, platform } = s), ["admin", "platform"]);

const H = 3_600_000;
/** Platform time (UTC+8) of an instant, as the plan form writes it. */
const wall = (d: Date) => new Date(d.getTime() + 8 * H).toISOString().slice(0, 19).replace("T", " ");

async function setup() {
  const [a, b] = await cloud.db.select({ id: projects.id }).from(projects).where(tenantOf(2).where(projects)).orderBy(asc(projects.id)).limit(2);
  const [p] = await cloud.db.insert(products).values({ tenantId: 2, prodName: "Rail robot", prodCategory: "structural", prodType: "device", netType: "mqtt", dataFormat: "json", verifyType: "secret", activeCycle: 5 }).returning({ id: products.id });
  const mk = (sn: string, projectId: number) => ({ tenantId: 2, productId: p.id, projectId, deviceName: sn, deviceSn: sn, secretHash: "x" });
  const [r1, r2] = await cloud.db.insert(devices).values([mk(`T-RBT-${a.id}`, a.id), mk(`T-RBT-${b.id}`, b.id)]).returning({ id: devices.id });
  return { a: a.id, b: b.id, r1: r1.id, r2: r2.id };
}

type Row = { id: number } & Record<string, unknown>;

describe("stat robot: tracks, points, items, plans, tasks, records", () => {
  it("keeps each project's robot data apart, refuses a plan in the past, publishes, generates one task per slot and counts records", async () => {
    const { a, b, r1, r2 } = await setup();
    const call = <T = Row>(path: string, body?: unknown, language = "en", project = a) => cloud.request<T>(path, { token: admin, body, language, headers: { projectid: String(project) } });

    expect((await call("/stat/trackInfo/add", { trackName: "Rail A", trackLength: 120, mapScale: 0.15 })).body).toMatchObject({ code: 400, data: { field: "trackMap" } });
    const track = (await call("/stat/trackInfo/add", { trackName: "Rail A", trackMap: "/files/robot/rail-a.png", trackLength: 120, mapScale: 0.15 })).body.data;
    expect((await call("/stat/trackInfo/add", { trackName: "Rail A", trackMap: "x.png", trackLength: 1, mapScale: 1 })).body.msg).toBe('A track named "Rail A" exists already');
    const otherTrack = (await call("/stat/trackInfo/add", { trackName: "Rail B", trackMap: "b.png", trackLength: 50, mapScale: 0.1 }, "en", b)).body.data;

    // A point on another project's track is refused; three points placed on the map.
    expect((await call("/stat/inspectionPoint/add", { pointName: "P1", trackId: otherTrack.id, markPosition: '{"x":10,"y":10}', position: 1 })).body.msg).toBe("The track does not exist or is not in this project");
    expect((await call("/stat/inspectionPoint/add", { pointName: "P1", trackId: track.id, markPosition: '{"x":900,"y":10}', position: 1 })).body).toMatchObject({ code: 400, data: { field: "markPosition" } });
    const pts: Row[] = [];
    for (const [i, x] of [100, 400, 700].entries()) pts.push((await call("/stat/inspectionPoint/add", { pointName: `P${i + 1}`, trackId: track.id, markPosition: JSON.stringify({ x, y: 225 }), position: x * 0.15, sort: i })).body.data);
    await call("/stat/inspectionPoint/add", { pointName: "Dock", trackId: track.id, pointType: 2, markPosition: '{"x":20,"y":225}', position: 3, sort: 9 });
    const marks = await call<{ trackInfo: { trackName: string }; pointList: { pointName: string; pointType: number }[] }>(`/stat/inspectionPoint/inspectionPointGetTrackMarkList?trackId=${track.id}`);
    expect(marks.body.data.pointList.map((p) => p.pointName)).toEqual(["P1", "P2", "P3", "Dock"]);
    expect((await call(`/stat/inspectionPoint/inspectionPointGetTrackMarkList?trackId=${otherTrack.id}`)).body.code).toBe(404);

    const temp = (await call("/stat/inspectionItem/add", { itemName: "Cabinet temperature", pointId: pts[0].id, itemType: 2, unit: "°C", minValue: 0, maxValue: 45 })).body.data;
    expect((await call(`/stat/inspectionItem/info?id=${temp.id}`)).body.data).toMatchObject({ pointName: "P1", trackName: "Rail A" });
    expect((await call("/stat/inspectionItem/add", { itemName: "Bad", pointId: pts[0].id, minValue: 10, maxValue: 5 })).body).toMatchObject({ code: 400, data: { field: "maxValue" } });

    // Core §5: the plan time must be later than now, in both languages.
    const now = cloud.now();
    const plan = { schemeName: "Hourly", trackId: track.id, deviceId: r1, repetition: 1, cycle: "0 0 * * * ? *", duration: 1 };
    expect((await call("/stat/inspectionScheme/add", { ...plan, startTime: wall(new Date(now.getTime() - 2 * H)) })).body.msg).toBe("The plan time must be later than now");
    expect((await call("/stat/inspectionScheme/add", { ...plan, startTime: wall(new Date(now.getTime() - 2 * H)) }, "zh-cn")).body.msg).toBe("计划时间必须晚于当前时间");
    expect((await call("/stat/inspectionScheme/add", { ...plan, deviceId: r2, startTime: wall(new Date(now.getTime() + H)) })).body.msg).toBe("The robot does not exist or is not in this project");
    expect((await call("/stat/inspectionScheme/add", { ...plan, cycle: "", startTime: wall(new Date(now.getTime() + H)) })).body).toMatchObject({ code: 400, data: { field: "cycle" } });
    const added = (await call("/stat/inspectionScheme/add", { ...plan, startTime: wall(new Date(now.getTime() + 30 * 60_000)) })).body.data;
    expect((await call(`/stat/inspectionScheme/info?id=${added.id}`)).body.data).toMatchObject({ publishStatus: 0, enableStatus: 1, trackName: "Rail A", deviceName: `T-RBT-${a}`, taskCount: 0, schemeStatus: 0 });
    const slots = (await call<string[]>(`/stat/inspectionScheme/nextSlots?id=${added.id}`)).body.data;
    expect(slots[0]).toBe(new Date(Math.ceil((now.getTime() + 30 * 60_000) / H) * H).toISOString());

    // Not published: no task. Published: not editable nor deletable; the first slot makes one task, once.
    expect(await generateTasks(cloud.db, new Date(now.getTime() + 2 * H), [added.id])).toBe(0);
    expect((await call("/stat/inspectionScheme/public", { id: added.id })).body.data).toMatchObject({ publishStatus: 1 });
    expect((await call("/stat/inspectionScheme/upd", { id: added.id, duration: 2 })).body.msg).toBe("The plan is published; revoke it first");
    expect((await call("/stat/inspectionScheme/del", { ids: [added.id] })).body.msg).toBe("The plan is published; revoke it first");
    const first = new Date(slots[0]);
    expect(await generateTasks(cloud.db, new Date(first.getTime() + 1000), [added.id])).toBe(1);
    expect(await generateTasks(cloud.db, new Date(first.getTime() + 1000), [added.id])).toBe(0);
    // Two hours on: the next two slots; the first, never started, expired with its hour.
    expect(await generateTasks(cloud.db, new Date(first.getTime() + 2 * H + 1000), [added.id])).toBe(2);
    await sweepTasks(cloud.db, new Date(first.getTime() + 2 * H + 1000));
    type Page = { records: { taskName: string; patrolStatus: number; pointTotal: number; slotTime: string }[]; total: number };
    const tasks = (await call<Page>(`/stat/inspectionTask/page?schemeId=${added.id}&sortField=slotTime&sortOrder=asc`)).body.data;
    expect(tasks.total).toBe(3);
    expect(tasks.records.map((t) => t.patrolStatus)).toEqual([3, 3, 0]);
    expect(tasks.records[0]).toMatchObject({ pointTotal: 3 });

    // Terminated: no new tasks; enabled again: from now on, the span between is not caught up.
    expect((await call("/stat/inspectionScheme/closeOrOpenStatus", { id: added.id, enableStatus: 2 })).body.data).toMatchObject({ enableStatus: 2 });
    expect(await generateTasks(cloud.db, new Date(first.getTime() + 5 * H + 1000), [added.id])).toBe(0);
    // Revoke: tasks not started expire; revoke twice is refused.
    expect((await call("/stat/inspectionScheme/cancel", { id: added.id })).body.data).toMatchObject({ publishStatus: 0 });
    expect((await call("/stat/inspectionScheme/cancel", { id: added.id })).body.msg).toBe("The plan is not published");

    // Records: statistics agree with them, and the export holds the same figures.
    const [task] = await cloud.db.select().from(robotTasks).where(eq(robotTasks.schemeId, added.id)).orderBy(asc(robotTasks.slotAt)).limit(1);
    const rec = (pointId: number, value: number, abnormal: 0 | 1) => ({ tenantId: 2, projectId: a, taskId: task.id, trackId: track.id, pointId, itemId: temp.id, deviceId: r1, taskName: task.taskName, trackName: "Rail A", pointName: pts.find((p) => p.id === pointId)!.pointName as string, itemName: "Cabinet temperature", itemType: 2, deviceName: `T-RBT-${a}`, value, unit: "°C", inspectStatus: abnormal, recordedAt: new Date(first.getTime() + 60_000) });
    await writeRecords(cloud.db, [rec(pts[0].id, 30, 0), rec(pts[0].id, 50, 1), rec(pts[1].id, 31, 0)]);
    const byPoint = (await call<{ pointName: string; total: number; abnormal: number; normal: number }[]>("/stat/inspectionRecord/pointStatistics")).body.data;
    expect(byPoint.map((p) => [p.pointName, p.total, p.normal, p.abnormal])).toEqual([["P1", 2, 1, 1], ["P2", 1, 1, 0]]);
    const byRobot = (await call<{ deviceName: string; tasks: number; expired: number; total: number; abnormal: number }[]>("/stat/inspectionRecord/robotTaskStatistics")).body.data;
    expect(byRobot).toEqual([expect.objectContaining({ deviceName: `T-RBT-${a}`, tasks: 3, total: 3, abnormal: 1 })]);
    const records = (await call<{ total: number }>("/stat/inspectionRecord/page?inspectStatus=1")).body.data;
    expect(records.total).toBe(1);
    const res = await cloud.app.request("/iotCloud/stat/inspectionRecord/pointStatisticsExport", { method: "POST", headers: { authorization: `Bearer ${admin}`, projectid: String(a), language: "en", "content-type": "application/json" }, body: "{}" });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, "Point", "Track", "Readings", "Normal", "Abnormal", "Last reading"]);
    expect((sheet.getRow(2).values as unknown[]).slice(1, 6)).toEqual(["P1", "Rail A", 2, 1, 1]);

    // Every list pages with its filters, in both languages.
    for (const path of ["trackInfo", "inspectionPoint", "inspectionItem", "inspectionScheme", "inspectionTask", "inspectionRecord"])
      for (const language of ["en", "zh-cn"]) expect((await call<{ total: number }>(`/stat/${path}/page?current=1&size=10`, undefined, language)).body.data.total, path).toBeGreaterThan(0);
    expect((await call<{ total: number }>("/stat/inspectionScheme/page?publishStatus=0&enableStatus=2&repetition=1&schemeName=Hour")).body.data.total).toBe(1);
    expect((await call<{ total: number }>("/stat/inspectionTask/page?patrolStatus=3&runStatus=9")).body.data.total).toBeGreaterThan(0);

    // Stop, delete a task, delete the plan: the tasks' daily counts (what robotTaskStatistics reads) follow each.
    const agree = async () => {
      const both = await taskDaysKeptAndCounted(cloud.db);
      expect(both.kept).toEqual(both.counted);
    };
    type RobotRow = { deviceId: number; tasks: number; done: number; expired: number; abnormalTasks: number };
    const robotRow = async () => (await call<RobotRow[]>("/stat/inspectionRecord/robotTaskStatistics")).body.data.find((r) => r.deviceId === r1);
    await agree();
    expect((await call("/stat/inspectionScheme/closeOrOpenStatus", { id: added.id, enableStatus: 1 })).body.data).toMatchObject({ enableStatus: 1 });
    expect((await call("/stat/inspectionScheme/public", { id: added.id })).body.data).toMatchObject({ publishStatus: 1 });
    expect(await generateTasks(cloud.db, new Date(first.getTime() + 4 * H + 1000), [added.id])).toBeGreaterThan(0);
    await agree();
    const [waiting] = await cloud.db.select().from(robotTasks).where(and(eq(robotTasks.schemeId, added.id), eq(robotTasks.patrolStatus, 0)));
    expect((await call("/stat/inspectionTask/stop", { id: waiting.id })).body.data).toMatchObject({ patrolStatus: 4 });
    await agree();
    const stopped = await robotRow();
    expect(stopped).toMatchObject({ abnormalTasks: 1 });
    const [expired] = await cloud.db.select().from(robotTasks).where(and(eq(robotTasks.schemeId, added.id), eq(robotTasks.patrolStatus, 3))).limit(1);
    expect((await call("/stat/inspectionTask/del", { ids: [expired.id] })).body.data).toEqual({ deleted: 1 });
    await agree();
    expect(await robotRow()).toMatchObject({ tasks: stopped!.tasks - 1, expired: stopped!.expired - 1, abnormalTasks: 1 });
    expect((await call("/stat/inspectionScheme/cancel", { id: added.id })).body.data).toMatchObject({ publishStatus: 0 });
    expect((await call("/stat/inspectionScheme/del", { ids: [added.id] })).body.data).toEqual({ deleted: 1 });
    await agree();
    expect(await robotRow()).toMatchObject({ tasks: 0, done: 0, expired: 0, abnormalTasks: 0 });

    // The other project sees none of it.
    expect((await call<{ total: number }>("/stat/inspectionRecord/page", undefined, "en", b)).body.data.total).toBe(0);
    expect((await call(`/stat/trackInfo/info?id=${track.id}`, undefined, "en", b)).body.code).toBe(404);
  });

  it("refuses another tenant's robot data at every call", async () => {
    const [a] = await cloud.db.select({ id: projects.id }).from(projects).where(tenantOf(2).where(projects)).orderBy(asc(projects.id)).limit(1);
    const robotCalls = CATALOGUE.filter((c) => /^stat\/(trackInfo|inspection(Point|Item|Scheme|Task|Record))\//.test(c.path));
    expect(robotCalls.length).toBeGreaterThan(30);
    for (const c of robotCalls) {
      const get = c.kind === "get";
      const res = await cloud.app.request(`/iotCloud/${c.path}${get ? "?id=1&trackId=1" : ""}`, {
        method: get ? "GET" : "POST",
        headers: { authorization: `Bearer ${platform}`, projectid: String(a.id), "content-type": "application/json", language: "en" },
        body: get ? undefined : JSON.stringify({ id: 1, ids: [1], enableStatus: 1 }),
      });
      const body = (await res.json()) as { code: number };
      // Another tenant's project: refused before the call reads anything (403), or, for a write its role lacks, 403 too.
      expect(body.code, c.path).toBe(403);
    }
  });
});
