import { and, desc, eq, inArray, ne, type SQL } from "drizzle-orm";
import { ALARM_TYPE } from "@/lib/contract/alarm/enums";
import { CHECK_PERM, HANDLE_PERM, nextStatus, type AlarmStep, type Move } from "@/lib/contract/alarm/workflow";
import type { AlarmAttachment } from "@/lib/contract/alarm/enums";
import { defaultLocale, locales, type Locale } from "@/lib/contract/locale";
import { textIn, type I18nName, type I18nTexts } from "@/lib/contract/i18n-text";
import { permissionCodes } from "../../lib/auth";
import { AppError } from "../../lib/http";
import { Code } from "@/lib/contract/envelope";
import { t } from "../../lib/i18n";
import type { Db } from "../client";
import { alarmOperations, alarms, projectMembers, stationMessages, todos, userRoles, users } from "../schema";
import { PROJECT_MANAGER } from "./projects";
import { inboxChanged } from "../../live/bus";
import type { AlarmRow } from "./alarms";
import { alarmNames } from "./alarm-names";
import { userNameIn } from "./names";
import { tenantOf } from "../../lib/scope";

/**
 * The alarm workflow in the database (core §4): each step checked against the transitions of
 * `lib/contract/alarm/workflow.ts`, applied to the alarm under a row lock, recorded with who and
 * when, and followed by the to-dos and in-site messages of the people who must act next.
 */

export type Actor = { userId: number | null; userName: string };

const ALARM_MSG_TYPES = ["ala", "alaManual"];
const msgTypeOf = (alarm: Pick<AlarmRow, "alarmType">) => (alarm.alarmType === ALARM_TYPE.manual ? "alaManual" : "ala");
/** To-dos of an alarm (to-dos of other kinds share the table). */
const todosOf = (alarmId: number, ...conds: (SQL | undefined)[]) => and(eq(todos.bizId, alarmId), inArray(todos.msgType, ALARM_MSG_TYPES), ...conds);

/**
 * The users of a tenant who hold `code` and may see the alarm's project (project managers see all
 * projects, others those they are members of); the enabled ones only.
 */
async function actorsOf(db: Db, tenantId: number, projectId: number | null, code: string): Promise<{ id: number; realname: string }[]> {
  const people = await db
    .select({ id: users.id, realname: users.realname, username: users.username, roleId: userRoles.roleId })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(tenantOf(tenantId).where(users, eq(users.enabled, 1)));
  const roleIdsOf = new Map<number, { realname: string; roleIds: number[] }>();
  for (const p of people) {
    const entry = roleIdsOf.get(p.id) ?? { realname: p.realname || p.username, roleIds: [] };
    entry.roleIds.push(p.roleId);
    roleIdsOf.set(p.id, entry);
  }
  const members = projectId === null ? new Set<number>() : new Set((await db.select({ userId: projectMembers.userId }).from(projectMembers).where(eq(projectMembers.projectId, projectId))).map((m) => m.userId));
  const out: { id: number; realname: string }[] = [];
  for (const [id, { realname, roleIds }] of roleIdsOf) {
    const perms = await permissionCodes(db, roleIds);
    if (perms.has(code) && (projectId === null || perms.has(PROJECT_MANAGER) || members.has(id))) out.push({ id, realname });
  }
  return out.sort((a, b) => a.id - b.id);
}

/** A value of a notice's text: one text, or its text in each language (a seeded remark, a person's name) with the one as fallback. */
type NoticeValue = string | { own: string; name: I18nName | null | undefined };
type Notice = { kind: "todo" | "message"; todoStatus?: number; key: string; extra?: Record<string, NoticeValue> };

const valueIn = (locale: Locale, v: NoticeValue) => (typeof v === "string" ? v : textIn(locale, v.own, v.name));

/**
 * To-dos (or in-site messages) about alarms for some users each, their texts in every language:
 * each reader reads them in their own (the columns keep the default language's, as seeded rows
 * do). One statement reads the names and one writes the rows, however many alarms are told.
 */
async function tell(db: Db, list: readonly { alarm: AlarmRow; userIds: number[] }[], n: Notice) {
  const told = list.filter((x) => x.userIds.length);
  if (!told.length) return;
  const names = await alarmNames(db, told.map((x) => x.alarm));
  const rows = told.flatMap(({ alarm, userIds }) => {
    const texts = locales.map((locale) => {
      const named = names.get(alarm.id)?.[locale] ?? { alarmName: alarm.alarmName, levelName: alarm.levelName, deviceName: null };
      const extra = Object.fromEntries(Object.entries(n.extra ?? {}).map(([k, v]) => [k, valueIn(locale, v)]));
      const vars = { alarmName: named.alarmName, deviceName: named.deviceName ?? "-", level: named.levelName ?? String(alarm.levelNum ?? "-"), ...extra };
      return { locale, title: t(locale, `cloud.alarmCentre.${n.key}.title`, vars).slice(0, 200), content: t(locale, `cloud.alarmCentre.${n.key}.content`, vars) };
    });
    const own = texts.find((x) => x.locale === defaultLocale)!;
    const i18n: I18nTexts = { msgTitle: Object.fromEntries(texts.map((x) => [x.locale, x.title])), msgContent: Object.fromEntries(texts.map((x) => [x.locale, x.content])) };
    const base = { tenantId: alarm.tenantId, msgTitle: own.title, msgContent: own.content, msgType: msgTypeOf(alarm), bizId: alarm.id, i18n };
    return [...new Set(userIds)].map((userId) => ({ ...base, userId }));
  });
  if (n.kind === "todo") await db.insert(todos).values(rows.map((r) => ({ ...r, todoStatus: n.todoStatus ?? 1 })));
  else await db.insert(stationMessages).values(rows);
  inboxChanged([...new Set(rows.map((r) => r.userId))]);
}

/** Who took a step, for the notices it leaves: a person in each language their name has (the cloud's own name as given). */
async function actorName(db: Db, actor: Actor): Promise<NoticeValue> {
  if (actor.userId === null) return actor.userName;
  const [names] = await db.select(Object.fromEntries(locales.map((l) => [l, userNameIn(l)]))).from(users).where(eq(users.id, actor.userId));
  return { own: actor.userName, name: (names ?? null) as I18nName | null };
}

/** Completes the alarm's open to-dos (status 1 pending, 2 awaiting review) of the given statuses. */
async function completeTodos(db: Db, alarmId: number, statuses: number[]) {
  const done = await db.update(todos).set({ todoStatus: 3 }).where(todosOf(alarmId, inArray(todos.todoStatus, statuses))).returning({ userId: todos.userId });
  inboxChanged(done.map((d) => d.userId));
}

/**
 * New alarms enter the workflow: the "raised" step on each one's timeline and a pending to-do for
 * each user who may handle it. The rule evaluator calls it once for all the alarms a batch created
 * (an alarm storm costs one step insert and one look-up of handlers per project, not those per
 * alarm); addManual with its one.
 */
export async function alarmsRaised(db: Db, list: readonly AlarmRow[], actor: Actor, attachments: AlarmAttachment[] = []) {
  if (!list.length) return;
  await db.insert(alarmOperations).values(
    list.map((alarm) => ({ tenantId: alarm.tenantId, alarmId: alarm.id, step: "raise", fromStatus: null, toStatus: alarm.status, userId: actor.userId, userName: actor.userName, attachments, createdAt: alarm.triggeredAt })),
  );
  const handlersOf = new Map<string, Promise<{ id: number }[]>>();
  const told = [];
  for (const alarm of list) {
    const key = `${alarm.tenantId}:${alarm.projectId}`;
    const handlers = await (handlersOf.get(key) ?? handlersOf.set(key, actorsOf(db, alarm.tenantId, alarm.projectId, HANDLE_PERM)).get(key)!);
    told.push({ alarm, userIds: handlers.map((h) => h.id) });
  }
  await tell(db, told, { kind: "todo", todoStatus: 1, key: "todoHandle" });
}

/**
 * An alarm moved to a more severe level: an "escalate" step on its timeline (its status unchanged)
 * with the value that took it there, the level and the condition it crossed.
 */
export async function alarmEscalated(db: Db, alarm: AlarmRow, value: number, at: Date, actor: Actor) {
  if (!alarm.condition) return;
  await db.insert(alarmOperations).values({
    tenantId: alarm.tenantId,
    alarmId: alarm.id,
    step: "escalate",
    fromStatus: alarm.status,
    toStatus: alarm.status,
    userId: actor.userId,
    userName: actor.userName,
    escalation: { value, levelNum: alarm.levelNum, levelName: alarm.levelName, levelColor: alarm.levelColor, condition: alarm.condition },
    createdAt: at,
  });
}

/** `texts`: the remark in each language (`{ remark: { "zh-cn", en } }`), when it was written in more than one (the seed's steps). */
export type StepInput = { remark?: string | null; texts?: I18nTexts | null; closeReason?: number | null; attachments?: AlarmAttachment[] };

/** The user who last submitted a handling result (gets the review's outcome). */
async function lastHandler(db: Db, alarmId: number): Promise<number | null> {
  const [row] = await db
    .select({ userId: alarmOperations.userId })
    .from(alarmOperations)
    .where(and(eq(alarmOperations.alarmId, alarmId), eq(alarmOperations.step, "handle")))
    .orderBy(desc(alarmOperations.id))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * Takes one step on an alarm of `where` (the caller's tenant and project): refused with a
 * clear message when the alarm's status does not allow it (e.g. clearing an alarm being
 * handled). Returns the alarm as it is after the step.
 */
export async function takeStep(db: Db, where: SQL, step: Move, actor: Actor, input: StepInput, now: Date): Promise<AlarmRow> {
  return db.transaction(async (tx) => {
    const [alarm] = await tx.select().from(alarms).where(where).for("update");
    if (!alarm) throw new AppError(Code.NOT_FOUND, "cloud.notFound");
    const to = nextStatus(alarm.status, step);
    if (to === null)
      throw new AppError(Code.BAD_REQUEST, step === "clear" ? "cloud.alarmCentre.clearOnlyPending" : "cloud.alarmCentre.illegalStep", {
        step: `@enums.alarmStep.${step}`,
        status: `@enums.alarmStatus.${alarm.status}`,
      });
    const [after] = await tx
      .update(alarms)
      .set({ status: to, updatedAt: now, ...(step === "close" ? { closeReason: input.closeReason ?? null } : {}) })
      .where(eq(alarms.id, alarm.id))
      .returning();
    await tx.insert(alarmOperations).values({
      tenantId: alarm.tenantId,
      alarmId: alarm.id,
      step,
      fromStatus: alarm.status,
      toStatus: to,
      userId: actor.userId,
      userName: actor.userName,
      remark: input.remark || null,
      i18n: input.remark && input.texts ? input.texts : null,
      closeReason: step === "close" ? (input.closeReason ?? null) : null,
      attachments: input.attachments ?? [],
      createdAt: now,
    });
    await followUp(tx, after, step, actor, input);
    return after;
  });
}

/** The to-dos and messages a step leaves behind (who must act next, and who must know). */
async function followUp(db: Db, alarm: AlarmRow, step: AlarmStep, actor: Actor, input: StepInput) {
  const remark: NoticeValue = { own: input.remark || "-", name: input.remark ? input.texts?.remark : null };
  switch (step) {
    case "accept": {
      // The one who accepted handles it: the others' pending to-dos are done with.
      const done = await db
        .update(todos)
        .set({ todoStatus: 3 })
        .where(todosOf(alarm.id, eq(todos.todoStatus, 1), actor.userId === null ? undefined : ne(todos.userId, actor.userId)))
        .returning({ userId: todos.userId });
      inboxChanged(done.map((d) => d.userId));
      if (actor.userId !== null) {
        const [own] = await db.select({ id: todos.id }).from(todos).where(todosOf(alarm.id, eq(todos.todoStatus, 1), eq(todos.userId, actor.userId)));
        if (!own) await tell(db, [{ alarm, userIds: [actor.userId] }], { kind: "todo", todoStatus: 1, key: "todoHandle" });
      }
      return;
    }
    case "handle": {
      await completeTodos(db, alarm.id, [1]);
      const reviewers = await actorsOf(db, alarm.tenantId, alarm.projectId, CHECK_PERM);
      const ids = reviewers.map((r) => r.id);
      const userName = await actorName(db, actor);
      await tell(db, [{ alarm, userIds: ids }], { kind: "todo", todoStatus: 2, key: "todoReview", extra: { userName } });
      await tell(db, [{ alarm, userIds: ids }], { kind: "message", key: "msgReview", extra: { userName, remark } });
      return;
    }
    case "approve":
    case "reject": {
      await completeTodos(db, alarm.id, [1, 2]);
      const handler = await lastHandler(db, alarm.id);
      if (handler === null) return;
      if (step === "reject") await tell(db, [{ alarm, userIds: [handler] }], { kind: "todo", todoStatus: 1, key: "todoRehandle", extra: { remark } });
      await tell(db, [{ alarm, userIds: [handler] }], { kind: "message", key: step === "approve" ? "msgApproved" : "msgRejected", extra: { userName: await actorName(db, actor), remark } });
      return;
    }
    case "close":
    case "clear":
      await completeTodos(db, alarm.id, [1, 2]);
      return;
  }
}
