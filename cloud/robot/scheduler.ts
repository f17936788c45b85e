import type { I18nTexts } from "@/lib/contract/i18n-text";
import { and, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { cronRuns } from "@/lib/contract/cron";
import { PATROL_STATUS, PLAN_ENABLED, POINT_TYPE, PUBLISH_STATUS, REPETITION, RUN_STATUS, WORK_MODE } from "@/lib/contract/robot/enums";
import { DEFAULT_TIME_ZONE } from "@/lib/time-zone";
import type { Db } from "../db/client";
import { robotPlans, robotPoints, robotTasks } from "../db/schema";
import type { Coordinator } from "../lib/coordination";
import { moveTaskDays, taskState } from "../db/queries/robots";
import { dispatchTasks } from "./records";

/** How often the cluster looks for due slots, timeouts and expired tasks. */
export const PLAN_EVERY_MS = 10_000;
/** The most slots one plan gets in one run (a plan whose cloud was down a year catches up over a few runs). */
export const SLOTS_PER_RUN = 20_000;

type PlanRow = typeof robotPlans.$inferSelect;

/**
 * The plan's slots after `after` (exclusive) up to `until` (inclusive), before its end: its start once,
 * or its cycle's runs on the platform's clock. The scheduler resumes from the plan's last slot, and the
 * runs come from one walk of the cycle (`cronRuns`), so a year of slots costs a year of steps, not more.
 */
export function slotsOf(plan: Pick<PlanRow, "repetition" | "cycle" | "startAt" | "endAt">, after: Date | null, until: Date, max = SLOTS_PER_RUN): Date[] {
  const start = plan.startAt.getTime();
  // The end is exclusive: a slot at the plan's end is not run.
  const last = plan.endAt ? Math.min(plan.endAt.getTime() - 1, until.getTime()) : until.getTime();
  if (plan.repetition === REPETITION.once || !plan.cycle) return start <= last && (!after || start > after.getTime()) ? [plan.startAt] : [];
  // Runs strictly after `from`: the start itself is a slot when the cycle hits it.
  const from = new Date(Math.max(after ? after.getTime() : start - 1000, start - 1000));
  if (from.getTime() >= last) return [];
  return (cronRuns(plan.cycle, from, new Date(last), DEFAULT_TIME_ZONE, max) ?? []).filter((r) => r.getTime() >= start);
}

/** The name a generated task takes: the plan's and the slot's platform time ("巡检A 2026-11-28 08:00"). */
export function taskNameOf(schemeName: string, slot: Date): string {
  const wall = new Intl.DateTimeFormat("sv-SE", { timeZone: DEFAULT_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" }).format(slot);
  return `${schemeName} ${wall}`.slice(0, 100);
}

/** A task's name in each language the plan is named in (none when the plan has one name only). */
export function taskTextsOf(plan: I18nTexts | null, slot: Date): I18nTexts | null {
  const names = Object.entries(plan?.schemeName ?? {}).filter(([, n]) => n);
  return names.length ? { taskName: Object.fromEntries(names.map(([l, n]) => [l, taskNameOf(n!, slot)])) } : null;
}

/**
 * Generates the tasks of every published, enabled, standard-mode plan whose slots are due, once per
 * slot whatever the number of instances: the insert skips a (plan, slot) that exists (unique index),
 * and the plan's `lastSlotAt` only moves forward. A slot whose duration has passed already (the
 * cloud was down) is recorded as expired rather than run late. Answers how many tasks were written.
 */
export async function generateTasks(db: Db, now: Date, planIds?: number[]): Promise<number> {
  const plans = await db
    .select()
    .from(robotPlans)
    .where(
      and(
        eq(robotPlans.publishStatus, PUBLISH_STATUS.published),
        eq(robotPlans.enableStatus, PLAN_ENABLED.enabled),
        eq(robotPlans.workMode, WORK_MODE.standard),
        lte(robotPlans.startAt, now),
        planIds ? inArray(robotPlans.id, planIds) : undefined,
        // A once plan with its one slot written, and a plan past its end with its last slot written, are done.
        or(isNull(robotPlans.lastSlotAt), and(eq(robotPlans.repetition, REPETITION.repeat), or(isNull(robotPlans.endAt), lt(robotPlans.lastSlotAt, robotPlans.endAt)))),
      ),
    );
  if (!plans.length) return 0;
  const tracks = [...new Set(plans.map((p) => p.trackId))];
  const counts = new Map(
    (
      await db
        .select({ trackId: robotPoints.trackId, n: sql<number>`count(*)::int` })
        .from(robotPoints)
        .where(and(inArray(robotPoints.trackId, tracks), eq(robotPoints.pointType, POINT_TYPE.inspection)))
        .groupBy(robotPoints.trackId)
    ).map((r) => [r.trackId, r.n]),
  );
  let written = 0;
  for (const plan of plans) {
    const after = [plan.lastSlotAt, plan.slotFrom].filter((d): d is Date => !!d).sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
    const slots = slotsOf(plan, after, now);
    if (!slots.length) continue;
    const rows = slots.map((slot) => {
      const dueAt = new Date(slot.getTime() + plan.duration * 3600_000);
      const late = dueAt.getTime() <= now.getTime();
      return {
        tenantId: plan.tenantId,
        projectId: plan.projectId,
        schemeId: plan.id,
        trackId: plan.trackId,
        deviceId: plan.deviceId,
        taskName: taskNameOf(plan.schemeName, slot),
        i18n: taskTextsOf(plan.i18n, slot),
        slotAt: slot,
        dueAt,
        duration: plan.duration,
        patrolStatus: late ? PATROL_STATUS.expired : PATROL_STATUS.notStarted,
        runStatus: late ? RUN_STATUS.failed : RUN_STATUS.pending,
        pointTotal: counts.get(plan.trackId) ?? 0,
      };
    });
    for (let i = 0; i < rows.length; i += 2000) {
      // The tasks and their daily counts together; a slot another instance wrote first is counted by it.
      written += await db.transaction(async (tx) => {
        const done = await tx.insert(robotTasks).values(rows.slice(i, i + 2000)).onConflictDoNothing({ target: [robotTasks.schemeId, robotTasks.slotAt] }).returning(taskState);
        await moveTaskDays(tx, [], done);
        return done.length;
      });
    }
    const last = slots[slots.length - 1];
    await db
      .update(robotPlans)
      .set({ lastSlotAt: sql`greatest(${robotPlans.lastSlotAt}, ${last.toISOString()}::timestamptz)` })
      .where(eq(robotPlans.id, plan.id));
  }
  return written;
}

/**
 * Tasks past their time: one not started by the end of its duration expires; a running one past its
 * duration is a timeout (it keeps running, and is counted so). Answers how many changed.
 */
export async function sweepTasks(db: Db, now: Date): Promise<{ expired: number; timedOut: number }> {
  const expired = await db.transaction(async (tx) => {
    const rows = await tx
      .update(robotTasks)
      .set({ patrolStatus: PATROL_STATUS.expired, runStatus: RUN_STATUS.failed, updatedAt: now })
      .where(and(eq(robotTasks.patrolStatus, PATROL_STATUS.notStarted), lte(robotTasks.dueAt, now)))
      .returning(taskState);
    await moveTaskDays(tx, rows.map((r) => ({ ...r, patrolStatus: PATROL_STATUS.notStarted })), rows);
    return rows;
  });
  const timedOut = await db.transaction(async (tx) => {
    const rows = await tx
      .update(robotTasks)
      .set({ timeout: 1, updatedAt: now })
      .where(and(eq(robotTasks.patrolStatus, PATROL_STATUS.running), eq(robotTasks.timeout, 0), sql`${robotTasks.startedAt} + ${robotTasks.duration} * interval '1 hour' <= ${now.toISOString()}::timestamptz`))
      .returning(taskState);
    await moveTaskDays(tx, rows.map((r) => ({ ...r, timeout: 0 })), rows);
    return rows;
  });
  return { expired: expired.length, timedOut: timedOut.length };
}

/** Registers the plan scheduler with the cluster's jobs: one instance runs it at a time, and the unique slot makes a task once anyway. */
export function schedulePlans(cluster: Coordinator, db: Db, now: () => Date = () => new Date()) {
  return cluster.every(
    "robot-plans",
    PLAN_EVERY_MS,
    async () => {
      const at = now();
      await generateTasks(db, at);
      await sweepTasks(db, at);
      await dispatchTasks(db, at);
    },
    { atStart: true, leaseMs: 60_000 },
  );
}
