import { and, count, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { ROBOT_PROPS } from "@/lib/contract/robot/robot";
import { PATROL_STATUS, RUN_STATUS } from "@/lib/contract/robot/enums";
import { task, taskApi, type InspectionTask } from "@/lib/contract/robot/task";
import { markAt } from "@/lib/contract/robot/track";
import { devices, robotPlans, robotPoints, robotTasks, robotTracks, telemetryLatest } from "../../db/schema";
import { rowMapper } from "../../lib/crud";
import { moveTaskDays, qualified, qualifiedIn, taskState, type TaskState } from "../../db/queries/robots";
import { crudRoutes } from "../../lib/crud-routes";
import { localized } from "../../lib/i18n-text";
import type { Locale } from "@/lib/contract/locale";
import { badRequest } from "../../lib/http";
import { projectOf, projectRow } from "../../lib/project-context";
import { serve } from "../../lib/serve";
import { deviceNameIn } from "../../db/queries/names";

const extra = (locale: Locale) => ({
  schemeName: sql<string>`(select ${qualifiedIn(locale, robotPlans.schemeName, robotPlans.i18n, "schemeName")} from ${robotPlans} where ${qualified(robotPlans.id)} = ${qualified(robotTasks.schemeId)})`,
  trackName: sql<string>`(select ${qualifiedIn(locale, robotTracks.trackName, robotTracks.i18n, "trackName")} from ${robotTracks} where ${qualified(robotTracks.id)} = ${qualified(robotTasks.trackId)})`,
  deviceName: sql<string>`(select ${qualifiedIn(locale, devices.deviceName, devices.i18n, "deviceName")} from ${devices} where ${qualified(devices.id)} = ${qualified(robotTasks.deviceId)})`,
});
const toTask = rowMapper<typeof task.fields, InspectionTask>(task);

/** inspectionTask: generated tasks of the project; a running one is stopped, not deleted. */
export const taskServed = [
  ...crudRoutes<typeof task.fields, InspectionTask>({
    table: robotTasks,
    entity: task,
    calls: taskApi,
    extra,
    beforeDelete: async (c, ids) => {
      const [{ n }] = await c.var.deps.db.select({ n: count() }).from(robotTasks).where(projectOf(c).where(robotTasks, inArray(robotTasks.id, ids), eq(robotTasks.patrolStatus, PATROL_STATUS.running)));
      if (n) throw badRequest("cloud.robot.taskRunning");
    },
    // Only deleting writes tasks here (no add or update is served): the deleted tasks leave their days' counts.
    afterWrite: async (c, gone) => moveTaskDays(c.var.deps.db, gone as TaskState[], []),
  }),
  serve(taskApi.stop, async (c, { id }) => {
    const t = await projectRow(c, robotTasks, id);
    if (t.patrolStatus !== PATROL_STATUS.running && t.patrolStatus !== PATROL_STATUS.notStarted) throw badRequest("cloud.robot.taskNotRunning");
    const now = c.var.deps.now();
    const db = c.var.deps.db;
    // Running or not started → abnormal: neither of the two is counted apart, so the task as read stands for the one it was.
    await db.transaction(async (tx) => {
      const moved = await tx
        .update(robotTasks)
        .set({ patrolStatus: PATROL_STATUS.abnormal, runStatus: RUN_STATUS.failed, endedAt: now, updatedAt: now })
        .where(and(eq(robotTasks.id, t.id), inArray(robotTasks.patrolStatus, [PATROL_STATUS.running, PATROL_STATUS.notStarted])))
        .returning(taskState);
      await moveTaskDays(tx, moved.map((r) => ({ ...r, patrolStatus: t.patrolStatus })), moved);
    });
    const [row] = await db.select({ ...getTableColumns(robotTasks), ...extra(c.var.locale) }).from(robotTasks).where(eq(robotTasks.id, t.id));
    return toTask(localized(c.var.locale, row));
  }),
  serve(taskApi.nums, async (c) => {
    const rows = await c.var.deps.db.select({ s: robotTasks.patrolStatus, n: count() }).from(robotTasks).where(projectOf(c).where(robotTasks)).groupBy(robotTasks.patrolStatus);
    return { total: rows.reduce((a, r) => a + r.n, 0), byStatus: Object.fromEntries(rows.map((r) => [String(r.s), r.n])) };
  }),
  serve(taskApi.where, async (c, { id }) => {
    const t = await projectRow(c, robotTasks, id);
    const db = c.var.deps.db;
    const [d] = await db.select({ id: devices.id, deviceName: deviceNameIn(c.var.locale), status: devices.status }).from(devices).where(eq(devices.id, t.deviceId));
    const props = await db.select().from(telemetryLatest).where(eq(telemetryLatest.deviceId, t.deviceId));
    const num = (k: string) => props.find((p) => p.identifier === k)?.num ?? null;
    const at = props.filter((p) => (Object.values(ROBOT_PROPS) as string[]).includes(p.identifier)).reduce<Date | null>((a, p) => (!a || p.ts > a ? p.ts : a), null);
    const points = await db.select({ position: robotPoints.position, markPosition: robotPoints.markPosition }).from(robotPoints).where(eq(robotPoints.trackId, t.trackId));
    const position = num(ROBOT_PROPS.position);
    const intOrNull = (v: number | null) => (v === null ? null : Math.round(v));
    return {
      deviceId: t.deviceId,
      deviceName: d?.deviceName ?? "",
      online: d?.status === 2,
      position,
      mark: position === null ? null : markAt(points, position),
      robotState: intOrNull(num(ROBOT_PROPS.state)),
      mode: intOrNull(num(ROBOT_PROPS.mode)),
      battery: num(ROBOT_PROPS.battery),
      pointId: intOrNull(num(ROBOT_PROPS.pointId)),
      taskId: intOrNull(num(ROBOT_PROPS.taskId)),
      reportedAt: at ? at.toISOString() : null,
    };
  }),
];
