import { asc, count, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { LINK_TYPE, RULE_TYPE } from "@/lib/contract/alarm/enums";
import { defaultLocale, type Locale } from "@/lib/contract/locale";
import { alarmRule, alarmRuleApi, type AlarmFunction, type AlarmRuleRow, type RuleNumStat } from "@/lib/contract/alarm/rule";
import type { RecipientRow } from "@/lib/contract/alarm/contact";
import { NUMERIC_TYPES } from "@/lib/contract/device/enums";
import { funcNameIn, type NumberSpec } from "@/lib/contract/device/thing-model";
import type { Db } from "../../db/client";
import { levelNameIn } from "../../db/queries/alarm-names";
import { alarmDefinitionsFor } from "../../db/queries/alarms";
import { projectDevice } from "../../db/queries/monitoring";
import { alarmContactGroups, alarmContacts, alarmLevels, alarmRuleRecipients, alarmRules, alarms, devices, pointGroups, productFunctions, products } from "../../db/schema";
import type { Ctx } from "../../lib/context";
import { columnsOf, rowMapper } from "../../lib/crud";
import { crudRoutes, OPER_SWITCH } from "../../lib/crud-routes";
import { badRequest, notFound } from "../../lib/http";
import { projectOf, projectsOfCall } from "../../lib/project-context";
import { serve } from "../../lib/serve";
import { tenantScope, tenantOf } from "../../lib/scope";
import { productNameIn } from "../../db/queries/products";
import { deviceNameIn } from "../../db/queries/names";

// Drizzle writes a column in raw SQL without its table, so the subqueries name the outer row in full.
const extra = (locale: Locale) => ({
  prodName: sql<string | null>`(select ${productNameIn(locale)} from ${products} where ${products.id} = "alarm_rules"."product_id")`,
  pointName: sql<string | null>`(select g.group_name from ${pointGroups} g where g.id = "alarm_rules"."point_id")`,
  deviceName: sql<string | null>`(select ${deviceNameIn(locale)} from ${devices} where ${devices.id} = "alarm_rules"."device_id")`,
  levelName: sql<string | null>`(select ${levelNameIn(locale)} from ${alarmLevels} l where l.id = "alarm_rules"."level_id")`,
  activeAlarms: sql<number>`(select count(*)::int from ${alarms} a where a.rule_id = "alarm_rules"."id" and a.recovered_at is null and a.status in (1, 2, 3))`,
  alarmCount: sql<number>`(select count(*)::int from ${alarms} a where a.rule_id = "alarm_rules"."id")`,
});
const toRow = rowMapper<typeof alarmRule.fields, AlarmRuleRow>(alarmRule, { recipients: () => [] });

/** The numeric properties of these products (each identifier once), named in `locale`: what a value rule can watch. */
async function alarmFunctions(db: Db, tenantId: number, productIds: number[], locale: Locale = defaultLocale): Promise<AlarmFunction[]> {
  if (!productIds.length) return [];
  const rows = await db
    .select({ definition: productFunctions.definition })
    .from(productFunctions)
    .where(tenantOf(tenantId).where(productFunctions, inArray(productFunctions.productId, productIds), eq(productFunctions.funcType, 1), inArray(productFunctions.dataType, [...NUMERIC_TYPES])))
    .orderBy(asc(productFunctions.productId), asc(productFunctions.sort), asc(productFunctions.id));
  const byIdentifier = new Map<string, AlarmFunction>();
  for (const { definition: d } of rows) {
    const spec = d.dataType as NumberSpec | undefined;
    if (!byIdentifier.has(d.identifier)) byIdentifier.set(d.identifier, { identifier: d.identifier, funcName: funcNameIn(locale, d), unit: spec?.unit ?? null, min: spec?.min ?? null, max: spec?.max ?? null });
  }
  return [...byIdentifier.values()];
}

/** A measurement point of the call's project and the products of its devices (getMonitorAlamFunList); null when it is not the project's. */
async function pointProducts(db: Db, c: Ctx, pointId: number): Promise<number[] | null> {
  const [point] = await db.select({ deviceIds: pointGroups.deviceIds }).from(pointGroups).where(projectOf(c).where(pointGroups, eq(pointGroups.id, pointId)));
  if (!point) return null;
  if (!point.deviceIds.length) return [];
  const rows = await db.selectDistinct({ productId: devices.productId }).from(devices).where(tenantOf(c.var.auth.tenantId).where(devices, inArray(devices.id, point.deviceIds)));
  return rows.map((r) => r.productId);
}

type RuleInput = z.infer<typeof alarmRule.body>;

/**
 * What the form cannot check: the point (of the project) or the product, the device, the levels and
 * recipients are the caller's, the property is a numeric one of the product or the point's devices.
 */
async function assertRefs(db: Db, c: Ctx, input: RuleInput) {
  const auth = c.var.auth;
  let productIds: number[];
  if (input.pointId) {
    const ids = await pointProducts(db, c, input.pointId);
    if (!ids) throw badRequest("cloud.alarm.pointUnknown");
    productIds = ids;
  } else {
    const [product] = await db.select({ id: products.id }).from(products).where(tenantScope(auth).where(products, eq(products.id, input.productId!)));
    if (!product) throw badRequest("cloud.alarm.productUnknown");
    productIds = [product.id];
    if (input.deviceId) {
      const [device] = await db.select({ id: devices.id }).from(devices).where(projectOf(c).where(devices, eq(devices.id, input.deviceId), eq(devices.productId, product.id)));
      if (!device) throw badRequest("cloud.alarm.deviceUnknown");
    }
  }
  const levelIds = [...new Set(input.ruleType === RULE_TYPE.value ? input.conditions.map((l) => l.levelId) : [input.levelId!])];
  const levels = await db.select({ id: alarmLevels.id }).from(alarmLevels).where(tenantScope(auth).where(alarmLevels, inArray(alarmLevels.id, levelIds)));
  if (levels.length !== levelIds.length) throw badRequest("cloud.alarm.levelUnknown");
  if (input.ruleType === RULE_TYPE.value || input.identifier) {
    const fns = await alarmFunctions(db, auth.tenantId, productIds);
    if (!fns.some((f) => f.identifier === input.identifier)) throw badRequest("cloud.alarm.identifierUnknown", { identifier: input.identifier ?? "" });
  }
  const ofType = (type: number) => [...new Set(input.recipients.filter((r) => r.linkType === type).map((r) => r.linkId))];
  for (const [type, table] of [
    [LINK_TYPE.contact, alarmContacts],
    [LINK_TYPE.group, alarmContactGroups],
  ] as const) {
    const ids = ofType(type);
    if (!ids.length) continue;
    const found = await db.select({ id: table.id }).from(table).where(tenantScope(auth).where(table, inArray(table.id, ids)));
    if (found.length !== ids.length) throw badRequest("cloud.alarm.recipientUnknown");
  }
}

async function setRecipients(db: Db, ruleId: number, recipients: RuleInput["recipients"]) {
  await db.delete(alarmRuleRecipients).where(eq(alarmRuleRecipients.ruleId, ruleId));
  const unique = [...new Map(recipients.map((r) => [`${r.linkType}:${r.linkId}`, r])).values()];
  if (unique.length) await db.insert(alarmRuleRecipients).values(unique.map((r) => ({ ruleId, linkType: r.linkType, linkId: r.linkId })));
}

/** A rule's recipients with their names, contacts first. */
async function recipientsOf(db: Db, ruleId: number): Promise<RecipientRow[]> {
  const rows = await db
    .select({
      linkType: alarmRuleRecipients.linkType,
      linkId: alarmRuleRecipients.linkId,
      name: sql<string>`coalesce(case when "alarm_rule_recipients"."link_type" = ${LINK_TYPE.contact} then (select k.link_name from ${alarmContacts} k where k.id = "alarm_rule_recipients"."link_id") else (select g.group_name from ${alarmContactGroups} g where g.id = "alarm_rule_recipients"."link_id") end, '')`,
    })
    .from(alarmRuleRecipients)
    .where(eq(alarmRuleRecipients.ruleId, ruleId))
    .orderBy(asc(alarmRuleRecipients.linkType), asc(alarmRuleRecipients.linkId));
  return rows;
}

/**
 * Only the fields of the rule's type and target are kept: an offline rule has no levels of
 * conditions (its one level is `levelId`), a value rule no `levelId`, a point rule no product.
 */
function typedColumns(input: RuleInput) {
  const cols = columnsOf(alarmRule, input);
  if (input.ruleType === RULE_TYPE.value) cols.levelId = null;
  else cols.conditions = [];
  if (input.ruleType !== RULE_TYPE.stale) cols.staleCycles = null;
  if (input.ruleType === RULE_TYPE.offline || input.ruleType === RULE_TYPE.inspection) cols.identifier = null;
  if (input.pointId) Object.assign(cols, { productId: null, deviceId: null });
  return cols;
}

/** The evaluator reads these products' rules again; a point rule (null product) concerns every product of its project. */
const invalidate = (c: Ctx, productIds: (number | null)[]) => {
  if (productIds.includes(null)) return c.var.deps.alarms?.invalidate();
  for (const id of new Set(productIds)) c.var.deps.alarms?.invalidate(id!);
};

/**
 * Alarm rules (alarmRule) of the call's project: page and export from the contract; add / upd
 * save the rule with its recipients; `oper` enables or disables. Every change tells the
 * evaluator, which reads that product's rules again.
 */
export const ruleServed = [
  ...crudRoutes<typeof alarmRule.fields, AlarmRuleRow>({
    table: alarmRules,
    entity: alarmRule,
    calls: { page: alarmRuleApi.page, export: alarmRuleApi.export, del: alarmRuleApi.del, openOrClose: alarmRuleApi.openOrClose },
    ...OPER_SWITCH,
    afterWrite: (c, rows) => invalidate(c, rows.map((r) => r.productId as number)),
    extra,
    toRow: { recipients: () => [] },
  }),
  serve(alarmRuleApi.info, async (c, { id }) => {
    const db = c.var.deps.db;
    const [row] = await db
      .select({ ...extra(c.var.locale), rule: alarmRules })
      .from(alarmRules)
      .where(projectOf(c).where(alarmRules, eq(alarmRules.id, id)));
    if (!row) throw notFound();
    const { rule, ...computed } = row;
    return { ...toRow({ ...rule, ...computed }), recipients: await recipientsOf(db, id) };
  }),
  serve(alarmRuleApi.add, async (c, input) => {
    const db = c.var.deps.db;
    await assertRefs(db, c, input);
    const row = await db.transaction(async (tx) => {
      const [r] = await tx
        .insert(alarmRules)
        .values(projectOf(c).owned({ ...(typedColumns(input) as typeof alarmRules.$inferInsert), createdBy: c.var.auth.userId }))
        .returning();
      await setRecipients(tx, r.id, input.recipients);
      return r;
    });
    invalidate(c, [row.productId]);
    return { id: row.id };
  }),
  // An update is the whole rule: its checks (threshold or range, by type) need every field.
  serve(alarmRuleApi.upd, async (c, input) => {
    const db = c.var.deps.db;
    const [before] = await db.select({ productId: alarmRules.productId }).from(alarmRules).where(projectOf(c).where(alarmRules, eq(alarmRules.id, input.id)));
    if (!before) throw notFound();
    await assertRefs(db, c, input);
    await db.transaction(async (tx) => {
      await tx
        .update(alarmRules)
        .set({ ...typedColumns(input), updatedAt: c.var.deps.now() })
        .where(eq(alarmRules.id, input.id));
      await setRecipients(tx, input.id, input.recipients);
    });
    invalidate(c, [before.productId, input.productId]);
    return { id: input.id };
  }),
  serve(alarmRuleApi.numStat, async (c) => {
    const rows = await c.var.deps.db.select({ status: alarmRules.enableStatus, n: count() }).from(alarmRules).where(projectOf(c).where(alarmRules)).groupBy(alarmRules.enableStatus);
    const n = (s: number) => rows.find((r) => r.status === s)?.n ?? 0;
    const stat: RuleNumStat = { total: n(1) + n(2), enabled: n(1), disabled: n(2) };
    return stat;
  }),
  serve(alarmRuleApi.devFunctions, async (c, q) => {
    const db = c.var.deps.db;
    let productId = q.productId;
    if (q.deviceId) {
      const [d] = await db.select({ productId: devices.productId }).from(devices).where(projectOf(c).where(devices, eq(devices.id, q.deviceId)));
      if (!d) throw notFound();
      productId = d.productId;
    }
    if (!productId) throw badRequest("cloud.fieldError", { field: "productId", reason: "@validation.required" });
    return alarmFunctions(db, c.var.auth.tenantId, [productId], c.var.locale);
  }),
  // The properties of a measurement point: the numeric ones of its devices' products.
  serve(alarmRuleApi.pointFunctions, async (c, { pointId }) => {
    const db = c.var.deps.db;
    const ids = await pointProducts(db, c, pointId);
    if (!ids) throw notFound();
    return alarmFunctions(db, c.var.auth.tenantId, ids, c.var.locale);
  }),
  serve(alarmRuleApi.points, async (c) => {
    const rows = await c.var.deps.db
      .select({ id: pointGroups.id, groupName: pointGroups.groupName, monitorKind: pointGroups.monitorKind })
      .from(pointGroups)
      .where(projectOf(c).where(pointGroups))
      .orderBy(asc(pointGroups.monitorKind), asc(pointGroups.sort), asc(pointGroups.id));
    return rows;
  }),
  /**
   * The alarm lines of a device's chart (widgets §3 alarm definition). The monitoring screens read
   * them before a project is chosen, as they read their points and series: the chosen project,
   * else every project the caller sees; another tenant's or project's device is not found.
   */
  serve(alarmRuleApi.alarmLines, async (c, { deviceId, identifier, statType }) => {
    const db = c.var.deps.db;
    if (!(await projectDevice(db, await projectsOfCall(c), deviceId, c.var.locale))) throw notFound();
    return alarmDefinitionsFor(db, c.var.auth.tenantId, deviceId, identifier, c.var.locale, statType);
  }),
];

