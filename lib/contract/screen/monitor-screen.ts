/**
 * The data screens' statistics (core §7 stat monitorScreen: monitorIndex, healthAssess,
 * dataAnalysis): what the cloud answers and the health scoring both sides document. All figures
 * cover the projects the caller may see in their tenant.
 */
import { z } from "zod";
import { defineCall, typed } from "../call";
import { dbId } from "../common";
import { screenSeriesQuery, type PointData, type PointSeries } from "../scene/scene";

const count = z.number().int().nonnegative();

/** Device states (core §4): 1 inactive, 2 online, 3 offline. */
export const deviceTotals = z.object({ total: count, online: count, offline: count, inactive: count });
export type DeviceTotals = z.infer<typeof deviceTotals>;

/** An alarm level as the tenant defines it (levelSet), or `levelNum` null for alarms without one. */
const levelRef = z.object({ levelNum: z.number().int().nullable(), levelName: z.string().nullable(), color: z.string().nullable() });
export type LevelRef = z.infer<typeof levelRef>;

/** monitorIndex: per project, its points in alarm out of all and its devices online. */
const projectIndex = z.object({
  id: z.number().int(),
  prjName: z.string(),
  prjAddress: z.string().nullable(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  pointTotal: count,
  /** Points with an open alarm (pending, handling or awaiting review) on the point or one of its devices. */
  pointAlarm: count,
  devices: deviceTotals,
  /** Open alarms of the project. */
  alarmOpen: count,
  /** Share of points without an open alarm, 0–100; null when the project has no points. */
  index: z.number().nullable(),
});
export type ProjectIndex = z.infer<typeof projectIndex>;
export const monitorIndex = z.object({ projects: z.array(projectIndex), totals: projectIndex.omit({ id: true, prjName: true, prjAddress: true, lng: true, lat: true }) });
export type MonitorIndex = z.infer<typeof monitorIndex>;

/** healthAssess: a score per project with its parts, so a screen can say why. */
const grade = z.enum(["A", "B", "C", "D"]);
export type Grade = z.infer<typeof grade>;
const projectHealth = z.object({
  id: z.number().int(),
  prjName: z.string(),
  /** 0–100, null when the project has no activated device and no open alarm (nothing to judge). */
  score: z.number().nullable(),
  grade: grade.nullable(),
  /** Points taken off for open alarms (at most `HEALTH.alarmCap`). */
  alarmPenalty: z.number(),
  /** Share of activated, enabled devices whose data is fresh (0–1), null without such devices. */
  completeness: z.number().nullable(),
  openByLevel: z.array(levelRef.extend({ count })),
});
export type ProjectHealth = z.infer<typeof projectHealth>;
export const healthAssess = z.object({ projects: z.array(projectHealth) });
export type HealthAssess = z.infer<typeof healthAssess>;

const latestAlarm = levelRef.extend({
  id: z.number().int(),
  alarmName: z.string(),
  prjName: z.string().nullable(),
  deviceName: z.string().nullable(),
  status: z.number().int(),
  /** Epoch ms. */
  triggeredAt: z.number(),
});
export type LatestAlarm = z.infer<typeof latestAlarm>;

/** dataAnalysis: the tenant's picture over its visible projects. */
export const dataAnalysis = z.object({
  /** Open alarms per level, every level of the tenant listed (0 when none), unlevelled last. */
  levels: z.array(levelRef.extend({ open: count })),
  /** Alarms raised per platform day (UTC+8) over the last `TREND_DAYS` days, per level. */
  trend: z.object({ days: z.array(z.string()), series: z.array(levelRef.extend({ counts: z.array(count) })) }),
  devices: deviceTotals,
  /** Devices per product (and of them online), most first. */
  deviceTypes: z.array(z.object({ productId: z.number().int(), name: z.string(), count, online: count })),
  /** Projects by alarms raised in the trend's days, most first. */
  ranking: z.array(z.object({ id: z.number().int(), prjName: z.string(), alarms: count, alarmOpen: count, devices: deviceTotals })),
  /** The newest alarms, newest first. */
  latestAlarms: z.array(latestAlarm),
});
export type DataAnalysis = z.infer<typeof dataAnalysis>;

export const TREND_DAYS = 30;
export const LATEST_ALARMS = 20;

/**
 * The health score (healthAssess), kept simple enough to explain on the screen:
 *
 *   score = 100 − alarm penalty − data penalty
 *   alarm penalty = min(60, Σ over open alarms of 3 × level number)   (level 1 costs 3, level 4 costs 12; no level costs 3)
 *   data penalty  = 40 × (1 − completeness)
 *   completeness  = activated, enabled devices that reported within two reporting cycles (the device's
 *                   cycle, else its product's active cycle) ÷ all activated, enabled devices
 *
 * Grades: A ≥ 90, B ≥ 75, C ≥ 60, D below. A project with no activated device counts its alarms
 * only; with neither devices nor open alarms there is nothing to judge (score null).
 */
export const HEALTH = { alarmCap: 60, perLevel: 3, dataWeight: 40, freshCycles: 2, grades: [["A", 90], ["B", 75], ["C", 60]] as const } as const;

export function healthScore(input: { openByLevel: readonly { levelNum: number | null; count: number }[]; fresh: number; expected: number }): Pick<ProjectHealth, "score" | "grade" | "alarmPenalty" | "completeness"> {
  const raw = input.openByLevel.reduce((sum, l) => sum + HEALTH.perLevel * Math.max(1, l.levelNum ?? 1) * l.count, 0);
  const alarmPenalty = Math.min(HEALTH.alarmCap, raw);
  const completeness = input.expected > 0 ? Math.min(1, input.fresh / input.expected) : null;
  const open = input.openByLevel.reduce((n, l) => n + l.count, 0);
  if (completeness === null && open === 0) return { score: null, grade: null, alarmPenalty: 0, completeness: null };
  const score = Math.max(0, Math.round(100 - alarmPenalty - HEALTH.dataWeight * (1 - (completeness ?? 1))));
  const grade = HEALTH.grades.find(([, min]) => score >= min)?.[0] ?? "D";
  return { score, grade, alarmPenalty, completeness };
}

/** Who may read the global figures: whoever has one of the data screens in their menu. */
export const DATA_SCREENS = ["/globalDataScreen", "/globalDataScreen1", "/houseDataScreen"] as const;
/** The building screen's points are read by it and by its settings' preview. */
export const BUILDING_SCREENS = ["/houseDataScreen", "/dataScreenSet"] as const;

/** A building screen's call names its project as the screen's address does (`?projId=`, else the header's). */
const screenProject = z.object({ projId: dbId.optional() });

/**
 * stat/monitorScreen (core §7): the global screens' figures over every project the caller may see,
 * and the building screen's points of its project: their newest values (devicePointData), the
 * chosen points' series (dataAnalysisView) and several points on one time axis (dataComparisonView).
 */
export const monitorScreenApi = {
  monitorIndex: defineCall({ kind: "get", path: "stat/monitorScreen/monitorIndex", answer: monitorIndex, access: { menu: DATA_SCREENS }, scope: "own" }),
  healthAssess: defineCall({ kind: "get", path: "stat/monitorScreen/healthAssess", answer: healthAssess, access: { menu: DATA_SCREENS }, scope: "own" }),
  dataAnalysis: defineCall({ kind: "get", path: "stat/monitorScreen/dataAnalysis", answer: dataAnalysis, access: { menu: DATA_SCREENS }, scope: "own" }),
  devicePointData: defineCall({ kind: "get", path: "stat/monitorScreen/devicePointData", input: screenProject, answer: typed<PointData[]>(), access: { menu: BUILDING_SCREENS }, scope: "screen" }),
  dataAnalysisView: defineCall({ kind: "get", path: "stat/monitorScreen/dataAnalysisView", input: screenSeriesQuery.extend(screenProject.shape), answer: typed<PointSeries[]>(), access: { menu: BUILDING_SCREENS }, scope: "screen" }),
  dataComparisonView: defineCall({ kind: "get", path: "stat/monitorScreen/dataComparisonView", input: screenSeriesQuery.extend(screenProject.shape), answer: typed<PointSeries[]>(), access: { menu: BUILDING_SCREENS }, scope: "screen" }),
};
