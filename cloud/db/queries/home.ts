import { and, asc, desc, gte, inArray, isNotNull, lte, ne, sql, type SQL } from "drizzle-orm";
import { OPEN_STATUSES } from "@/lib/contract/alarm/enums";
import { HOME_DAYS, type HomeSummary } from "@/lib/contract/home";
import type { TenantAreaPoint, TenantDeviceNums, TenantNumStat, TenantTrendPoint } from "@/lib/contract/system/tenant";
import type { Locale } from "@/lib/contract/locale";
import { province } from "../../lib/area-names";
import { PLATFORM_TENANT_ID } from "../../lib/menu-access";
import { rowsOf } from "../../ingest/writer";
import { displayZone, formatDate } from "@/lib/format";
import { zoneDayStart, zoneOffset } from "@/lib/time-zone";
import type { Db } from "../client";
import { alarmLevelName } from "./alarm-names";
import { alarms, devices, projects, tenants, users } from "../schema";
import { projectNameIn, tenantNameIn } from "./names";
import { joinedText } from "../../lib/i18n-text";
import { rawValues } from "./telemetry-raw";

const DAY_MS = 86_400_000;
/**
 * The last `n` days of the caller's tenant zone up to `now` (the home counts per day of the
 * console's clock), oldest first, and the instant the first one starts.
 */
export function lastDays(now: Date, n = HOME_DAYS, zone = displayZone()): { keys: string[]; from: Date } {
  const today = Date.parse(`${formatDate(now, zone)}T00:00:00Z`);
  const keys = Array.from({ length: n }, (_, i) => new Date(today - (n - 1 - i) * DAY_MS).toISOString().slice(0, 10));
  return { keys, from: new Date(zoneDayStart(keys[0], zone)) };
}

const dayOf = (col: SQL | typeof alarms.triggeredAt) => sql<string>`to_char(${col} at time zone ${displayZone()}, 'YYYY-MM-DD')`;

/**
 * The home of a tenant user: over the projects `visible` selects (a condition on `projects`,
 * tenant included — see `visibleProjects`), the projects, their devices by status, open alarms by
 * level (named in `locale`), alarms raised and values received on each of the last days, and the projects' positions.
 */
export async function homeSummary(db: Db, visible: SQL, now: Date, locale: Locale): Promise<HomeSummary> {
  const projectIds = db.select({ id: projects.id }).from(projects).where(visible);
  const inProjects = inArray(devices.projectId, projectIds);
  const { keys, from } = lastDays(now);
  const [prjRows, statusRows, levelRows, alarmDays, valueDays, perProject, openRows] = await Promise.all([
    db.select({ id: projects.id, prjName: projectNameIn(locale), prjAddress: joinedText(locale, projects.prjAddress, projects.i18n, "prjAddress"), lng: projects.prjLongitude, lat: projects.prjLatitude }).from(projects).where(visible).orderBy(asc(projects.id)),
    db.select({ status: devices.status, n: sql<number>`count(*)::int` }).from(devices).where(inProjects).groupBy(devices.status),
    db
      .select({ levelNum: alarms.levelNum, levelName: alarmLevelName(locale), color: alarms.levelColor, count: sql<number>`count(*)::int` })
      .from(alarms)
      .where(and(inArray(alarms.projectId, projectIds), inArray(alarms.status, [...OPEN_STATUSES])))
      .groupBy(alarms.tenantId, alarms.levelNum, alarms.levelName, alarms.levelColor)
      .orderBy(desc(alarms.levelNum)),
    db
      .select({ day: dayOf(alarms.triggeredAt), n: sql<number>`count(*)::int` })
      .from(alarms)
      .where(and(inArray(alarms.projectId, projectIds), gte(alarms.triggeredAt, from), lte(alarms.triggeredAt, now)))
      .groupBy(sql`1`),
    valuesPerDay(db, inProjects, from, now),
    db
      .select({
        projectId: devices.projectId,
        online: sql<number>`(count(*) filter (where ${devices.status} = 2))::int`,
        offline: sql<number>`(count(*) filter (where ${devices.status} = 3))::int`,
      })
      .from(devices)
      .where(inProjects)
      .groupBy(devices.projectId),
    db
      .select({ projectId: alarms.projectId, n: sql<number>`count(*)::int` })
      .from(alarms)
      .where(and(inArray(alarms.projectId, projectIds), inArray(alarms.status, [...OPEN_STATUSES])))
      .groupBy(alarms.projectId),
  ]);
  const openByProject = new Map(openRows.map((r) => [r.projectId, r.n]));
  const byStatus = new Map(statusRows.map((r) => [r.status, r.n]));
  const alarmsOn = new Map(alarmDays.map((r) => [r.day, r.n]));
  const deviceCounts = new Map(perProject.map((r) => [r.projectId, r]));
  return {
    projectNums: prjRows.length,
    devices: {
      total: statusRows.reduce((n, r) => n + r.n, 0),
      inactive: byStatus.get(1) ?? 0,
      online: byStatus.get(2) ?? 0,
      offline: byStatus.get(3) ?? 0,
    },
    alarmLevels: levelRows,
    days: keys.map((day) => ({ day, alarms: alarmsOn.get(day) ?? 0, values: valueDays.get(day) ?? 0 })),
    projects: prjRows.flatMap((p) =>
      p.lng === null || p.lat === null
        ? []
        : [{ id: p.id, prjName: p.prjName, prjAddress: p.prjAddress, lng: p.lng, lat: p.lat, online: deviceCounts.get(p.id)?.online ?? 0, offline: deviceCounts.get(p.id)?.offline ?? 0, openAlarms: openByProject.get(p.id) ?? 0 }],
    ),
  };
}

/**
 * Telemetry rows received per day of the tenant's zone since `from`, for the devices `where` selects. Every
 * (device, property) pair known to `telemetry_latest` is read by its own range scan of
 * `telemetry_device_prop_ts` over the time bounds (so only the recent monthly partitions are
 * touched): the cost is the window's rows, never the table's.
 */
async function valuesPerDay(db: Db, where: SQL, from: Date, to: Date): Promise<Map<string, number>> {
  // Days as whole numbers (epoch days of the zone's clock, at its offset now: a daylight-saving
  // change inside the window moves an hour of counts): formatting each row's time as text costs
  // more than the count itself.
  const offset = zoneOffset(to.getTime(), displayZone());
  const rows = rowsOf(
    await db.execute(sql`select floor((extract(epoch from t.ts) * 1000 + ${offset}) / ${DAY_MS})::int as day, count(*)::int as n
      from telemetry_latest l
      cross join lateral (${rawValues({ device: sql`l.device_id`, identifier: sql`l.identifier`, from, to, through: true })}) t
      where l.device_id in (select ${devices.id} from ${devices} where ${where})
      group by 1`),
  );
  return new Map(rows.map((r) => [new Date(Number(r.day) * DAY_MS).toISOString().slice(0, 10), Number(r.n)]));
}

// ---- the platform's tenant statistics (sys/tenant numStat, trendChart, areaChart, statDeviceNums) ----

/** Customer tenants: the platform itself is not counted. */
const customer = ne(tenants.id, PLATFORM_TENANT_ID);
const customerTenant = (col: typeof users.tenantId | typeof projects.tenantId | typeof devices.tenantId) => ne(col, PLATFORM_TENANT_ID);
const countAll = sql<number>`count(*)::int`;

/** Counts over the customer tenants; `horizon` ends the expiry-warning window. */
export async function tenantNumStat(db: Db, now: Date, horizon: Date): Promise<TenantNumStat> {
  const [[row], [u], [p], [d]] = await Promise.all([
    db
      .select({
        total: countAll,
        enabled: sql<number>`(count(*) filter (where ${tenants.enabled} = 1))::int`,
        expiring: sql<number>`(count(*) filter (where ${tenants.contractEnd} >= ${now} and ${tenants.contractEnd} <= ${horizon}))::int`,
        expired: sql<number>`(count(*) filter (where ${tenants.contractEnd} < ${now}))::int`,
      })
      .from(tenants)
      .where(customer),
    db.select({ n: countAll }).from(users).where(customerTenant(users.tenantId)),
    db.select({ n: countAll }).from(projects).where(customerTenant(projects.tenantId)),
    db.select({ n: countAll, online: sql<number>`(count(*) filter (where ${devices.status} = 2))::int` }).from(devices).where(customerTenant(devices.tenantId)),
  ]);
  return { ...row, userNums: u.n, projectNums: p.n, deviceNums: d.n, onlineNums: d.online };
}

/** New tenants and new devices per month, the last 12 months (UTC) up to `now`, oldest first. */
export async function tenantTrend(db: Db, now: Date): Promise<TenantTrendPoint[]> {
  const months = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1)));
  const monthOf = (col: typeof tenants.createdAt | typeof devices.createdAt) => sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM')`;
  const [t, d] = await Promise.all([
    db
      .select({ month: monthOf(tenants.createdAt), n: countAll })
      .from(tenants)
      .where(and(customer, gte(tenants.createdAt, months[0]), lte(tenants.createdAt, now)))
      .groupBy(sql`1`),
    db
      .select({ month: monthOf(devices.createdAt), n: countAll })
      .from(devices)
      .where(and(customerTenant(devices.tenantId), gte(devices.createdAt, months[0]), lte(devices.createdAt, now)))
      .groupBy(sql`1`),
  ]);
  const tenantsIn = new Map(t.map((r) => [r.month, r.n]));
  const devicesIn = new Map(d.map((r) => [r.month, r.n]));
  return months.map((m) => {
    const month = m.toISOString().slice(0, 7);
    return { month, count: tenantsIn.get(month) ?? 0, deviceNums: devicesIn.get(month) ?? 0 };
  });
}

/** Tenants and projects per province (each by its own area code), the most projects first. */
export async function tenantAreas(db: Db): Promise<TenantAreaPoint[]> {
  const code = (col: typeof tenants.areaCode | typeof projects.areaCode) => sql<string>`substr(${col}, 1, 2)`;
  const [t, p] = await Promise.all([
    db.select({ code: code(tenants.areaCode), n: countAll }).from(tenants).where(and(customer, isNotNull(tenants.areaCode))).groupBy(sql`1`),
    db.select({ code: code(projects.areaCode), n: countAll }).from(projects).where(and(customerTenant(projects.tenantId), isNotNull(projects.areaCode))).groupBy(sql`1`),
  ]);
  const points = new Map<string, TenantAreaPoint>();
  const add = (rows: { code: string; n: number }[], key: "count" | "projectNums") => {
    for (const r of rows) {
      const prov = province(r.code);
      if (!prov) continue;
      const point = points.get(prov.code) ?? { areaCode: prov.code, areaName: prov.name, count: 0, projectNums: 0 };
      point[key] += r.n;
      points.set(prov.code, point);
    }
  };
  add(t, "count");
  add(p, "projectNums");
  return [...points.values()].sort((a, b) => b.projectNums - a.projectNums || b.count - a.count || a.areaCode.localeCompare(b.areaCode));
}

/** Per customer tenant: projects, users and devices (online and offline among them). */
export async function tenantDeviceNums(db: Db, locale: Locale): Promise<TenantDeviceNums[]> {
  // Correlated counts name the outer table in full: a one-table select renders columns unqualified.
  const per = (table: typeof users | typeof projects, alias: string) => sql<number>`(select count(*)::int from ${table} ${sql.raw(alias)} where ${sql.raw(alias)}.tenant_id = "tenants"."id")`;
  const deviceCount = (status?: number) =>
    sql<number>`(select count(*)::int from ${devices} d where d.tenant_id = "tenants"."id"${status === undefined ? sql`` : sql` and d.status = ${status}`})`;
  return db
    .select({
      tenantId: tenants.id,
      tenantName: tenantNameIn(locale),
      projectNums: per(projects, "p"),
      userNums: per(users, "u"),
      deviceNums: deviceCount(),
      onlineNums: deviceCount(2),
      offlineNums: deviceCount(3),
    })
    .from(tenants)
    .where(customer)
    .orderBy(asc(tenants.id));
}
