import { readFile } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";
import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { PROFILE_CURVES, type BlockSpec } from "@/lib/contract/report/blocks";
import { spreadTimes, type DepthProfile } from "@/lib/contract/monitoring/depth-profile";
import type { InclinometerConfig } from "@/lib/contract/monitoring/device-config";
import type { RobotStat } from "@/lib/contract/robot/record";
import type { Locale } from "@/lib/contract/locale";
import type { Db } from "../db/client";
import { groupOfString, profileCurves, stringConfig } from "../db/queries/depth-profile";
import { deviceNameIn, sceneNameIn } from "../db/queries/names";
import { robotStatistics } from "../db/queries/robots";
import { alarms, devices, products, robotRecords, sceneDevices, scenes, telemetryHourly } from "../db/schema";
import type { Period, Scope } from "./data";

/**
 * What the inclinometer, layout and inspection blocks read: a string's profiles over the period, a
 * scene's plan with its points' state, the robots' inspections. Each reads only when a block asks.
 */

/** A string's deep-displacement profile over the period, or why there is none. */
export type StringProfile = {
  deviceId: number;
  curveCount: number;
  deviceName: string;
  config: InclinometerConfig | null;
  profile: Pick<DepthProfile, "referenceTs" | "initial" | "curves"> | null;
  /** noConfig: neither the device nor its point says its hole and units; noReadings: no reading near the period. */
  reason: "noConfig" | "noReadings" | null;
};

/** A placed point's state over the period: an alarm raised, values reported, or silent. */
export type LayoutState = "alarm" | "normal" | "silent";
export type LayoutPoint = { n: number; deviceId: number; deviceName: string; identifier: string | null; x: number; y: number; value: number | null; state: LayoutState; alarms: number };
/** A scene of the project: its plan image (none for a 3D model or a file that is gone) and its points, numbered. */
export type SceneLayout = { sceneId: number; sceneName: string; image: { mime: string; base64: string } | null; points: LayoutPoint[] };
/** The plan's design units (the floor-plan marker's): points are placed in an 800 × 450 frame. */
export const PLAN_SIZE = { width: 800, height: 450 } as const;

export type AbnormalReading = { at: Date; robot: string; track: string; point: string; item: string; value: number | null; unit: string | null };
/** The robots' inspections of the period: per robot its tasks and readings, and the newest abnormal readings. */
export type InspectionSummary = { robots: RobotStat[]; abnormal: AbnormalReading[]; abnormalTotal: number };
/** Most abnormal readings a report lists (the newest; the count says how many there were). */
export const ABNORMAL_LIMIT = 50;

/** Each string of the inclinometer blocks (the project's inclinometers only), profiled at `curves` times spread over the period. */
export async function profilesOf(db: Db, scope: Scope, specs: readonly BlockSpec[], period: Period, locale: Locale): Promise<StringProfile[]> {
  const wanted = specs.filter((s) => s.kind === "inclinometer").flatMap((s) => s.devices.map((deviceId) => ({ deviceId, curveCount: s.curves ?? PROFILE_CURVES.default })));
  if (!wanted.length) return [];
  const own = await db
    .select({ id: devices.id, deviceName: deviceNameIn(locale) })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(and(eq(devices.tenantId, scope.tenantId), eq(devices.projectId, scope.projectId), eq(products.monitorType, "inclinometer"), inArray(devices.id, [...new Set(wanted.map((w) => w.deviceId))])));
  const names = new Map(own.map((d) => [d.id, d.deviceName]));
  const out: StringProfile[] = [];
  const times = (n: number) => spreadTimes(period.from.getTime(), period.to.getTime() - 1, n);
  for (const w of wanted) {
    if (!names.has(w.deviceId) || out.some((o) => o.deviceId === w.deviceId && o.curveCount === w.curveCount)) continue;
    const base = { ...w, deviceName: names.get(w.deviceId)! };
    const cfg = await stringConfig(db, w.deviceId, await groupOfString(db, scope.projectId, w.deviceId));
    if (!cfg) {
      out.push({ ...base, config: null, profile: null, reason: "noConfig" });
      continue;
    }
    const profile = await profileCurves(db, w.deviceId, cfg.config, times(w.curveCount));
    out.push({ ...base, config: cfg.config, profile: profile.curves.length ? profile : null, reason: profile.curves.length ? null : "noReadings" });
  }
  return out;
}

const IMAGE_TYPES: Record<string, string> = { ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp", ".svg": "image/svg+xml" };

/** A stored upload's bytes as an image to embed, when it is one and is still there (never outside the files folder). */
async function planImage(filesDir: string | null, file: string): Promise<SceneLayout["image"]> {
  const mime = IMAGE_TYPES[extname(file).toLowerCase()];
  if (!filesDir || !mime) return null;
  const root = resolve(filesDir);
  const path = resolve(root, file.replace(/^\/+/, ""));
  if (!path.startsWith(root + sep)) return null;
  const bytes = await readFile(path).catch(() => null);
  return bytes ? { mime, base64: bytes.toString("base64") } : null;
}

/** The scenes of the layout blocks (the project's), each with its plan and placed points' state over the period. */
export async function layoutsOf(db: Db, scope: Scope, specs: readonly BlockSpec[], period: Period, locale: Locale, filesDir: string | null): Promise<SceneLayout[]> {
  const ids = [...new Set(specs.filter((s) => s.kind === "layout" && s.scene !== null).map((s) => s.scene!))];
  if (!ids.length) return [];
  const rows = await db
    .select({ id: scenes.id, sceneName: sceneNameIn(locale), sceneType: scenes.sceneType, sceneFile: scenes.sceneFile })
    .from(scenes)
    .where(and(eq(scenes.tenantId, scope.tenantId), eq(scenes.projectId, scope.projectId), inArray(scenes.id, ids)));
  const out: SceneLayout[] = [];
  for (const s of rows) {
    const placed = await db
      .select({ deviceId: sceneDevices.deviceId, deviceName: deviceNameIn(locale), identifier: sceneDevices.identifier, x: sceneDevices.x, y: sceneDevices.y })
      .from(sceneDevices)
      .innerJoin(devices, eq(devices.id, sceneDevices.deviceId))
      .where(and(eq(sceneDevices.sceneId, s.id), eq(devices.projectId, scope.projectId)))
      .orderBy(asc(sceneDevices.id));
    const deviceIds = [...new Set(placed.map((p) => p.deviceId))];
    const [raised, latest] = deviceIds.length
      ? await Promise.all([
          db
            .select({ deviceId: alarms.deviceId, n: sql<number>`count(*)::int` })
            .from(alarms)
            .where(and(eq(alarms.tenantId, scope.tenantId), eq(alarms.projectId, scope.projectId), inArray(alarms.deviceId, deviceIds), gte(alarms.triggeredAt, period.from), lt(alarms.triggeredAt, period.to)))
            .groupBy(alarms.deviceId),
          // Each property's last hour of the period: its last value, and that the device reported.
          db
            .selectDistinctOn([telemetryHourly.deviceId, telemetryHourly.identifier], { deviceId: telemetryHourly.deviceId, identifier: telemetryHourly.identifier, last: telemetryHourly.last })
            .from(telemetryHourly)
            .where(and(inArray(telemetryHourly.deviceId, deviceIds), gte(telemetryHourly.hour, period.from), lt(telemetryHourly.hour, period.to)))
            .orderBy(telemetryHourly.deviceId, telemetryHourly.identifier, desc(telemetryHourly.hour)),
        ])
      : [[], []];
    out.push({
      sceneId: s.id,
      sceneName: s.sceneName,
      image: s.sceneType === 0 ? await planImage(filesDir, s.sceneFile) : null,
      points: placed.map((p, i) => {
        const alarmCount = raised.find((r) => r.deviceId === p.deviceId)?.n ?? 0;
        const value = p.identifier ? (latest.find((l) => l.deviceId === p.deviceId && l.identifier === p.identifier)?.last ?? null) : null;
        const reported = latest.some((l) => l.deviceId === p.deviceId && (!p.identifier || l.identifier === p.identifier));
        return { n: i + 1, ...p, value, alarms: alarmCount, state: alarmCount ? "alarm" : reported ? "normal" : "silent" };
      }),
    });
  }
  return out;
}

/** The project's robot inspections of the period: the robot statistics' figures and the newest abnormal readings. */
export async function inspectionOf(db: Db, scope: Scope, period: Period, locale: Locale): Promise<InspectionSummary> {
  // The statistics' filter takes instants too (ISO): [from, to) exactly, its end being inclusive.
  const q = { startTime: period.from.toISOString(), endTime: new Date(period.to.getTime() - 1).toISOString() };
  const robots = await robotStatistics(db, { ...scope, zone: period.zone }, q, locale);
  const abnormal = await db
    .select({ at: robotRecords.recordedAt, robot: robotRecords.deviceName, track: robotRecords.trackName, point: robotRecords.pointName, item: robotRecords.itemName, value: robotRecords.value, unit: robotRecords.unit })
    .from(robotRecords)
    .where(and(eq(robotRecords.tenantId, scope.tenantId), eq(robotRecords.projectId, scope.projectId), eq(robotRecords.inspectStatus, 1), gte(robotRecords.recordedAt, period.from), lt(robotRecords.recordedAt, period.to)))
    .orderBy(desc(robotRecords.recordedAt), desc(robotRecords.id))
    .limit(ABNORMAL_LIMIT);
  return { robots, abnormal, abnormalTotal: robots.reduce((s, r) => s + r.abnormal, 0) };
}
