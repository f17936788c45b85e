import { and, asc, desc, eq, getTableName, gte, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { PATROL_STATUS } from "@/lib/contract/robot/enums";
import { planTimeOf } from "@/lib/contract/robot/plan";
import type { PointStat, RobotStat, StatisticsQuery, TaskStat, TimeoutStat } from "@/lib/contract/robot/record";
import type { TrackMarks } from "@/lib/contract/robot/track";
import type { Db } from "../client";
import { devices, robotPlans, robotPoints, robotRecordDays, robotRecords, robotTaskDays, robotTasks, robotTracks } from "../schema";
import { deviceNameIn, robotPointNameIn, robotTaskNameIn as taskNameIn, trackNameIn } from "./names";
import { textIn } from "@/lib/contract/i18n-text";
import { type Locale } from "@/lib/contract/locale";

/**
 * A column named with its table, for correlated subqueries: drizzle writes a select's columns bare,
 * and a bare `"id"` inside a subquery is the inner table's.
 */
export const qualified = (c: PgColumn) => sql.raw(`"${getTableName(c.table)}"."${c.name}"`);
/** A multilingual column's text in `locale`, qualified, for a correlated subquery (its `field` in the row's `i18n`, else its own). */
export const qualifiedIn = (locale: Locale, column: PgColumn, i18n: PgColumn, field: string) => sql`coalesce(nullif(${qualified(i18n)}->${field}->>${locale}, ''), ${qualified(column)})`;

/** The project a statistic covers (from the server's side: the token and the checked header). */
export type StatScope = { tenantId: number; projectId: number; /** The tenant's time zone: a filter's day is a day on its clock. */ zone: string };

/** A filter's time: a day alone is its start (or, for the end, its last second). */
const timeOf = (s: string | null | undefined, end: boolean, zone: string): Date | null => (s ? new Date(planTimeOf(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s} ${end ? "23:59:59" : "00:00:00"}` : s, zone)) : null);

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
const minutesOf = sql<number | null>`(extract(epoch from (coalesce(${robotTasks.endedAt}, now()) - ${robotTasks.startedAt})) / 60)::float8`;

/** The UTC day a time falls in (the roll-up's key). */
const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** The records just written, added to their days' roll-up rows (in the records' transaction). */
async function rollUpRecords(db: Db, rows: (typeof robotRecords.$inferInsert)[]): Promise<void> {
  const days = new Map<string, typeof robotRecordDays.$inferInsert>();
  for (const r of rows) {
    const day = utcDay(r.recordedAt);
    const key = `${r.tenantId}|${r.projectId}|${day}|${r.trackId}|${r.pointId}|${r.deviceId}`;
    const d = days.get(key) ?? { tenantId: r.tenantId, projectId: r.projectId, day, trackId: r.trackId, pointId: r.pointId, deviceId: r.deviceId, total: 0, abnormal: 0, lastAt: r.recordedAt, trackName: r.trackName, pointName: r.pointName, deviceName: r.deviceName };
    d.total++;
    if (r.inspectStatus === 1) d.abnormal++;
    if (r.recordedAt >= d.lastAt) Object.assign(d, { lastAt: r.recordedAt, trackName: r.trackName, pointName: r.pointName, deviceName: r.deviceName });
    days.set(key, d);
  }
  if (!days.size) return;
  // The names are the latest reading's: a later record renames the row, an earlier one arriving late does not.
  const later = sql`excluded.last_at >= ${robotRecordDays}.last_at`;
  await db
    .insert(robotRecordDays)
    .values([...days.values()])
    .onConflictDoUpdate({
      target: [robotRecordDays.tenantId, robotRecordDays.projectId, robotRecordDays.day, robotRecordDays.trackId, robotRecordDays.pointId, robotRecordDays.deviceId],
      set: {
        total: sql`${robotRecordDays}.total + excluded.total`,
        abnormal: sql`${robotRecordDays}.abnormal + excluded.abnormal`,
        lastAt: sql`greatest(${robotRecordDays}.last_at, excluded.last_at)`,
        trackName: sql`case when ${later} then excluded.track_name else ${robotRecordDays}.track_name end`,
        pointName: sql`case when ${later} then excluded.point_name else ${robotRecordDays}.point_name end`,
        deviceName: sql`case when ${later} then excluded.device_name else ${robotRecordDays}.device_name end`,
      },
    });
}

/** Writes inspection records and their roll-up together (the one way records are written). */
export async function writeRecords(db: Db, rows: (typeof robotRecords.$inferInsert)[]): Promise<void> {
  if (!rows.length) return;
  await db.transaction(async (tx) => {
    await tx.insert(robotRecords).values(rows);
    await rollUpRecords(tx, rows);
  });
}

/**
 * Builds the roll-up from the records when it has none yet (the first start after it was added):
 * one statement, conflicts left alone so two instances starting together agree. Answers the rows written.
 */
export async function backfillRecordDays(db: Db): Promise<number> {
  const [has] = await db.select({ one: sql`1` }).from(robotRecordDays).limit(1);
  if (has) return 0;
  const [any] = await db.select({ one: sql`1` }).from(robotRecords).limit(1);
  if (!any) return 0;
  const res = await db.execute(sql`
    insert into robot_record_days (tenant_id, project_id, day, track_id, point_id, device_id, total, abnormal, last_at, track_name, point_name, device_name)
    select tenant_id, project_id, (recorded_at at time zone 'UTC')::date, track_id, point_id, device_id, count(*)::int, (count(*) filter (where inspect_status = 1))::int, max(recorded_at),
           (array_agg(track_name order by recorded_at desc, id desc))[1], (array_agg(point_name order by recorded_at desc, id desc))[1], (array_agg(device_name order by recorded_at desc, id desc))[1]
    from robot_records
    group by tenant_id, project_id, (recorded_at at time zone 'UTC')::date, track_id, point_id, device_id
    on conflict do nothing`);
  return (res as { rowCount?: number; affectedRows?: number }).rowCount ?? (res as { affectedRows?: number }).affectedRows ?? 0;
}

/** What a task's daily counts depend on: its owner, slot day, track, robot, status and timeout. */
export type TaskState = Pick<typeof robotTasks.$inferSelect, "tenantId" | "projectId" | "slotAt" | "trackId" | "deviceId" | "patrolStatus" | "timeout">;
/** The columns of a task its daily counts depend on (for a writer's `returning`). */
export const taskState = { tenantId: robotTasks.tenantId, projectId: robotTasks.projectId, slotAt: robotTasks.slotAt, trackId: robotTasks.trackId, deviceId: robotTasks.deviceId, patrolStatus: robotTasks.patrolStatus, timeout: robotTasks.timeout };

/**
 * Moves tasks in the daily counts: takes `before` away and adds `after` (a new task: none before; a
 * deleted one: none after; a change of status: the task as it was and as it is). Every writer of
 * `robot_tasks` calls it in its transaction with the rows its conditional write answered, so two
 * instances never count one change twice. Counts that do not move write nothing.
 */
export async function moveTaskDays(db: Db, before: TaskState[], after: TaskState[]): Promise<void> {
  const days = new Map<string, typeof robotTaskDays.$inferInsert>();
  const add = (t: TaskState, sign: 1 | -1) => {
    const day = utcDay(t.slotAt);
    const key = `${t.tenantId}|${t.projectId}|${day}|${t.trackId}|${t.deviceId}`;
    const d = days.get(key) ?? { tenantId: t.tenantId, projectId: t.projectId, day, trackId: t.trackId, deviceId: t.deviceId, tasks: 0, done: 0, expired: 0, abnormal: 0, timeouts: 0 };
    d.tasks += sign;
    if (t.patrolStatus === PATROL_STATUS.done) d.done += sign;
    if (t.patrolStatus === PATROL_STATUS.expired) d.expired += sign;
    if (t.patrolStatus === PATROL_STATUS.abnormal) d.abnormal += sign;
    if (t.timeout === 1) d.timeouts += sign;
    days.set(key, d);
  };
  for (const t of before) add(t, -1);
  for (const t of after) add(t, 1);
  // In key order, so two writers moving the same days lock their rows in one order (no deadlock between them).
  const moved = [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, d]) => d)
    .filter((d) => d.tasks || d.done || d.expired || d.abnormal || d.timeouts);
  if (!moved.length) return;
  const plus = (c: string) => sql.raw(`"robot_task_days"."${c}" + excluded."${c}"`);
  for (let i = 0; i < moved.length; i += 2000) {
    await db
      .insert(robotTaskDays)
      .values(moved.slice(i, i + 2000))
      .onConflictDoUpdate({
        target: [robotTaskDays.tenantId, robotTaskDays.projectId, robotTaskDays.day, robotTaskDays.trackId, robotTaskDays.deviceId],
        set: { tasks: plus("tasks"), done: plus("done"), expired: plus("expired"), abnormal: plus("abnormal"), timeouts: plus("timeouts") },
      });
  }
}

/**
 * Builds the tasks' daily counts from the tasks when there are none yet (the first start after they
 * were added): one statement, conflicts left alone so two instances starting together agree. Answers
 * the rows written.
 */
export async function backfillTaskDays(db: Db): Promise<number> {
  const [has] = await db.select({ one: sql`1` }).from(robotTaskDays).limit(1);
  if (has) return 0;
  const [any] = await db.select({ one: sql`1` }).from(robotTasks).limit(1);
  if (!any) return 0;
  const res = await db.execute(sql`
    insert into robot_task_days (tenant_id, project_id, day, track_id, device_id, tasks, done, expired, abnormal, timeouts)
    select tenant_id, project_id, (slot_at at time zone 'UTC')::date, track_id, device_id, count(*)::int,
           (count(*) filter (where patrol_status = ${PATROL_STATUS.done}))::int, (count(*) filter (where patrol_status = ${PATROL_STATUS.expired}))::int,
           (count(*) filter (where patrol_status = ${PATROL_STATUS.abnormal}))::int, (count(*) filter (where timeout = 1))::int
    from robot_tasks
    group by tenant_id, project_id, (slot_at at time zone 'UTC')::date, track_id, device_id
    on conflict do nothing`);
  return (res as { rowCount?: number; affectedRows?: number }).rowCount ?? (res as { affectedRows?: number }).affectedRows ?? 0;
}

/**
 * A filter's range split at UTC midnights: the whole days [firstDay, endDay) inside [from, to], read
 * from a roll-up, and the part days at its edges (less than a day each), read from the rows.
 */
function daySplit(from: Date | null, to: Date | null) {
  const firstDay = from ? new Date(Math.ceil(from.getTime() / DAY_MS) * DAY_MS) : null;
  const endDay = to ? new Date(Math.floor(to.getTime() / DAY_MS) * DAY_MS) : null;
  const wholeDays = !(firstDay && endDay && firstDay >= endDay);
  /** The rows outside the whole days: before the first one and from the last one's end (all of them in range when there is none). */
  const edges = (at: PgColumn): (SQL | undefined)[] =>
    wholeDays
      ? [...(firstDay ? [and(from ? gte(at, from) : undefined, lt(at, firstDay))] : []), ...(endDay ? [and(gte(at, endDay), to ? lte(at, to) : undefined)] : [])]
      : [and(gte(at, from!), lte(at, to!))];
  const dayConds = (day: PgColumn): SQL[] => [...(firstDay ? [gte(day, utcDay(firstDay))] : []), ...(endDay ? [lt(day, utcDay(endDay))] : [])];
  return { wholeDays, edges, dayConds };
}

type TaskCounted = { deviceId: number; tasks: number; done: number; expired: number; abnormalTasks: number; timeouts: number };

/**
 * Tasks by outcome per robot over a statistic's filter (by slot): the whole UTC days from the daily
 * counts, the part days at the edges from the tasks. Exact for any range and zone, and bounded by
 * days × tracks × robots rather than by tasks.
 */
async function taskCounts(db: Db, scope: StatScope, q: StatisticsQuery): Promise<TaskCounted[]> {
  const split = daySplit(timeOf(q.startTime, false, scope.zone), timeOf(q.endTime, true, scope.zone));
  const days = robotTaskDays;
  const rolled = split.wholeDays
    ? await db
        .select({
          deviceId: days.deviceId,
          tasks: sql<number>`sum(${days.tasks})::int`,
          done: sql<number>`sum(${days.done})::int`,
          expired: sql<number>`sum(${days.expired})::int`,
          abnormalTasks: sql<number>`sum(${days.abnormal})::int`,
          timeouts: sql<number>`sum(${days.timeouts})::int`,
        })
        .from(days)
        .where(and(eq(days.tenantId, scope.tenantId), eq(days.projectId, scope.projectId), ...split.dayConds(days.day), ...(q.trackId ? [eq(days.trackId, q.trackId)] : []), ...(q.deviceId ? [eq(days.deviceId, q.deviceId)] : [])))
        .groupBy(days.deviceId)
    : [];
  const edges = split.edges(robotTasks.slotAt);
  const raw = edges.length
    ? await db
        .select({
          deviceId: robotTasks.deviceId,
          tasks: sql<number>`count(*)::int`,
          done: sql<number>`(count(*) filter (where ${robotTasks.patrolStatus} = ${PATROL_STATUS.done}))::int`,
          expired: sql<number>`(count(*) filter (where ${robotTasks.patrolStatus} = ${PATROL_STATUS.expired}))::int`,
          abnormalTasks: sql<number>`(count(*) filter (where ${robotTasks.patrolStatus} = ${PATROL_STATUS.abnormal}))::int`,
          timeouts: sql<number>`(count(*) filter (where ${robotTasks.timeout} = 1))::int`,
        })
        .from(robotTasks)
        .where(and(eq(robotTasks.tenantId, scope.tenantId), eq(robotTasks.projectId, scope.projectId), or(...edges), ...(q.trackId ? [eq(robotTasks.trackId, q.trackId)] : []), ...(q.deviceId ? [eq(robotTasks.deviceId, q.deviceId)] : [])))
        .groupBy(robotTasks.deviceId)
    : [];
  const merged = new Map<number, TaskCounted>();
  for (const r of [...rolled, ...raw]) {
    const m = merged.get(r.deviceId);
    if (!m) merged.set(r.deviceId, { ...r });
    else for (const k of ["tasks", "done", "expired", "abnormalTasks", "timeouts"] as const) m[k] += r[k];
  }
  // A robot whose days all cancelled out (its tasks deleted) has no tasks in range.
  return [...merged.values()].filter((r) => r.tasks !== 0).sort((a, b) => a.deviceId - b.deviceId);
}

type Counted = { key: number; total: number; abnormal: number; lastTime: string | null; trackName: string; pointName: string; deviceName: string };

/**
 * Readings and abnormal ones per point or per robot over a statistic's filter: the whole UTC days of
 * the range from the roll-up, the part days at its edges (less than a day each) from the records.
 * Exact for any range and zone, and bounded by days × points × robots rather than by records.
 */
async function recordCounts(db: Db, scope: StatScope, q: StatisticsQuery, by: "point" | "device"): Promise<Counted[]> {
  const split = daySplit(timeOf(q.startTime, false, scope.zone), timeOf(q.endTime, true, scope.zone));
  const days = robotRecordDays, recs = robotRecords;
  const dayKey = by === "point" ? days.pointId : days.deviceId;
  const recKey = by === "point" ? recs.pointId : recs.deviceId;
  const latest = (c: PgColumn) => sql<string>`(array_agg(${c} order by ${recs.recordedAt} desc, ${recs.id} desc))[1]`;
  const latestDay = (c: PgColumn) => sql<string>`(array_agg(${c} order by ${days.lastAt} desc))[1]`;
  const rolled = split.wholeDays
    ? await db
        .select({ key: dayKey, total: sql<number>`sum(${days.total})::int`, abnormal: sql<number>`sum(${days.abnormal})::int`, lastTime: sql<string | null>`max(${days.lastAt})`, trackName: latestDay(days.trackName), pointName: latestDay(days.pointName), deviceName: latestDay(days.deviceName) })
        .from(days)
        .where(
          and(
            eq(days.tenantId, scope.tenantId),
            eq(days.projectId, scope.projectId),
            ...split.dayConds(days.day),
            ...(q.trackId ? [eq(days.trackId, q.trackId)] : []),
            ...(q.deviceId ? [eq(days.deviceId, q.deviceId)] : []),
          ),
        )
        .groupBy(dayKey)
    : [];
  const edges = split.edges(recs.recordedAt);
  const raw = edges.length
    ? await db
        .select({ key: recKey, total: sql<number>`count(*)::int`, abnormal: sql<number>`(count(*) filter (where ${recs.inspectStatus} = 1))::int`, lastTime: sql<string | null>`max(${recs.recordedAt})`, trackName: latest(recs.trackName), pointName: latest(recs.pointName), deviceName: latest(recs.deviceName) })
        .from(recs)
        .where(and(eq(recs.tenantId, scope.tenantId), eq(recs.projectId, scope.projectId), or(...edges), ...(q.trackId ? [eq(recs.trackId, q.trackId)] : []), ...(q.deviceId ? [eq(recs.deviceId, q.deviceId)] : [])))
        .groupBy(recKey)
    : [];
  const merged = new Map<number, Counted>();
  for (const r of [...rolled, ...raw]) {
    const m = merged.get(r.key);
    const at = r.lastTime === null ? null : new Date(r.lastTime).toISOString();
    if (!m) merged.set(r.key, { ...r, lastTime: at });
    else {
      m.total += r.total;
      m.abnormal += r.abnormal;
      if (at && (!m.lastTime || at > m.lastTime)) Object.assign(m, { lastTime: at, trackName: r.trackName, pointName: r.pointName, deviceName: r.deviceName });
    }
  }
  return [...merged.values()].sort((a, b) => a.key - b.key);
}

/**
 * Per point: readings, normal and abnormal ones, the last one's time (the point statistics page);
 * names in `locale` as the point and its track are called now, a deleted point's as its latest reading carried them.
 */
export async function pointStatistics(db: Db, scope: StatScope, q: StatisticsQuery, locale: Locale): Promise<PointStat[]> {
  const rows = await recordCounts(db, scope, q, "point");
  const ids = rows.map((r) => r.key);
  const names = new Map(
    (ids.length
      ? await db
          .select({ id: robotPoints.id, pointName: robotPointNameIn(locale), trackName: trackNameIn(locale) })
          .from(robotPoints)
          .innerJoin(robotTracks, eq(robotTracks.id, robotPoints.trackId))
          .where(and(eq(robotPoints.tenantId, scope.tenantId), eq(robotPoints.projectId, scope.projectId), inArray(robotPoints.id, ids)))
      : []
    ).map((p) => [p.id, p]),
  );
  return rows.map((r) => ({ pointId: r.key, pointName: names.get(r.key)?.pointName ?? r.pointName, trackName: names.get(r.key)?.trackName ?? r.trackName, total: r.total, normal: r.total - r.abnormal, abnormal: r.abnormal, lastTime: r.lastTime }));
}

/** Per task: points done, readings and abnormal ones, minutes run (the task statistics page), newest first. */
export async function taskStatistics(db: Db, scope: StatScope, q: StatisticsQuery, locale: Locale, limit = 1000): Promise<TaskStat[]> {
  const rows = await db
    .select({
      taskId: robotTasks.id,
      taskName: taskNameIn(locale),
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
export async function timeoutStatistics(db: Db, scope: StatScope, q: StatisticsQuery, locale: Locale, limit = 1000): Promise<TimeoutStat[]> {
  const rows = await db
    .select({
      taskId: robotTasks.id,
      taskName: taskNameIn(locale),
      deviceName: sql<string>`coalesce((select ${qualifiedIn(locale, devices.deviceName, devices.i18n, "deviceName")} from ${devices} where ${qualified(devices.id)} = ${qualified(robotTasks.deviceId)}), '')`,
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
  const tasks = await taskCounts(db, scope, q);
  const records = (await recordCounts(db, scope, q, "device")).map((r) => ({ deviceId: r.key, deviceName: r.deviceName, total: r.total, abnormal: r.abnormal }));
  const ids = [...new Set([...tasks.map((t) => t.deviceId), ...records.map((r) => r.deviceId)])].sort((a, b) => a - b);
  const names = new Map((ids.length ? await db.select({ id: devices.id, name: deviceNameIn(locale) }).from(devices).where(sql`${devices.id} in ${ids}`) : []).map((d) => [d.id, d.name]));
  return ids.map((id) => {
    const t = tasks.find((x) => x.deviceId === id);
    const r = records.find((x) => x.deviceId === id);
    return { deviceId: id, deviceName: names.get(id) ?? r?.deviceName ?? "", tasks: t?.tasks ?? 0, done: t?.done ?? 0, expired: t?.expired ?? 0, abnormalTasks: t?.abnormalTasks ?? 0, timeouts: t?.timeouts ?? 0, total: r?.total ?? 0, abnormal: r?.abnormal ?? 0 };
  });
}

/** A track with its points' marks, in the order the marker lists them (inspectionPointGetTrackMarkList). */
export async function trackMarksOf(db: Db, t: typeof robotTracks.$inferSelect, locale: Locale): Promise<TrackMarks> {
  const points = await db
    .select({ id: robotPoints.id, pointName: robotPointNameIn(locale), markPosition: robotPoints.markPosition, pointType: robotPoints.pointType, position: robotPoints.position, sort: robotPoints.sort })
    .from(robotPoints)
    .where(and(eq(robotPoints.tenantId, t.tenantId), eq(robotPoints.projectId, t.projectId), eq(robotPoints.trackId, t.id)))
    .orderBy(asc(robotPoints.sort), asc(robotPoints.id));
  return { trackInfo: { id: t.id, trackName: textIn(locale, t.trackName, t.i18n?.trackName), trackMap: t.trackMap, trackLength: t.trackLength, mapScale: t.mapScale }, pointList: points };
}

/** The track a robot runs on: its running task's, else its plans' (a published one first, then the newest); null when none. */
export async function robotTrackOf(db: Db, device: { id: number; tenantId: number }): Promise<typeof robotTracks.$inferSelect | null> {
  const [running] = await db
    .select({ trackId: robotTasks.trackId })
    .from(robotTasks)
    .where(and(eq(robotTasks.tenantId, device.tenantId), eq(robotTasks.deviceId, device.id), eq(robotTasks.patrolStatus, PATROL_STATUS.running)))
    .limit(1);
  const [plan] = running
    ? [running]
    : await db
        .select({ trackId: robotPlans.trackId })
        .from(robotPlans)
        .where(and(eq(robotPlans.tenantId, device.tenantId), eq(robotPlans.deviceId, device.id)))
        .orderBy(desc(robotPlans.publishStatus), desc(robotPlans.id))
        .limit(1);
  if (!plan) return null;
  const [track] = await db.select().from(robotTracks).where(and(eq(robotTracks.tenantId, device.tenantId), eq(robotTracks.id, plan.trackId)));
  return track ?? null;
}
