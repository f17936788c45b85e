import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AlarmInfo, AlarmRecord, AlarmStatistics, LevelNum } from "@/lib/contract/alarm/alarm-center";
import type { AlarmRuleRow } from "@/lib/contract/alarm/rule";
import type { Page } from "@/lib/contract/envelope";
import type { HomeSummary } from "@/lib/contract/home";
import type { DataAnalysis } from "@/lib/contract/screen/monitor-screen";
import type { GroupMember } from "@/lib/contract/system/group";
import { alarmLevels, alarmRules, alarms, products, projects, todos, userGroupMembers, userGroups, users } from "../../db/schema";
import { signedIn, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";

let cloud: TestCloud;
let admin: string;
signedIn((s) => ({ cloud, admin } = s), ["admin"]);

let projectId: number;
let level: typeof alarmLevels.$inferSelect;

beforeAll(async () => {
  [{ id: projectId }] = await cloud.db.select().from(projects).where(tenantOf(2).where(projects)).orderBy(asc(projects.id)).limit(1);
  [level] = await cloud.db.select().from(alarmLevels).where(tenantOf(2).where(alarmLevels, eq(alarmLevels.levelNum, 4)));
});

const get = async <T>(path: string, language: string) => {
  const res = await cloud.request<T>(path, { token: admin, language, headers: { projectid: String(projectId) } });
  expect(res.body.code, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};

/** An open alarm of the level, its name copied in as raising does. */
async function raise(alarmName: string, levelName = level.levelName) {
  const at = new Date(Date.now() + 60_000);
  const [row] = await cloud.db
    .insert(alarms)
    .values({ tenantId: 2, projectId, levelId: level.id, levelNum: level.levelNum, levelName, levelColor: level.color, alarmName, status: 1, triggeredAt: at, lastTriggeredAt: at })
    .returning();
  return row;
}

describe("alarm level names in the caller's language", () => {
  it("names an alarm's level in English for English callers and keeps the Chinese answer for zh-cn", async () => {
    const a = await raise("English level test");
    expect(level.levelName).toBe("控制");
    const page = (lang: string) => get<Page<AlarmRecord>>(`/alarm/core/page?size=100&alarmName=${encodeURIComponent("English level test")}`, lang);
    expect((await page("en")).records.map((r) => r.levelName)).toEqual(["Control"]);
    expect((await page("zh-cn")).records.map((r) => r.levelName)).toEqual(["控制"]);
    expect((await get<AlarmInfo>(`/alarm/core/info?id=${a.id}`, "en")).levelName).toBe("Control");
    expect((await get<LevelNum[]>("/alarm/core/levelNums", "en")).find((l) => l.levelNum === 4)?.levelName).toBe("Control");
    const day = new Date(a.triggeredAt.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    const stats = await get<AlarmStatistics>(`/alarm/core/statistics?startTime=${day}&endTime=${day}`, "en");
    expect(stats.levels.find((l) => l.levelNum === 4)?.levelName).toBe("Control");

    const home = (lang: string) => get<HomeSummary>("/stat/home/summary", lang);
    expect((await home("en")).alarmLevels.find((l) => l.levelNum === 4)?.levelName).toBe("Control");
    expect((await home("zh-cn")).alarmLevels.find((l) => l.levelNum === 4)?.levelName).toBe("控制");

    const screen = (lang: string) => get<DataAnalysis>("/stat/monitorScreen/dataAnalysis", lang);
    const en = await screen("en");
    expect(en.levels.map((l) => l.levelName)).toEqual(["Notice", "Warning", "Alarm", "Control"]);
    expect(en.latestAlarms.find((l) => l.id === a.id)?.levelName).toBe("Control");
    const zh = await screen("zh-cn");
    expect(zh.levels.map((l) => l.levelName)).toEqual(["提示", "预警", "报警", "控制"]);
    expect(zh.latestAlarms.find((l) => l.id === a.id)?.levelName).toBe("控制");
  });

  it("writes a manual alarm's to-do with the level named in each reader's language", async () => {
    const res = await cloud.request<AlarmRecord>("/alarm/core/addManual", { token: admin, language: "en", headers: { projectid: String(projectId) }, body: { alarmName: "To-do level test", levelId: level.id } });
    expect(res.body.code).toBe(200);
    expect(res.body.data.levelName).toBe("Control");
    const [todo] = await cloud.db.select().from(todos).where(eq(todos.bizId, res.body.data.id));
    expect(todo.i18n?.msgContent.en).toContain("level Control");
    expect(todo.i18n?.msgContent["zh-cn"]).toContain("等级 控制");
  });

  it("names an alarm raised by a seeded rule by the rule's English name, found by it too", async () => {
    const [rule] = await cloud.db.select().from(alarmRules).where(tenantOf(2).where(alarmRules, eq(alarmRules.ruleName, "信号弱"))).limit(1);
    const a = await raise("信号弱");
    await cloud.db.update(alarms).set({ ruleId: rule.id, projectId: rule.projectId }).where(eq(alarms.id, a.id));
    const search = async (name: string, lang: string) =>
      (await cloud.request<Page<AlarmRecord>>(`/alarm/core/page?size=500&alarmName=${encodeURIComponent(name)}`, { token: admin, language: lang, headers: { projectid: String(rule.projectId) } })).body.data.records.find((r) => r.id === a.id);
    expect(await search("weak sig", "en")).toMatchObject({ alarmName: "Weak signal", levelName: "Control" });
    expect(await search("信号", "en")).toMatchObject({ alarmName: "Weak signal" });
    expect(await search("信号", "zh-cn")).toMatchObject({ alarmName: "信号弱", levelName: "控制" });
    expect(await search("weak sig", "zh-cn")).toBeUndefined();
  });

  it("keeps the name an alarm was raised with once its level is renamed", async () => {
    const old = await raise("Renamed level test", "旧名称");
    const page = await get<Page<AlarmRecord>>(`/alarm/core/page?size=100&alarmName=${encodeURIComponent("Renamed level test")}`, "en");
    expect(page.records.map((r) => [r.id, r.levelName])).toEqual([[old.id, "旧名称"]]);
  });

  it("names a rule's level and a group member's department in the caller's language", async () => {
    const [product] = await cloud.db.select().from(products).where(tenantOf(2).where(products)).limit(1);
    await cloud.db.insert(alarmRules).values({ tenantId: 2, projectId, productId: product.id, ruleName: "Level name rule", ruleType: 2, levelId: level.id });
    const rules = (lang: string) => get<Page<AlarmRuleRow>>(`/alarm/rule/page?ruleName=${encodeURIComponent("Level name rule")}`, lang);
    expect((await rules("en")).records.map((r) => r.levelName)).toEqual(["Control"]);
    expect((await rules("zh-cn")).records.map((r) => r.levelName)).toEqual(["控制"]);

    const [group] = await cloud.db.select().from(userGroups).where(tenantOf(2).where(userGroups)).limit(1);
    const [operator] = await cloud.db.select().from(users).where(eq(users.username, "operator01"));
    await cloud.db.insert(userGroupMembers).values({ groupId: group.id, userId: operator.id }).onConflictDoNothing();
    const members = (lang: string) => get<GroupMember[]>(`/sys/group/queryRelation?groupId=${group.id}`, lang);
    expect((await members("en")).find((m) => m.id === operator.id)?.departmentName).toBe("Monitoring and operations");
    expect((await members("zh-cn")).find((m) => m.id === operator.id)?.departmentName).toBe("监测运维部");
  });
});
