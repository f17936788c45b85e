import { and, asc, eq, sql } from "drizzle-orm";
import { configKindOf, inclinometerConfig, MAX_UNITS, type InclinometerConfig } from "@/lib/contract/monitoring/device-config";
import { depthProfile, unitReadings, type DepthProfile } from "@/lib/contract/monitoring/depth-profile";
import type { HolePosition } from "@/lib/contract/monitoring/enums";
import { UNITS_PROPERTY } from "@/lib/contract/monitoring/monitors";
import type { Db } from "../client";
import { pointGroups } from "../schema";
import { deviceConfigsOf, textInitValue, textValuesAt } from "./monitoring";

type Group = Pick<typeof pointGroups.$inferSelect, "holePosition" | "holeDepth" | "unitLength">;

/**
 * The configuration a string's profile is computed with: the device's own (re-read through the
 * entity, so the rules of the day hold and a stale row is ignored), else its point's hole and unit
 * length; none when neither says.
 */
export async function stringConfig(db: Db, deviceId: number, group: Group | null): Promise<{ config: InclinometerConfig; configFrom: DepthProfile["configFrom"] } | null> {
  const saved = (await deviceConfigsOf(db, [deviceId])).get(deviceId);
  const own = saved?.configKind === configKindOf("inclinometer") ? inclinometerConfig.body.safeParse(saved.config) : null;
  if (own?.success) return { config: own.data, configFrom: "device" };
  if (group?.holeDepth && group.unitLength)
    return {
      config: { holePosition: (group.holePosition ?? 1) as HolePosition, holeDepth: group.holeDepth, unitLength: group.unitLength, unitCount: Math.min(MAX_UNITS, Math.floor(group.holeDepth / group.unitLength + 1e-9)) },
      configFrom: "point",
    };
  return null;
}

/** The first point of a project (in its sort order) that holds the string: whose hole a report's profile uses. */
export async function groupOfString(db: Db, projectId: number, deviceId: number): Promise<Group | null> {
  const [g] = await db
    .select({ holePosition: pointGroups.holePosition, holeDepth: pointGroups.holeDepth, unitLength: pointGroups.unitLength })
    .from(pointGroups)
    .where(and(eq(pointGroups.projectId, projectId), eq(pointGroups.monitorKind, "inclinometer"), sql`${deviceId} = any(${pointGroups.deviceIds})`))
    .orderBy(asc(pointGroups.sort), asc(pointGroups.id))
    .limit(1);
  return g ?? null;
}

/**
 * A string's profile curves at chosen times (epoch ms): the reading nearest each time, each curve
 * against the string's initial reading (set from a curve, widgets §7) or, before one is set,
 * against the first time's reading. Two times finding the same reading make one curve.
 */
export async function profileCurves(db: Db, deviceId: number, config: InclinometerConfig, times: number[]): Promise<Pick<DepthProfile, "referenceTs" | "initial" | "curves">> {
  const sorted = [...new Set(times)].sort((a, b) => a - b);
  const found = await textValuesAt(db, deviceId, UNITS_PROPERTY, sorted);
  const readings = found.flatMap((f) => {
    const units = unitReadings(f.txt);
    return units ? [{ ts: f.ts, units }] : [];
  });
  const unique = readings.filter((r, i) => readings.findIndex((x) => x.ts === r.ts) === i);
  const init = await textInitValue(db, deviceId, UNITS_PROPERTY);
  const initUnits = init && unitReadings(init.txt);
  const initial = init && initUnits ? { dataTime: init.dataTime.getTime(), setByName: init.setByName, setAt: init.setAt.getTime() } : null;
  const reference = initial && initUnits ? { ts: initial.dataTime, units: initUnits } : (unique[0] ?? null);
  return { referenceTs: reference?.ts ?? null, initial, curves: unique.map((r) => ({ ts: r.ts, points: depthProfile(r.units, reference.units, config) })) };
}
