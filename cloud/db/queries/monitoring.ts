import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { MonitorKind } from "@/lib/contract/device/product";
import { configKindOf } from "@/lib/contract/monitoring/device-config";
import type { KindPoint } from "@/lib/contract/monitoring/analysis";
import type { ZeroType } from "@/lib/contract/monitoring/enums";
import type { Locale } from "@/lib/contract/locale";
import type { Db } from "../client";
import { deviceConfigs, deviceInitValues, devices, pointGroups, products, telemetryLatest } from "../schema";
import { deviceNameIn } from "./names";
import { heardColumns } from "./device-heard";
import { pgArray } from "../../ingest/pg-array";
import { rowsOf } from "../../ingest/writer";
import { rawValues } from "./telemetry-raw";

export type InitValue = { identifier: string; value: number; dataTime: Date; setByName: string | null; setAt: Date };

/** The initial value in force per device and number property: the newest set. */
export async function currentInitValues(db: Db, deviceIds: number[]): Promise<Map<number, Map<string, InitValue>>> {
  const out = new Map<number, Map<string, InitValue>>();
  if (!deviceIds.length) return out;
  const rows = await db
    .selectDistinctOn([deviceInitValues.deviceId, deviceInitValues.identifier])
    .from(deviceInitValues)
    .where(and(inArray(deviceInitValues.deviceId, deviceIds), isNotNull(deviceInitValues.value)))
    .orderBy(deviceInitValues.deviceId, deviceInitValues.identifier, desc(deviceInitValues.setAt), desc(deviceInitValues.id));
  for (const r of rows) {
    if (!out.has(r.deviceId)) out.set(r.deviceId, new Map());
    out.get(r.deviceId)!.set(r.identifier, { identifier: r.identifier, value: r.value as number, dataTime: r.dataTime, setByName: r.setByName, setAt: r.setAt });
  }
  return out;
}

/** The initial reading in force of a device's text property (the newest set), or none. */
export async function textInitValue(db: Db, deviceId: number, identifier: string) {
  const [row] = await db
    .select({ txt: deviceInitValues.txt, dataTime: deviceInitValues.dataTime, setByName: deviceInitValues.setByName, setAt: deviceInitValues.setAt })
    .from(deviceInitValues)
    .where(and(eq(deviceInitValues.deviceId, deviceId), eq(deviceInitValues.identifier, identifier), isNotNull(deviceInitValues.txt)))
    .orderBy(desc(deviceInitValues.setAt), desc(deviceInitValues.id))
    .limit(1);
  return row ? { ...row, txt: row.txt as string } : null;
}

/** Every initial value set for a device, newest first (the audit). */
export function initValueLog(db: Db, deviceId: number, limit = 200) {
  return db.select().from(deviceInitValues).where(eq(deviceInitValues.deviceId, deviceId)).orderBy(desc(deviceInitValues.setAt), desc(deviceInitValues.id)).limit(limit);
}

/** How far from a chart point's time a collected value may be (a month bucket's length). */
const NEAR_MS = 31 * 86_400_000;

/**
 * Each property's collected value at a time: the sample at that time or the first after it (a
 * chart point's time is the sample's own or its bucket's start), else the newest before it — at
 * most a month away. Properties without such a value are left out.
 */
export async function valuesAt(db: Db, deviceId: number, identifiers: string[], at: Date): Promise<Map<string, { ts: Date; value: number }>> {
  if (!identifiers.length) return new Map();
  const iso = at.toISOString();
  const lo = new Date(at.getTime() - NEAR_MS).toISOString();
  const hi = new Date(at.getTime() + NEAR_MS).toISOString();
  const rows = rowsOf(
    await db.execute(sql`select i.identifier, coalesce(a.ts, b.ts) as ts, coalesce(a.num, b.num) as value
      from unnest(${pgArray(identifiers)}::text[]) as i(identifier)
      left join lateral (${rawValues({ device: deviceId, identifier: sql`i.identifier`, from: iso, to: hi, numeric: true, order: "asc", limit: 1 })}) a on true
      left join lateral (${rawValues({ device: deviceId, identifier: sql`i.identifier`, from: lo, to: iso, numeric: true, order: "desc", limit: 1 })}) b on true`),
  );
  return new Map(rows.filter((r) => r.value !== null).map((r) => [String(r.identifier), { ts: new Date(r.ts as string), value: Number(r.value) }]));
}

/**
 * Takes the collected values at `at` as the devices' initial values — number properties' values
 * and text properties' whole readings (`texts`, an inclinometer string's units); returns how many
 * were set.
 */
export async function setInitValues(db: Db, items: { deviceId: number; identifiers: string[]; texts?: string[] }[], at: Date, by: { userId: number; name: string }, now: Date): Promise<number> {
  const rows: (typeof deviceInitValues.$inferInsert)[] = [];
  const who = { setBy: by.userId, setByName: by.name, setAt: now };
  for (const it of items) {
    const values = await valuesAt(db, it.deviceId, it.identifiers, at);
    for (const [identifier, v] of values) rows.push({ deviceId: it.deviceId, identifier, value: v.value, dataTime: v.ts, ...who });
    for (const identifier of it.texts ?? []) {
      const [found] = await textValuesAt(db, it.deviceId, identifier, [at.getTime()]);
      if (found) rows.push({ deviceId: it.deviceId, identifier, txt: found.txt, dataTime: new Date(found.ts), ...who });
    }
  }
  if (rows.length) await db.insert(deviceInitValues).values(rows);
  return rows.length;
}

/** A device of one of the projects with its product's monitoring kind, or none (another project's, unknown). */
export async function projectDevice(db: Db, projectIds: number[], deviceId: number, locale: Locale) {
  const [row] = await db
    .select({ id: devices.id, deviceName: deviceNameIn(locale), deviceSn: devices.deviceSn, monitorKind: products.monitorType })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(and(eq(devices.id, deviceId), inArray(devices.projectId, projectIds.length ? projectIds : [0])));
  return row ?? null;
}

/** Devices of the projects with their project and monitoring kind (unknown or other projects' left out). */
export function projectDevicesOf(db: Db, projectIds: number[], deviceIds: number[]) {
  return db
    .select({ id: devices.id, projectId: devices.projectId, tenantId: devices.tenantId, monitorKind: products.monitorType })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(and(inArray(devices.id, deviceIds.length ? deviceIds : [0]), inArray(devices.projectId, projectIds.length ? projectIds : [0])));
}

/** The projects' devices of a monitoring kind (the point form's picker). */
export function kindDevices(db: Db, projectIds: number[], locale: Locale, kind?: MonitorKind | null) {
  return db
    .select({ id: devices.id, deviceName: deviceNameIn(locale), deviceSn: devices.deviceSn, monitorKind: products.monitorType, status: devices.status })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(and(inArray(devices.projectId, projectIds.length ? projectIds : [0]), kind ? eq(products.monitorType, kind) : sql`${products.monitorType} is not null`))
    .orderBy(asc(devices.id));
}

/**
 * The points of a kind in the projects, in their sort order, each with its devices (in the point's
 * order), their state, latest values and initial values: what a monitoring screen lists.
 */
export async function kindPoints(db: Db, projectIds: number[], kind: MonitorKind, locale: Locale): Promise<KindPoint[]> {
  if (!projectIds.length) return [];
  const groups = await db
    .select()
    .from(pointGroups)
    .where(and(inArray(pointGroups.projectId, projectIds), eq(pointGroups.monitorKind, kind)))
    .orderBy(asc(pointGroups.sort), asc(pointGroups.id));
  const ids = [...new Set(groups.flatMap((g) => g.deviceIds))];
  const devs = ids.length
    ? await db
        .select({ id: devices.id, deviceName: deviceNameIn(locale), deviceSn: devices.deviceSn, status: devices.status, lastReportTime: heardColumns().lastReportTime })
        .from(devices)
        .where(and(inArray(devices.id, ids), inArray(devices.projectId, projectIds)))
    : [];
  const latest = ids.length ? await db.select().from(telemetryLatest).where(inArray(telemetryLatest.deviceId, ids)) : [];
  const inits = await currentInitValues(db, ids);
  const configs = await deviceConfigsOf(db, ids);
  const byId = new Map(devs.map((d) => [d.id, d]));
  return groups.map((g) => ({
    ...g,
    zeroType: g.zeroType as ZeroType,
    devices: g.deviceIds.flatMap((id) => {
      const d = byId.get(id);
      if (!d) return [];
      const own = latest.filter((l) => l.deviceId === id && l.num !== null);
      return [
        {
          ...d,
          lastReportTime: d.lastReportTime?.toISOString() ?? null,
          latest: Object.fromEntries(own.map((l) => [l.identifier, { value: l.num as number, ts: l.ts.getTime() }])),
          initial: Object.fromEntries([...(inits.get(id)?.values() ?? [])].map((v) => [v.identifier, v.value])),
          // A configuration saved for another kind (the device changed product) does not apply.
          config: configs.get(id)?.configKind === configKindOf(kind) ? configs.get(id)!.config : null,
        },
      ];
    }),
  }));
}

/** The saved configurations of devices, by device id. */
export async function deviceConfigsOf(db: Db, deviceIds: number[]) {
  if (!deviceIds.length) return new Map<number, typeof deviceConfigs.$inferSelect>();
  const rows = await db.select().from(deviceConfigs).where(inArray(deviceConfigs.deviceId, deviceIds));
  return new Map(rows.map((r) => [r.deviceId, r]));
}

/** Saves one configuration for the devices (replacing what they had), in one statement. */
export async function saveDeviceConfigs(db: Db, tenantId: number, deviceIds: number[], configKind: string, config: Record<string, unknown>, by: { userId: number; name: string }, now: Date) {
  const rows = deviceIds.map((deviceId) => ({ deviceId, tenantId, configKind, config, updatedBy: by.userId, updatedByName: by.name, updatedAt: now }));
  await db
    .insert(deviceConfigs)
    .values(rows)
    .onConflictDoUpdate({ target: deviceConfigs.deviceId, set: { configKind, config, updatedBy: by.userId, updatedByName: by.name, updatedAt: now, tenantId } });
}

/**
 * A text property's stored value nearest each time (at or after it first, else before it, at most
 * a month away): the readings a depth profile is drawn from. Times without one are left out.
 */
export async function textValuesAt(db: Db, deviceId: number, identifier: string, times: number[]): Promise<{ at: number; ts: number; txt: string }[]> {
  if (!times.length) return [];
  const rows = rowsOf(
    await db.execute(sql`select x.at, coalesce(a.ts, b.ts) as ts, coalesce(a.txt, b.txt) as txt
      from unnest(${pgArray(times.map((t) => new Date(t).toISOString()))}::timestamptz[]) as x(at)
      left join lateral (${rawValues({ device: deviceId, identifier, text: true, where: (ts) => sql`${ts} >= x.at and ${ts} < x.at + interval '31 days'`, order: "asc", limit: 1 })}) a on true
      left join lateral (${rawValues({ device: deviceId, identifier, text: true, where: (ts) => sql`${ts} < x.at and ${ts} >= x.at - interval '31 days'`, order: "desc", limit: 1 })}) b on true`),
  );
  return rows.filter((r) => r.txt !== null).map((r) => ({ at: new Date(r.at as string).getTime(), ts: new Date(r.ts as string).getTime(), txt: String(r.txt) }));
}

/** Devices of the projects by state (1 inactive, 2 online, 3 offline), of one monitoring kind or of all. */
export async function deviceStateCounts(db: Db, projectIds: number[], kind?: MonitorKind | null) {
  const rows = await db
    .select({ status: devices.status, count: sql<number>`count(*)::int` })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(and(inArray(devices.projectId, projectIds.length ? projectIds : [0]), kind ? eq(products.monitorType, kind) : sql`${products.monitorType} is not null`))
    .groupBy(devices.status);
  const of = (status: number) => Number(rows.find((r) => r.status === status)?.count ?? 0);
  return { total: rows.reduce((n, r) => n + Number(r.count), 0), inactive: of(1), online: of(2), offline: of(3) };
}
