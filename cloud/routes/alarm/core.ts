import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { ALARM_STATUS, ALARM_TYPE, type AlarmAttachment } from "@/lib/contract/alarm/enums";
import { alarmCoreApi, alarmRecord, type AlarmRecord, type AlarmStatistics, type DeviceOpenAlarms, type ManualBody, type StatusNums } from "@/lib/contract/alarm/alarm-center";
import { CHECK_PERM, HANDLE_PERM, type Move } from "@/lib/contract/alarm/workflow";
import { displayZone, formatDateTime } from "@/lib/format";
import { zoneLiteral } from "@/lib/time-zone";
import { alarmLevelName, alarmName } from "../../db/queries/alarm-names";
import { raiseAlarm } from "../../db/queries/alarms";
import { alarmsRaised, takeStep } from "../../db/queries/alarm-workflow";
import { alarmLevels, alarmOperations, alarms, devices, projects, todos } from "../../db/schema";
import { actorOf, alarmInfo, alarmRecordOf, alarmSelection, attachmentsOf } from "../../lib/alarm-info";
import { assertPerm } from "../../lib/auth";
import type { Ctx } from "../../lib/context";
import { containsPattern, exportColumns, filterConds, orderOf, pageOf, platformTime } from "../../lib/crud";
import { badRequest, notFound } from "../../lib/http";
import { t } from "../../lib/i18n";
import { projectOf } from "../../lib/project-context";
import { serve } from "../../lib/serve";
import { tenantScope, tenantOf } from "../../lib/scope";
import { visibleProjects } from "../../db/queries/projects";
import { xlsxResponse } from "../../lib/xlsx-export";
import { inboxChanged } from "../../live/bus";

/**
 * `alarm/core/*`: the alarm centre (core §7) of the project chosen in the header, or of all the caller's projects: the list with its status and
 * level counts, statistics, export, one alarm with its chart and timeline, the workflow's steps
 * (oper: accept / handle / review / clear; close with a reason) and manual alarms with their
 * attachments (core §9). Reads need the alarm centre's menu; each step its button's code.
 */

const EXPORT_LIMIT = 100_000;

type Filters = Record<string, unknown>;
/** The list's conditions: the contract's filters, the alarm's name as stored or as shown, and the device by name or SN, in the call's project. */
async function listWhere(c: Ctx, { alarmName: name, ...f }: Filters, ...more: (SQL | undefined)[]): Promise<SQL> {
  const device = typeof f.deviceName === "string" && f.deviceName ? containsPattern(f.deviceName) : null;
  const named = typeof name === "string" && name ? containsPattern(name) : null;
  return scoped(
    c,
    ...filterConds(alarmRecord, alarms, f, c.var.locale),
    named ? or(ilike(alarms.alarmName, named), ilike(alarmName(c.var.locale), named)) : undefined,
    device ? inArray(alarms.deviceId, c.var.deps.db.select({ id: devices.id }).from(devices).where(sql`${ilike(devices.deviceName, device)} or ${ilike(devices.deviceSn, device)}`)) : undefined,
    typeof f.deviceId === "number" ? eq(alarms.deviceId, f.deviceId) : undefined,
    ...more,
  );
}

/** One alarm of the call's project, by id. */
const oneAlarm = (c: Ctx, id: number) => scoped(c, eq(alarms.id, id));

/**
 * The alarms a call sees: those of the project chosen in the header, or without one, those of
 * every project the caller may see (the whole tenant's for project managers).
 */
async function scoped(c: Ctx, ...conds: (SQL | undefined)[]): Promise<SQL> {
  if (c.var.project) return projectOf(c).where(alarms, ...conds);
  const visible = c.var.deps.db.select({ id: projects.id }).from(projects).where(await visibleProjects(c.var.deps.db, c.var.auth));
  return tenantScope(c.var.auth).where(alarms, inArray(alarms.projectId, visible), ...conds);
}

async function step(c: Ctx, id: number, move: Move, input: { remark?: string | null; closeReason?: number | null; attachments?: AlarmAttachment[] }) {
  const after = await takeStep(c.var.deps.db, await oneAlarm(c, id), move, actorOf(c), input, c.var.deps.now());
  return { id: after.id, status: after.status };
}

/** A manual alarm's columns from its form: the level copied in (as a rule's alarm keeps it), the device checked against the project. */
async function manualValues(c: Ctx, input: ManualBody, project: { tenantId: number; projectId: number | null }) {
  const { db } = c.var.deps;
  const [level] = await db.select().from(alarmLevels).where(tenantOf(project.tenantId).where(alarmLevels, eq(alarmLevels.id, input.levelId)));
  if (!level) throw badRequest("cloud.alarmCentre.levelUnknown");
  if (input.deviceId) {
    const [device] = await db.select({ id: devices.id }).from(devices).where(tenantOf(project.tenantId).where(devices, eq(devices.id, input.deviceId), project.projectId === null ? sql`false` : eq(devices.projectId, project.projectId)));
    if (!device) throw badRequest("cloud.alarmCentre.deviceNotInProject");
  }
  const at = input.triggeredAt ? platformTime(input.triggeredAt.replace("T", " "), false) : c.var.deps.now();
  if (at.getTime() > c.var.deps.now().getTime() + 60_000) throw badRequest("cloud.alarmCentre.futureTime");
  return { level, at, attachments: attachmentsOf(input) };
}

export const coreServed = [
  serve(alarmCoreApi.page, async (c, q) => {
    const page = await pageOf(c.var.deps.db, alarms, await listWhere(c, q), orderOf(alarmRecord, alarms, q, [desc(alarms.triggeredAt), desc(alarms.id)]), q, alarmSelection(c.var.locale));
    return { records: page.records.map((r) => alarmRecordOf(r)), total: page.total };
  }),
  serve(alarmCoreApi.statusNums, async (c, { status: _status, ...q }) => {
    const rows = await c.var.deps.db.select({ status: alarms.status, n: count() }).from(alarms).where(await listWhere(c, q)).groupBy(alarms.status);
    const nums: StatusNums = { "": rows.reduce((s, r) => s + r.n, 0) };
    for (const r of rows) nums[String(r.status)] = r.n;
    return nums;
  }),
  serve(alarmCoreApi.levelNums, async (c, { levelNum: _level, ...q }) => {
    const rows = await c.var.deps.db
      .select({ levelNum: alarms.levelNum, levelName: sql<string | null>`max(${alarmLevelName(c.var.locale)})`, levelColor: sql<string | null>`max(${alarms.levelColor})`, count: count() })
      .from(alarms)
      .where(await listWhere(c, q))
      .groupBy(alarms.levelNum)
      .orderBy(asc(alarms.levelNum));
    return rows;
  }),
  serve(alarmCoreApi.openByDevice, async (c, { deviceIds }) => {
    if (!deviceIds.length) return [];
    const open = [ALARM_STATUS.pending, ALARM_STATUS.handling, ALARM_STATUS.review];
    const rows = await c.var.deps.db
      .select({ deviceId: alarms.deviceId, levelNum: alarms.levelNum, levelName: alarmLevelName(c.var.locale), levelColor: alarms.levelColor })
      .from(alarms)
      .where(await scoped(c, inArray(alarms.deviceId, deviceIds), inArray(alarms.status, open)))
      .orderBy(sql`${alarms.levelNum} desc nulls last`, desc(alarms.id));
    // The first row of a device is its most severe open alarm (the highest level number).
    const byDevice = new Map<number, DeviceOpenAlarms>();
    for (const r of rows) {
      const seen = byDevice.get(r.deviceId!);
      if (seen) seen.count += 1;
      else byDevice.set(r.deviceId!, { deviceId: r.deviceId!, count: 1, levelNum: r.levelNum, levelName: r.levelName, levelColor: r.levelColor });
    }
    return [...byDevice.values()];
  }),
  serve(alarmCoreApi.statistics, async (c, q) => {
    const from = platformTime(q.startTime, false);
    const to = new Date(platformTime(q.endTime, true).getTime() + 1000);
    if (!(from < to)) throw badRequest("cloud.alarmCentre.badRange");
    if (to.getTime() - from.getTime() > 366 * 86400_000) throw badRequest("cloud.alarmCentre.rangeTooLong", { days: 366 });
    const day = sql<string>`to_char(${alarms.triggeredAt} at time zone ${sql.raw(zoneLiteral(displayZone()))}, 'YYYY-MM-DD')`;
    const rows = await c.var.deps.db
      .select({ day, levelNum: alarms.levelNum, levelName: sql<string | null>`max(${alarmLevelName(c.var.locale)})`, levelColor: sql<string | null>`max(${alarms.levelColor})`, n: count() })
      .from(alarms)
      .where(await scoped(c, gte(alarms.triggeredAt, from), lt(alarms.triggeredAt, to)))
      .groupBy(day, alarms.levelNum);
    const days: string[] = [];
    for (let d = new Date(`${q.startTime}T00:00:00Z`); d.toISOString().slice(0, 10) <= q.endTime; d = new Date(d.getTime() + 86400_000)) days.push(d.toISOString().slice(0, 10));
    const levels = new Map<string, AlarmStatistics["levels"][number]>();
    for (const r of rows.sort((a, b) => (a.levelNum ?? 99) - (b.levelNum ?? 99))) {
      const key = String(r.levelNum);
      if (!levels.has(key)) levels.set(key, { levelNum: r.levelNum, levelName: r.levelName, levelColor: r.levelColor, counts: days.map(() => 0) });
      const i = days.indexOf(r.day);
      if (i >= 0) levels.get(key)!.counts[i] += r.n;
    }
    return { days, levels: [...levels.values()] };
  }),
  serve(alarmCoreApi.exportInfo, async (c, f) => {
    const locale = c.var.locale;
    const rows = await c.var.deps.db
      .select(alarmSelection(locale))
      .from(alarms)
      .where(await listWhere(c, f))
      .orderBy(...orderOf(alarmRecord, alarms, f, [desc(alarms.triggeredAt), desc(alarms.id)]))
      .limit(EXPORT_LIMIT);
    const columns = exportColumns<AlarmRecord>(alarmRecord, locale, {
      levelNum: (r) => (r.levelName ? `${r.levelNum ?? ""} ${r.levelName}`.trim() : (r.levelNum ?? "")),
      triggeredAt: (r) => formatDateTime(r.triggeredAt),
    });
    const title = t(locale, "alarm.alarmCentre.title");
    return xlsxResponse(c, `${title}.xlsx`, columns, rows.map((r) => alarmRecordOf(r)), title);
  }),
  serve(alarmCoreApi.info, async (c, { id }) => alarmInfo(c, await oneAlarm(c, id))),
  // Declared with both roles' codes: the step's own is checked here.
  serve(alarmCoreApi.oper, async (c, b) => {
    const db = c.var.deps.db;
    if (b.operType === "review") {
      await assertPerm(db, c.var.auth, CHECK_PERM);
      return step(c, b.id, b.checkResult === 1 ? "approve" : "reject", { remark: b.remark });
    }
    await assertPerm(db, c.var.auth, HANDLE_PERM);
    if (b.operType === "handle") return step(c, b.id, "handle", { remark: b.remark, attachments: attachmentsOf({ files: b.files }) });
    return step(c, b.id, b.operType, { remark: b.remark });
  }),
  serve(alarmCoreApi.close, (c, b) => step(c, b.id, "close", { remark: b.remark, closeReason: b.closeReason })),
  // A manual alarm is raised in the project chosen in the header.
  serve(alarmCoreApi.addManual, async (c, input) => {
    const project = projectOf(c);
    const { level, at, attachments } = await manualValues(c, input, project);
    const db = c.var.deps.db;
    const created = await db.transaction(async (tx) => {
      const { alarm } = await raiseAlarm(tx, {
        tenantId: project.tenantId,
        projectId: project.projectId,
        deviceId: input.deviceId ?? null,
        levelId: level.id,
        alarmName: input.alarmName,
        content: input.content ?? "",
        alarmType: ALARM_TYPE.manual,
        at,
        attachments,
        createdBy: c.var.auth.userId,
      });
      await alarmsRaised(tx, [alarm], actorOf(c), attachments);
      return alarm;
    });
    const [row] = await db.select(alarmSelection(c.var.locale)).from(alarms).where(eq(alarms.id, created.id));
    return alarmRecordOf(row);
  }),
  serve(alarmCoreApi.updManual, async (c, input) => {
    const { db, now } = c.var.deps;
    const [alarm] = await db.select().from(alarms).where(await oneAlarm(c, input.id));
    if (!alarm) throw notFound();
    if (alarm.alarmType !== ALARM_TYPE.manual) throw badRequest("cloud.alarmCentre.manualOnly");
    if (alarm.status !== 1) throw badRequest("cloud.alarmCentre.editOnlyPending");
    const { level, at, attachments } = await manualValues(c, input, { tenantId: alarm.tenantId, projectId: alarm.projectId });
    await db.transaction(async (tx) => {
      await tx
        .update(alarms)
        .set({ alarmName: input.alarmName, content: input.content ?? "", deviceId: input.deviceId ?? null, levelId: level.id, levelNum: level.levelNum, levelName: level.levelName, levelColor: level.color, triggeredAt: at, lastTriggeredAt: at, attachments, updatedAt: now() })
        .where(eq(alarms.id, alarm.id));
      await tx.insert(alarmOperations).values({ tenantId: alarm.tenantId, alarmId: alarm.id, step: "edit", fromStatus: alarm.status, toStatus: alarm.status, userId: c.var.auth.userId, userName: actorOf(c).userName, attachments, createdAt: now() });
    });
    const [row] = await db.select(alarmSelection(c.var.locale)).from(alarms).where(eq(alarms.id, alarm.id));
    return alarmRecordOf(row);
  }),
  serve(alarmCoreApi.delManual, async (c, { ids }) => {
    const db = c.var.deps.db;
    const mine = await db.select({ id: alarms.id, alarmType: alarms.alarmType }).from(alarms).where(await scoped(c, inArray(alarms.id, ids)));
    if (!mine.length) throw notFound();
    if (mine.some((a) => a.alarmType !== ALARM_TYPE.manual)) throw badRequest("cloud.alarmCentre.manualOnly");
    const gone = mine.map((a) => a.id);
    await db.transaction(async (tx) => {
      const dropped = await tx.delete(todos).where(and(inArray(todos.bizId, gone), inArray(todos.msgType, ["ala", "alaManual"]))).returning({ userId: todos.userId });
      inboxChanged(dropped.map((d) => d.userId));
      await tx.delete(alarms).where(inArray(alarms.id, gone));
    });
    return { deleted: gone.length };
  }),
];
