import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ALARM_STATUS, CHANNEL, LINK_TYPE, NOTICE_STATUS, RULE_TYPE } from "@/lib/contract/alarm/enums";
import { alarmContactGroups, alarmContacts, alarmLevels, alarmOperations, alarmNotices, alarmRuleRecipients, alarmRules, alarms, devices, pointGroups, products, stationMessages, telemetry, telemetryLatest, todos, users } from "../db/schema";
import type { Point } from "../ingest/writer";
import { DEMO_ACCOUNTS } from "../seed";
import { createTestCloud, SETUP_MS, type TestCloud } from "../testing";
import { AlarmEvaluator } from "./evaluator";
import { tenantOf } from "../lib/scope";
import { insertTelemetry } from "../db/queries/telemetry-props";

let cloud: TestCloud;
let ev: AlarmEvaluator;
let device: typeof devices.$inferSelect;
let other: typeof devices.$inferSelect;
let levelId: number;
/** The demo tenant's levels by number: 2 warning, 3 alarm, 4 control. */
let levels: Map<number, typeof alarmLevels.$inferSelect>;
let contactId: number;
const T0 = new Date("2026-03-02T08:00:00Z").getTime();
const at = (min: number) => new Date(T0 + min * 60_000);
const point = (identifier: string, num: number, min: number, d = device): Point => ({ deviceId: d.id, identifier, ts: at(min), num, txt: null });

beforeAll(async () => {
  cloud = await createTestCloud();
  const db = cloud.db;
  // The anchor-cable meters: the demo seed sets no rules on them.
  const [anchor] = await db.select().from(products).where(eq(products.monitorType, "anchor"));
  [device, other] = await db.select().from(devices).where(eq(devices.productId, anchor.id)).orderBy(asc(devices.id));
  await db.update(devices).set({ projectId: device.projectId }).where(eq(devices.id, other.id));
  const all = await db.select().from(alarmLevels).where(tenantOf(device.tenantId).where(alarmLevels)).orderBy(asc(alarmLevels.levelNum));
  levels = new Map(all.map((l) => [l.levelNum, l]));
  levelId = all[0].id;
  const [admin] = await db.select().from(alarmContacts).where(tenantOf(device.tenantId).where(alarmContacts, eq(alarmContacts.linkName, "演示管理员")));
  contactId = admin.id;
  ev = new AlarmEvaluator(db, { delivery: cloud.deps.delivery, now: cloud.now });
}, SETUP_MS);
afterAll(() => cloud?.close());

/** A rule on the anchor meters' force: by default one level, above `threshold` (2000). */
async function addRule({ threshold = 2000, ...values }: Partial<typeof alarmRules.$inferInsert> & { threshold?: number }) {
  const typed = values.ruleType && values.ruleType !== RULE_TYPE.value ? { levelId } : { conditions: [{ levelId, compareType: 1 as const, threshold }] };
  const [r] = await cloud.db
    .insert(alarmRules)
    .values({ tenantId: device.tenantId, projectId: device.projectId!, productId: device.productId, ruleName: "锚索力超限", identifier: "force", channels: [CHANNEL.site, CHANNEL.sms], ...typed, ...values })
    .returning();
  await cloud.db.insert(alarmRuleRecipients).values({ ruleId: r.id, linkType: LINK_TYPE.contact, linkId: contactId });
  ev.invalidate(device.productId);
  return r;
}
const alarmsOf = (ruleId: number) => cloud.db.select().from(alarms).where(eq(alarms.ruleId, ruleId)).orderBy(asc(alarms.id));
async function removeRule(id: number) {
  await cloud.db.delete(alarmRules).where(eq(alarmRules.id, id));
  ev.invalidate(device.productId);
}

describe("alarm evaluator", () => {
  it("raises once on a crossing, keeps the latest value while it lasts and recovers past the dead band", async () => {
    const rule = await addRule({ deadband: 50 });
    await ev.telemetry([point("force", 1500, 0), point("force", 2100, 1), point("force", 2300, 2), point("temperature", 99, 2)]);
    let list = await alarmsOf(rule.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ value: 2100, latestValue: 2300, count: 1, status: ALARM_STATUS.pending, levelId, deviceId: device.id, projectId: device.projectId, recoveredAt: null });
    expect(list[0].triggeredAt).toEqual(at(1));
    expect(list[0].condition).toMatchObject({ compareType: 1, threshold: 2000, deadband: 50, levelIndex: 0 });
    // 1980 is below the line but within the dead band: still alarmed.
    await ev.telemetry([point("force", 1980, 3)]);
    expect((await alarmsOf(rule.id))[0].recoveredAt).toBeNull();
    await ev.telemetry([point("force", 1900, 4)]);
    list = await alarmsOf(rule.id);
    expect(list[0].recoveredAt).toEqual(at(4));
    // Crossing again while the alarm is still pending joins it: no duplicate, the count rises.
    await ev.telemetry([point("force", 2500, 5)]);
    list = await alarmsOf(rule.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ count: 2, latestValue: 2500, recoveredAt: null });
    await removeRule(rule.id);
  });

  it("raises one alarm per rule and escalates it as the value reaches the rule's more severe levels", async () => {
    // Warning / alarm / control values in one rule, as structural monitoring sets them.
    const conditions = [
      { levelId: levels.get(2)!.id, compareType: 1 as const, threshold: 2000 },
      { levelId: levels.get(3)!.id, compareType: 1 as const, threshold: 2500 },
      { levelId: levels.get(4)!.id, compareType: 1 as const, threshold: 3000 },
    ];
    const rule = await addRule({ conditions, deadband: 50 });
    const escalated: [number, number | null, number][] = [];
    const onEscalated = (alarm: typeof alarms.$inferSelect, by: { value: number }) => escalated.push([alarm.id, alarm.levelNum, by.value]);
    ev.events.on("escalated", onEscalated);
    const one = async () => {
      const list = await alarmsOf(rule.id);
      expect(list).toHaveLength(1);
      return list[0];
    };
    await ev.telemetry([point("force", 2100, 0)]);
    expect(await one()).toMatchObject({ levelId: levels.get(2)!.id, levelNum: 2, levelColor: levels.get(2)!.color, value: 2100 });
    await ev.telemetry([point("force", 2600, 1)]);
    let a = await one();
    expect(a).toMatchObject({ levelId: levels.get(3)!.id, levelNum: 3, latestValue: 2600, count: 1 });
    expect(a.condition).toMatchObject({ threshold: 2500, levelIndex: 1 });
    // Every level's line, in its colour, for the alarm's chart.
    expect(a.condition?.levels?.map((l) => [l.threshold, l.color])).toEqual([2, 3, 4].map((n, i) => [conditions[i].threshold, levels.get(n)!.color]));
    // The text names the property by its name in the product, not its identifier.
    expect(a.content).toMatch(/^锚索力 = 2600 \(> 2500\)$/);
    // Hovering at the control line: escalated once, never back down and never a second alarm.
    await ev.telemetry([point("force", 3010, 2), point("force", 2990, 3), point("force", 3010, 4), point("force", 2990, 5)]);
    a = await one();
    expect(a).toMatchObject({ levelNum: 4, latestValue: 2990, recoveredAt: null });
    // Each escalation is a step on the timeline with the value that caused it, and an event (data push) with the new level.
    expect(escalated).toEqual([[a.id, 3, 2600], [a.id, 4, 3010]]);
    const steps = await cloud.db.select().from(alarmOperations).where(eq(alarmOperations.alarmId, a.id)).orderBy(asc(alarmOperations.id));
    expect(steps.map((s) => [s.step, s.escalation?.value ?? null, s.escalation?.levelNum ?? null, s.escalation?.condition.threshold ?? null])).toEqual([
      ["raise", null, null, null],
      ["escalate", 2600, 3, 2500],
      ["escalate", 3010, 4, 3000],
    ]);
    expect(steps[2].createdAt).toEqual(at(2));
    ev.events.off("escalated", onEscalated);
    // Below the warning line but within the dead band: still alarmed; past it: recovered.
    await ev.telemetry([point("force", 1980, 6)]);
    expect((await one()).recoveredAt).toBeNull();
    await ev.telemetry([point("force", 1940, 7)]);
    expect((await one()).recoveredAt).toEqual(at(7));
    await removeRule(rule.id);
  });

  it("writes an alarm's text in every language its property is named in, and the alarm centre answers the reader's", async () => {
    const conditions = [2000, 2500, 3000].map((threshold, i) => ({ levelId: levels.get(i + 2)!.id, compareType: 1 as const, threshold }));
    const rule = await addRule({ conditions, i18n: { ruleName: { "zh-cn": "锚索力超限", en: "Anchor force over limit" } } });
    const texts = async () => {
      const [a] = await alarmsOf(rule.id);
      return [a.content, a.i18n?.content?.["zh-cn"], a.i18n?.content?.en];
    };
    await ev.telemetry([point("force", 2100, 0)]);
    expect(await texts()).toEqual(["锚索力 = 2100 (> 2000)", "锚索力 = 2100 (> 2000)", "Anchor force = 2100 (> 2000)"]);
    // Escalated while alarmed, and escalated as a recovered alarm joins a new crossing: each time the text in both.
    await ev.telemetry([point("force", 2600, 1)]);
    expect(await texts()).toEqual(["锚索力 = 2600 (> 2500)", "锚索力 = 2600 (> 2500)", "Anchor force = 2600 (> 2500)"]);
    await ev.telemetry([point("force", 1900, 2)]);
    await ev.telemetry([point("force", 3100, 3)]);
    expect(await texts()).toEqual(["锚索力 = 3100 (> 3000)", "锚索力 = 3100 (> 3000)", "Anchor force = 3100 (> 3000)"]);
    const [alarm] = await alarmsOf(rule.id);
    // The list, the detail and the to-do's alarm: each in the reader's language.
    const token = await cloud.login("demoadmin", DEMO_ACCOUNTS.demoadmin.password, device.tenantId);
    const read = async <T>(path: string, language: string) => (await cloud.request<T>(path, { token, language, headers: { projectid: String(device.projectId) } })).body.data;
    const listed = async (language: string) => (await read<{ records: { id: number; content: string }[] }>(`/alarm/core/page?deviceId=${device.id}&pageSize=50`, language)).records.find((r) => r.id === alarm.id)?.content;
    expect(await listed("en")).toBe("Anchor force = 3100 (> 3000)");
    expect(await listed("zh-cn")).toBe("锚索力 = 3100 (> 3000)");
    expect((await read<{ content: string }>(`/alarm/core/info?id=${alarm.id}`, "en")).content).toBe("Anchor force = 3100 (> 3000)");
    const todos = await read<{ records: { id: number; bizId: number; msgTitle: string }[] }>("/msg/todo/page?pageSize=100", "en");
    const todo = todos.records.find((x) => x.bizId === alarm.id)!;
    expect(todo.msgTitle).toBe("Handle alarm: Anchor force over limit");
    expect((await read<{ content: string }>(`/msg/todo/alaInfo?id=${todo.id}`, "en")).content).toBe("Anchor force = 3100 (> 3000)");
    // A row written before the texts (or a property named in one language) answers its stored text to everyone.
    await cloud.db.update(alarms).set({ i18n: null }).where(eq(alarms.id, alarm.id));
    expect(await listed("en")).toBe("锚索力 = 3100 (> 3000)");
    // The admin's notices in the tests below are read in Chinese again (a request's language is the user's).
    await read("/sys/login/userInfo", "zh-cn");
    await removeRule(rule.id);
  });

  it("evaluates only the rules a value can cross or that are alarmed: a rule on another property is not evaluated", async () => {
    // Many rules on another property, one above and one below on this one.
    const many = await Promise.all(Array.from({ length: 20 }, (_, i) => addRule({ identifier: "temperature", threshold: 100 + i })));
    const above = await addRule({ threshold: 2000, deadband: 50 });
    const below = await addRule({ conditions: [{ levelId, compareType: 4 as const, threshold: 100 }] });
    const evaluated = async (pts: Point[]) => {
      const before = ev.stats.evaluated;
      await ev.telemetry(pts);
      return ev.stats.evaluated - before;
    };
    // In range of both force rules: neither can change state, none of the temperature rules is asked.
    expect(await evaluated([point("force", 1500, 0)])).toBe(0);
    // Crossing the upper line asks that rule only; while alarmed it is asked for each value until it recovers.
    expect(await evaluated([point("force", 2100, 1)])).toBe(1);
    expect(await alarmsOf(above.id)).toHaveLength(1);
    expect(await evaluated([point("force", 1980, 2)])).toBe(1);
    expect(await evaluated([point("force", 1900, 3)])).toBe(1);
    expect((await alarmsOf(above.id))[0].recoveredAt).toEqual(at(3));
    expect(await evaluated([point("force", 1800, 4)])).toBe(0);
    // The line itself is asked (a `<=` rule), and decided exactly.
    expect(await evaluated([point("force", 100, 5)])).toBe(1);
    expect(await alarmsOf(below.id)).toHaveLength(1);
    // A temperature value asks only the temperature rules whose lines it reaches (100 … 105, its own line included).
    expect(await evaluated([point("temperature", 105, 6)])).toBe(6);
    for (const r of [...many, above, below]) await removeRule(r.id);
  });

  it("takes the most severe level a batch reaches when it raises, and a join reaching a higher level escalates", async () => {
    const conditions = [
      { levelId: levels.get(2)!.id, compareType: 5 as const, minValue: -40, maxValue: 40 },
      { levelId: levels.get(4)!.id, compareType: 5 as const, minValue: -60, maxValue: 60 },
    ];
    const rule = await addRule({ conditions, deadband: 5 });
    await ev.telemetry([point("force", 45, 0), point("force", -65, 1), point("force", 50, 2)]);
    let [a] = await alarmsOf(rule.id);
    expect(a).toMatchObject({ value: 45, latestValue: 50, levelNum: 4 });
    await ev.telemetry([point("force", 0, 3)]);
    // Recovered but still pending: a new crossing joins it; at the milder level it stays at control.
    await ev.telemetry([point("force", 45, 4)]);
    [a] = await alarmsOf(rule.id);
    expect(a).toMatchObject({ count: 2, levelNum: 4, recoveredAt: null });
    await removeRule(rule.id);
    // A pending, recovered alarm at warning joined by a control crossing is raised to control.
    const again = await addRule({ conditions, deadband: 5 });
    await ev.telemetry([point("force", 45, 10), point("force", 0, 11)]);
    await ev.telemetry([point("force", 70, 12)]);
    const list = await alarmsOf(again.id);
    expect(list.map((x) => [x.count, x.levelNum])).toEqual([[2, 4]]);
    await removeRule(again.id);
  });

  it("watches a measurement point's devices (a point rule), whatever their product", async () => {
    const [group] = await cloud.db
      .insert(pointGroups)
      .values({ tenantId: device.tenantId, projectId: device.projectId!, groupName: "MS-1", monitorKind: "anchor", deviceIds: [other.id] })
      .returning();
    const rule = await addRule({ productId: null, pointId: group.id });
    ev.invalidate();
    await ev.telemetry([point("force", 2600, 0), point("force", 2700, 0, other)]);
    expect((await alarmsOf(rule.id)).map((a) => [a.deviceId, a.pointId])).toEqual([[other.id, group.id]]);
    await removeRule(rule.id);
    await cloud.db.delete(pointGroups).where(eq(pointGroups.id, group.id));
  });

  it("raises a new alarm once the old one is handled, unless inside the convergence window", async () => {
    const rule = await addRule({ convergeMinutes: 30 });
    await ev.telemetry([point("force", 2100, 0), point("force", 1000, 1)]);
    await cloud.db.update(alarms).set({ status: ALARM_STATUS.handled }).where(eq(alarms.ruleId, rule.id));
    await ev.telemetry([point("force", 2100, 10), point("force", 1000, 11)]);
    expect((await alarmsOf(rule.id)).map((a) => [a.status, a.count])).toEqual([[ALARM_STATUS.handled, 2]]);
    await ev.telemetry([point("force", 2200, 45)]);
    const list = await alarmsOf(rule.id);
    expect(list.map((a) => [a.status, a.count])).toEqual([
      [ALARM_STATUS.handled, 2],
      [ALARM_STATUS.pending, 1],
    ]);
    await removeRule(rule.id);
  });

  it("keeps one alarm per device, and a device rule ignores the product's other devices", async () => {
    const all = await addRule({});
    const one = await addRule({ deviceId: other.id, ruleName: "单设备" });
    await ev.telemetry([point("force", 2100, 0), point("force", 2100, 0, other)]);
    expect((await alarmsOf(all.id)).map((a) => a.deviceId).sort()).toEqual([device.id, other.id].sort());
    expect((await alarmsOf(one.id)).map((a) => a.deviceId)).toEqual([other.id]);
    await removeRule(all.id);
    await removeRule(one.id);
  });

  it("tells the recipients: an in-site message, an SMS to the outbox, each notice recorded", async () => {
    const sent = cloud.outbox.length;
    const rule = await addRule({ channels: [CHANNEL.site, CHANNEL.sms, CHANNEL.email, CHANNEL.wechat] });
    await ev.telemetry([point("force", 2600, 0)]);
    const [alarm] = await alarmsOf(rule.id);
    const [contact] = await cloud.db.select().from(alarmContacts).where(eq(alarmContacts.id, contactId));
    const inbox = await cloud.db.select().from(stationMessages).where(eq(stationMessages.bizId, alarm.id));
    expect(inbox.map((m) => [m.userId, m.msgType])).toEqual([[contact.userId, "ala"]]);
    // The tenant's enabled templates (system administration) give the texts.
    expect(inbox[0].msgContent).toContain(device.deviceName);
    const out = cloud.outbox.slice(sent);
    expect(out.map((m) => [m.channel, m.target])).toEqual([
      ["sms", contact.phone],
      ["email", contact.email],
    ]);
    expect(out[0].body).toContain(device.deviceName);
    const notices = await cloud.db.select().from(alarmNotices).where(eq(alarmNotices.alarmId, alarm.id)).orderBy(asc(alarmNotices.id));
    expect(notices.map((n) => [n.channel, n.noticeStatus])).toEqual([
      [CHANNEL.site, NOTICE_STATUS.sent],
      [CHANNEL.sms, NOTICE_STATUS.sent],
      [CHANNEL.email, NOTICE_STATUS.sent],
      [CHANNEL.wechat, NOTICE_STATUS.unavailable],
    ]);
    await removeRule(rule.id);
  });

  it("tells a batch's new alarms together: each its step, to-dos and notices, with the rule's recipients, the handlers and the templates read once (issue 41)", async () => {
    const rule = await addRule({ channels: [CHANNEL.site] });
    // Statements outside a transaction go through the driver's client (PGlite, or the pool on PostgreSQL): drizzle's `$client`.
    const { $client } = cloud.db as unknown as { $client: { query: (q: string | { text: string }) => unknown } };
    const query = vi.spyOn($client, "query");
    await ev.telemetry([point("force", 2100, 0), point("force", 2200, 0, other)]);
    const statements = query.mock.calls.map(([q]) => (typeof q === "string" ? q : q.text));
    query.mockRestore();
    const list = await alarmsOf(rule.id);
    expect(list.map((a) => a.deviceId).sort()).toEqual([device.id, other.id].sort());
    for (const a of list) {
      const steps = await cloud.db.select().from(alarmOperations).where(eq(alarmOperations.alarmId, a.id));
      expect(steps.map((s) => s.step)).toEqual(["raise"]);
      // Each to-do names its own alarm's device, in each language.
      const own = a.deviceId === device.id ? device : other;
      const handling = await cloud.db.select().from(todos).where(eq(todos.bizId, a.id));
      expect(handling.length).toBeGreaterThan(0);
      for (const todo of handling) expect([todo.msgContent, todo.i18n?.msgContent?.en]).toEqual([expect.stringContaining(own.deviceName), expect.stringContaining(own.i18n?.deviceName?.en ?? own.deviceName)]);
      expect((await cloud.db.select().from(alarmNotices).where(eq(alarmNotices.alarmId, a.id))).map((n) => [n.channel, n.noticeStatus])).toEqual([[CHANNEL.site, NOTICE_STATUS.sent]]);
      const [message] = await cloud.db.select().from(stationMessages).where(eq(stationMessages.bizId, a.id));
      expect(message.msgContent).toContain(own.deviceName);
    }
    expect(statements.filter((q) => q.includes('"alarm_rule_recipients"'))).toHaveLength(1);
    expect(statements.filter((q) => q.includes('"user_roles"'))).toHaveLength(1);
    expect(statements.filter((q) => q.includes('"notification_templates"'))).toHaveLength(1);
    await removeRule(rule.id);
  });

  it("writes each recipient's notice in the language of its user's latest sign-in; a contact without an account reads the default", async () => {
    const [contact] = await cloud.db.select().from(alarmContacts).where(eq(alarmContacts.id, contactId));
    const [outsider] = await cloud.db
      .insert(alarmContacts)
      .values({ tenantId: device.tenantId, linkName: "外部联系人", phone: "13900001111", email: "outsider@example.com" })
      .returning();
    const signIn = await cloud.request("/sys/login/username", { body: { username: "demoadmin", password: DEMO_ACCOUNTS.demoadmin.password, tId: device.tenantId }, language: "en" });
    expect(signIn.body.code).toBe(200);
    const sent = cloud.outbox.length;
    const rule = await addRule({ channels: [CHANNEL.site, CHANNEL.sms, CHANNEL.email], i18n: { ruleName: { "zh-cn": "锚索力超限", en: "Anchor force over limit" } } });
    await cloud.db.insert(alarmRuleRecipients).values({ ruleId: rule.id, linkType: LINK_TYPE.contact, linkId: outsider.id });
    await ev.telemetry([point("force", 2600, 0)]);
    const [alarm] = await alarmsOf(rule.id);
    const [message] = await cloud.db.select().from(stationMessages).where(eq(stationMessages.bizId, alarm.id));
    // The device and its project by their names in the recipient's language too, not the rule's or the row's own.
    const english = device.i18n!.deviceName!.en!;
    expect(english).not.toBe(device.deviceName);
    expect(message.msgTitle).toBe(`Alarm: ${english}`);
    expect(message.msgContent).toMatch(/^Device .* raised an? .* alarm at .*: Anchor force over limit\.$/);
    expect(message.msgContent).toContain(english);
    expect(`${message.msgTitle} ${message.msgContent}`).not.toMatch(/[\u3400-\u9fff]/);
    const out = cloud.outbox.slice(sent);
    const to = (target: string | null) => out.find((m) => m.target === target)!;
    expect(to(contact.phone).body).toContain("Anchor force over limit. Please attend to it.");
    expect(to(contact.phone).body).toContain(english);
    expect(to(contact.email).body).toContain(english);
    expect(to(outsider.phone).body).toContain(device.deviceName);
    expect(to(outsider.phone).body).not.toContain(english);
    expect(to(contact.email)).toMatchObject({ subject: expect.stringMatching(/^\[Alarm\] /), body: expect.stringMatching(/^Hello /) });
    expect(to(outsider.phone).body).toMatch(/^【物联监测】.*锚索力超限/);
    expect(to(outsider.email).subject).toMatch(/^\[告警\] /);
    await removeRule(rule.id);
    await cloud.db.delete(alarmContacts).where(eq(alarmContacts.id, outsider.id));
  });

  it("keeps a user's language from the requests it makes, and a request naming none changes nothing", async () => {
    const [{ userId }] = await cloud.db.select({ userId: alarmContacts.userId }).from(alarmContacts).where(eq(alarmContacts.id, contactId));
    const languageOf = async () => (await cloud.db.select({ language: users.language }).from(users).where(eq(users.id, userId!)))[0].language;
    const token = await cloud.login("demoadmin", DEMO_ACCOUNTS.demoadmin.password, device.tenantId);
    await cloud.request("/sys/login/userInfo", { token, language: "zh-CN" });
    expect(await languageOf()).toBe("zh-cn");
    await cloud.request("/sys/login/userInfo", { token, language: "en-US" });
    expect(await languageOf()).toBe("en");
    await cloud.request("/sys/login/userInfo", { token });
    expect(await languageOf()).toBe("en");
  });

  it("records a failed delivery with its reason", async () => {
    const failing = new AlarmEvaluator(cloud.db, {
      delivery: {
        async send() {
          throw new Error("SMS gateway answered 502");
        },
      },
    });
    const rule = await addRule({ channels: [CHANNEL.sms] });
    failing.invalidate();
    await failing.telemetry([point("force", 2600, 0)]);
    const [alarm] = await alarmsOf(rule.id);
    const notices = await cloud.db.select().from(alarmNotices).where(eq(alarmNotices.alarmId, alarm.id));
    expect(notices).toMatchObject([{ channel: CHANNEL.sms, noticeStatus: NOTICE_STATUS.failed, error: "SMS gateway answered 502" }]);
    await removeRule(rule.id);
  });

  it("reads a product's rules again when told they changed", async () => {
    const rule = await addRule({});
    await ev.telemetry([point("force", 100, 0)]);
    // Disabled behind the cache's back: still evaluated until the evaluator is told.
    await cloud.db.update(alarmRules).set({ enableStatus: 2 }).where(eq(alarmRules.id, rule.id));
    await ev.telemetry([point("force", 2100, 1), point("force", 100, 2)]);
    expect(await alarmsOf(rule.id)).toHaveLength(1);
    await cloud.db.delete(alarms).where(eq(alarms.ruleId, rule.id));
    ev.invalidate(device.productId);
    await ev.telemetry([point("force", 2100, 3)]);
    expect(await alarmsOf(rule.id)).toHaveLength(0);
    await removeRule(rule.id);
  });

  it("compares the change since the first value, and over the last day", async () => {
    await insertTelemetry(cloud.db, [
      { deviceId: device.id, identifier: "force", ts: at(-3 * 1440), num: 1000 },
      { deviceId: device.id, identifier: "force", ts: at(-1440 - 5), num: 1100 },
    ]);
    const total = await addRule({ statType: "total", threshold: 300 });
    const rate = await addRule({ statType: "dayRate", threshold: 150 });
    await ev.telemetry([point("force", 1200, 0)]);
    expect(await alarmsOf(total.id)).toHaveLength(0);
    expect(await alarmsOf(rate.id)).toHaveLength(0);
    await ev.telemetry([point("force", 1320, 1)]);
    expect((await alarmsOf(total.id)).map((a) => a.value)).toEqual([320]);
    expect((await alarmsOf(rate.id)).map((a) => a.value)).toEqual([220]);
    await removeRule(total.id);
    await removeRule(rate.id);
    await cloud.db.delete(telemetry).where(eq(telemetry.deviceId, device.id));
  });

  it("raises when a device goes offline and recovers when it is back", async () => {
    const rule = await addRule({ ruleType: RULE_TYPE.offline, identifier: null });
    await ev.status([{ deviceId: device.id, status: 3, at: at(0) }]);
    await ev.status([{ deviceId: device.id, status: 3, at: at(1) }]);
    let list = await alarmsOf(rule.id);
    expect(list).toMatchObject([{ value: null, recoveredAt: null, triggeredAt: at(0) }]);
    await ev.status([{ deviceId: device.id, status: 2, at: at(5) }]);
    list = await alarmsOf(rule.id);
    expect(list[0].recoveredAt).toEqual(at(5));
    await removeRule(rule.id);
  });

  it("raises on stale data: no value for more than N reporting cycles", async () => {
    const rule = await addRule({ ruleType: RULE_TYPE.stale, staleCycles: 3 });
    await cloud.db.update(devices).set({ reportCycle: 60 }).where(eq(devices.id, device.id));
    await cloud.db
      .insert(telemetryLatest)
      .values({ deviceId: device.id, identifier: "force", ts: new Date(cloud.now().getTime() - 200_000), num: 1 })
      .onConflictDoUpdate({ target: [telemetryLatest.deviceId, telemetryLatest.identifier], set: { ts: new Date(cloud.now().getTime() - 200_000) } });
    await ev.sweepStale();
    expect(await alarmsOf(rule.id)).toHaveLength(1);
    await cloud.db.update(telemetryLatest).set({ ts: cloud.now() }).where(eq(telemetryLatest.deviceId, device.id));
    await ev.sweepStale();
    expect((await alarmsOf(rule.id))[0].recoveredAt).not.toBeNull();
    await removeRule(rule.id);
  });

  it("escalates a pending alarm to the groups' leaders once, after the rule's escalation time", async () => {
    const rule = await addRule({ escalateMinutes: 30, channels: [CHANNEL.sms] });
    const [duty] = await cloud.db.select().from(alarmContactGroups).where(eq(alarmContactGroups.groupName, "现场值班组"));
    await cloud.db.insert(alarmRuleRecipients).values({ ruleId: rule.id, linkType: LINK_TYPE.group, linkId: duty.id });
    await ev.telemetry([point("force", 2600, 0)]);
    const [alarm] = await alarmsOf(rule.id);
    const sms = async () => (await cloud.db.select().from(alarmNotices).where(eq(alarmNotices.alarmId, alarm.id))).map((n) => n.target).sort();
    // Raised: the contact and both members of the group (the leader is the contact itself, told once).
    expect(await sms()).toEqual(["13800000000", "13900000001"]);
    await ev.escalate();
    expect(await sms()).toHaveLength(2);
    cloud.advance(31 * 60_000);
    await ev.escalate();
    await ev.escalate();
    // Escalated once, to the leader only.
    expect(await sms()).toEqual(["13800000000", "13800000000", "13900000001"]);
    expect((await alarmsOf(rule.id))[0].escalatedAt).toEqual(cloud.now());
    await removeRule(rule.id);
  });

  it("indexes the product's rules once per property for all its devices, and a device's own rules for that device only (issue 41)", async () => {
    const shared = await addRule({ threshold: 2000 });
    const fresh = new AlarmEvaluator(cloud.db, { delivery: cloud.deps.delivery, now: cloud.now, staleSweepMs: 0 });
    await fresh.telemetry([point("force", 100, 0), point("force", 100, 0, other)]);
    // One index of the one product rule, shared by both devices.
    expect(fresh.stats.indexed).toBe(1);
    const own = await addRule({ threshold: 3000, deviceId: other.id });
    fresh.invalidate(device.productId);
    await fresh.telemetry([point("force", 3100, 1), point("force", 3100, 1, other)]);
    // The property now has a device's rule: each device gets its own index (two rules for `other`, one for `device`).
    expect(fresh.stats.indexed).toBe(1 + 3);
    expect((await alarmsOf(own.id)).map((a) => a.deviceId)).toEqual([other.id]);
    expect((await alarmsOf(shared.id)).map((a) => a.deviceId).sort()).toEqual([device.id, other.id].sort());
    await removeRule(own.id);
    await removeRule(shared.id);
  });

  it("evaluates what the ingest reports, one batch after another", async () => {
    const rule = await addRule({});
    const { EventEmitter } = await import("node:events");
    const ingest = new EventEmitter();
    const attached = new AlarmEvaluator(cloud.db, { delivery: cloud.deps.delivery, staleSweepMs: 0 }).attach(ingest as never);
    ingest.emit("telemetry", [point("force", 2100, 0)]);
    ingest.emit("telemetry", [point("force", 100, 1)]);
    await attached.idle();
    expect(await alarmsOf(rule.id)).toMatchObject([{ recoveredAt: at(1) }]);
    await attached.close();
    await removeRule(rule.id);
  });
});
