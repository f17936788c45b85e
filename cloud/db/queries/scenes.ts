import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { OPEN_STATUSES } from "@/lib/contract/alarm/enums";
import { FUNC_TYPE, funcNameIn } from "@/lib/contract/device/thing-model";
import { SCREEN_BLOCKS } from "@/lib/contract/scene/enums";
import type { PointData, PointSeries, SceneCandidate, ScenePoint, ScreenConfig, ScreenPoint } from "@/lib/contract/scene/scene";
import { defaultLocale, type Locale } from "@/lib/contract/locale";
import type { Db } from "../client";
import { alarmLevelName } from "./alarm-names";
import { alarms, devices, productFunctions, sceneDevices, scenes, screenConfigs, telemetryLatest } from "../schema";
import { telemetrySeries } from "./telemetry";
import { deviceNameIn } from "./names";

/**
 * Reads of the building data screen (core §7 devPointScreen, devicePointData, dataAnalysisView,
 * dataComparisonView): a project's placed devices and configured points with their newest values
 * (`telemetry_latest`, never history) and open alarms, and the series of chosen points.
 */

/** Devices placed on a scene (the scene list's count). */
export const sceneDeviceCount = sql<number>`(select count(*)::int from ${sceneDevices} sd where sd.scene_id = ${scenes}.id)`;

/** The project's devices among `ids`, with their product; named in `locale` where they are shown, as stored where only checked. */
export async function projectDevices(db: Db, projectId: number, ids: number[], locale?: Locale) {
  if (!ids.length) return [];
  return db
    .select({ id: devices.id, deviceName: locale ? deviceNameIn(locale) : devices.deviceName, deviceSn: devices.deviceSn, productId: devices.productId, status: devices.status })
    .from(devices)
    .where(and(eq(devices.projectId, projectId), inArray(devices.id, [...new Set(ids)])));
}

type Property = { name: string; unit: string | null; numeric: boolean };
const NUMERIC = new Set(["int32", "int32u", "float", "double"]);

/** The properties of the products, by product and identifier, named in `locale`. */
export async function propertiesOf(db: Db, productIds: number[], locale: Locale = defaultLocale): Promise<Map<number, Map<string, Property>>> {
  const byProduct = new Map<number, Map<string, Property>>();
  if (!productIds.length) return byProduct;
  const rows = await db
    .select({ productId: productFunctions.productId, identifier: productFunctions.identifier, definition: productFunctions.definition })
    .from(productFunctions)
    .where(and(inArray(productFunctions.productId, [...new Set(productIds)]), eq(productFunctions.funcType, FUNC_TYPE.property)))
    .orderBy(asc(productFunctions.sort), asc(productFunctions.id));
  for (const r of rows) {
    const props = byProduct.get(r.productId) ?? new Map<string, Property>();
    const unit = (r.definition.dataType as { unit?: string | null } | undefined)?.unit ?? null;
    props.set(r.identifier, { name: funcNameIn(locale, r.definition), unit: unit || null, numeric: NUMERIC.has(r.definition.dataType?.type ?? "") });
    byProduct.set(r.productId, props);
  }
  return byProduct;
}

/** The project's devices with their numeric properties (what a marker or a chart can show). */
export async function sceneCandidates(db: Db, projectId: number, locale: Locale): Promise<SceneCandidate[]> {
  const devs = await db
    .select({ id: devices.id, deviceName: deviceNameIn(locale), deviceSn: devices.deviceSn, productId: devices.productId, status: devices.status })
    .from(devices)
    .where(eq(devices.projectId, projectId))
    .orderBy(asc(deviceNameIn(locale)), asc(devices.id));
  const props = await propertiesOf(db, devs.map((d) => d.productId), locale);
  return devs.map(({ productId, ...d }) => ({
    ...d,
    properties: [...(props.get(productId) ?? new Map<string, Property>()).entries()].filter(([, p]) => p.numeric).map(([identifier, p]) => ({ identifier, name: p.name, unit: p.unit })),
  }));
}

/** The newest value of each device's properties, by `deviceId:identifier`. */
async function latestOf(db: Db, deviceIds: number[]) {
  const map = new Map<string, { value: number | string | null; time: number }>();
  if (!deviceIds.length) return map;
  const rows = await db.select().from(telemetryLatest).where(inArray(telemetryLatest.deviceId, [...new Set(deviceIds)]));
  for (const r of rows) map.set(`${r.deviceId}:${r.identifier}`, { value: r.num ?? r.txt, time: r.ts.getTime() });
  return map;
}

type OpenAlarm = { identifier: string | null; levelNum: number | null; levelName: string | null; levelColor: string | null; count: number };

/** The open alarms (pending, handling, awaiting review) of the devices, most severe (lowest level number) first, their levels named in `locale`. */
async function openAlarmsOf(db: Db, deviceIds: number[], locale: Locale) {
  const map = new Map<number, OpenAlarm[]>();
  if (!deviceIds.length) return map;
  const rows = await db
    .select({ deviceId: alarms.deviceId, identifier: alarms.identifier, levelNum: alarms.levelNum, levelName: alarmLevelName(locale), levelColor: alarms.levelColor, count: alarms.count })
    .from(alarms)
    .where(and(inArray(alarms.deviceId, [...new Set(deviceIds)]), inArray(alarms.status, [...OPEN_STATUSES])))
    .orderBy(sql`${alarms.levelNum} asc nulls last`, sql`${alarms.lastTriggeredAt} desc`);
  for (const r of rows) map.set(r.deviceId!, [...(map.get(r.deviceId!) ?? []), r]);
  return map;
}

/** A point's alarm: the most severe open alarm of its property, or of the device as a whole (offline, stale). */
function alarmOf(open: OpenAlarm[] | undefined, identifier: string | null): PointData["alarm"] {
  const hit = open?.find((a) => a.identifier === identifier || a.identifier === null || identifier === null);
  return hit ? { levelName: hit.levelName, levelColor: hit.levelColor, count: open!.filter((a) => a.identifier === hit.identifier).reduce((n, a) => n + a.count, 0) } : null;
}

/** The project's configuration of its data screen; every block and no point until one is saved. */
export async function screenConfigOf(db: Db, projectId: number): Promise<ScreenConfig> {
  const [row] = await db.select().from(screenConfigs).where(eq(screenConfigs.projectId, projectId));
  if (row) return { sceneId: row.sceneId, blocks: row.blocks, points: row.points };
  const [first] = await db.select({ id: scenes.id }).from(scenes).where(eq(scenes.projectId, projectId)).orderBy(asc(scenes.sort), asc(scenes.id)).limit(1);
  return { sceneId: first?.id ?? null, blocks: [...SCREEN_BLOCKS], points: [] };
}

/** Saves a project's configuration (one row per project). */
export async function saveScreenConfig(db: Db, tenantId: number, projectId: number, config: ScreenConfig, now: Date) {
  await db
    .insert(screenConfigs)
    .values({ tenantId, projectId, ...config, updatedAt: now })
    .onConflictDoUpdate({ target: screenConfigs.projectId, set: { sceneId: config.sceneId, blocks: config.blocks, points: config.points, updatedAt: now } });
}

/**
 * How points of the project's devices show (a data screen's points, a scene's placed devices):
 * per device and property, the device, the property's name and unit, its newest value and alarm
 * state, read in one go for all the points given. A device gone from the project shows nothing.
 */
async function pointViews(db: Db, projectId: number, points: readonly { deviceId: number }[], locale: Locale) {
  const devs = new Map((await projectDevices(db, projectId, points.map((p) => p.deviceId), locale)).map((d) => [d.id, d]));
  const ids = [...devs.keys()];
  const [props, latest, open] = await Promise.all([propertiesOf(db, [...devs.values()].map((d) => d.productId), locale), latestOf(db, ids), openAlarmsOf(db, ids, locale)]);
  return (deviceId: number, identifier: string | null) => {
    const d = devs.get(deviceId);
    if (!d) return undefined;
    const prop = identifier ? props.get(d.productId)?.get(identifier) : undefined;
    const last = identifier ? latest.get(`${d.id}:${identifier}`) : undefined;
    return {
      deviceId: d.id,
      deviceName: d.deviceName,
      deviceSn: d.deviceSn,
      status: d.status,
      identifier,
      name: identifier ? (prop?.name ?? identifier) : null,
      unit: prop?.unit ?? null,
      value: last?.value ?? null,
      time: last?.time ?? null,
      alarm: alarmOf(open.get(d.id), identifier),
    };
  };
}

/** The points with their device, name, unit, newest value and alarm state; points of devices gone from the project drop out. */
export async function pointData(db: Db, projectId: number, points: ScreenPoint[], locale: Locale): Promise<PointData[]> {
  const view = await pointViews(db, projectId, points, locale);
  return points.flatMap((p) => {
    const v = view(p.deviceId, p.identifier);
    return v ? [{ ...v, identifier: p.identifier, name: v.name ?? p.identifier, chart: p.chart, compare: p.compare }] : [];
  });
}

/** A scene of the project, or undefined. */
export async function projectScene(db: Db, projectId: number, sceneId: number) {
  const [row] = await db.select().from(scenes).where(and(eq(scenes.projectId, projectId), eq(scenes.id, sceneId)));
  return row;
}

/** The devices placed on a scene with their marker position, shown value and alarm state. */
export async function scenePoints(db: Db, projectId: number, sceneId: number, locale: Locale): Promise<ScenePoint[]> {
  const placed = await db
    .select({ id: sceneDevices.id, deviceId: sceneDevices.deviceId, identifier: sceneDevices.identifier, x: sceneDevices.x, y: sceneDevices.y })
    .from(sceneDevices)
    .where(and(eq(sceneDevices.projectId, projectId), eq(sceneDevices.sceneId, sceneId)))
    .orderBy(asc(sceneDevices.id));
  const view = await pointViews(db, projectId, placed, locale);
  return placed.flatMap((p) => {
    const v = view(p.deviceId, p.identifier);
    return v ? [{ id: p.id, x: p.x, y: p.y, ...v }] : [];
  });
}

/**
 * The points' numeric series over the last `hours`: raw values for the analysis charts, hourly
 * means for the comparison (one time axis whatever each device's cycle), at most 2,000 per point.
 */
export async function pointSeries(db: Db, projectId: number, points: { deviceId: number; identifier: string }[], o: { hours: number; bucket: "raw" | "hour"; now: Date; locale: Locale }): Promise<PointSeries[]> {
  const devs = new Map((await projectDevices(db, projectId, points.map((p) => p.deviceId), o.locale)).map((d) => [d.id, d]));
  const props = await propertiesOf(db, [...devs.values()].map((d) => d.productId), o.locale);
  const from = new Date(o.now.getTime() - o.hours * 3600_000);
  const out: PointSeries[] = [];
  for (const p of points) {
    const d = devs.get(p.deviceId);
    if (!d) continue;
    const prop = props.get(d.productId)?.get(p.identifier);
    // At most the newest 2,000 values, so a dense day keeps its recent end.
    const [series] = await telemetrySeries(db, { deviceId: d.id, identifiers: [p.identifier], from, to: o.now, bucket: o.bucket, agg: "avg" });
    out.push({ deviceId: d.id, deviceName: d.deviceName, identifier: p.identifier, name: prop?.name ?? p.identifier, unit: prop?.unit ?? null, bucket: o.bucket, points: series.points.slice(-2000) });
  }
  return out;
}
