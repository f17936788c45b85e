import { and, asc, eq } from "drizzle-orm";
import { ALARM_TYPE, RULE_TYPE, type AlarmCondition } from "@/lib/contract/alarm/enums";
import type { Move } from "@/lib/contract/alarm/workflow";
import type { Db } from "../db/client";
import { alarmsRaised, takeStep, type Actor } from "../db/queries/alarm-workflow";
import { raiseAlarm } from "../db/queries/alarms";
import { conditionOf, valueAlarmText } from "../alarms/condition";
import { alarmLevels, alarmRules, alarms, devices, productFunctions, projects } from "../db/schema";
import { tenantOf } from "../lib/scope";
import { bilingual } from "./bilingual";

/** A step with its remark in both languages (the reader reads it in theirs). */
type Step = [Move, (readonly [zh: string, en: string]) | null, number?];
/** A manual alarm (no rule) has its own name and text, in both languages. */
type Demo = { rule?: string; level: number; name?: readonly [zh: string, en: string]; value?: number; hoursAgo: number; steps: Step[]; content?: readonly [zh: string, en: string] };

/**
 * Alarms of the first demo project in every status, with their handling histories, so the alarm
 * centre, its timeline and the to-do centre show a real workflow on a fresh start: pending,
 * being handled, awaiting review, handled after a rejected first result, closed as a false alarm,
 * cleared, and a manual alarm from a site inspection.
 */
const DEMOS: Demo[] = [
  { rule: "沉降超限", level: 4, value: 63.2, hoursAgo: 2, steps: [] },
  { rule: "X 轴倾角超限", level: 3, value: 3.41, hoursAgo: 5, steps: [["accept", ["已通知现场人员复测", "Site staff told to measure again"]]] },
  {
    rule: "沉降超限",
    level: 4,
    value: -61.8,
    hoursAgo: 20,
    steps: [["accept", null], ["handle", ["复测确认沉降，已加密观测并通知施工方回填", "Settlement confirmed by a repeat survey: readings taken more often, the contractor told to backfill"]]],
  },
  {
    rule: "X 轴倾角超限",
    level: 3,
    value: -3.2,
    hoursAgo: 46,
    steps: [
      ["accept", null],
      ["handle", ["已调整支撑", "Struts adjusted"]],
      ["reject", ["缺少复测数据，请补充", "Repeat survey data missing: please add it"]],
      ["handle", ["补充复测数据：倾角回落至 1.2°", "Repeat survey added: the tilt is back to 1.2°"]],
      ["approve", ["处理到位", "Properly handled"]],
    ],
  },
  { rule: "信号弱", level: 1, value: -79, hoursAgo: 70, steps: [["close", ["现场遮挡已移除，属误报", "The obstruction on site was removed: a false alarm"], 1]] },
  { rule: "设备离线", level: 2, hoursAgo: 96, steps: [["clear", ["设备检修，计划内断电", "Device serviced: a planned power cut"]]] },
  {
    level: 3,
    name: ["基坑东侧出现裂缝", "Crack on the east side of the pit"],
    hoursAgo: 8,
    steps: [],
    content: ["巡查发现基坑东侧冠梁附近地面出现约 2 m 长裂缝，宽约 3 mm。", "The site round found a crack about 2 m long and 3 mm wide in the ground near the east capping beam of the pit."],
  },
];

/** A rule's alarm text as the evaluator writes it: its property by name, in both languages. */
async function ruleAlarmText(db: Db, rule: typeof alarmRules.$inferSelect, value: number | null, condition: AlarmCondition) {
  if (value === null || !rule.identifier) return { content: "" };
  const [fn] = await db
    .select({ own: productFunctions.funcName, i18n: productFunctions.i18n })
    .from(productFunctions)
    .where(and(eq(productFunctions.productId, rule.productId ?? 0), eq(productFunctions.identifier, rule.identifier)));
  const { content, contentIn } = valueAlarmText(rule.identifier, fn ? { own: fn.own, i18n: fn.i18n?.funcName ?? null } : null, value, condition);
  return { content, i18n: contentIn && { content: contentIn } };
}

export async function seedAlarmCentre(db: Db, opts: { tenantId: number; actor: { id: number; name: string } }) {
  const { tenantId } = opts;
  const [project] = await db.select().from(projects).where(tenantOf(tenantId).where(projects)).orderBy(asc(projects.id)).limit(1);
  if (!project) return;
  const levels = await db.select().from(alarmLevels).where(tenantOf(tenantId).where(alarmLevels));
  const rules = await db.select().from(alarmRules).where(tenantOf(tenantId).where(alarmRules, eq(alarmRules.projectId, project.id))).orderBy(asc(alarmRules.id));
  const [anyDevice] = await db.select().from(devices).where(eq(devices.projectId, project.id)).orderBy(asc(devices.id)).limit(1);
  const system: Actor = { userId: null, userName: "系统" };
  const person: Actor = { userId: opts.actor.id, userName: opts.actor.name };
  const now = Date.now();
  const used = new Map<number, number>();
  const copies = new Map(levels.map((l) => [l.id, l]));
  for (const d of DEMOS) {
    const rule = d.rule ? rules.find((r) => r.ruleName === d.rule) : undefined;
    if (d.rule && !rule) continue;
    // Each alarm of a rule on a device of its own: a second one on the same device would join the first.
    const n = rule ? (used.get(rule.id) ?? 0) : 0;
    if (rule) used.set(rule.id, n + 1);
    const [device] = rule ? await db.select().from(devices).where(and(eq(devices.productId, rule.productId ?? 0), eq(devices.projectId, project.id))).orderBy(asc(devices.id)).offset(n).limit(1) : [anyDevice];
    if (rule && !device) continue;
    const at = new Date(now - d.hoursAgo * 3600_000);
    const level = levels.find((l) => l.levelNum === d.level);
    const value = rule?.ruleType === RULE_TYPE.value ? (d.value ?? null) : null;
    const condition = rule ? conditionOf(rule, copies, Math.max(0, rule.conditions.findIndex((c) => c.levelId === level?.id))) : null;
    const texts = d.name ? bilingual({ alarmName: d.name, content: d.content ?? ["", ""] }) : { alarmName: rule!.ruleName, ...(await ruleAlarmText(db, rule!, value, condition!)) };
    const { alarm } = await raiseAlarm(db, {
      tenantId,
      projectId: project.id,
      deviceId: device?.id ?? null,
      ruleId: rule?.id ?? null,
      levelId: level?.id ?? null,
      ...texts,
      identifier: rule?.identifier ?? null,
      value,
      condition,
      alarmType: rule ? ALARM_TYPE.auto : ALARM_TYPE.manual,
      at,
      createdBy: rule ? null : person.userId,
    });
    await alarmsRaised(db, [alarm], rule ? system : person);
    let t = at.getTime();
    for (const [move, remark, closeReason] of d.steps) {
      t += 40 * 60_000;
      const words = remark && bilingual({ remark });
      await takeStep(db, eq(alarms.id, alarm.id), move, person, { remark: words ? words.remark : null, texts: words ? words.i18n : null, closeReason: closeReason ?? null }, new Date(t));
    }
  }
}
