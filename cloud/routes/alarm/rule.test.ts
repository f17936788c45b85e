import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "@/lib/contract/envelope";
import type { AlarmDefinition } from "@/lib/contract/alarm/alarm-lines";
import type { AlarmFunction, AlarmRuleRow, RuleNumStat } from "@/lib/contract/alarm/rule";
import type { AlarmLevel } from "@/lib/contract/alarm/level";
import type { DeviceTreeNode } from "@/lib/contract/device/device";
import type { AlarmContact, AlarmContactGroup } from "@/lib/contract/alarm/contact";
import { raiseAlarm } from "../../db/queries/alarms";
import { alarms, devices, pointGroups, products, projects } from "../../db/schema";
import { signedIn, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
signedIn((s) => ({ cloud, admin, operator, platform } = s));

let projectId: number;
let otherProjectId: number;
let productId: number;
let deviceId: number;
const invalidated: (number | undefined)[] = [];

beforeAll(async () => {
  const db = cloud.db;
  const prjs = await db.select().from(projects).where(tenantOf(2).where(projects)).orderBy(asc(projects.id));
  [projectId, otherProjectId] = prjs.map((p) => p.id);
  const [anchor] = await db.select().from(products).where(eq(products.monitorType, "anchor"));
  productId = anchor.id;
  const [d] = await db.select().from(devices).where(eq(devices.productId, anchor.id)).orderBy(asc(devices.id));
  await db.update(devices).set({ projectId }).where(eq(devices.id, d.id));
  deviceId = d.id;
  cloud.deps.alarms = { invalidate: (id) => void invalidated.push(id) };
});

const call = <T>(path: string, token: string, body?: unknown, language?: string, prj = projectId) => cloud.request<T>(`/alarm${path}`, { token, body, language, headers: { projectid: String(prj) } });

async function level(): Promise<AlarmLevel> {
  const page = await call<Page<AlarmLevel>>("/level/list?size=50", admin);
  return page.body.data.records[0];
}

/** A rule on the anchor force: one level from `compareType` / `threshold` / `minValue` / `maxValue` unless `conditions` are given. */
const ruleBody = async ({ compareType = 1, threshold = 2000, minValue, maxValue, levelId, ...extra }: Record<string, unknown> = {}) => {
  const lv = levelId ?? (await level()).id;
  return { ruleName: "锚索力超限", productId, identifier: "force", conditions: [{ levelId: lv, compareType, threshold, minValue, maxValue }], levelId: lv, channels: [1, 2], ...extra };
};

describe("alarm levels", () => {
  it("lists the seeded levels and adds one with a free number from 1 to 9", async () => {
    const page = await call<Page<AlarmLevel>>("/level/list?size=50", admin);
    expect(page.body.data.records.map((l) => l.levelNum).sort()).toEqual([1, 2, 3, 4]);
    const add = await call<AlarmLevel>("/level/add", admin, { levelNum: 9, levelName: "紧急", color: "#aa0000" });
    expect(add.body.data).toMatchObject({ levelNum: 9, levelName: "紧急", color: "#aa0000", sort: 0 });
    expect((await call("/level/add", admin, { levelNum: 9, levelName: "重复", color: "#aa0000" }, "en")).body).toMatchObject({ code: 400, msg: "Level 9 already exists" });
    expect((await call("/level/add", admin, { levelNum: 10, levelName: "x", color: "#aa0000" }, "en")).body).toMatchObject({ code: 400, msg: "Level: Must not exceed 9" });
    expect((await call("/level/add", admin, { levelNum: 5, levelName: "x", color: "red" }, "en")).body.code).toBe(400);
    expect((await call("/level/add", operator, { levelNum: 5, levelName: "x", color: "#000000" })).body.code).toBe(403);
    expect((await call<Page<AlarmLevel>>("/level/list", platform)).body.data.total).toBe(0);
    expect((await call("/level/del", admin, { ids: [add.body.data.id] })).body.code).toBe(200);
  });

  it("keeps a level a rule uses", async () => {
    const lv = await level();
    const rule = await call<{ id: number }>("/rule/add", admin, await ruleBody({ levelId: lv.id }));
    const del = await call("/level/del", admin, { ids: [lv.id] }, "en");
    expect(del.body.code).toBe(400);
    expect(del.body.msg).toContain("alarm rule");
    const gone = await call("/rule/del", admin, { ids: [rule.body.data.id] });
    expect(gone.body, JSON.stringify(gone.body)).toMatchObject({ code: 200 });
  });
});

describe("alarm contacts and groups", () => {
  it("adds a contact that can be reached, and refuses one that cannot", async () => {
    const c = await call<AlarmContact>("/link/add", admin, { linkName: "王工", phone: "13600000003" });
    expect(c.body.data).toMatchObject({ linkName: "王工", phone: "13600000003", email: null, userId: null });
    expect((await call("/link/add", admin, { linkName: "无联系方式" }, "en")).body).toMatchObject({ code: 400, msg: "Mobile: Give a phone, an e-mail or a console user" });
    expect((await call("/link/add", admin, { linkName: "x", phone: "123" }, "en")).body.code).toBe(400);
    // Another tenant's user cannot be joined.
    expect((await call("/link/add", admin, { linkName: "x", userId: 1 })).body.code).toBe(404);
    const page = await call<Page<AlarmContact>>(`/link/page?linkName=${encodeURIComponent("王")}`, admin);
    expect(page.body.data.records.map((r) => r.linkName)).toEqual(["王工"]);
    const seeded = await call<Page<AlarmContact>>(`/link/page?linkName=${encodeURIComponent("张三")}`, admin);
    expect(seeded.body.data.records[0].realname).toBe("张三");
  });

  it("saves a group with its contacts and lists them", async () => {
    const contacts = (await call<Page<AlarmContact>>("/link/page?size=50", admin)).body.data.records;
    const ids = contacts.slice(0, 2).map((c) => c.id);
    const g = await call<{ id: number }>("/linkGroup/add", admin, { groupName: "夜班", contactIds: ids, leaderIds: [ids[0]] });
    expect(g.body.code).toBe(200);
    const info = await call<AlarmContactGroup>(`/linkGroup/info?id=${g.body.data.id}`, admin);
    expect(info.body.data).toMatchObject({ groupName: "夜班", memberCount: 2, contactIds: [...ids].sort((a, b) => a - b), leaderIds: [ids[0]] });
    expect((await call("/linkGroup/upd", admin, { id: g.body.data.id, groupName: "夜班", contactIds: [ids[1]] })).body.code).toBe(200);
    expect((await call<AlarmContactGroup>(`/linkGroup/info?id=${g.body.data.id}`, admin)).body.data.memberCount).toBe(1);
    expect((await call("/linkGroup/upd", platform, { id: g.body.data.id, groupName: "x", contactIds: [] })).body.code).toBe(403);
    expect((await call("/linkGroup/add", admin, { groupName: "x", contactIds: [999999] })).body.code).toBe(404);
  });
});

describe("alarm rules", () => {
  it("adds a rule with recipients, shows it and tells the evaluator", async () => {
    const contacts = (await call<Page<AlarmContact>>("/link/page?size=50", admin)).body.data.records;
    const groups = (await call<Page<AlarmContactGroup>>("/linkGroup/list?size=50", admin)).body.data.records;
    invalidated.length = 0;
    const add = await call<{ id: number }>("/rule/add", admin, await ruleBody({ deviceId, deadband: "50", recipients: [{ linkType: 1, linkId: contacts[0].id }, { linkType: 2, linkId: groups[0].id }] }));
    expect(add.body.code, JSON.stringify(add.body)).toBe(200);
    expect(invalidated).toEqual([productId]);
    const info = await call<AlarmRuleRow>(`/rule/info?id=${add.body.data.id}`, admin);
    expect(info.body.data).toMatchObject({ ruleName: "锚索力超限", productId, deviceId, identifier: "force", conditions: [{ compareType: 1, threshold: 2000 }], levelId: null, deadband: 50, channels: [1, 2], enableStatus: 1, prodName: "振弦式锚索计" });
    expect(info.body.data.recipients).toEqual([
      { linkType: 1, linkId: contacts[0].id, name: contacts[0].linkName },
      { linkType: 2, linkId: groups[0].id, name: groups[0].groupName },
    ]);
    const page = await call<Page<AlarmRuleRow>>(`/rule/page?ruleName=${encodeURIComponent("锚索")}`, admin);
    expect(page.body.data.records.map((r) => [r.id, r.deviceName, r.conditions.length])).toEqual([[add.body.data.id, expect.stringMatching(/^振弦式锚索计/), 1]]);
    // Its device named in the reader's language.
    const inEnglish = await call<Page<AlarmRuleRow>>(`/rule/page?ruleName=${encodeURIComponent("锚索")}`, admin, undefined, "en");
    expect(inEnglish.body.data.records.map((r) => r.deviceName)).toEqual([expect.stringMatching(/^Vibrating-wire anchor/)]);
    // Another project of the caller's does not see it.
    expect((await call<Page<AlarmRuleRow>>(`/rule/page?ruleName=${encodeURIComponent("锚索")}`, admin, undefined, undefined, otherProjectId)).body.data.total).toBe(0);
    await call("/rule/del", admin, { ids: [add.body.data.id] });
  });

  it("refuses a bad rule with the field named", async () => {
    const en = async (extra: Record<string, unknown>) => (await call("/rule/add", admin, await ruleBody(extra), "en")).body;
    // A level's condition is refused with the level named (the editor shows it under that row).
    expect(await en({ compareType: 5, minValue: 10, maxValue: 5 })).toMatchObject({ code: 400, msg: "Levels: The maximum must not be below the minimum", data: expect.objectContaining({ field: "conditions.0.maxValue" }) });
    expect(await en({ compareType: 5 })).toMatchObject({ code: 400, msg: "Levels: Required", data: expect.objectContaining({ field: "conditions.0.minValue" }) });
    expect(await en({ threshold: "" })).toMatchObject({ code: 400, msg: "Levels: Required", data: expect.objectContaining({ field: "conditions.0.threshold" }) });
    expect(await en({ compareType: 6 })).toMatchObject({ code: 400, msg: "Levels: Invalid option", data: expect.objectContaining({ field: "conditions.0.compareType" }) });
    expect(await en({ conditions: [] })).toMatchObject({ code: 400, msg: "Levels: Choose at least 1", data: expect.objectContaining({ field: "conditions" }) });
    const lv = (await level()).id;
    const twice = [
      { levelId: lv, compareType: 1, threshold: 10 },
      { levelId: lv, compareType: 1, threshold: 20 },
    ];
    expect(await en({ conditions: twice })).toMatchObject({ code: 400, msg: "Levels: Repeats an earlier entry", data: expect.objectContaining({ field: "conditions.1.levelId" }) });
    expect(await en({ conditions: Array.from({ length: 6 }, (_, i) => ({ levelId: lv + i, compareType: 1, threshold: i })) })).toMatchObject({ code: 400, msg: "Levels: Choose at most 5" });
    expect(await en({ conditions: [{ levelId: 999999, compareType: 1, threshold: 1 }] })).toMatchObject({ code: 400, msg: "The alarm level does not exist" });
    expect((await call("/rule/add", admin, await ruleBody({ conditions: [] }), "zh-cn")).body.msg).toMatch(/^报警级别[:：]/);
    expect(await en({ productId: null })).toMatchObject({ code: 400, data: expect.objectContaining({ field: "productId" }) });
    expect(await en({ pointId: 999999, productId: null })).toMatchObject({ code: 400, msg: "The measurement point does not exist in this project" });
    expect((await call("/rule/add", admin, { ...(await ruleBody({ ruleType: 2 })), levelId: null }, "en")).body).toMatchObject({ code: 400, data: expect.objectContaining({ field: "levelId" }) });
    expect(await en({ channels: [4] })).toMatchObject({ code: 400, msg: expect.stringMatching(/^[^:]+: WeChat\ notification\ is\ not\ yet\ available$/), data: expect.objectContaining({ field: "channels" }) });
    expect(await en({ channels: [] })).toMatchObject({ code: 400 });
    expect(await en({ identifier: "angleX" })).toMatchObject({ code: 400, msg: "\"angleX\" is not a numeric property of the product" });
    expect(await en({ ruleType: 3 })).toMatchObject({ code: 400, msg: expect.stringMatching(/^[^:]+: Required$/), data: expect.objectContaining({ field: "staleCycles" }) });
    expect(await en({ recipients: [{ linkType: 1, linkId: 999999 }] })).toMatchObject({ code: 400, msg: "A recipient does not exist" });
    expect(await en({ deviceId: 999999 })).toMatchObject({ code: 400, msg: "The device is not a device of this product in the current project" });
    expect((await call("/rule/add", operator, await ruleBody())).body.code).toBe(403);
    expect((await cloud.request("/alarm/rule/page", { token: admin, language: "en" })).body.code).toBe(400);
  });

  it("keeps an inspection rule (type 4) with its one level and no property or levels of conditions", async () => {
    expect((await call("/rule/add", admin, { ...(await ruleBody({ ruleType: 4 })), levelId: null }, "en")).body).toMatchObject({ code: 400, data: expect.objectContaining({ field: "levelId" }) });
    const add = await call<{ id: number }>("/rule/add", admin, await ruleBody({ ruleType: 4 }));
    expect((await call<AlarmRuleRow>(`/rule/info?id=${add.body.data.id}`, admin)).body.data).toMatchObject({ ruleType: 4, identifier: null, conditions: [], levelId: expect.any(Number) });
    expect((await call("/rule/del", admin, { ids: [add.body.data.id] })).body.code).toBe(200);
  });

  it("updates the whole rule, enables and disables it, counts and deletes", async () => {
    const add = await call<{ id: number }>("/rule/add", admin, await ruleBody({ ruleType: 2 }));
    const id = add.body.data.id;
    expect((await call<AlarmRuleRow>(`/rule/info?id=${id}`, admin)).body.data).toMatchObject({ ruleType: 2, conditions: [], levelId: expect.any(Number) });
    expect((await call("/rule/upd", admin, { id, ...(await ruleBody({ threshold: 2500 })) })).body.code).toBe(200);
    expect((await call<AlarmRuleRow>(`/rule/info?id=${id}`, admin)).body.data).toMatchObject({ ruleType: 1, conditions: [{ threshold: 2500 }], levelId: null });
    const before = (await call<RuleNumStat>("/rule/numStat", admin)).body.data;
    invalidated.length = 0;
    expect((await call("/rule/oper", admin, { id, enableStatus: 2 })).body.code).toBe(200);
    expect(invalidated).toEqual([productId]);
    const after = (await call<RuleNumStat>("/rule/numStat", admin)).body.data;
    expect(after).toEqual({ total: before.total, enabled: before.enabled - 1, disabled: before.disabled + 1 });
    expect((await call("/rule/oper", admin, { id, enableStatus: 3 })).body.code).toBe(400);
    // Its alarms: one active, one recovered.
    const raise = (at: Date) => raiseAlarm(cloud.db, { tenantId: 2, projectId, deviceId, ruleId: id, alarmName: "x", at });
    const { alarm } = await raise(new Date("2026-03-01T00:00:00Z"));
    await cloud.db.update(alarms).set({ status: 4, recoveredAt: new Date("2026-03-01T01:00:00Z") }).where(eq(alarms.id, alarm.id));
    await raise(new Date("2026-03-02T00:00:00Z"));
    expect((await call<AlarmRuleRow>(`/rule/info?id=${id}`, admin)).body.data).toMatchObject({ activeAlarms: 1, alarmCount: 2 });
    expect((await call("/rule/upd", admin, { id, ...(await ruleBody()) }, undefined, otherProjectId)).body.code).toBe(404);
    expect((await call("/rule/del", platform, { ids: [id] })).body.code).not.toBe(200);
    expect((await call("/rule/del", admin, { ids: [id] })).body.code).toBe(200);
    expect((await call(`/rule/info?id=${id}`, admin)).body.code).toBe(404);
  });

  it("lists a product's numeric properties, its devices, and a device's threshold lines", async () => {
    const fns = (await call<AlarmFunction[]>(`/rule/getDevAlamFunList?productId=${productId}`, admin)).body.data;
    expect(fns.map((f) => f.identifier)).toEqual(expect.arrayContaining(["force", "temperature", "signal"]));
    expect(fns.find((f) => f.identifier === "force")).toMatchObject({ unit: "kN", min: 0, max: 3000 });
    expect((await call<AlarmFunction[]>(`/rule/getDevAlamFunList?deviceId=${deviceId}`, admin)).body.data).toEqual(fns);
    // The form picks the device from the device tree of the rule's product (widgets §2).
    const tree = (await cloud.request<DeviceTreeNode[]>(`/device/device/deviceTreeByProdId?productId=${productId}`, { token: admin, headers: { projectid: String(projectId) } })).body.data;
    expect(tree.map((p) => p.productId)).toEqual([productId]);
    expect(tree[0].subItem!.map((d) => d.id)).toContain(deviceId);
    const lvs = (await call<Page<AlarmLevel>>("/level/list?size=50&sortField=levelNum&sortOrder=asc", admin)).body.data.records;
    const [lv, warn, control] = [await level(), lvs[1], lvs[3]];
    const a = await call<{ id: number }>("/rule/add", admin, await ruleBody({ ruleName: "锚索力预警", threshold: 1800 }));
    // Several levels in one rule: a line per threshold, each in its level's colour.
    const conditions = [
      { levelId: warn.id, compareType: 5, minValue: 100, maxValue: 2500 },
      { levelId: control.id, compareType: 2, threshold: 2800 },
    ];
    const b = await call<{ id: number }>("/rule/add", admin, await ruleBody({ ruleName: "锚索力范围", conditions }));
    const total = await call<{ id: number }>("/rule/add", admin, await ruleBody({ ruleName: "锚索力累计", statType: "total", threshold: 500 }));
    const defs = (await call<AlarmDefinition[]>(`/rule/alarmLines?deviceId=${deviceId}&identifier=force`, admin)).body.data;
    expect(defs).toEqual([
      { alarmName: "锚索力预警", alarmLine: [{ signValue: 1800, alarmColor: lv.color, levelName: lv.levelName }] },
      {
        alarmName: "锚索力范围",
        alarmLine: [
          { signValue: 100, alarmColor: warn.color, levelName: warn.levelName },
          { signValue: 2500, alarmColor: warn.color, levelName: warn.levelName },
          { signValue: 2800, alarmColor: control.color, levelName: control.levelName },
        ],
      },
    ]);
    // The chart of the cumulative change gets the rules comparing it.
    const totals = (await call<AlarmDefinition[]>(`/rule/alarmLines?deviceId=${deviceId}&identifier=force&statType=total`, admin)).body.data;
    expect(totals.map((d) => d.alarmName)).toEqual(["锚索力累计"]);
    expect((await call(`/rule/alarmLines?deviceId=${deviceId}&identifier=force&statType=sum`, admin, undefined, "en")).body.code).toBe(400);
    expect((await call<AlarmDefinition[]>(`/rule/alarmLines?deviceId=${deviceId}&identifier=force`, platform)).body.code).not.toBe(200);
    // With no project chosen (the monitoring screens before one is picked) the lines still come, from the caller's projects;
    // another project chosen, or another tenant, does not reach the device; the rules themselves still need a project.
    const unchosen = (path: string, token: string) => cloud.request<AlarmDefinition[]>(`/alarm${path}`, { token, language: "en" });
    const lines = await unchosen(`/rule/alarmLines?deviceId=${deviceId}&identifier=force`, admin);
    expect(lines.body.code, JSON.stringify(lines.body)).toBe(200);
    expect(lines.body.data.map((d) => [d.alarmName, d.alarmLine.map((l) => [l.signValue, l.alarmColor])])).toEqual(defs.map((d) => [d.alarmName, d.alarmLine.map((l) => [l.signValue, l.alarmColor])]));
    expect((await call(`/rule/alarmLines?deviceId=${deviceId}&identifier=force`, admin, undefined, "en", otherProjectId)).body.code).toBe(404);
    expect((await unchosen(`/rule/alarmLines?deviceId=${deviceId}&identifier=force`, platform)).body.code).toBe(404);
    expect((await unchosen(`/rule/alarmLines?deviceId=${deviceId}&identifier=force&statType=sum`, admin)).body.code).toBe(400);
    expect((await unchosen("/rule/numStat", admin)).body.msg).toBe("Choose a project first");
    await call("/rule/del", admin, { ids: [a.body.data.id, b.body.data.id, total.body.data.id] });
  });

  it("sets a rule on a measurement point: the properties of its devices (getMonitorAlamFunList), its lines on them", async () => {
    const [group] = await cloud.db.insert(pointGroups).values({ tenantId: 2, projectId, groupName: "锚索测点 1", monitorKind: "anchor", deviceIds: [deviceId] }).returning();
    const [elsewhere] = await cloud.db.insert(pointGroups).values({ tenantId: 2, projectId: otherProjectId, groupName: "别的项目", monitorKind: "anchor", deviceIds: [] }).returning();
    const fns = (await call<AlarmFunction[]>(`/rule/getMonitorAlamFunList?pointId=${group.id}`, admin)).body.data;
    expect(fns.map((f) => f.identifier)).toEqual(expect.arrayContaining(["force", "temperature"]));
    expect((await call(`/rule/getMonitorAlamFunList?pointId=${elsewhere.id}`, admin)).body.code).toBe(404);
    expect((await call<{ id: number }[]>("/rule/points", admin)).body.data.map((p) => p.id)).toContain(group.id);
    invalidated.length = 0;
    const add = await call<{ id: number }>("/rule/add", admin, await ruleBody({ ruleName: "测点锚索力", productId: null, pointId: group.id, threshold: 2200 }), "en");
    expect(add.body.code, JSON.stringify(add.body)).toBe(200);
    // A point rule may concern every product of the project: all rules are read again.
    expect(invalidated).toEqual([undefined]);
    const info = (await call<AlarmRuleRow>(`/rule/info?id=${add.body.data.id}`, admin)).body.data;
    expect(info).toMatchObject({ pointId: group.id, pointName: "锚索测点 1", productId: null, deviceId: null });
    expect((await call<AlarmDefinition[]>(`/rule/alarmLines?deviceId=${deviceId}&identifier=force`, admin)).body.data.map((d) => d.alarmName)).toEqual(["测点锚索力"]);
    expect((await call("/rule/add", admin, await ruleBody({ productId: null, pointId: group.id, identifier: "nothing" }), "en")).body.code).toBe(400);
    expect((await call("/rule/add", admin, await ruleBody({ productId: null, pointId: elsewhere.id }), "en")).body.msg).toBe("The measurement point does not exist in this project");
    await call("/rule/del", admin, { ids: [add.body.data.id] });
    await cloud.db.delete(pointGroups).where(eq(pointGroups.id, elsewhere.id));
    await cloud.db.delete(pointGroups).where(eq(pointGroups.id, group.id));
  });
});
