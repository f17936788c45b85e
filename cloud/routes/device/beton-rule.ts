import { eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { dbId } from "@/lib/contract/common";
import { betonRule, BETON_RECORDS, relBody, type BetonRule } from "@/lib/contract/device/beton-rule";
import { concreteDevices } from "../../db/queries/concrete";
import { calibrationOf, concreteRecords } from "../../db/queries/concrete";
import { betonRuleDevices, betonRules, devices } from "../../db/schema";
import { requireMenu, requirePerm } from "../../lib/auth";
import { legacyCrudRoutes } from "../../lib/legacy-crud-routes";
import { badRequest, body, ok, query } from "../../lib/http";
import { projectOf, projectRow } from "../../lib/project-context";
import { tenantScope } from "../../lib/scope";

const SCREEN = "/devices/calibrationRules";

/**
 * betonRule: page, add, upd, del, info (rules of the call's project), deviceBetonList (the
 * project's concrete devices and their rules), relDate (binding devices to a rule: all of this
 * project — batch setting across projects is refused), betonDate (a device's latest 500
 * temperatures with maturity and estimated strength under its rule).
 */
export const betonRuleRoutes = legacyCrudRoutes<typeof betonRule.fields, BetonRule>({
  table: betonRules,
  entity: betonRule,
  read: requireMenu(SCREEN),
  only: ["page", "info", "add", "upd", "del"],
  extra: { deviceCount: sql<number>`(select count(*)::int from ${betonRuleDevices} where ${betonRuleDevices.ruleId} = ${betonRules.id})` },
  unique: [{ field: "ruleName", error: "deviceOps.betonRule.nameTaken" }],
})
  .get("/deviceBetonList", requireMenu(SCREEN), async (c) => ok(c, await concreteDevices(c.var.deps.db, c.var.auth.tenantId, [projectOf(c).projectId])))
  .post("/relDate", requirePerm("dev:betonRule:upd"), async (c) => {
    const { ruleId, deviceIds } = await body(c, relBody);
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
    return ok(c, { ruleId: rule.id, deviceIds });
  })
  .get("/betonDate", requireMenu(SCREEN), async (c) => {
    const { deviceId } = query(c, z.object({ deviceId: dbId }));
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
    return ok(c, { rule: { id: rule.id, ruleName: rule.ruleName, datumTemp: rule.datumTemp, calibration }, records: records.map((p) => ({ ...p, t: new Date(p.t).toISOString() })) });
  });
