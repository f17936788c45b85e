import { and, count, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { PATROL_STATUS, PLAN_ENABLED, POINT_TYPE, PUBLISH_STATUS, REPETITION, SCHEME_STATUS } from "@/lib/contract/robot/enums";
import { plan, planApi, planTimeOf, type Plan } from "@/lib/contract/robot/plan";
import { tenantZone } from "../../db/queries/company";
import { devices, robotPlans, robotPoints, robotTasks, robotTracks } from "../../db/schema";
import { rowMapper } from "../../lib/crud";
import { moveTaskDays, qualified, qualifiedIn, taskState } from "../../db/queries/robots";
import { crudRoutes } from "../../lib/crud-routes";
import { localized } from "../../lib/i18n-text";
import type { Locale } from "@/lib/contract/locale";
import type { Ctx } from "../../lib/context";
import { badRequest } from "../../lib/http";
import { projectOf, projectRow } from "../../lib/project-context";
import { serve } from "../../lib/serve";
import { slotsOf } from "../../robot/scheduler";
import { trackOf } from "./track";

/**
 * Scheme status (core §4) at the cloud's now: 0 not started before the start; 2 done once its end has
 * passed or its one task finished; 3 expired when its one task expired; else 1 running.
 */
function schemeStatusOf(r: Record<string, unknown>, now: Date): number {
  if ((r.startAt as Date) > now) return SCHEME_STATUS.notStarted;
  const last = r.lastPatrol as number | null;
  if (r.repetition === REPETITION.once && last === PATROL_STATUS.expired) return SCHEME_STATUS.expired;
  if (r.repetition === REPETITION.once && (last === PATROL_STATUS.done || last === PATROL_STATUS.abnormal)) return SCHEME_STATUS.done;
  if (r.endAt && (r.endAt as Date) <= now) return SCHEME_STATUS.done;
  return SCHEME_STATUS.running;
}

const toPlan = rowMapper<typeof plan.fields, Plan>(plan);
const extra = (locale: Locale) => ({
  trackName: sql<string>`(select ${qualifiedIn(locale, robotTracks.trackName, robotTracks.i18n, "trackName")} from ${robotTracks} where ${qualified(robotTracks.id)} = ${qualified(robotPlans.trackId)})`,
  deviceName: sql<string>`(select ${qualifiedIn(locale, devices.deviceName, devices.i18n, "deviceName")} from ${devices} where ${qualified(devices.id)} = ${qualified(robotPlans.deviceId)})`,
  taskCount: sql<number>`(select count(*)::int from ${robotTasks} where ${qualified(robotTasks.schemeId)} = ${qualified(robotPlans.id)})`,
  lastPatrol: sql<number | null>`(select ${qualified(robotTasks.patrolStatus)} from ${robotTasks} where ${qualified(robotTasks.schemeId)} = ${qualified(robotPlans.id)} order by ${qualified(robotTasks.slotAt)} desc limit 1)`,
});

/** The rule of core §5: a plan's time must be later than now (a minute's grace for the form's round trip). */
function assertLater(c: Ctx, at: number) {
  if (at < c.var.deps.now().getTime() - 60_000) throw badRequest("cloud.robot.planInPast");
}
const PUBLISHED: number[] = [PUBLISH_STATUS.published, PUBLISH_STATUS.publishing];

async function robotOf(c: Ctx, id: unknown) {
  const [d] = await c.var.deps.db.select({ id: devices.id }).from(devices).where(projectOf(c).where(devices, eq(devices.id, Number(id))));
  if (!d) throw badRequest("cloud.robot.robotUnknown");
}

export const planRoutes = crudRoutes<typeof plan.fields, Plan>({
  table: robotPlans,
  entity: plan,
  calls: planApi,
  extra,
  answer: async (c, rows) => rows.map((r) => toPlan({ ...localized(c.var.locale, r), schemeStatus: schemeStatusOf(r, c.var.deps.now()) })),
  unique: [{ field: "schemeName", error: "cloud.robot.planTaken" }],
  values: async (c, input, partial, before) => {
    // A published plan is revoked before it is changed: the robot runs what was published.
    if (before && PUBLISHED.includes(before.publishStatus as number)) throw badRequest("cloud.robot.planPublished");
    if (input.trackId !== undefined) await trackOf(c, input.trackId);
    if (input.deviceId !== undefined) await robotOf(c, input.deviceId);
    const out: Record<string, unknown> = {};
    const zone = await tenantZone(c.var.deps.db, c.var.auth.tenantId);
    if (typeof input.startTime === "string" && input.startTime !== before?.startTime) {
      out.startAt = new Date(planTimeOf(input.startTime, zone));
      assertLater(c, (out.startAt as Date).getTime());
    }
    if (input.endTime !== undefined) {
      out.endAt = input.endTime ? new Date(planTimeOf(input.endTime as string, zone)) : null;
      if (out.endAt) assertLater(c, (out.endAt as Date).getTime());
    }
    const start = (out.startAt as Date | undefined) ?? (before?.startAt as Date | undefined);
    const end = out.endAt !== undefined ? (out.endAt as Date | null) : (before?.endAt as Date | null | undefined);
    if (partial && start && end && end <= start) throw badRequest("validation.endBeforeStart");
    return out;
  },
  beforeDelete: async (c, ids) => {
    const [{ n }] = await c.var.deps.db.select({ n: count() }).from(robotPlans).where(projectOf(c).where(robotPlans, inArray(robotPlans.id, ids), inArray(robotPlans.publishStatus, PUBLISHED)));
    if (n) throw badRequest("cloud.robot.planPublished");
    // The plans' tasks go with them (the cascade would take them unseen): deleted here with their days' counts, in one transaction.
    await c.var.deps.db.transaction(async (tx) => {
      const gone = await tx.delete(robotTasks).where(projectOf(c).where(robotTasks, inArray(robotTasks.schemeId, ids))).returning(taskState);
      await moveTaskDays(tx, gone, []);
    });
  },
});

async function answerPlan(c: Ctx, id: number): Promise<Plan> {
  const [row] = await c.var.deps.db.select({ ...getTableColumns(robotPlans), ...extra(c.var.locale) }).from(robotPlans).where(projectOf(c).where(robotPlans, eq(robotPlans.id, id)));
  return toPlan({ ...localized(c.var.locale, row), schemeStatus: schemeStatusOf(row, c.var.deps.now()) });
}

/** publish, revoke, terminate / enable (core §4), and the next slots of a plan. */
export const planServed = [
  ...planRoutes,
  serve(planApi.publish, async (c, { id }) => {
    const p = await projectRow(c, robotPlans, id);
    if (p.publishStatus === PUBLISH_STATUS.published) throw badRequest("cloud.robot.planPublished");
    const now = c.var.deps.now();
    // Nothing left to run: a once plan whose time has passed, or a plan past its end.
    if ((p.repetition === REPETITION.once && p.startAt.getTime() < now.getTime() - 60_000) || (p.endAt && p.endAt <= now)) throw badRequest("cloud.robot.planInPast");
    const [{ n }] = await c.var.deps.db.select({ n: count() }).from(robotPoints).where(projectOf(c).where(robotPoints, eq(robotPoints.trackId, p.trackId), eq(robotPoints.pointType, POINT_TYPE.inspection)));
    if (!n) throw badRequest("cloud.robot.noPoints");
    await c.var.deps.db.update(robotPlans).set({ publishStatus: PUBLISH_STATUS.published, slotFrom: p.slotFrom && p.slotFrom > now ? p.slotFrom : now, updatedAt: now }).where(eq(robotPlans.id, p.id));
    return answerPlan(c, p.id);
  }),
  serve(planApi.revoke, async (c, { id }) => {
    const p = await projectRow(c, robotPlans, id);
    if (!PUBLISHED.includes(p.publishStatus)) throw badRequest("cloud.robot.planNotPublished");
    const now = c.var.deps.now();
    await c.var.deps.db.transaction(async (tx) => {
      await tx.update(robotPlans).set({ publishStatus: PUBLISH_STATUS.unpublished, updatedAt: now }).where(eq(robotPlans.id, p.id));
      // Tasks not started yet are not run: the plan is no longer published.
      const moved = await tx.update(robotTasks).set({ patrolStatus: PATROL_STATUS.expired, updatedAt: now }).where(and(eq(robotTasks.schemeId, p.id), eq(robotTasks.patrolStatus, PATROL_STATUS.notStarted))).returning(taskState);
      await moveTaskDays(tx, moved.map((r) => ({ ...r, patrolStatus: PATROL_STATUS.notStarted })), moved);
    });
    return answerPlan(c, p.id);
  }),
  serve(planApi.enable, async (c, { id, enableStatus }) => {
    const p = await projectRow(c, robotPlans, id);
    const now = c.var.deps.now();
    // Enabling generates tasks from now on: the span it was terminated is not caught up.
    const set = enableStatus === PLAN_ENABLED.enabled ? { enableStatus, slotFrom: p.enableStatus === PLAN_ENABLED.enabled ? p.slotFrom : now, updatedAt: now } : { enableStatus, updatedAt: now };
    await c.var.deps.db.update(robotPlans).set(set).where(eq(robotPlans.id, p.id));
    return answerPlan(c, p.id);
  }),
  serve(planApi.slots, async (c, { id }) => {
    const p = await projectRow(c, robotPlans, id);
    const now = c.var.deps.now();
    const horizon = new Date(now.getTime() + 366 * 86_400_000);
    return slotsOf(p, now, horizon, 5).map((d) => d.toISOString());
  }),
];
