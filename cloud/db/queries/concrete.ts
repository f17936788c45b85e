import { eq, inArray } from "drizzle-orm";
import { DATUM_TEMP } from "@/lib/contract/device/beton-rule";
import type { ConcreteRecord } from "@/lib/contract/device/concrete";
import { aggregate, fitCalibration, maturitySeries, type Calibration } from "@/lib/contract/device/maturity";
import type { Locale } from "@/lib/contract/locale";
import type { Db } from "../client";
import { betonRuleDevices, betonRules, devices, products } from "../schema";
import { tenantOf } from "../../lib/scope";
import { latestValues } from "./device-ops";
import { deviceNameIn } from "./names";

/** The property a maturity logger reports its sensors' temperatures in (an array, one per sensor). */
const CONCRETE_TEMPS = "temps";

type Rule = typeof betonRules.$inferSelect;

/** A rule's a and b: typed in, or fitted to its points. */
export const calibrationOf = (r: Rule): Calibration | null => (r.coefType === 1 ? (r.coefA !== null && r.coefB !== null ? { a: r.coefA, b: r.coefB } : null) : fitCalibration(r.points));

/** The maturity loggers of the tenant's projects given (of those, the `ids` given) with the rule each is bound to, by name. */
export function concreteDevices(db: Db, tenantId: number, projectIds: number[], locale: Locale, ids?: number[]) {
  return db
    .select({ id: devices.id, deviceName: deviceNameIn(locale), deviceSn: devices.deviceSn, status: devices.status, ruleId: betonRules.id, ruleName: betonRules.ruleName })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .leftJoin(betonRuleDevices, eq(betonRuleDevices.deviceId, devices.id))
    .leftJoin(betonRules, eq(betonRules.id, betonRuleDevices.ruleId))
    .where(
      tenantOf(tenantId).where(devices, inArray(devices.projectId, projectIds.length ? projectIds : [0]), eq(products.monitorType, "beton"), ids ? inArray(devices.id, ids.length ? ids : [0]) : undefined),
    )
    .orderBy(deviceNameIn(locale), devices.id);
}

/** The rules the devices are bound to, by device id. */
export async function rulesOf(db: Db, deviceIds: number[]): Promise<Map<number, Rule>> {
  if (!deviceIds.length) return new Map();
  const rows = await db.select({ deviceId: betonRuleDevices.deviceId, rule: betonRules }).from(betonRuleDevices).innerJoin(betonRules, eq(betonRules.id, betonRuleDevices.ruleId)).where(inArray(betonRuleDevices.deviceId, deviceIds));
  return new Map(rows.map((r) => [r.deviceId, r.rule]));
}

/**
 * A logger's latest `limit` records under its rule (none: the default datum, no strength): the
 * sensors taken together as the rule says, maturity summed from the first of them (Nurse-Saul),
 * strength from the calibration. Oldest first.
 */
export async function concreteRecords(db: Db, deviceId: number, rule: Rule | null, limit: number): Promise<ConcreteRecord[]> {
  const rows = await latestValues(db, deviceId, CONCRETE_TEMPS, limit);
  const how = (rule?.aggregate ?? 0) as 0 | 1 | 2 | 3;
  const temps = rows.flatMap((r) => {
    let values: unknown;
    try {
      values = r.num !== null ? [r.num] : JSON.parse(r.txt ?? "[]");
    } catch {
      return [];
    }
    const temp = Array.isArray(values) ? aggregate(values.filter((v): v is number => typeof v === "number"), how) : null;
    // Two decimals: the sensors report tenths, an average of them needs no more.
    return temp === null ? [] : [{ t: r.ts.getTime(), temp: Math.round(temp * 100) / 100 }];
  });
  return maturitySeries(temps, rule?.datumTemp ?? DATUM_TEMP.default, rule ? calibrationOf(rule) : null);
}
