import { and, arrayOverlaps, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { ALARM_BLOCKS, type BlockSpec } from "@/lib/contract/report/blocks";
import type { Locale } from "@/lib/contract/locale";
import { MONITOR_KINDS } from "@/lib/contract/device/enums";
import type { MonitorKind } from "@/lib/contract/device/product";
import { reference } from "@/lib/contract/monitoring/compute";
import type { ZeroType } from "@/lib/contract/monitoring/enums";
import { monitorOf } from "@/lib/contract/monitoring/monitors";
import type { Db } from "../db/client";
import { alarmLevelName, alarmName } from "../db/queries/alarm-names";
import { currentInitValues } from "../db/queries/monitoring";
import { deviceNameIn } from "../db/queries/names";
import { alarms, devices, pointGroups, products, telemetryHourly } from "../db/schema";
import { inspectionOf, layoutsOf, profilesOf, type InspectionSummary, type SceneLayout, type StringProfile } from "./sources";

export type Scope = { tenantId: number; projectId: number };
/** The period: instants `from`–`to` (end excluded), and the hours of each day that count (`[fromH, toH)` of the zone), or all. */
export type Period = { from: Date; to: Date; zone: string; window: { fromH: number; toH: number } | null };

export type PointData = {
  ref: string;
  deviceName: string;
  identifier: string;
  first: number | null;
  last: number | null;
  min: number | null;
  max: number | null;
  n: number;
  /**
   * The cumulative change at the period's latest value, as the monitoring screens count it: the latest minus the
   * reference (the device's initial value, 0 at a point of absolute zero, else the period's first value); null for
   * a property that is not a structural reading (temperature…, or not a monitoring measure).
   */
  cumulative: number | null;
  /** What `cumulative` is counted from: the initial value set for the device, 0 (absolute zero), or the period's first value. */
  reference: "initial" | "absolute" | "first" | null;
  /** The initial value it is counted from: the device's, 0 at absolute zero; null when counted from the period's first value. */
  initial: number | null;
  /** Hourly means, `[epoch ms, value]`. */
  series: [number, number][];
};
export type AlarmRow = { alarmName: string; deviceName: string | null; levelName: string | null; levelColor: string | null; value: number | null; triggeredAt: Date; recoveredAt: Date | null };
export type DeviceSummary = { total: number; online: number; reporting: number };
export type BlockData = { points: PointData[]; alarms: AlarmRow[]; devices: DeviceSummary | null; profiles: StringProfile[]; layouts: SceneLayout[]; inspection: InspectionSummary | null };

const ALARM_LIMIT = 500;

/** The points named by `refs` that are devices of the scope's project, each with its period's figures. */
export async function pointsOf(db: Db, scope: Scope, refs: readonly string[], period: Period, locale: Locale): Promise<PointData[]> {
  const parsed = [...new Set(refs)].map((r) => {
    const i = r.indexOf(":");
    return { ref: r, deviceId: Number(r.slice(0, i)), identifier: r.slice(i + 1) };
  });
  if (!parsed.length) return [];
  const ids = [...new Set(parsed.map((p) => p.deviceId))];
  const own = await db
    .select({ id: devices.id, deviceName: deviceNameIn(locale), kind: products.monitorType })
    .from(devices)
    .leftJoin(products, eq(products.id, devices.productId))
    .where(and(eq(devices.tenantId, scope.tenantId), eq(devices.projectId, scope.projectId), inArray(devices.id, ids)));
  const names = new Map(own.map((d) => [d.id, d.deviceName]));
  const mine = parsed.filter((p) => names.has(p.deviceId));
  if (!mine.length) return [];
  // Per point, folded by the database: the figures, and the hourly means as two arrays of numbers (not a row
  // object with five dates per hour: 36,000 of those were most of a 50-point report's memory).
  const hour = sql`extract(hour from ${telemetryHourly.hour} at time zone ${period.zone})`;
  const rows = await db
    .select({
      deviceId: telemetryHourly.deviceId,
      identifier: telemetryHourly.identifier,
      first: sql<number>`(array_agg(${telemetryHourly.first} order by ${telemetryHourly.hour}))[1]`,
      last: sql<number>`(array_agg(${telemetryHourly.last} order by ${telemetryHourly.hour} desc))[1]`,
      min: sql<number>`min(${telemetryHourly.min})`,
      max: sql<number>`max(${telemetryHourly.max})`,
      n: sql<number>`sum(${telemetryHourly.n})::float8`,
      at: sql<number[]>`array_agg((extract(epoch from ${telemetryHourly.hour}) * 1000)::float8 order by ${telemetryHourly.hour})`,
      mean: sql<number[]>`array_agg(${telemetryHourly.sum} / nullif(${telemetryHourly.n}, 0) order by ${telemetryHourly.hour})`,
    })
    .from(telemetryHourly)
    .where(
      and(
        inArray(telemetryHourly.deviceId, [...new Set(mine.map((p) => p.deviceId))]),
        inArray(telemetryHourly.identifier, [...new Set(mine.map((p) => p.identifier))]),
        gte(telemetryHourly.hour, period.from),
        lt(telemetryHourly.hour, period.to),
        period.window ? sql`${hour} >= ${period.window.fromH} and ${hour} < ${period.window.toH}` : undefined,
      ),
    )
    .groupBy(telemetryHourly.deviceId, telemetryHourly.identifier);
  const by = new Map(rows.map((r) => [`${r.deviceId}:${r.identifier}`, r]));
  const refOf = await references(db, scope, own);
  return mine.map((p) => {
    const r = by.get(p.ref);
    const at = r ? numbers(r.at) : [];
    const mean = r ? numbers(r.mean) : [];
    const first = r ? Number(r.first) : null;
    const last = r ? Number(r.last) : null;
    const ref = refOf(p.deviceId, p.identifier);
    return {
      ref: p.ref,
      deviceName: names.get(p.deviceId)!,
      identifier: p.identifier,
      first,
      last,
      min: r ? Number(r.min) : null,
      max: r ? Number(r.max) : null,
      n: r ? Number(r.n) : 0,
      cumulative: ref && last !== null ? last - reference(ref.zeroType, ref.initial, first ?? undefined) : null,
      reference: !ref || last === null ? null : ref.zeroType === 0 ? "absolute" : ref.initial !== null ? "initial" : "first",
      initial: !ref || last === null ? null : ref.zeroType === 0 ? 0 : ref.initial,
      series: at.map((t, i) => [t, mean[i]] as [number, number]),
    };
  });
}

/**
 * How the monitoring screens count each point's cumulative change: the zero type of the project's measurement point
 * holding the device (the first one; none: relative, as the screen without a point) and the device's initial value in
 * force. Null for a property the device's monitoring kind does not chart as a change.
 */
async function references(db: Db, scope: Scope, own: { id: number; kind: string | null }[]) {
  const ids = own.map((d) => d.id);
  const [groups, inits] = await Promise.all([
    db
      .select({ zeroType: pointGroups.zeroType, deviceIds: pointGroups.deviceIds })
      .from(pointGroups)
      .where(and(eq(pointGroups.tenantId, scope.tenantId), eq(pointGroups.projectId, scope.projectId), arrayOverlaps(pointGroups.deviceIds, ids)))
      .orderBy(asc(pointGroups.id)),
    currentInitValues(db, ids),
  ]);
  const kinds = new Map(own.map((d) => [d.id, (MONITOR_KINDS as readonly string[]).includes(d.kind ?? "") ? (d.kind as MonitorKind) : null]));
  return (deviceId: number, identifier: string): { zeroType: ZeroType; initial: number | null } | null => {
    const kind = kinds.get(deviceId);
    if (!kind || !monitorOf(kind).measures.some((m) => m.identifier === identifier && m.change)) return null;
    const group = groups.find((g) => g.deviceIds.includes(deviceId));
    return { zeroType: (group?.zeroType ?? 1) as ZeroType, initial: inits.get(deviceId)?.get(identifier)?.value ?? null };
  };
}

/** A float8[] as the driver answers it: numbers (node-postgres, PGlite), or its text form when a driver leaves it so. */
const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : String(v ?? "").replace(/^\{|\}$/g, "").split(",").filter(Boolean).map(Number));

/** The alarms of the project raised in the period, newest first. */
export async function alarmsOf(db: Db, scope: Scope, period: Period, locale: Locale): Promise<AlarmRow[]> {
  return db
    .select({ alarmName: alarmName(locale), deviceName: deviceNameIn(locale), levelName: alarmLevelName(locale), levelColor: alarms.levelColor, value: alarms.value, triggeredAt: alarms.triggeredAt, recoveredAt: alarms.recoveredAt })
    .from(alarms)
    .leftJoin(devices, eq(devices.id, alarms.deviceId))
    .where(and(eq(alarms.tenantId, scope.tenantId), eq(alarms.projectId, scope.projectId), gte(alarms.triggeredAt, period.from), lt(alarms.triggeredAt, period.to)))
    .orderBy(desc(alarms.triggeredAt))
    .limit(ALARM_LIMIT);
}

/** The project's devices: how many, online now (status 2), and how many reported a value in the period. */
export async function devicesOf(db: Db, scope: Scope, period: Period): Promise<DeviceSummary> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      online: sql<number>`count(*) filter (where ${devices.status} = 2)::int`,
      reporting: sql<number>`count(*) filter (where exists (select 1 from ${telemetryHourly} h where h.device_id = ${devices.id} and h.hour >= ${period.from.toISOString()}::timestamptz and h.hour < ${period.to.toISOString()}::timestamptz))::int`,
    })
    .from(devices)
    .where(and(eq(devices.tenantId, scope.tenantId), eq(devices.projectId, scope.projectId)));
  return row ?? { total: 0, online: 0, reporting: 0 };
}

/**
 * What the blocks of one document need, read once: every point named by any block, the alarms and
 * devices, strings' profiles, scenes' plans (from the uploads in `filesDir`) and robots' inspections
 * if a block shows them. Names are in `locale`, the document's language.
 */
export async function blockData(db: Db, scope: Scope, specs: readonly BlockSpec[], period: Period, locale: Locale, filesDir: string | null = null): Promise<BlockData> {
  const refs = specs.flatMap((s) => s.points);
  const has = (kind: BlockSpec["kind"]) => specs.some((s) => s.kind === kind);
  const [points, alarmRows, summary, profiles, layouts, inspection] = await Promise.all([
    pointsOf(db, scope, refs, period, locale),
    specs.some((s) => ALARM_BLOCKS.includes(s.kind)) ? alarmsOf(db, scope, period, locale) : Promise.resolve([]),
    has("devices") ? devicesOf(db, scope, period) : Promise.resolve(null),
    profilesOf(db, scope, specs, period, locale),
    layoutsOf(db, scope, specs, period, locale, filesDir),
    has("inspection") ? inspectionOf(db, scope, period, locale) : Promise.resolve(null),
  ]);
  return { points, alarms: alarmRows, devices: summary, profiles, layouts, inspection };
}
