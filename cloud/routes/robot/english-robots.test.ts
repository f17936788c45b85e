import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Page } from "@/lib/contract/envelope";
import { PATROL_STATUS, PUBLISH_STATUS, REPETITION, RUN_STATUS } from "@/lib/contract/robot/enums";
import type { AlarmInfo } from "@/lib/contract/alarm/alarm-center";
import { AlarmEvaluator, type InspectionReading } from "../../alarms/evaluator";
import { robotItems, robotPlans, robotPoints, robotTasks, todos } from "../../db/schema";
import { recordArrival } from "../../robot/records";
import { generateTasks } from "../../robot/scheduler";
import { signedIn, type TestCloud } from "../../testing";

let cloud: TestCloud;
let admin: string;
signedIn((s) => ({ cloud, admin } = s), ["admin"]);

type Row = Record<string, unknown> & { id: number };
const cjk = /[\u3400-\u9fff]/;
/** The fields of rows that read Chinese (none, on an English screen). */
const chineseIn = (rows: Row[], fields: string[]) => rows.flatMap((r) => fields.filter((f) => typeof r[f] === "string" && cjk.test(r[f] as string)).map((f) => `${f}: ${r[f]}`));

describe("the seeded robot demo and installation records in the caller's language", () => {
  it("names the demo track, points, items, plan, tasks, records and statistics in English and in Chinese", async () => {
    const inProject = <T>(path: string, language: string) => cloud.request<T>(path, { token: admin, language, headers: { projectid: "1" } }).then((r) => {
      expect(r.body.code, path).toBe(200);
      return r.body.data;
    });

    const points = await inProject<Page<Row>>("/stat/inspectionPoint/page?current=1&size=50", "en");
    expect(points.records.map((p) => p.pointName)).toEqual(["Charging station", ...Array.from({ length: 11 }, (_, i) => `Switchgear ${String(i + 1).padStart(2, "0")}`)]);
    expect(new Set(points.records.map((p) => p.trackName))).toEqual(new Set(["Switch room 1 rail"]));
    const zhPoints = await inProject<Page<Row>>("/stat/inspectionPoint/page?current=1&size=50", "zh-cn");
    expect(zhPoints.records.map((p) => p.pointName).slice(0, 3)).toEqual(["充电桩", "01号开关柜", "02号开关柜"]);
    expect(new Set(zhPoints.records.map((p) => p.trackName))).toEqual(new Set(["1号配电室轨道"]));
    // Found by the name shown, in either language.
    expect((await inProject<Page<Row>>("/stat/inspectionPoint/page?current=1&size=50&pointName=Switchgear%2005", "en")).records.map((p) => p.pointName)).toEqual(["Switchgear 05"]);
    expect((await inProject<Page<Row>>(`/stat/inspectionPoint/page?current=1&size=50&pointName=${encodeURIComponent("05号开关柜")}`, "zh-cn")).records.map((p) => p.pointName)).toEqual(["05号开关柜"]);

    const track = points.records[0].trackId as number;
    const marks = await inProject<{ trackInfo: { trackName: string }; pointList: { pointName: string }[] }>(`/stat/inspectionPoint/inspectionPointGetTrackMarkList?trackId=${track}`, "en");
    expect(marks.trackInfo.trackName).toBe("Switch room 1 rail");
    expect(marks.pointList.map((p) => p.pointName).slice(0, 2)).toEqual(["Charging station", "Switchgear 01"]);
    expect((await inProject<{ trackInfo: { trackName: string } }>(`/stat/inspectionPoint/inspectionPointGetTrackMarkList?trackId=${track}`, "zh-cn")).trackInfo.trackName).toBe("1号配电室轨道");

    const items = await inProject<Page<Row>>("/stat/inspectionItem/page?current=1&size=100", "en");
    expect(new Set(items.records.map((i) => i.itemName))).toEqual(new Set(["Cabinet temperature", "SF6 concentration", "Pressure gauge reading", "Visual check"]));
    expect(chineseIn(items.records, ["itemName", "pointName", "trackName"])).toEqual([]);
    expect(items.records.find((i) => i.pointName === "Switchgear 01" && i.itemName === "Cabinet temperature")).toMatchObject({ trackName: "Switch room 1 rail" });
    const zhItems = await inProject<Page<Row>>("/stat/inspectionItem/page?current=1&size=100", "zh-cn");
    expect(zhItems.records.find((i) => i.pointName === "01号开关柜" && i.itemName === "柜体温度")).toMatchObject({ trackName: "1号配电室轨道" });

    const [plan] = (await inProject<Page<Row>>("/stat/inspectionScheme/page?current=1&size=50", "en")).records;
    expect(plan).toMatchObject({ schemeName: "Switch room routine patrol", remark: "Routine patrol of switch room 1", trackName: "Switch room 1 rail", deviceName: "Inspection robot-01" });
    expect(await inProject<Row>(`/stat/inspectionScheme/info?id=${plan.id}`, "zh-cn")).toMatchObject({ schemeName: "配电室例行巡检", remark: "1 号配电室例行巡检", trackName: "1号配电室轨道", deviceName: "巡检机器人-01" });
    // Revoking answers the plan in the caller's language too.
    expect(await cloud.request<Row>("/stat/inspectionScheme/cancel", { token: admin, language: "en", headers: { projectid: "1" }, body: { id: plan.id } }).then((r) => r.body.data)).toMatchObject({ schemeName: "Switch room routine patrol", trackName: "Switch room 1 rail" });

    // The plan's first slot: its task takes the plan's name in each language, and a reading at a point records the names in each.
    const [row] = await cloud.db.select().from(robotPlans).where(eq(robotPlans.id, plan.id));
    // Run once at its start (the demo's cycle need not hit the first minute).
    await cloud.db.update(robotPlans).set({ publishStatus: PUBLISH_STATUS.published, repetition: REPETITION.once }).where(eq(robotPlans.id, plan.id));
    expect(await generateTasks(cloud.db, new Date(row.startAt.getTime() + 60_000), [plan.id])).toBe(1);
    const [task] = await cloud.db.select().from(robotTasks).where(eq(robotTasks.schemeId, plan.id));
    const slot = task.taskName.slice("配电室例行巡检 ".length);
    expect(task.taskName).toBe(`配电室例行巡检 ${slot}`);
    expect(slot).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const tasks = await inProject<Page<Row>>("/stat/inspectionTask/page?current=1&size=50", "en");
    expect(tasks.records).toEqual([expect.objectContaining({ taskName: `Switch room routine patrol ${slot}`, schemeName: "Switch room routine patrol", trackName: "Switch room 1 rail", deviceName: "Inspection robot-01" })]);
    expect((await inProject<Row>(`/stat/inspectionTask/info?id=${task.id}`, "zh-cn")).taskName).toBe(`配电室例行巡检 ${slot}`);
    expect((await inProject<Page<Row>>("/stat/inspectionTask/page?current=1&size=50&taskName=routine", "en")).total).toBe(1);

    await cloud.db.update(robotTasks).set({ patrolStatus: PATROL_STATUS.running, runStatus: RUN_STATUS.running, startedAt: new Date(row.startAt.getTime() + 61_000) }).where(eq(robotTasks.id, task.id));
    const [point] = await cloud.db.select().from(robotPoints).where(eq(robotPoints.pointName, "01号开关柜"));
    const [temp] = await cloud.db.select().from(robotItems).where(eq(robotItems.pointId, point.id));
    const files = await mkdtemp(join(tmpdir(), "robot-en-"));
    // The demo's inspection rule raises the abnormal readings' alarms.
    const evaluator = new AlarmEvaluator(cloud.db, { delivery: cloud.deps.delivery, now: cloud.now, staleSweepMs: 0 });
    let alarmId: number | null = null;
    try {
      const written = await recordArrival(cloud.db, { filesDir: files, raise: async () => null, frame: null }, task.deviceId, new Date(row.startAt.getTime() + 120_000), { taskId: task.id, pointId: point.id, readings: JSON.stringify([{ itemId: temp.id, value: 31.5 }]) });
      expect(written).toBeGreaterThan(0);
      const raise = { filesDir: files, raise: (r: InspectionReading) => evaluator.inspection(r).then((id) => (alarmId = id)), frame: null };
      await recordArrival(cloud.db, raise, task.deviceId, new Date(row.startAt.getTime() + 180_000), { taskId: task.id, pointId: point.id, readings: JSON.stringify([{ itemId: temp.id, value: 58.5 }]) });
    } finally {
      await rm(files, { recursive: true, force: true });
    }

    // The alarm of an abnormal reading, its text and its handlers' to-dos in the reader's language.
    expect(alarmId).not.toBeNull();
    const alarmIn = (language: string) => inProject<AlarmInfo>(`/alarm/core/info?id=${alarmId}`, language);
    expect(await alarmIn("en")).toMatchObject({
      alarmName: "Switchgear 01 · Cabinet temperature",
      content: `Switch room routine patrol ${slot}: Cabinet temperature at Switchgear 01 read 58.5 °C, outside its normal range 0 ~ 45 °C`,
      deviceName: "Inspection robot-01",
      ruleName: "Abnormal inspection reading",
      value: 58.5,
    });
    expect(await alarmIn("zh-cn")).toMatchObject({ alarmName: "01号开关柜 柜体温度", content: `配电室例行巡检 ${slot}：01号开关柜 柜体温度 读数 58.5 °C，超出正常范围 0 ~ 45 °C`, deviceName: "巡检机器人-01", ruleName: "巡检异常" });
    const listed = (await inProject<Page<Row>>("/alarm/core/page?current=1&size=50&alarmName=Switchgear", "en")).records;
    expect(listed.map((a) => a.alarmName)).toEqual(["Switchgear 01 · Cabinet temperature"]);
    const [todo] = await cloud.db.select().from(todos).where(eq(todos.bizId, alarmId!)).limit(1);
    expect(todo.i18n).toEqual({
      msgTitle: { "zh-cn": "处理告警：01号开关柜 柜体温度", en: "Handle alarm: Switchgear 01 · Cabinet temperature" },
      msgContent: { "zh-cn": expect.stringContaining("设备 巡检机器人-01"), en: expect.stringContaining("Device Inspection robot-01") },
    });
    const records = await inProject<Page<Row>>("/stat/inspectionRecord/page?current=1&size=50", "en");
    expect(records.records.find((r) => r.itemId === temp.id && r.value === 31.5)).toMatchObject({ taskName: `Switch room routine patrol ${slot}`, trackName: "Switch room 1 rail", pointName: "Switchgear 01", itemName: "Cabinet temperature", deviceName: "Inspection robot-01", value: 31.5 });
    expect(chineseIn(records.records, ["taskName", "trackName", "pointName", "itemName", "deviceName"])).toEqual([]);
    const zhRecords = await inProject<Page<Row>>("/stat/inspectionRecord/page?current=1&size=50", "zh-cn");
    expect(zhRecords.records.find((r) => r.itemId === temp.id)).toMatchObject({ taskName: `配电室例行巡检 ${slot}`, trackName: "1号配电室轨道", pointName: "01号开关柜", itemName: "柜体温度", deviceName: "巡检机器人-01" });
    expect((await inProject<Page<Row>>("/stat/inspectionRecord/page?current=1&size=50&itemName=Cabinet", "en")).total).toBe(records.records.filter((r) => r.pointId === point.id && r.itemName === "Cabinet temperature").length);

    const pointStats = await inProject<Row[]>("/stat/inspectionRecord/pointStatistics", "en");
    expect(pointStats).toEqual([expect.objectContaining({ pointName: "Switchgear 01", trackName: "Switch room 1 rail", total: records.total })]);
    expect((await inProject<Row[]>("/stat/inspectionRecord/pointStatistics", "zh-cn"))[0]).toMatchObject({ pointName: "01号开关柜", trackName: "1号配电室轨道" });
    expect((await inProject<Row[]>("/stat/inspectionRecord/taskStatistics", "en")).map((t) => t.taskName)).toEqual([`Switch room routine patrol ${slot}`]);
    expect((await inProject<Row[]>("/stat/inspectionRecord/taskStatistics", "zh-cn")).map((t) => t.taskName)).toEqual([`配电室例行巡检 ${slot}`]);
  });

  it("names the seeded installation records' crews and summaries in English, found by them, in Chinese by default", async () => {
    const page = (language: string, q = "") => cloud.request<Page<Row>>(`/device/buildInfo/page?current=1&size=200${q}`, { token: admin, language, headers: { projectid: "1" } }).then((r) => r.body.data);
    const en = await page("en");
    expect(en.total).toBeGreaterThan(0);
    expect(chineseIn(en.records, ["personnel", "summary", "deviceName", "projectName"])).toEqual([]);
    expect(new Set(en.records.map((r) => r.personnel))).toEqual(new Set(["Engineers Zhang and Li", "Engineers Wang and Zhao", "Engineer Chen"]));
    const tilt = en.records.find((r) => r.buildType === 1 && r.deviceName === "Biaxial tilt meter-01")!;
    expect(tilt.summary).toBe("Biaxial tilt meter-01 installed and commissioned, initial values set");
    expect(en.records.find((r) => r.buildType === 2)?.summary).toMatch(/^[ -~]+ routine visit: battery replaced, housing cleaned$/);
    const zh = await page("zh-cn");
    expect(new Set(zh.records.map((r) => r.personnel))).toEqual(new Set(["张工、李工", "王工、赵工", "陈工"]));
    expect(zh.records.find((r) => r.id === tilt.id)).toMatchObject({ summary: "双轴倾角计-01 安装调试完成，初始值已设置", deviceName: "双轴倾角计-01" });
    // The crew is found by the name shown, in either language.
    const byEn = await page("en", "&personnel=Chen");
    expect(byEn.total).toBe(en.records.filter((r) => r.personnel === "Engineer Chen").length);
    expect(byEn.total).toBeGreaterThan(0);
    expect((await page("zh-cn", `&personnel=${encodeURIComponent("陈工")}`)).total).toBe(byEn.total);
  });
});
