import { eq, inArray, sql } from "drizzle-orm";
import { betonRule, betonRuleApi, BETON_RECORDS, type BetonRule } from "@/lib/contract/device/beton-rule";
import { calibrationOf, concreteDevices, concreteRecords } from "../../db/queries/concrete";
import { betonRuleDevices, betonRules, devices } from "../../db/schema";
import { crudRoutes } from "../../lib/crud-routes";
import { badRequest } from "../../lib/http";
import { projectOf, projectRow } from "../../lib/project-context";
import { tenantScope } from "../../lib/scope";
import { serve } from "../../lib/serve";

/**
 * betonRule: page, add, upd, del, info (rules of the call's project), deviceBetonList (the
 * project's concrete devices and their rules), relDate (binding devices to a rule: all of this
 * project — batch setting across projects is refused), betonDate (a device's latest 500
 * temperatures with maturity and estimated strength under its rule).
 */
export const betonRuleServed = [
  ...crudRoutes<typeof betonRule.fields, BetonRule>({
    table: betonRules,
    entity: betonRule,
    calls: betonRuleApi,
    extra: { deviceCount: sql<number>`(select count(*)::int from ${betonRuleDevices} where ${betonRuleDevices.ruleId} = ${betonRules.id})` },
    unique: [{ field: "ruleName", error: "deviceOps.betonRule.nameTaken" }],
  }),
  serve(betonRuleApi.devices, (c) => concreteDevices(c.var.deps.db, c.var.auth.tenantId, [projectOf(c).projectId], c.var.locale)),
  serve(betonRuleApi.bind, async (c, { ruleId, deviceIds }) => {
    const rule = await projectRow(c, betonRules, ruleId);
    const db = c.var.deps.db;
    if (deviceIds.length) {
      const mine = await db.select({ id: devices.id }).from(devices).where(projectOf(c).where(devices, inArray(devices.id, deviceIds)));
      if (mine.length !== new Set(deviceIds).size) throw badRequest("deviceOps.betonRule.oneProject");
    }
    await db.transaction(async (tx) => {
      await tx.delete(betonRuleDevices).where(eq(betonRuleDevices.ruleId, rule.id));
      if (deviceIds.length) {
        await tx.delete(betonRuleDevices).where(inArray(betonRuleDevices.deviceId, deviceIds));
        await tx.insert(betonRuleDevices).values([...new Set(deviceIds)].map((deviceId) => ({ deviceId, ruleId: rule.id })));
      }
    });
    return { ruleId: rule.id, deviceIds };
  }),
  serve(betonRuleApi.data, async (c, { deviceId }) => {
    const db = c.var.deps.db;
    const [bound] = await db
      .select({ ruleId: betonRuleDevices.ruleId })
      .from(betonRuleDevices)
      .innerJoin(devices, eq(devices.id, betonRuleDevices.deviceId))
      .where(tenantScope(c.var.auth).where(devices, eq(betonRuleDevices.deviceId, deviceId), eq(devices.projectId, projectOf(c).projectId)));
    if (!bound) throw badRequest("deviceOps.betonRule.noRule");
    const rule = await projectRow(c, betonRules, bound.ruleId);
    const records = await concreteRecords(db, deviceId, rule, BETON_RECORDS);
    const calibration = calibrationOf(rule);
    return { rule: { id: rule.id, ruleName: rule.ruleName, datumTemp: rule.datumTemp, calibration }, records: records.map((p) => ({ ...p, t: new Date(p.t).toISOString() })) };
  }),
];
