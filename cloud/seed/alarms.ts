import { asc, eq, inArray } from "drizzle-orm";
import { CHANNEL, LINK_TYPE, RULE_TYPE } from "@/lib/contract/alarm/enums";
import type { Db } from "../db/client";
import { bilingual } from "./bilingual";
import { alarmContactGroupMembers, alarmContactGroups, alarmContacts, alarmLevels, alarmRuleRecipients, alarmRules, devices, products } from "../db/schema";
import { tenantOf } from "../lib/scope";

/** The demo tenant's alarm levels, most severe last. */
const LEVELS = [
  { levelNum: 1, ...bilingual({ levelName: ["提示", "Notice"] }), color: "#3b82f6", sort: 1 },
  { levelNum: 2, ...bilingual({ levelName: ["预警", "Warning"] }), color: "#eab308", sort: 2 },
  { levelNum: 3, ...bilingual({ levelName: ["报警", "Alarm"] }), color: "#f97316", sort: 3 },
  { levelNum: 4, ...bilingual({ levelName: ["控制", "Control"] }), color: "#e5484d", sort: 4 },
];

/** Settlement's warning / alarm / control values (mm, either way) as structural monitoring sets them: one rule, three levels. */
const SETTLEMENT_LEVELS = [
  [2, 40],
  [3, 50],
  [4, 60],
] as const;

/**
 * Alarm levels, contacts (the demo accounts, joined to their users), a duty group and rules on
 * the simulator's devices: a weak-signal rule the simulated signal crosses every few minutes (with
 * a dead band, so it recovers rather than flaps), settlement and tilt limits its spikes cross, and
 * an offline rule, so a fresh `npm start` shows alarms arriving.
 */
export async function seedDemoAlarms(db: Db, opts: { tenantId: number; admin: { id: number; phone: string; email: string }; operator: { id: number; phone: string; email: string } }) {
  const { tenantId } = opts;
  const levels = await db
    .insert(alarmLevels)
    .values(LEVELS.map((l) => ({ ...l, tenantId })))
    .returning();
  const level = (n: number) => levels.find((l) => l.levelNum === n)!.id;
  const [admin, operator] = await db
    .insert(alarmContacts)
    .values([
      { tenantId, ...bilingual({ linkName: ["演示管理员", "Demo administrator"], description: ["项目负责人", "Project manager"] }), phone: opts.admin.phone, email: opts.admin.email, userId: opts.admin.id },
      { tenantId, ...bilingual({ linkName: ["张三", "Zhang San"], description: ["现场值班", "On duty on site"] }), phone: opts.operator.phone, email: opts.operator.email, userId: opts.operator.id },
    ])
    .returning();
  await db.insert(alarmContacts).values({ tenantId, ...bilingual({ linkName: ["李工", "Engineer Li"], description: ["监测单位", "Monitoring contractor"] }), phone: "13700000002" });
  const [duty] = await db.insert(alarmContactGroups).values({ tenantId, ...bilingual({ groupName: ["现场值班组", "Site duty group"], description: ["值班人员；负责人为升级对象", "People on duty; the leader is who escalations go to"] }) }).returning();
  await db.insert(alarmContactGroupMembers).values([
    { groupId: duty.id, contactId: admin.id, leader: true },
    { groupId: duty.id, contactId: operator.id },
  ]);

  const kinds = ["settlement", "tilt"] as const;
  const prods = await db
    .select({ id: products.id, monitorType: products.monitorType })
    .from(products)
    .where(tenantOf(tenantId).where(products, inArray(products.monitorType, [...kinds])));
  const placed = await db.select({ productId: devices.productId, projectId: devices.projectId }).from(devices).where(tenantOf(tenantId).where(devices)).orderBy(asc(devices.id));
  const base = { tenantId, enableStatus: 1, channels: [CHANNEL.site, CHANNEL.sms] };
  const rules: (typeof alarmRules.$inferInsert)[] = [];
  for (const p of prods) {
    const projectIds = [...new Set(placed.filter((d) => d.productId === p.id && d.projectId !== null).map((d) => d.projectId!))];
    for (const projectId of projectIds) {
      const on = { ...base, productId: p.id, projectId };
      rules.push({ ...on, ...bilingual({ ruleName: ["信号弱", "Weak signal"], description: ["信号低于 -77 dBm，回升 3 dBm 后恢复", "Signal below -77 dBm; recovers once back up by 3 dBm"] }), identifier: "signal", conditions: [{ levelId: level(1), compareType: 3, threshold: -77 }], deadband: 3, convergeMinutes: 10 });
      rules.push({ ...on, ...bilingual({ ruleName: ["设备离线", "Device offline"] }), ruleType: RULE_TYPE.offline, levelId: level(2), channels: [CHANNEL.site] });
      if (p.monitorType === "settlement") rules.push({ ...on, ...bilingual({ ruleName: ["沉降超限", "Settlement over limit"] }), identifier: "settlement", conditions: SETTLEMENT_LEVELS.map(([n, limit]) => ({ levelId: level(n), compareType: 5, minValue: -limit, maxValue: limit })), deadband: 5, escalateMinutes: 30 });
      if (p.monitorType === "tilt") rules.push({ ...on, ...bilingual({ ruleName: ["X 轴倾角超限", "X-axis tilt over limit"] }), identifier: "angleX", conditions: [{ levelId: level(3), compareType: 5, minValue: -3, maxValue: 3 }], deadband: 0.2 });
    }
  }
  // The demo robot's abnormal inspection readings alarm through a rule, as device values do.
  const robotProducts = await db.select({ id: products.id }).from(products).where(tenantOf(tenantId).where(products, eq(products.prodCategory, "robot")));
  for (const p of robotProducts)
    for (const projectId of new Set(placed.filter((d) => d.productId === p.id && d.projectId !== null).map((d) => d.projectId!)))
      rules.push({ ...base, productId: p.id, projectId, ...bilingual({ ruleName: ["巡检异常", "Abnormal inspection reading"], description: ["机器人巡检读数超出巡检项正常范围", "A robot's reading outside its inspection item's normal range"] }), ruleType: RULE_TYPE.inspection, levelId: level(2), channels: [CHANNEL.site], convergeMinutes: 0 });
  if (!rules.length) return;
  const saved = await db.insert(alarmRules).values(rules).returning({ id: alarmRules.id });
  await db.insert(alarmRuleRecipients).values(saved.flatMap((r) => [{ ruleId: r.id, linkType: LINK_TYPE.group, linkId: duty.id }]));
}
