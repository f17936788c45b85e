import { and, asc, count, desc, eq, gte, inArray, lt } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AlarmInfo, AlarmRecord, AlarmStatistics, DeviceOpenAlarms, LevelNum, StatusNums } from "@/lib/contract/alarm/alarm-center";
import type { Page } from "@/lib/contract/envelope";
import type { MessageItem, TodoNums } from "@/lib/contract/message";
import { raiseAlarm } from "../../db/queries/alarms";
import { AlarmEvaluator } from "../../alarms/evaluator";
import { alarmLevels, alarmRules, alarms, devices, products, projects, todos } from "../../db/schema";
import { signedIn, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";
import { insertTelemetry } from "../../db/queries/telemetry-props";

let cloud: TestCloud;
let admin: string;
let operator: string;
let ids: Record<"admin" | "operator", number>;
signedIn((s) => ({ cloud, admin, operator, ids } = s), ["admin", "operator"]);

let projectId: number;
let otherProjectId: number;
let levelId: number;
let deviceId: number;

beforeAll(async () => {
  const db = cloud.db;
  [projectId, otherProjectId] = (await db.select().from(projects).where(tenantOf(2).where(projects)).orderBy(asc(projects.id))).map((p) => p.id);
  [{ id: levelId }] = await db.select().from(alarmLevels).where(tenantOf(2).where(alarmLevels, eq(alarmLevels.levelNum, 3)));
  [{ id: deviceId }] = await db.select().from(devices).where(tenantOf(2).where(devices, eq(devices.projectId, projectId))).orderBy(asc(devices.id));
});

type Env<T> = { code: number; msg: string; data: T };
const call = async <T = unknown>(path: string, token: string, body?: unknown, opts: { language?: string; prj?: number } = {}): Promise<Env<T>> =>
  (await cloud.request<T>(path, { token, body, language: opts.language ?? "en", headers: { projectid: String(opts.prj ?? projectId) } })).body;
const okData = async <T = unknown>(path: string, token: string, body?: unknown): Promise<T> => {
  const res = await call<T>(path, token, body);
  expect(res.code, `${path}: ${res.msg}`).toBe(200);
  return res.data;
};

let seq = 0;
const manual = (extra: Record<string, unknown> = {}) => okData<AlarmRecord>("/alarm/core/addManual", admin, { alarmName: `Crack at gate ${++seq}`, levelId, deviceId, content: "Seen on site", ...extra });
const oper = (id: number, operType: string, extra: Record<string, unknown> = {}, token = admin) => call<{ status: number }>("/alarm/core/oper", token, { id, operType, ...extra });
const openTodos = async (alarmId: number) => cloud.db.select().from(todos).where(and(eq(todos.bizId, alarmId), inArray(todos.todoStatus, [1, 2])));
const status = async (id: number) => (await okData<AlarmInfo>(`/alarm/core/info?id=${id}`, admin)).status;

describe("alarm/core workflow", () => {
  it("raises a manual alarm with its attachments, a timeline and a pending to-do for whoever may handle it", async () => {
    const a = await manual({ images: ["2/2026/03/a.png"], videos: ["2/2026/03/b.mp4"], files: ["2/2026/03/c.pdf"] });
    expect(a).toMatchObject({ status: 1, alarmType: 2, levelNum: 3, levelName: "Alarm", images: ["2/2026/03/a.png"], videos: ["2/2026/03/b.mp4"], files: ["2/2026/03/c.pdf"] });
    const info = await okData<AlarmInfo>(`/alarm/core/info?id=${a.id}`, admin);
    expect(info.operations.map((o) => o.step)).toEqual(["raise"]);
    expect(info.deviceName).toBeTruthy();
    // Whoever may handle alarms of the project is asked to act: the administrator and the project's operator.
    expect((await openTodos(a.id)).map((t) => [t.userId, t.todoStatus])).toEqual([[ids.admin, 1], [ids.operator, 1]]);
  });

  it("takes a rule's new alarm into the workflow: raised by the system, a pending to-do for the handlers", async () => {
    const db = cloud.db;
    const [anchor] = await db.select().from(products).where(eq(products.monitorType, "anchor"));
    const [d] = await db.select().from(devices).where(eq(devices.productId, anchor.id)).orderBy(asc(devices.id));
    await db.update(devices).set({ projectId }).where(eq(devices.id, d.id));
    const [rule] = await db.insert(alarmRules).values({ tenantId: 2, projectId, productId: anchor.id, ruleName: "Anchor force", identifier: "force", conditions: [{ levelId, compareType: 1, threshold: 2000 }] }).returning();
    const ev = new AlarmEvaluator(db, { delivery: cloud.deps.delivery, now: cloud.now });
    await ev.telemetry([{ deviceId: d.id, identifier: "force", ts: cloud.now(), num: 2500, txt: null }]);
    const [alarm] = await db.select().from(alarms).where(eq(alarms.ruleId, rule.id));
    expect((await openTodos(alarm.id)).map((t) => [t.userId, t.todoStatus])).toEqual([[ids.admin, 1], [ids.operator, 1]]);
    const info = await okData<AlarmInfo>(`/alarm/core/info?id=${alarm.id}`, admin);
    expect(info.operations.map((o) => [o.step, o.userName])).toEqual([["raise", "System"]]);
    expect(info.ruleName).toBe("Anchor force");
  });

  it("walks pending → handling → awaiting review → (not approved) handling → awaiting review → handled, with to-dos and messages following", async () => {
    const a = await manual();
    expect((await oper(a.id, "accept", { remark: "On my way" })).data.status).toBe(2);
    expect((await oper(a.id, "handle", { remark: "Sealed the crack", files: ["2/2026/03/report.pdf"] })).data.status).toBe(3);
    let open = await openTodos(a.id);
    expect(open.map((t) => t.todoStatus)).toEqual([2]);
    const review = await okData<Page<MessageItem>>("/msg/station/currUser/page?size=50", admin);
    expect(review.records.find((m) => m.bizId === a.id)?.msgTitle).toBe(`Alarm handling awaits your review: ${a.alarmName}`);

    expect((await oper(a.id, "review", { checkResult: 2, remark: "Photos missing" })).data.status).toBe(2);
    open = await openTodos(a.id);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ userId: ids.admin, todoStatus: 1 });
    expect(open[0].msgContent).toContain("Photos missing");

    // From the to-do centre: the handling result, then the review.
    expect((await call("/msg/todo/addCheck", admin, { id: open[0].id, checkResult: 1 })).msg).toBe("This to-do is already Pending");
    expect((await call<{ status: number }>("/msg/todo/addOper", admin, { id: open[0].id, remark: "Photos added", files: [] })).data.status).toBe(3);
    const [check] = await openTodos(a.id);
    expect(check.todoStatus).toBe(2);
    expect((await call<AlarmInfo>(`/msg/todo/alaInfo?id=${check.id}`, admin)).data.id).toBe(a.id);
    expect((await call<{ status: number }>("/msg/todo/addCheck", admin, { id: check.id, checkResult: 1, remark: "OK" })).data.status).toBe(4);
    expect(await openTodos(a.id)).toEqual([]);

    const info = await okData<AlarmInfo>(`/alarm/core/info?id=${a.id}`, admin);
    expect(info.operations.map((o) => [o.step, o.fromStatus, o.toStatus])).toEqual([
      ["raise", null, 1],
      ["accept", 1, 2],
      ["handle", 2, 3],
      ["reject", 3, 2],
      ["handle", 2, 3],
      ["approve", 3, 4],
    ]);
    expect(info.operations[2]).toMatchObject({ userName: "Demo administrator", remark: "Sealed the crack", attachments: { files: ["2/2026/03/report.pdf"] } });
    const msgs = await okData<Page<MessageItem>>("/msg/station/currUser/page?size=50", admin);
    expect(msgs.records.filter((m) => m.bizId === a.id).map((m) => m.msgTitle.split(":")[0])).toEqual(["Alarm handling approved", "Alarm handling awaits your review", "Alarm handling not approved", "Alarm handling awaits your review"]);
  });

  it("refuses every step the workflow does not allow, with the reason", async () => {
    const a = await manual();
    expect((await oper(a.id, "handle", { remark: "x" })).msg).toBe("This alarm is Pending: “Handling submitted” is not possible now");
    expect((await oper(a.id, "review", { checkResult: 1 })).msg).toBe("This alarm is Pending: “Review approved” is not possible now");
    await oper(a.id, "accept");
    expect((await oper(a.id, "accept")).msg).toBe("This alarm is Handling: “Accepted” is not possible now");
    expect((await oper(a.id, "clear")).msg).toBe("Only pending alarms can be cleared; this alarm is Handling");
    expect((await oper(a.id, "review", { checkResult: 2 })).code).toBe(400);
    expect((await oper(a.id, "handle", {})).msg).toBe("Remark: Required");
    expect((await oper(a.id, "handle", { remark: "x", files: ["a", "b", "c", "d", "e", "f"] })).msg).toBe("Files: Choose at most 5");
    expect((await oper(a.id, "dance")).code).toBe(400);
    expect((await call("/alarm/core/close", admin, { id: a.id, closeReason: 3 })).msg).toMatch(/^[^:]+: Invalid\ option$/);
    expect((await call<{ status: number }>("/alarm/core/close", admin, { id: a.id, closeReason: 1, remark: "False alarm" })).data.status).toBe(4);
    expect((await call("/alarm/core/close", admin, { id: a.id, closeReason: 2 })).msg).toBe("This alarm is Handled: “Closed” is not possible now");
    expect((await oper(a.id, "clear")).msg).toBe("Only pending alarms can be cleared; this alarm is Handled");
    expect(await status(a.id)).toBe(4);
    expect((await okData<AlarmInfo>(`/alarm/core/info?id=${a.id}`, admin)).closeReason).toBe(1);

    const b = await manual();
    expect((await oper(b.id, "clear", { remark: "Duplicate" })).data.status).toBe(8);
    expect((await oper(b.id, "accept")).msg).toBe("This alarm is Cleared: “Accepted” is not possible now");
    expect((await call("/alarm/core/close", admin, { id: b.id, closeReason: 2 })).code).toBe(400);
    expect(await openTodos(b.id)).toEqual([]);
    // Chinese too.
    expect((await call("/alarm/core/oper", admin, { id: b.id, operType: "accept" }, { language: "zh-cn" })).msg).toBe("该告警当前为“已清除”，不能执行“接收处理”");
  });

  it("keeps steps to those with the permission, and alarms to their project", async () => {
    const a = await manual();
    // The seeded project user handles the alarms of its projects: accept, hand in the result, close — but not review.
    expect((await oper(a.id, "accept", {}, operator)).data.status).toBe(2);
    expect((await oper(a.id, "handle", { remark: "Checked on site" }, operator)).data.status).toBe(3);
    expect((await oper(a.id, "review", { checkResult: 1 }, operator)).code).toBe(403);
    expect((await openTodos(a.id)).map((t) => [t.userId, t.todoStatus])).toEqual([[ids.admin, 2]]);
    expect((await oper(a.id, "review", { checkResult: 1 })).data.status).toBe(4);
    const c = await manual();
    expect((await call<{ status: number }>("/alarm/core/close", operator, { id: c.id, closeReason: 1, remark: "False alarm" })).data.status).toBe(4);
    // Not in a project the operator is no member of.
    expect((await call("/alarm/core/oper", operator, { id: c.id, operType: "accept" }, { prj: otherProjectId })).code).not.toBe(200);
    expect((await call("/alarm/core/addManual", operator, { alarmName: "x", levelId })).code).toBe(403);
    // The operator may watch: the list and the info of the project's alarms.
    expect((await call<Page<AlarmRecord>>("/alarm/core/page", operator)).data.total).toBeGreaterThan(0);
    const d = await manual();
    expect((await call(`/alarm/core/info?id=${d.id}`, admin, undefined, { prj: otherProjectId })).code).toBe(404);
    expect((await call("/alarm/core/oper", admin, { id: d.id, operType: "accept" }, { prj: otherProjectId })).code).toBe(404);
    expect(await status(d.id)).toBe(1);
    // Without a project in the header: the alarms of every project the caller may see; adding needs one.
    const all = await cloud.request<Page<AlarmRecord>>("/alarm/core/page?size=500", { token: admin });
    expect(all.body.data.records.map((r) => r.id)).toContain(d.id);
    expect(new Set(all.body.data.records.map((r) => r.prjName)).size).toBeGreaterThan(0);
    const none = await cloud.request("/alarm/core/addManual", { token: admin, body: { alarmName: "x", levelId }, language: "en" });
    expect(none.body.code).toBe(400);
  });
});

describe("alarm/core manual alarms", () => {
  it("checks the form: level, device of the project, time, attachment counts", async () => {
    const add = (body: Record<string, unknown>) => call("/alarm/core/addManual", admin, { alarmName: "Leak", levelId, ...body });
    expect((await add({ alarmName: "" })).msg).toBe("Alarm: Required");
    expect((await add({ levelId: 999999 })).msg).toBe("The alarm level does not exist");
    const [foreign] = await cloud.db.select().from(devices).where(tenantOf(2).where(devices, eq(devices.projectId, otherProjectId)));
    if (foreign) expect((await add({ deviceId: foreign.id })).msg).toBe("The device is not a device of the current project");
    expect((await add({ images: ["1", "2", "3", "4", "5", "6"] })).msg).toBe("Images: Choose at most 5");
    expect((await add({ videos: ["1", "2", "3"] })).msg).toMatch(/^[^:]+: Choose\ at\ most\ 2$/);
    expect((await add({ triggeredAt: "2030-01-01 00:00" })).msg).toBe("The alarm time cannot be in the future");
    expect((await add({ triggeredAt: "yesterday" })).msg).toMatch(/^[^:]+: Wrong\ format$/);
    expect((await call<AlarmRecord>("/alarm/core/addManual", admin, { alarmName: "Leak", levelId, triggeredAt: "2026-03-01 10:30" })).data.triggeredAt).toBe("2026-03-01T02:30:00.000Z");
  });

  it("edits a pending manual alarm (recorded), refuses automatic ones, and deletes with its to-dos", async () => {
    const a = await manual();
    const upd = await call<AlarmRecord>("/alarm/core/updManual", admin, { id: a.id, alarmName: "Renamed", levelId, images: ["2/x.png"] });
    expect(upd.data).toMatchObject({ alarmName: "Renamed", images: ["2/x.png"], deviceName: null });
    expect((await okData<AlarmInfo>(`/alarm/core/info?id=${a.id}`, admin)).operations.map((o) => o.step)).toEqual(["raise", "edit"]);
    const { alarm: auto } = await raiseAlarm(cloud.db, { tenantId: 2, projectId, deviceId, alarmName: "Rule alarm", at: cloud.now() });
    expect((await call("/alarm/core/updManual", admin, { id: auto.id, alarmName: "x", levelId })).msg).toBe("Only manual alarms can be edited or deleted");
    expect((await call("/alarm/core/delManual", admin, { ids: [auto.id] })).msg).toBe("Only manual alarms can be edited or deleted");
    await oper(a.id, "accept");
    expect((await call("/alarm/core/updManual", admin, { id: a.id, alarmName: "x", levelId })).msg).toBe("A manual alarm can only be edited while it is pending");
    expect((await call<{ deleted: number }>("/alarm/core/delManual", admin, { ids: [a.id] })).data.deleted).toBe(1);
    expect(await cloud.db.select().from(todos).where(eq(todos.bizId, a.id))).toEqual([]);
    expect((await call(`/alarm/core/info?id=${a.id}`, admin)).code).toBe(404);
  });
});

describe("alarm/core lists and figures", () => {
  it("pages with filters, counts per status and level, exports", async () => {
    const named = await manual({ alarmName: "Needle in the haystack" });
    const page = await okData<Page<AlarmRecord>>(`/alarm/core/page?alarmName=${encodeURIComponent("needle in")}`, admin);
    expect(page.records.map((r) => r.id)).toEqual([named.id]);
    const pending = await okData<Page<AlarmRecord>>("/alarm/core/page?status=1&size=100", admin);
    expect(pending.records.every((r) => r.status === 1)).toBe(true);
    const [device] = await cloud.db.select().from(devices).where(eq(devices.id, deviceId));
    const byDevice = await okData<Page<AlarmRecord>>(`/alarm/core/page?size=100&deviceName=${encodeURIComponent(device.deviceSn.toLowerCase())}`, admin);
    expect(byDevice.total).toBeGreaterThan(0);
    expect(byDevice.records.every((r) => r.deviceSn === device.deviceSn)).toBe(true);
    const nums = await okData<StatusNums>("/alarm/core/statusNums?status=1", admin);
    expect(nums["1"]).toBe(pending.total);
    expect(nums[""]).toBe(Object.entries(nums).filter(([k]) => k !== "").reduce((s, [, n]) => s + n, 0));
    const levels = await okData<LevelNum[]>("/alarm/core/levelNums", admin);
    expect(levels.find((l) => l.levelNum === 3)).toMatchObject({ levelName: "Alarm", levelColor: "#f97316" });
    expect((await call("/alarm/core/page?status=5", admin)).msg).toBe("Status: Invalid option");
    const res = await cloud.app.request("/iotCloud/alarm/core/exportInfo", { method: "POST", headers: { authorization: `Bearer ${admin}`, projectid: String(projectId), "content-type": "application/json" }, body: "{}" });
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
  });

  it("answers a device's open alarms with their most severe level, and lists its alarms alone", async () => {
    const [control] = await cloud.db.select().from(alarmLevels).where(tenantOf(2).where(alarmLevels, eq(alarmLevels.levelNum, 4)));
    const [other] = await cloud.db.select({ id: devices.id }).from(devices).where(tenantOf(2).where(devices, eq(devices.projectId, projectId))).orderBy(desc(devices.id)).limit(1);
    const before = (await okData<DeviceOpenAlarms[]>(`/alarm/core/openByDevice?deviceIds=${deviceId},${other.id}`, operator)).find((d) => d.deviceId === deviceId)?.count ?? 0;
    await manual();
    const severe = await manual({ levelId: control.id });
    const closed = await manual();
    await call("/alarm/core/close", admin, { id: closed.id, closeReason: 1 });
    const open = await call<DeviceOpenAlarms[]>(`/alarm/core/openByDevice?deviceIds=${deviceId},${other.id}`, operator, undefined, { language: "zh-cn" });
    expect(open.data.find((d) => d.deviceId === deviceId)).toMatchObject({ count: before + 2, levelNum: 4, levelName: "控制", levelColor: severe.levelColor });
    expect((await okData<DeviceOpenAlarms[]>(`/alarm/core/openByDevice?deviceIds=${deviceId}`, admin)).map((d) => d.levelName)).toEqual(["Control"]);
    expect(await okData(`/alarm/core/openByDevice?deviceIds=`, admin)).toEqual([]);
    expect((await call(`/alarm/core/openByDevice?deviceIds=x`, admin)).code).toBe(400);
    const mine = await okData<Page<AlarmRecord>>(`/alarm/core/page?size=500&deviceId=${deviceId}`, operator);
    expect(mine.records.length).toBeGreaterThanOrEqual(3);
    expect(new Set(mine.records.map((r) => r.deviceName)).size).toBe(1);
  });

  it("counts alarms per day and level over a range", async () => {
    const stats = await okData<AlarmStatistics>("/alarm/core/statistics?startTime=2026-02-28&endTime=2026-03-02", admin);
    expect(stats.days).toEqual(["2026-02-28", "2026-03-01", "2026-03-02"]);
    const total = stats.levels.reduce((s, l) => s + l.counts.reduce((a, b) => a + b, 0), 0);
    const [{ n }] = await cloud.db
      .select({ n: count() })
      .from(alarms)
      .where(and(eq(alarms.projectId, projectId), gte(alarms.triggeredAt, new Date("2026-02-27T16:00:00Z")), lt(alarms.triggeredAt, new Date("2026-03-02T16:00:00Z"))));
    expect(total).toBe(n);
    expect((await call("/alarm/core/statistics?startTime=2026-03-02&endTime=2026-03-01", admin)).msg).toBe("The end date must not be before the start date");
    expect((await call("/alarm/core/statistics?startTime=2024-01-01&endTime=2026-03-01", admin)).msg).toBe("The range must not exceed 366 days");
  });

  it("charts the alarm's property around its time with the condition's lines", async () => {
    const at = cloud.now();
    const { alarm } = await raiseAlarm(cloud.db, {
      tenantId: 2,
      projectId,
      deviceId,
      levelId,
      alarmName: "Settlement",
      identifier: "settlement",
      value: 65,
      condition: { ruleType: 1, statType: "not", compareType: 5, threshold: null, minValue: -60, maxValue: 60, deadband: 5 },
      at,
    });
    await insertTelemetry(cloud.db, [-2, -1, 0, 1].map((h) => ({ deviceId, identifier: "settlement", ts: new Date(at.getTime() + h * 3600_000), num: 50 + h * 5 })));
    const info = await okData<AlarmInfo>(`/alarm/core/info?id=${alarm.id}`, admin);
    expect(info.chart.at).toBe(at.getTime());
    expect(info.chart.points.map((p) => p[1])).toEqual([40, 45, 50]);
    // An alarm kept from before rules had levels: its one condition, in its level's colour.
    expect(info.chart.definitions.flatMap((d) => d.alarmLine.map((l) => l.signValue))).toEqual([-60, 60]);
    expect(info.chart.definitions[0].alarmLine[0].alarmColor).toBe("#f97316");
  });
});

describe("msg/todo", () => {
  it("counts the to-dos per status and refuses another user's", async () => {
    const a = await manual();
    const [todo] = await openTodos(a.id);
    const nums = await okData<TodoNums>("/msg/todo/nums", admin);
    expect(nums.pending).toBeGreaterThan(0);
    expect((await call(`/msg/todo/alaInfo?id=${todo.id}`, operator)).code).toBe(404);
    // The operator may handle, but not through the administrator's to-do.
    expect((await call("/msg/todo/addOper", operator, { id: todo.id, remark: "x" })).code).toBe(404);
    expect((await call("/msg/todo/addOper", admin, { id: todo.id })).msg).toBe("Remark: Required");
    await cloud.db.update(alarms).set({ status: 8 }).where(eq(alarms.id, a.id));
    expect((await call("/msg/todo/addOper", admin, { id: todo.id, remark: "x" })).msg).toBe("This alarm is Cleared: “Handling submitted” is not possible now");
  });
});
