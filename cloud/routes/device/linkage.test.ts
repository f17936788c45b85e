import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "@/lib/contract/envelope";
import type { LinkageLogRow } from "@/lib/contract/linkage/log";
import type { LinkageRuleRow } from "@/lib/contract/linkage/rule";
import { alarmContacts, deviceCommands, devices, linkageRules, products, projects, stationMessages, users } from "../../db/schema";
import { commandsOf } from "../../ingest/commands";
import { Ingest } from "../../ingest/pipeline";
import { LinkageEngine, type WebCall } from "../../linkage/engine";
import { signedIn, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";

let cloud: TestCloud;
let admin: string;
let operator: string;
signedIn((s) => ({ cloud, admin, operator } = s), ["admin", "operator"]);

let projectId: number;
let otherProjectId: number;
let tiltId: number;
let waterId: number;
let contactId: number;
let engine: LinkageEngine;
let ingest: Ingest;
/** What the devices were sent on their down channels. */
const published: { topic: string; body: { params?: Record<string, unknown> } }[] = [];
const calls: { url: string; body?: string; encoding?: string }[] = [];
let answer = { status: 200, body: "ok" };
const webCall: WebCall = async (url, opts) => {
  calls.push({ url, body: opts.body, encoding: opts.encoding });
  if (url.includes("refused")) throw new Error("refused target");
  return { ...answer, durationMs: 3 };
};

beforeAll(async () => {
  const db = cloud.db;
  [projectId, otherProjectId] = (await db.select().from(projects).where(tenantOf(2).where(projects)).orderBy(asc(projects.id))).map((p) => p.id);
  const deviceOf = async (monitorType: string) => {
    const [p] = await db.select().from(products).where(tenantOf(2).where(products, eq(products.monitorType, monitorType)));
    const [d] = await db.select().from(devices).where(eq(devices.productId, p.id)).orderBy(asc(devices.id));
    await db.update(devices).set({ projectId }).where(eq(devices.id, d.id));
    return d.id;
  };
  tiltId = await deviceOf("tilt");
  waterId = await deviceOf("waterHeight");
  // The device the rules command (its writable alarm height stands in for a siren): online.
  await db.update(devices).set({ status: 2 }).where(eq(devices.id, waterId));
  const [c] = await db.select().from(alarmContacts).where(tenantOf(2).where(alarmContacts, eq(alarmContacts.linkName, "张三")));
  contactId = c.id;
  // The seeded demo rules watch the same tilt meter: out of the way, so each test counts its own runs.
  await db.update(linkageRules).set({ enableStatus: 2 });
  ingest = new Ingest(db, { now: cloud.now, writer: { flushMs: 1 } });
  ingest.attach(async (topic, payload) => void published.push({ topic, body: JSON.parse(payload) }));
  engine = new LinkageEngine(db, { delivery: cloud.deps.delivery, webCall, now: cloud.deps.now, maxFiresPerMinute: 5 }).attach(ingest);
  cloud.deps.linkage = engine;
  await engine.invalidate();
});
afterAll(async () => {
  if (!ingest) return;
  commandsOf(ingest).close();
  await ingest.close();
});

const call = <T>(path: string, token: string, body?: unknown, language?: string, prj = projectId) => cloud.request<T>(`/device/linkage${path}`, { token, body, language, headers: { projectid: String(prj) } });

const tiltRule = (extra: Record<string, unknown> = {}) => ({
  ruleName: "倾角超限联动",
  triggers: [{ termType: 1, deviceId: tiltId, identifier: "angleX", symbol: 2, value: 0.5, durationSec: 30 }],
  actions: [
    { actionType: 1, deviceId: waterId, cmdType: "property", params: { alarmHeight: 6 } },
    { actionType: 2, channels: [1], recipients: [{ linkType: 1, linkId: contactId }], content: "${deviceName} ${identifier} = ${value}" },
    { actionType: 3, method: "POST", url: "http://receiver.example/hook", headers: [{ key: "X-Token", value: "t" }], body: '{"rule":"${ruleName}","v":${value}}', encoding: "GBK" },
  ],
  ...extra,
});

const point = (value: number, s: number) => ({ deviceId: tiltId, identifier: "angleX", ts: new Date(cloud.now().getTime() + s * 1000), num: value, txt: null });

describe("the seeded demo", () => {
  it("has its rules and the log entries of running them once, the refused web call with its reason", async () => {
    const logs = await call<Page<LinkageLogRow>>("/pageLog?size=50", admin, undefined, "en");
    const seeded = logs.body.data.records.filter((r) => r.source === 4);
    expect(seeded.map((r) => r.logStatus).sort()).toEqual([1, 2]);
    const failed = seeded.find((r) => r.logStatus === 1)!;
    expect(failed.results[0].error).toContain("127.0.0.1");
    expect(failed.results[0].error).toMatch(/internal addresses are not allowed|cannot be reached/);
  });
});

describe("linkage rules", () => {
  let ruleId: number;

  it("adds a rule, lists it and reads it back whole", async () => {
    const add = await call<LinkageRuleRow>("/add", admin, tiltRule({ tactic: 2, suppressMinutes: 10 }));
    expect(add.body.code).toBe(200);
    ruleId = add.body.data.id;
    const page = await call<Page<LinkageRuleRow>>("/page?ruleName=超限联动", admin);
    expect(page.body.data.records.map((r) => r.ruleName)).toEqual(["倾角超限联动"]);
    const info = await call<LinkageRuleRow>(`/info?id=${ruleId}`, admin);
    expect(info.body.data.triggers[0]).toMatchObject({ termType: 1, identifier: "angleX", durationSec: 30 });
    expect(info.body.data.actions).toHaveLength(3);
    expect(info.body.data.actions[1]).toMatchObject({ recipients: [{ linkType: 1, linkId: contactId, name: "张三" }] });
    // Another project's call does not see it.
    expect((await call(`/info?id=${ruleId}`, admin, undefined, "en", otherProjectId)).body.code).toBe(404);
  });

  it("refuses core §5 violations with localised, field-named messages", async () => {
    const en = async (body: unknown) => (await call("/add", admin, body, "en")).body;
    expect(await en(tiltRule({ triggers: [] }))).toMatchObject({ code: 400, msg: "Triggers: Add at least one valid trigger" });
    expect(await en(tiltRule({ actions: [] }))).toMatchObject({ code: 400, msg: "Actions: Add at least one action" });
    expect(await en(tiltRule({ validitySec: 0 }))).toMatchObject({ code: 400, msg: "Data validity: Cannot be 0" });
    expect(await en(tiltRule({ activeTime: 2 }))).toMatchObject({ code: 400, msg: "Active windows: Specified times must not be empty" });
    expect((await call("/add", admin, tiltRule({ triggers: [{ ...tiltRule().triggers[0], durationSec: 0 }] }))).body.msg).toBe("触发条件：不能为 0");
    // A cron of the right shape that croner refuses (second 99) is refused by the cloud.
    expect(await en(tiltRule({ triggers: [{ termType: 3, cron: "99 * * * * ? *" }] }))).toMatchObject({ code: 400, msg: "Triggers: Not a valid cron expression", data: { field: "triggers.0.cron" } });
  });

  it("refuses devices outside the project, unknown properties and commands the thing model does not accept", async () => {
    const [other] = await cloud.db.select().from(devices).where(tenantOf(2).where(devices, eq(devices.projectId, otherProjectId)));
    expect((await call("/add", admin, tiltRule({ triggers: [{ ...tiltRule().triggers[0], deviceId: other.id }] }), "en")).body).toMatchObject({ code: 400, msg: `Device #${other.id} is not a device of the current project` });
    expect((await call("/add", admin, tiltRule({ triggers: [{ ...tiltRule().triggers[0], identifier: "nope" }] }), "en")).body.code).toBe(400);
    const cmd = { actionType: 1, deviceId: waterId, cmdType: "property", params: { waterHeight: 3 } };
    expect((await call("/add", admin, tiltRule({ actions: [cmd] }), "en")).body).toMatchObject({ code: 400, msg: '"waterHeight" is not a writable property of the device\'s thing model' });
  });

  it("refuses at save a rule whose action writes the property it watches (loop guard)", async () => {
    const loop = tiltRule({
      triggers: [{ termType: 1, deviceId: waterId, identifier: "alarmHeight", symbol: 4, value: 5 }],
      actions: [{ actionType: 1, deviceId: waterId, cmdType: "property", params: { alarmHeight: 6 } }],
    });
    const res = await call("/add", admin, loop, "en");
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toContain('Loop: this rule sets "alarmHeight"');
  });

  it("fires once the condition has held 30 s, runs the actions in order and logs each result; repeat-suppress holds it back", async () => {
    const sentBefore = published.length;
    engine.telemetry([point(0.6, 0), point(0.7, 10)]);
    await engine.idle();
    expect(calls).toHaveLength(0);
    engine.telemetry([point(0.8, 30)]);
    await engine.idle();
    expect(calls).toHaveLength(1);
    // The command reached the device on its down channel, and is in the handling log.
    expect(published.slice(sentBefore).map((m) => [m.topic.split("/").slice(-2).join("/"), m.body.params])).toEqual([["property/set", { alarmHeight: 6 }]]);
    expect((await cloud.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, waterId))).map((r) => r.params)).toContain(JSON.stringify({ alarmHeight: 6 }));
    expect(calls[0]).toMatchObject({ url: "http://receiver.example/hook", body: '{"rule":"倾角超限联动","v":0.8}', encoding: "GBK" });
    const [msg] = await cloud.db.select().from(stationMessages).where(and(eq(stationMessages.msgType, "notice"), eq(stationMessages.bizId, ruleId)));
    expect(msg.msgContent).toContain("angleX = 0.8");
    // Still above 0.5, or back above after a dip and held 30 s again: suppressed within the 10 minutes.
    engine.telemetry([point(0.9, 40), point(0.95, 50), point(0.1, 60), point(0.9, 70), point(0.9, 100)]);
    await engine.idle();
    expect(calls).toHaveLength(1);
    expect(published.length).toBe(sentBefore + 1);
    expect(engine.stats.suppressed).toBe(3);
    const logs = await call<Page<LinkageLogRow>>(`/pageLog?ruleId=${ruleId}`, admin);
    expect(logs.body.data.total).toBe(1);
    const [log] = logs.body.data.records;
    expect(log).toMatchObject({ ruleName: "倾角超限联动", source: 1, logStatus: 2, actionCount: 3, failedCount: 0 });
    expect(log.triggerText).toContain("angleX = 0.8");
    expect(log.results.map((r) => [r.actionType, r.status])).toEqual([
      [1, 2],
      [2, 2],
      [3, 2],
    ]);
    expect(log.results[2].response).toContain("HTTP 200");
  });

  it("runs a rule now (operate) and logs a failed action with its error", async () => {
    answer = { status: 500, body: "boom" };
    const res = await call<LinkageLogRow>("/operate", admin, { id: ruleId }, "en");
    expect(res.body).toMatchObject({ code: 200, msg: "Rule run: see the linkage log" });
    expect(res.body.data).toMatchObject({ source: 4, logStatus: 1, failedCount: 1 });
    expect(res.body.data.results[2].error).toContain("HTTP 500");
    answer = { status: 200, body: "ok" };
    const failed = await call<Page<LinkageLogRow>>(`/pageLog?logStatus=1&ruleId=${ruleId}`, admin);
    expect(failed.body.data.records.map((r) => r.source)).toEqual([4]);
  });

  it("disables with oper: the engine no longer fires it", async () => {
    expect((await call("/oper", admin, { id: ruleId, enableStatus: 2 })).body.code).toBe(200);
    const before = calls.length;
    engine.telemetry([point(0.1, 100), point(0.9, 200), point(0.9, 240)]);
    await engine.idle();
    expect(calls.length).toBe(before);
  });

  it("stops a rule that fires faster than the loop guard allows, with a stopped log entry", async () => {
    const add = await call<LinkageRuleRow>("/add", admin, tiltRule({ ruleName: "快速", triggers: [{ termType: 1, deviceId: tiltId, identifier: "angleX", symbol: 4, value: 0 }], actions: [tiltRule().actions[2]] }));
    const id = add.body.data.id;
    engine.telemetry(Array.from({ length: 8 }, (_, i) => point(1, 300 + i)));
    await engine.idle();
    const [rule] = await cloud.db.select().from(linkageRules).where(eq(linkageRules.id, id));
    expect(rule.enableStatus).toBe(2);
    const logs = await call<Page<LinkageLogRow>>(`/pageLog?ruleId=${id}&logStatus=3`, admin);
    expect(logs.body.data.total).toBe(1);
  });

  it("refuses an operator without the permission, and deletes keeping the log", async () => {
    expect((await call("/del", operator, { ids: [ruleId] })).body.code).toBe(403);
    expect((await call("/del", admin, { ids: [ruleId] })).body).toMatchObject({ code: 200, data: { deleted: 1 } });
    const logs = await call<Page<LinkageLogRow>>("/pageLog?size=50", admin);
    expect(logs.body.data.records.some((r) => r.ruleName === "倾角超限联动")).toBe(true);
  });
});

describe("timer and device-state triggers", () => {
  it("runs a timer rule on its schedule and a state rule on a status change; a device action without a channel is logged as failed", async () => {
    const timers: { run: () => void; ms: number }[] = [];
    const own = new LinkageEngine(cloud.db, { delivery: cloud.deps.delivery, webCall, now: cloud.deps.now, timer: (run, ms) => (timers.push({ run, ms }), () => {}) });
    cloud.deps.linkage = own;
    const cmd = { actionType: 1, deviceId: waterId, cmdType: "property", params: { alarmHeight: 6 } };
    const timer = await call<LinkageRuleRow>("/add", admin, tiltRule({ ruleName: "每分钟", triggers: [{ termType: 3, cron: "0 * * * * ? *" }], actions: [cmd] }));
    const state = await call<LinkageRuleRow>("/add", admin, tiltRule({ ruleName: "离线", triggers: [{ termType: 2, deviceId: tiltId, onlineType: 3 }], actions: [tiltRule().actions[1]] }));
    expect([timer.body.code, state.body.code]).toEqual([200, 200]);
    await own.idle();
    // TEST_EPOCH is on a whole minute: the next run is a minute later.
    const armed = timers.at(-1)!;
    expect(armed.ms).toBe(60_000);
    cloud.advance(60_000);
    armed.run();
    own.status([{ deviceId: tiltId, status: 2, at: cloud.now() }]);
    own.status([{ deviceId: tiltId, status: 3, at: cloud.now() }]);
    await own.idle();
    const timerLog = await call<Page<LinkageLogRow>>(`/pageLog?ruleId=${timer.body.data.id}`, admin);
    expect(timerLog.body.data.records.map((r) => [r.source, r.logStatus])).toEqual([[3, 1]]);
    expect(timerLog.body.data.records[0].results[0].error).toContain("设备通道未运行");
    // The cloud's own words are read in the caller's language.
    const en = await call<Page<LinkageLogRow>>(`/pageLog?ruleId=${timer.body.data.id}`, admin, undefined, "en");
    expect(en.body.data.records[0].results[0].error).toBe("The device channel is not running: the command could not be sent");
    const stateLog = await call<Page<LinkageLogRow>>(`/pageLog?ruleId=${state.body.data.id}`, admin);
    expect(stateLog.body.data.records.map((r) => [r.source, r.logStatus])).toEqual([[2, 2]]);
    expect(stateLog.body.data.records[0].triggerText).toContain("offline");
    // After its run the timer is armed again.
    expect(timers.length).toBeGreaterThan(1);
    await own.close();
    cloud.deps.linkage = engine;
  });
  it("runs a timer on the tenant's clock: eight o'clock in UTC is eight hours after eight o'clock in Shanghai", async () => {
    const timers: { run: () => void; ms: number }[] = [];
    const own = new LinkageEngine(cloud.db, { delivery: cloud.deps.delivery, webCall, now: cloud.deps.now, timer: (run, ms) => (timers.push({ run, ms }), () => {}) });
    cloud.deps.linkage = own;
    const rule = await call<LinkageRuleRow>("/add", admin, tiltRule({ ruleName: "早八点", triggers: [{ termType: 3, cron: "0 0 8 * * ? *" }], actions: [tiltRule().actions[1]] }));
    expect(rule.body.code).toBe(200);
    await own.idle();
    const shanghai = timers.at(-1)!.ms;
    const saved = await cloud.request("/sys/company/saveTimeZone", { token: admin, body: { timeZone: "UTC" } });
    expect(saved.body.code).toBe(200);
    // Saving the zone arms the timers again on the new clock.
    await own.idle();
    const utc = timers.at(-1)!.ms;
    const DAY = 24 * 3600_000;
    expect((((utc - shanghai) % DAY) + DAY) % DAY).toBe(8 * 3600_000);
    await cloud.request("/sys/company/saveTimeZone", { token: admin, body: { timeZone: "Asia/Shanghai" } });
    await call("/del", admin, { ids: [rule.body.data.id] });
    await own.close();
    cloud.deps.linkage = engine;
  });
});

describe("a notice's language", () => {
  it("writes each recipient's notice in their language: the rule's text as written in it, the rule's and the device's names", async () => {
    const db = cloud.db;
    // Zhang San's user signed in in English; the demo administrator's in Chinese.
    const [zhang] = await db.select().from(alarmContacts).where(eq(alarmContacts.id, contactId));
    const [demo] = await db.select().from(alarmContacts).where(tenantOf(2).where(alarmContacts, eq(alarmContacts.linkName, "演示管理员")));
    await db.update(users).set({ language: "en" }).where(eq(users.id, zhang.userId!));
    await db.update(users).set({ language: "zh-cn" }).where(eq(users.id, demo.userId!));
    const content = "${deviceName} 的 ${identifier} = ${value}（${ruleName}）";
    const notice = { actionType: 2, channels: [1], recipients: [{ linkType: 1, linkId: zhang.id }, { linkType: 1, linkId: demo.id }], content, contentI18n: { "zh-cn": content, en: "${deviceName}: ${identifier} = ${value} (${ruleName})" } };
    const add = await call<LinkageRuleRow>("/add", admin, tiltRule({ ruleName: "倾角通知", i18n: { ruleName: { "zh-cn": "倾角通知", en: "Tilt notice" } }, triggers: [{ termType: 1, deviceId: tiltId, identifier: "angleX", symbol: 2, value: 0.5 }], actions: [notice] }));
    expect(add.body, JSON.stringify(add.body)).toMatchObject({ code: 200 });
    await engine.invalidate();
    engine.telemetry([point(0.1, 500), point(0.9, 501)]);
    await engine.idle();
    const [tilt] = await db.select().from(devices).where(eq(devices.id, tiltId));
    const messageOf = async (userId: number) => (await db.select().from(stationMessages).where(and(eq(stationMessages.bizId, add.body.data.id), eq(stationMessages.userId, userId), eq(stationMessages.msgType, "notice"))))[0];
    const en = await messageOf(zhang.userId!);
    expect(en.msgTitle).toBe("Linkage: Tilt notice");
    expect(en.msgContent).toBe(`${tilt.i18n!.deviceName!.en}: angleX = 0.9 (Tilt notice)`);
    const zh = await messageOf(demo.userId!);
    expect(zh.msgTitle).toBe("联动：倾角通知");
    expect(zh.msgContent).toBe(`${tilt.deviceName} 的 angleX = 0.9（倾角通知）`);
    // A text edited since (the Chinese no longer the one written in both) is that text for everyone.
    const edited = { ...notice, content: "${deviceName} 已超限" };
    expect((await call("/upd", admin, { ...add.body.data, actions: [edited] })).body.code).toBe(200);
    await engine.invalidate();
    engine.telemetry([point(0.1, 600), point(0.9, 601)]);
    await engine.idle();
    const messages = await db.select().from(stationMessages).where(and(eq(stationMessages.bizId, add.body.data.id), eq(stationMessages.userId, zhang.userId!)));
    expect(messages.at(-1)!.msgContent).toBe(`${tilt.i18n!.deviceName!.en} 已超限`);
    await call("/del", admin, { ids: [add.body.data.id] });
  });
});
