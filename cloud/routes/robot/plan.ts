import { and, count, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { PATROL_STATUS, PLAN_ENABLED, POINT_TYPE, PUBLISH_STATUS, REPETITION } from "@/lib/contract/robot/enums";
import { plan, planApi, planTimeOf, type Plan } from "@/lib/contract/robot/plan";
import { devices, robotPlans, robotPoints, robotTasks, robotTracks } from "../../db/schema";
import { rowMapper } from "../../lib/crud";
import { crudRoutes } from "../../lib/crud-routes";
import type { Ctx } from "../../lib/context";
import { badRequest } from "../../lib/http";
import { projectOf, projectRow } from "../../lib/project-context";
import { serve } from "../../lib/serve";
import { slotsOf } from "../../robot/scheduler";
import { trackOf } from "./track";

/**
 * Scheme status (core §4) as of the database's now: 0 not started before the start; 2 done once its
 * end has passed or its one task finished; 3 expired when its one task expired; else 1 running.
 */
const schemeStatus = sql<number>`(case
  when ${robotPlans.startAt} > now() then 0
  when ${robotPlans.repetition} = ${REPETITION.once} and exists (select 1 from ${robotTasks} where ${robotTasks.schemeId} = ${robotPlans.id} and ${robotTasks.patrolStatus} = ${PATROL_STATUS.expired}) then 3
  when ${robotPlans.repetition} = ${REPETITION.once} and exists (select 1 from ${robotTasks} where ${robotTasks.schemeId} = ${robotPlans.id} and ${robotTasks.patrolStatus} in (${PATROL_STATUS.done}, ${PATROL_STATUS.abnormal})) then 2
  when ${robotPlans.endAt} is not null and ${robotPlans.endAt} <= now() then 2
  else 1 end)::int`;

const extra = {
  trackName: sql<string>`(select ${robotTracks.trackName} from ${robotTracks} where ${robotTracks.id} = ${robotPlans.trackId})`,
  deviceName: sql<string>`(select ${devices.deviceName} from ${devices} where ${devices.id} = ${robotPlans.deviceId})`,
  taskCount: sql<number>`(select count(*)::int from ${robotTasks} where ${robotTasks.schemeId} = ${robotPlans.id})`,
  schemeStatus,
};

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
  unique: [{ field: "schemeName", error: "cloud.robot.planTaken" }],
  values: async (c, input, partial, before) => {
    // A published plan is revoked before it is changed: the robot runs what was published.
    if (before && PUBLISHED.includes(before.publishStatus as number)) throw badRequest("cloud.robot.planPublished");
    if (input.trackId !== undefined) await trackOf(c, input.trackId);
    if (input.deviceId !== undefined) await robotOf(c, input.deviceId);
    const out: Record<string, unknown> = {};
    if (typeof input.startTime === "string" && input.startTime !== before?.startTime) {
      out.startAt = new Date(planTimeOf(input.startTime));
      assertLater(c, (out.startAt as Date).getTime());
    }
    if (input.endTime !== undefined) {
      out.endAt = input.endTime ? new Date(planTimeOf(input.endTime as string)) : null;
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
  },
});

const toPlan = rowMapper<typeof plan.fields, Plan>(plan);
async function answerPlan(c: Ctx, id: number): Promise<Plan> {
  const [row] = await c.var.deps.db.select({ ...getTableColumns(robotPlans), ...extra }).from(robotPlans).where(projectOf(c).where(robotPlans, eq(robotPlans.id, id)));
  return toPlan(row);
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
      await tx.update(robotTasks).set({ patrolStatus: PATROL_STATUS.expired, updatedAt: now }).where(and(eq(robotTasks.schemeId, p.id), eq(robotTasks.patrolStatus, PATROL_STATUS.notStarted)));
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
