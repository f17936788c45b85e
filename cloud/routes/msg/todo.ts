import { and, count, eq } from "drizzle-orm";
import { ALARM_STATUS } from "@/lib/contract/alarm/enums";
import { todoApi, todoItem } from "@/lib/contract/message";
import { takeStep } from "../../db/queries/alarm-workflow";
import { visibleProject } from "../../db/queries/projects";
import { alarms, todos } from "../../db/schema";
import type { Ctx } from "../../lib/context";
import { badRequest, forbidden, notFound } from "../../lib/http";
import { serve } from "../../lib/serve";
import { tenantScope } from "../../lib/scope";
import { actorOf, alarmInfo, attachmentsOf } from "../../lib/alarm-info";
import { mine, minePage, toItem } from "../../lib/inbox";

const ALARM_MSG_TYPES = new Set(["ala", "alaManual"]);

/**
 * The caller's to-do and the alarm it is about. The to-do names its alarm, so the alarm's project
 * (not the one picked in the header) must be one the caller may see; `status` is the to-do status
 * the action needs (1 to handle, 2 to review).
 */
async function todoAlarm(c: Ctx, id: number, status?: number) {
  const { db } = c.var.deps;
  const [todo] = await db.select().from(todos).where(and(mine(c.var.auth, todos), eq(todos.id, id)));
  if (!todo || !todo.bizId || !ALARM_MSG_TYPES.has(todo.msgType)) throw notFound();
  const where = tenantScope(c.var.auth).where(alarms, eq(alarms.id, todo.bizId));
  const [alarm] = await db.select({ id: alarms.id, status: alarms.status, projectId: alarms.projectId }).from(alarms).where(where);
  if (!alarm) throw notFound();
  if (alarm.projectId !== null && !(await visibleProject(db, c.var.auth, alarm.projectId))) throw forbidden();
  if (status !== undefined && todo.todoStatus !== status) throw badRequest("cloud.alarmCentre.todoNotOpen", { status: `@enums.todoStatus.${todo.todoStatus}` });
  return { alarm, where };
}

/** `msg/todo/*`: the caller's to-dos (header popover, to-do centre) and the alarm steps taken from them. */
export const todoServed = [
  serve(todoApi.page, minePage(todos, todoItem)),
  serve(todoApi.nums, async (c) => {
    const rows = await c.var.deps.db
      .select({ status: todos.todoStatus, n: count() })
      .from(todos)
      .where(mine(c.var.auth, todos))
      .groupBy(todos.todoStatus);
    const n = (s: number) => rows.find((r) => r.status === s)?.n ?? 0;
    return { pending: n(1), review: n(2), handled: n(3) };
  }),
  serve(todoApi.info, async (c, { id }) => {
    const [row] = await c.var.deps.db.select().from(todos).where(and(mine(c.var.auth, todos), eq(todos.id, id)));
    if (!row) throw notFound();
    return toItem(c.var.locale)(row);
  }),
  serve(todoApi.alaInfo, async (c, { id }) => {
    const { where } = await todoAlarm(c, id);
    return alarmInfo(c, where);
  }),
  serve(todoApi.addOper, async (c, b) => {
    const { alarm, where } = await todoAlarm(c, b.id, 1);
    const { db, now } = c.var.deps;
    const actor = actorOf(c);
    // A pending alarm is accepted by whoever hands in its result: both steps are recorded.
    if (alarm.status === ALARM_STATUS.pending) await takeStep(db, where, "accept", actor, {}, now());
    const after = await takeStep(db, where, "handle", actor, { remark: b.remark, attachments: attachmentsOf({ files: b.files }) }, now());
    return { id: after.id, status: after.status };
  }),
  serve(todoApi.addCheck, async (c, b) => {
    const { where } = await todoAlarm(c, b.id, 2);
    const after = await takeStep(c.var.deps.db, where, b.checkResult === 1 ? "approve" : "reject", actorOf(c), { remark: b.remark }, c.var.deps.now());
    return { id: after.id, status: after.status };
  }),
];
