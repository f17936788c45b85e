import { sql, type SQL } from "drizzle-orm";
import { alias, type PgColumn } from "drizzle-orm/pg-core";
import { OPEN_STATUSES } from "@/lib/contract/alarm/enums";
import { HEALTH, LATEST_ALARMS, TREND_DAYS, type DataAnalysis, type DeviceTotals, type LatestAlarm, type LevelRef } from "@/lib/contract/screen/monitor-screen";
import { pgArray } from "../../ingest/pg-array";
import { rowsOf } from "../../ingest/writer";
import { displayZone, formatDate } from "@/lib/format";
import { zoneDayStart } from "@/lib/time-zone";
import type { Locale } from "@/lib/contract/locale";
import type { Db } from "../client";
import { alarmLevels, alarms, devices, pointGroups } from "../schema";
import { tenantOf } from "../../lib/scope";
import { alarmLevelName, alarmName, levelNameIn } from "./alarm-names";

/**
 * The data screens' figures (stat monitorScreen) over a tenant's projects: each query is one
 * grouped statement over the projects given, so a screen's refresh costs a handful of index scans
 * whatever the number of projects. Callers pass only projects the caller may see.
 */

const DAY_MS = 86_400_000;
const open = sql.raw(`(${OPEN_STATUSES.join(",")})`);
const ids = (projectIds: readonly number[]) => sql`${pgArray(projectIds.length ? projectIds : [0])}::int[]`;
/** Rows of `table` (or its alias) in the tenant's projects given: the tenant through its scope, the projects as one array parameter. */
const inProjects = (tenantId: number, table: { tenantId: PgColumn; projectId: PgColumn }, projectIds: readonly number[]): SQL =>
  tenantOf(tenantId).where(table, sql`${table.projectId} = any(${ids(projectIds)})`);
// The aliases the statements below give their tables (written out in each `from`).
const d = alias(devices, "d");
const a = alias(alarms, "a");
const pg = alias(pointGroups, "pg");
const num = (v: unknown) => Number(v ?? 0);
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

export type ScreenProject = { id: number; prjName: string; prjAddress: string | null; lng: number | null; lat: number | null };

/** Device counts by state per project. */
export async function deviceTotalsByProject(db: Db, tenantId: number, projectIds: readonly number[]): Promise<Map<number, DeviceTotals>> {
  const rows = rowsOf(
    await db.execute(sql`select project_id, count(*)::int as total, count(*) filter (where status = 2)::int as online,
        count(*) filter (where status = 3)::int as offline, count(*) filter (where status = 1)::int as inactive
      from ${devices} where ${inProjects(tenantId, devices, projectIds)} group by project_id`),
  );
  return new Map(rows.map((r) => [num(r.project_id), { total: num(r.total), online: num(r.online), offline: num(r.offline), inactive: num(r.inactive) }]));
}

export const emptyTotals = (): DeviceTotals => ({ total: 0, online: 0, offline: 0, inactive: 0 });
export function addTotals(a: DeviceTotals, b: DeviceTotals): DeviceTotals {
  return { total: a.total + b.total, online: a.online + b.online, offline: a.offline + b.offline, inactive: a.inactive + b.inactive };
}

/** Open alarms (pending, handling, awaiting review) per project and level number. */
export async function openAlarmsByLevel(db: Db, tenantId: number, projectIds: readonly number[]): Promise<{ projectId: number; levelNum: number | null; count: number }[]> {
  const rows = rowsOf(
    await db.execute(sql`select project_id, level_num, count(*)::int as n from ${alarms}
      where ${inProjects(tenantId, alarms, projectIds)} and status in ${open}
      group by project_id, level_num`),
  );
  return rows.map((r) => ({ projectId: num(r.project_id), levelNum: r.level_num === null ? null : num(r.level_num), count: num(r.n) }));
}

/** Measurement points per project, and those with an open alarm on the point or on one of its devices. */
export async function pointsInAlarm(db: Db, tenantId: number, projectIds: readonly number[]): Promise<Map<number, { total: number; alarm: number }>> {
  const rows = rowsOf(
    await db.execute(sql`select pg.project_id, count(*)::int as total,
        count(*) filter (where exists (
          select 1 from alarms a where a.tenant_id = pg.tenant_id and a.project_id = pg.project_id and a.status in ${open}
            and (a.point_id = pg.id or a.device_id = any(pg.device_ids))))::int as alarm
      from point_groups pg where ${inProjects(tenantId, pg, projectIds)} group by pg.project_id`),
  );
  return new Map(rows.map((r) => [num(r.project_id), { total: num(r.total), alarm: num(r.alarm) }]));
}

/**
 * Data completeness per project: activated, enabled devices, and those that reported within
 * `HEALTH.freshCycles` reporting cycles (the device's own cycle, else its product's active cycle).
 */
export async function freshDevices(db: Db, tenantId: number, projectIds: readonly number[], now: Date): Promise<Map<number, { expected: number; fresh: number }>> {
  const rows = rowsOf(
    await db.execute(sql`select d.project_id, count(*)::int as expected,
        count(*) filter (where greatest(d.last_report_time, h.at) > ${now.toISOString()}::timestamptz
          - ${HEALTH.freshCycles} * (case when d.report_cycle > 0 then d.report_cycle else p.active_cycle * 60 end) * interval '1 second')::int as fresh
      from devices d join products p on p.id = d.product_id left join device_heard h on h.device_id = d.id
      where ${inProjects(tenantId, d, projectIds)} and d.status <> 1 and d.enable_status = 1
      group by d.project_id`),
  );
  return new Map(rows.map((r) => [num(r.project_id), { expected: num(r.expected), fresh: num(r.fresh) }]));
}

/** The tenant's alarm levels, in their order, named in `locale`. */
export async function tenantLevels(db: Db, tenantId: number, locale: Locale): Promise<LevelRef[]> {
  const rows = rowsOf(await db.execute(sql`select level_num, ${levelNameIn(locale, "alarm_levels")} as level_name, color from ${alarmLevels} where ${tenantOf(tenantId).where(alarmLevels)} order by level_num`));
  return rows.map((r) => ({ levelNum: num(r.level_num), levelName: str(r.level_name), color: str(r.color) }));
}

/** The day of the caller's tenant zone of an instant, `YYYY-MM-DD`. */
export const platformDay = (ms: number) => formatDate(ms);

/** The last `TREND_DAYS` days of the tenant's zone up to today, oldest first, and the instant the first begins. */
export function trendDays(now: Date): { days: string[]; from: Date } {
  const today = Date.parse(`${platformDay(now.getTime())}T00:00:00Z`);
  const days = Array.from({ length: TREND_DAYS }, (_, i) => new Date(today - (TREND_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10));
  return { days, from: new Date(zoneDayStart(days[0], displayZone())) };
}

/** Alarms raised since `from`, per project, platform day and level number. */
export async function alarmsByDay(db: Db, tenantId: number, projectIds: readonly number[], from: Date): Promise<{ projectId: number; day: string; levelNum: number | null; count: number }[]> {
  const rows = rowsOf(
    await db.execute(sql`select project_id, to_char(triggered_at at time zone ${displayZone()}, 'YYYY-MM-DD') as day, level_num, count(*)::int as n
      from ${alarms} where ${inProjects(tenantId, alarms, projectIds)} and triggered_at >= ${from.toISOString()}::timestamptz
      group by 1, 2, 3`),
  );
  return rows.map((r) => ({ projectId: num(r.project_id), day: String(r.day), levelNum: r.level_num === null ? null : num(r.level_num), count: num(r.n) }));
}

/** Devices per product over the projects (and how many are online), most first. */
export async function devicesByProduct(db: Db, tenantId: number, projectIds: readonly number[], locale: Locale): Promise<DataAnalysis["deviceTypes"]> {
  // The name in `locale` (a seeded product's), else its own.
  const rows = rowsOf(
    await db.execute(sql`select p.id, coalesce(nullif(p.i18n->'prodName'->>${locale}, ''), p.prod_name) as prod_name, count(*)::int as n, count(*) filter (where d.status = 2)::int as online
      from devices d join products p on p.id = d.product_id
      where ${inProjects(tenantId, d, projectIds)}
      group by p.id order by n desc, 2`),
  );
  return rows.map((r) => ({ productId: num(r.id), name: String(r.prod_name), count: num(r.n), online: num(r.online) }));
}

/** The newest alarms of the projects, with their project's and device's names, theirs and their level's in `locale`. */
export async function latestAlarms(db: Db, tenantId: number, projectIds: readonly number[], locale: Locale, limit = LATEST_ALARMS): Promise<LatestAlarm[]> {
  const rows = rowsOf(
    await db.execute(sql`select a.id, ${alarmName(locale, "a")} as alarm_name, a.level_num, ${alarmLevelName(locale, "a")} as level_name, a.level_color, a.status,
        (extract(epoch from a.triggered_at) * 1000)::float8 as at,
        coalesce(nullif(p.i18n->'prjName'->>${locale}, ''), p.prj_name) as prj_name, coalesce(nullif(d.i18n->'deviceName'->>${locale}, ''), d.device_name) as device_name
      from alarms a left join projects p on p.id = a.project_id left join devices d on d.id = a.device_id
      where ${inProjects(tenantId, a, projectIds)}
      order by a.triggered_at desc, a.id desc limit ${limit}`),
  );
  return rows.map((r) => ({
    id: num(r.id),
    alarmName: String(r.alarm_name),
    levelNum: r.level_num === null ? null : num(r.level_num),
    levelName: str(r.level_name),
    color: str(r.level_color),
    status: num(r.status),
    triggeredAt: Math.round(num(r.at)),
    prjName: str(r.prj_name),
    deviceName: str(r.device_name),
  }));
}
