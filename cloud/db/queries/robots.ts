import { and, asc, desc, eq, getTableName, gte, lte, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { PATROL_STATUS } from "@/lib/contract/robot/enums";
import { planTimeOf } from "@/lib/contract/robot/plan";
import type { PointStat, RobotStat, StatisticsQuery, TaskStat, TimeoutStat } from "@/lib/contract/robot/record";
import type { Db } from "../client";
import { devices, robotRecords, robotTasks } from "../schema";
import { deviceNameIn } from "./names";
import { type Locale } from "@/lib/contract/locale";

/**
 * A column named with its table, for correlated subqueries: drizzle writes a select's columns bare,
 * and a bare `"id"` inside a subquery is the inner table's.
 */
export const qualified = (c: PgColumn) => sql.raw(`"${getTableName(c.table)}"."${c.name}"`);

/** The project a statistic covers (from the server's side: the token and the checked header). */
export type StatScope = { tenantId: number; projectId: number; /** The tenant's time zone: a filter's day is a day on its clock. */ zone: string };

/** A filter's time: a day alone is its start (or, for the end, its last second). */
const timeOf = (s: string | null | undefined, end: boolean, zone: string): Date | null => (s ? new Date(planTimeOf(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s} ${end ? "23:59:59" : "00:00:00"}` : s, zone)) : null);

function recordConds(scope: StatScope, q: StatisticsQuery): SQL[] {
  const from = timeOf(q.startTime, false, scope.zone), to = timeOf(q.endTime, true, scope.zone);
  return [
    eq(robotRecords.tenantId, scope.tenantId),
    eq(robotRecords.projectId, scope.projectId),
    ...(from ? [gte(robotRecords.recordedAt, from)] : []),
    ...(to ? [lte(robotRecords.recordedAt, to)] : []),
    ...(q.trackId ? [eq(robotRecords.trackId, q.trackId)] : []),
    ...(q.deviceId ? [eq(robotRecords.deviceId, q.deviceId)] : []),
  ];
}
function taskConds(scope: StatScope, q: StatisticsQuery): SQL[] {
  const from = timeOf(q.startTime, false, scope.zone), to = timeOf(q.endTime, true, scope.zone);
  return [
    eq(robotTasks.tenantId, scope.tenantId),
    eq(robotTasks.projectId, scope.projectId),
    ...(from ? [gte(robotTasks.slotAt, from)] : []),
    ...(to ? [lte(robotTasks.slotAt, to)] : []),
    ...(q.trackId ? [eq(robotTasks.trackId, q.trackId)] : []),
    ...(q.deviceId ? [eq(robotTasks.deviceId, q.deviceId)] : []),
  ];
}
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const minutesOf = sql<number | null>`(extract(epoch from (coalesce(${robotTasks.endedAt}, now()) - ${robotTasks.startedAt})) / 60)::float8`;

/** Per point: readings, normal and abnormal ones, the last one's time (the point statistics page). */
export async function pointStatistics(db: Db, scope: StatScope, q: StatisticsQuery): Promise<PointStat[]> {
  const rows = await db
    .select({
      pointId: robotRecords.pointId,
      pointName: sql<string>`max(${robotRecords.pointName})`,
      trackName: sql<string>`max(${robotRecords.trackName})`,
      total: sql<number>`count(*)::int`,
      abnormal: sql<number>`(count(*) filter (where ${robotRecords.inspectStatus} = 1))::int`,
      lastTime: sql<string | null>`max(${robotRecords.recordedAt})`,
    })
    .from(robotRecords)
    .where(and(...recordConds(scope, q)))
    .groupBy(robotRecords.pointId)
    .orderBy(asc(robotRecords.pointId));
  return rows.map((r) => ({ ...r, normal: r.total - r.abnormal, lastTime: iso(r.lastTime) }));
}

/** Per task: points done, readings and abnormal ones, minutes run (the task statistics page), newest first. */
export async function taskStatistics(db: Db, scope: StatScope, q: StatisticsQuery, limit = 1000): Promise<TaskStat[]> {
  const rows = await db
    .select({
      taskId: robotTasks.id,
      taskName: robotTasks.taskName,
      slotTime: robotTasks.slotAt,
      patrolStatus: robotTasks.patrolStatus,
      pointTotal: robotTasks.pointTotal,
      pointDone: robotTasks.pointDone,
      total: sql<number>`(select count(*)::int from ${robotRecords} where ${qualified(robotRecords.taskId)} = ${qualified(robotTasks.id)})`,
      abnormal: sql<number>`(select count(*)::int from ${robotRecords} where ${qualified(robotRecords.taskId)} = ${qualified(robotTasks.id)} and ${qualified(robotRecords.inspectStatus)} = 1)`,
      minutes: sql<number | null>`case when ${robotTasks.startedAt} is null then null else ${minutesOf} end`,
    })
    .from(robotTasks)
    .where(and(...taskConds(scope, q)))
    .orderBy(desc(robotTasks.slotAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, slotTime: r.slotTime.toISOString(), minutes: r.minutes === null ? null : Math.round(r.minutes * 10) / 10 }));
}

/** Tasks that ran past their plan's duration (the timeout statistics page), newest first. */
export async function timeoutStatistics(db: Db, scope: StatScope, q: StatisticsQuery, limit = 1000): Promise<TimeoutStat[]> {
  const rows = await db
    .select({
      taskId: robotTasks.id,
      taskName: robotTasks.taskName,
      deviceName: sql<string>`coalesce((select ${qualified(devices.deviceName)} from ${devices} where ${qualified(devices.id)} = ${qualified(robotTasks.deviceId)}), '')`,
      slotTime: robotTasks.slotAt,
      duration: robotTasks.duration,
      minutes: minutesOf,
      patrolStatus: robotTasks.patrolStatus,
    })
    .from(robotTasks)
    .where(and(...taskConds(scope, q), eq(robotTasks.timeout, 1)))
    .orderBy(desc(robotTasks.slotAt))
    .limit(limit);
  return rows.map((r) => {
    const minutes = Math.round((r.minutes ?? 0) * 10) / 10;
    return { ...r, slotTime: r.slotTime.toISOString(), minutes, overMinutes: Math.max(0, Math.round((minutes - r.duration * 60) * 10) / 10) };
  });
}

/** Per robot: tasks by outcome, timeouts, readings and abnormal ones (the robot statistics page). */
export async function robotStatistics(db: Db, scope: StatScope, q: StatisticsQuery, locale: Locale): Promise<RobotStat[]> {
  const tasks = await db
    .select({
      deviceId: robotTasks.deviceId,
      tasks: sql<number>`count(*)::int`,
      done: sql<number>`(count(*) filter (where ${robotTasks.patrolStatus} = ${PATROL_STATUS.done}))::int`,
      expired: sql<number>`(count(*) filter (where ${robotTasks.patrolStatus} = ${PATROL_STATUS.expired}))::int`,
      abnormalTasks: sql<number>`(count(*) filter (where ${robotTasks.patrolStatus} = ${PATROL_STATUS.abnormal}))::int`,
      timeouts: sql<number>`(count(*) filter (where ${robotTasks.timeout} = 1))::int`,
    })
    .from(robotTasks)
    .where(and(...taskConds(scope, q)))
    .groupBy(robotTasks.deviceId);
  const records = await db
    .select({ deviceId: robotRecords.deviceId, deviceName: sql<string>`max(${robotRecords.deviceName})`, total: sql<number>`count(*)::int`, abnormal: sql<number>`(count(*) filter (where ${robotRecords.inspectStatus} = 1))::int` })
    .from(robotRecords)
    .where(and(...recordConds(scope, q)))
    .groupBy(robotRecords.deviceId);
  const ids = [...new Set([...tasks.map((t) => t.deviceId), ...records.map((r) => r.deviceId)])].sort((a, b) => a - b);
  const names = new Map((ids.length ? await db.select({ id: devices.id, name: deviceNameIn(locale) }).from(devices).where(sql`${devices.id} in ${ids}`) : []).map((d) => [d.id, d.name]));
  return ids.map((id) => {
    const t = tasks.find((x) => x.deviceId === id);
    const r = records.find((x) => x.deviceId === id);
    return { deviceId: id, deviceName: names.get(id) ?? r?.deviceName ?? "", tasks: t?.tasks ?? 0, done: t?.done ?? 0, expired: t?.expired ?? 0, abnormalTasks: t?.abnormalTasks ?? 0, timeouts: t?.timeouts ?? 0, total: r?.total ?? 0, abnormal: r?.abnormal ?? 0 };
  });
}
