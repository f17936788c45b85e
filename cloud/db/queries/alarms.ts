import { and, asc, desc, eq, gte, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { ALARM_TYPE, LINK_TYPE, OPEN_STATUSES, RULE_TYPE, type AlarmAttachment, type AlarmCondition, type StatType } from "@/lib/contract/alarm/enums";
import { alarmDefinition, type AlarmDefinition } from "@/lib/contract/alarm/alarm-lines";
import { textIn, type I18nName, type I18nTexts } from "@/lib/contract/i18n-text";
import { normalizeLocale, type Locale } from "@/lib/contract/locale";
import { joinedText } from "../../lib/i18n-text";
import { pgArray } from "../../ingest/pg-array";
import { rowsOf } from "../../ingest/writer";
import type { Db } from "../client";
import { alarmContactGroupMembers, alarmContacts, alarmLevels, alarmRuleRecipients, alarmRules, alarms, devices, pointGroups, productFunctions, users } from "../schema";
import { tenantOf } from "../../lib/scope";

export type RaiseInput = {
  tenantId: number;
  projectId: number | null;
  deviceId: number | null;
  ruleId?: number | null;
  pointId?: number | null;
  levelId?: number | null;
  alarmName: string;
  identifier?: string | null;
  value?: number | null;
  condition?: AlarmCondition | null;
  content?: string;
  alarmType?: number;
  at: Date;
  /** Convergence: a rule's alarm raised less than this long ago (open or not) takes the crossing instead of a new one. */
  convergeMinutes?: number;
  attachments?: AlarmAttachment[];
  createdBy?: number | null;
  /** Join only an open alarm of the same name (a rule with one alarm per inspection point and item, not one per device). */
  joinSameName?: boolean;
  /** The name and text in every language (an alarm the cloud composes without a rule). */
  i18n?: I18nTexts | null;
};

export type AlarmRow = typeof alarms.$inferSelect;

/** Advisory lock keys (with a device id): the evaluator's batches and single raises take the same one. */
export const RAISE_LOCK = 0x10c0_0010;

/**
 * Raises an alarm, or joins the one of the same rule and device nobody has finished with yet
 * (pending, handling, awaiting review — recovered or not), or raised inside the rule's convergence
 * window: then only its latest value, last time and count change, and a recovered one is active
 * again. `created` tells whether recipients must be notified.
 */
export async function raiseAlarm(db: Db, input: RaiseInput): Promise<{ alarm: AlarmRow; created: boolean }> {
  return db.transaction(async (tx) => {
    if (input.ruleId && input.deviceId) {
      // Two instances raising the same rule on the same device at once: the second joins the first's alarm.
      await tx.execute(sql`select pg_advisory_xact_lock(${RAISE_LOCK}, ${input.deviceId})`);
      const since = new Date(input.at.getTime() - (input.convergeMinutes ?? 0) * 60_000);
      const [joined] = await tx
        .select()
        .from(alarms)
        .where(
          and(
            eq(alarms.ruleId, input.ruleId),
            eq(alarms.deviceId, input.deviceId),
            input.joinSameName ? eq(alarms.alarmName, input.alarmName) : undefined,
            sql`(${inArray(alarms.status, [...OPEN_STATUSES])} or ${gte(alarms.triggeredAt, since)})`,
          ),
        )
        .orderBy(desc(alarms.id))
        .limit(1)
        .for("update");
      if (joined) {
        const [alarm] = await tx
          .update(alarms)
          .set({ latestValue: input.value ?? null, lastTriggeredAt: input.at, count: sql`${alarms.count} + 1`, recoveredAt: null, updatedAt: input.at })
          .where(eq(alarms.id, joined.id))
          .returning();
        return { alarm, created: false };
      }
    }
    const level = input.levelId ? (await tx.select().from(alarmLevels).where(tenantOf(input.tenantId).where(alarmLevels, eq(alarmLevels.id, input.levelId))))[0] : undefined;
    const [alarm] = await tx
      .insert(alarms)
      .values({
        tenantId: input.tenantId,
        projectId: input.projectId,
        deviceId: input.deviceId,
        ruleId: input.ruleId ?? null,
        pointId: input.pointId ?? null,
        levelId: level?.id ?? null,
        levelNum: level?.levelNum ?? null,
        levelName: level?.levelName ?? null,
        levelColor: level?.color ?? null,
        alarmName: input.alarmName,
        identifier: input.identifier ?? null,
        value: input.value ?? null,
        latestValue: input.value ?? null,
        condition: input.condition ?? null,
        content: input.content ?? "",
        alarmType: input.alarmType ?? ALARM_TYPE.auto,
        triggeredAt: input.at,
        lastTriggeredAt: input.at,
        attachments: input.attachments ?? [],
        createdBy: input.createdBy ?? null,
        i18n: input.i18n ?? null,
      })
      .returning();
    return { alarm, created: true };
  });
}

/** A level as an alarm copies it in: what it was when raised, whatever the level becomes later. */
export type LevelCopy = { id: number; levelNum: number; levelName: string; color: string };

/**
 * What one batch of values did to one (rule, device) pair: how many times it crossed (the first
 * crossing's value and time, the last value), the most severe level it reached (`levelIndex`, its
 * level and condition), and whether it ended back in range (`recovered`).
 */
export type Crossing = {
  tenantId: number;
  projectId: number | null;
  deviceId: number;
  ruleId: number;
  pointId: number | null;
  level: LevelCopy | null;
  levelIndex: number;
  alarmName: string;
  identifier: string;
  condition: AlarmCondition;
  content: string;
  /** `content` in each language its property is named in (null: the one text). */
  contentIn: I18nName | null;
  /** The value that reached `levelIndex`, and when. */
  reachedBy: { value: number; at: Date };
  convergeMinutes: number;
  crossings: number;
  first: { value: number; at: Date };
  last: { value: number; at: Date };
  recovered: { value: number; at: Date } | null;
};

/** An open alarm whose rule reached a more severe level: its new level, condition and text. */
export type Escalation = { ruleId: number; deviceId: number; level: LevelCopy | null; condition: AlarmCondition; content: string; contentIn: I18nName | null; reachedBy: { value: number; at: Date } };
/** An alarm a batch moved to a more severe level, with the value that took it there. */
export type Escalated = { alarm: AlarmRow; value: number; at: Date };

/** The alarms of `ids` as they are now, with the value and time that escalated each. */
async function escalatedOf(db: Db, by: Map<number, { value: number; at: Date }>): Promise<Escalated[]> {
  if (!by.size) return [];
  const rows = await db.select().from(alarms).where(inArray(alarms.id, [...by.keys()])).orderBy(asc(alarms.id));
  return rows.map((alarm) => ({ alarm, ...by.get(alarm.id)! }));
}

const json = (v: unknown) => JSON.stringify(v);

/**
 * An alarm's texts once a batch row (alias `r`: its `escalate` and `content_in`) has run over it: an
 * escalation replaces its text in each language (dropped when the new text has just the one).
 */
const textsAfter = (r: SQL) =>
  sql`case when ${r}.escalate = 1 then nullif((coalesce(${alarms.i18n}, '{}'::jsonb) - 'content') || case when ${r}.content_in is null then '{}'::jsonb else jsonb_build_object('content', ${r}.content_in) end, '{}'::jsonb) else ${alarms.i18n} end`;

/**
 * `raiseAlarm` for a whole batch in three statements, whatever its size: the newest alarm of each
 * pair is looked up once; a pair whose alarm is still being dealt with (or inside the convergence
 * window) adds its crossings to it — taking the crossing's level when that is more severe than the
 * alarm's, so a rule's alarm escalates rather than doubles — the others get a new alarm; those
 * ended in range are marked recovered. Returns the new alarms (their recipients are to be told).
 */
export async function applyCrossings(db: Db, list: readonly Crossing[]): Promise<{ created: AlarmRow[]; joined: number; escalated: Escalated[] }> {
  if (!list.length) return { created: [], joined: 0, escalated: [] };
  const newest = rowsOf(
    await db.execute(sql`
    select distinct on (a.rule_id, a.device_id) a.id, a.rule_id, a.device_id, a.status, a.triggered_at, coalesce((a.condition->>'levelIndex')::int, 0) as level_index
    from ${alarms} a join unnest(${pgArray(list.map((c) => c.ruleId))}::int[], ${pgArray(list.map((c) => c.deviceId))}::int[]) as k(rule_id, device_id)
      on a.rule_id = k.rule_id and a.device_id = k.device_id
    order by a.rule_id, a.device_id, a.id desc`),
  );
  const byPair = new Map(newest.map((r) => [`${r.rule_id}:${r.device_id}`, { id: Number(r.id), status: Number(r.status), triggeredAt: new Date(r.triggered_at as string), levelIndex: Number(r.level_index) }]));
  const open = new Set<number>(OPEN_STATUSES);
  const joins: { id: number; c: Crossing; escalates: boolean }[] = [];
  const fresh: Crossing[] = [];
  for (const c of list) {
    const a = byPair.get(`${c.ruleId}:${c.deviceId}`);
    const converged = a && a.triggeredAt.getTime() >= c.first.at.getTime() - c.convergeMinutes * 60_000;
    if (a && (open.has(a.status) || converged)) joins.push({ id: a.id, c, escalates: c.levelIndex > a.levelIndex });
    else fresh.push(c);
  }
  if (joins.length) {
    const at = (c: Crossing) => c.recovered?.at ?? null;
    // A join that reaches a more severe level takes it (level, condition, text); the others keep theirs (nulls).
    const up = (f: (j: (typeof joins)[number]) => string | number | null) => pgArray(joins.map((j) => (j.escalates ? f(j) : null)));
    await db.execute(sql`
      update ${alarms} set count = ${alarms.count} + j.n, latest_value = j.latest, last_triggered_at = j.last_at, recovered_at = j.recovered_at, updated_at = j.last_at,
        level_id = case when j.escalate = 1 then j.level_id else ${alarms.levelId} end, level_num = case when j.escalate = 1 then j.level_num else ${alarms.levelNum} end,
        level_name = case when j.escalate = 1 then j.level_name else ${alarms.levelName} end, level_color = case when j.escalate = 1 then j.level_color else ${alarms.levelColor} end,
        condition = coalesce(j.condition, ${alarms.condition}), content = coalesce(j.content, ${alarms.content}), i18n = ${textsAfter(sql`j`)}
      from unnest(${pgArray(joins.map((j) => j.id))}::int[], ${pgArray(joins.map((j) => j.c.crossings))}::int[], ${pgArray(joins.map((j) => j.c.recovered?.value ?? j.c.last.value))}::float8[],
        ${pgArray(joins.map((j) => j.c.last.at))}::timestamptz[], ${pgArray(joins.map((j) => at(j.c)))}::timestamptz[], ${pgArray(joins.map((j) => (j.escalates ? 1 : 0)))}::int[],
        ${up((j) => j.c.level?.id ?? null)}::int[], ${up((j) => j.c.level?.levelNum ?? null)}::int[], ${up((j) => j.c.level?.levelName ?? null)}::text[], ${up((j) => j.c.level?.color ?? null)}::text[],
        ${up((j) => json(j.c.condition))}::jsonb[], ${up((j) => j.c.content)}::text[], ${up((j) => j.c.contentIn && json(j.c.contentIn))}::jsonb[])
        as j(id, n, latest, last_at, recovered_at, escalate, level_id, level_num, level_name, level_color, condition, content, content_in)
      where ${alarms.id} = j.id`);
  }
  let created: AlarmRow[] = [];
  if (fresh.length) {
    created = await db
      .insert(alarms)
      .values(
        fresh.map((c) => ({
          tenantId: c.tenantId,
          projectId: c.projectId,
          deviceId: c.deviceId,
          ruleId: c.ruleId,
          pointId: c.pointId,
          levelId: c.level?.id ?? null,
          levelNum: c.level?.levelNum ?? null,
          levelName: c.level?.levelName ?? null,
          levelColor: c.level?.color ?? null,
          alarmName: c.alarmName,
          identifier: c.identifier,
          value: c.first.value,
          latestValue: c.recovered?.value ?? c.last.value,
          condition: c.condition,
          content: c.content,
          i18n: c.contentIn && { content: c.contentIn },
          alarmType: ALARM_TYPE.auto,
          count: c.crossings,
          triggeredAt: c.first.at,
          lastTriggeredAt: c.last.at,
          recoveredAt: c.recovered?.at ?? null,
        })),
      )
      .returning();
  }
  const escalated = await escalatedOf(db, new Map(joins.filter((j) => j.escalates).map((j) => [j.id, j.c.reachedBy])));
  return { created, joined: joins.length, escalated };
}

/** Marks alarms recovered for a batch of (rule, device) pairs, each with its time and value; returns how many. */
export async function recoverAlarms(db: Db, list: readonly { ruleId: number; deviceId: number; at: Date; value: number | null }[]): Promise<number> {
  if (!list.length) return 0;
  const res = await db.execute(sql`
    update ${alarms} set recovered_at = r.at, updated_at = r.at, latest_value = coalesce(r.value, ${alarms.latestValue})
    from unnest(${pgArray(list.map((r) => r.ruleId))}::int[], ${pgArray(list.map((r) => r.deviceId))}::int[], ${pgArray(list.map((r) => r.at))}::timestamptz[], ${pgArray(list.map((r) => r.value))}::float8[]) as r(rule_id, device_id, at, value)
    where ${alarms.ruleId} = r.rule_id and ${alarms.deviceId} = r.device_id and ${alarms.recoveredAt} is null
    returning ${alarms.id}`);
  return rowsOf(res).length;
}

/** Marks a rule's open alarm on a device as recovered (the value is back in range, `value` if given); returns those it recovered. */
export async function recoverAlarm(db: Db, ruleId: number, deviceId: number, at: Date, value?: number | null): Promise<AlarmRow[]> {
  return db
    .update(alarms)
    .set({ recoveredAt: at, updatedAt: at, ...(value !== undefined && value !== null && { latestValue: value }) })
    .where(and(eq(alarms.ruleId, ruleId), eq(alarms.deviceId, deviceId), isNull(alarms.recoveredAt)))
    .returning();
}

/**
 * The latest values of alarms still active, one statement for a whole batch of (rule, device,
 * value); a row with `escalation` also moves its alarm to the more severe level its rule reached.
 */
export async function updateLatestValues(db: Db, rows: readonly { ruleId: number; deviceId: number; value: number; escalation?: Escalation }[]): Promise<Escalated[]> {
  if (!rows.length) return [];
  const up = (f: (e: Escalation) => string | number | null) => pgArray(rows.map((r) => (r.escalation ? f(r.escalation) : null)));
  const updated = await db.execute(sql`
    update ${alarms} set latest_value = v.value,
      level_id = case when v.escalate = 1 then v.level_id else ${alarms.levelId} end, level_num = case when v.escalate = 1 then v.level_num else ${alarms.levelNum} end,
      level_name = case when v.escalate = 1 then v.level_name else ${alarms.levelName} end, level_color = case when v.escalate = 1 then v.level_color else ${alarms.levelColor} end,
      condition = coalesce(v.condition, ${alarms.condition}), content = coalesce(v.content, ${alarms.content}), i18n = ${textsAfter(sql`v`)}
    from unnest(${pgArray(rows.map((r) => r.ruleId))}::int[], ${pgArray(rows.map((r) => r.deviceId))}::int[], ${pgArray(rows.map((r) => r.value))}::float8[], ${pgArray(rows.map((r) => (r.escalation ? 1 : 0)))}::int[],
      ${up((e) => e.level?.id ?? null)}::int[], ${up((e) => e.level?.levelNum ?? null)}::int[], ${up((e) => e.level?.levelName ?? null)}::text[], ${up((e) => e.level?.color ?? null)}::text[],
      ${up((e) => json(e.condition))}::jsonb[], ${up((e) => e.content)}::text[], ${up((e) => e.contentIn && json(e.contentIn))}::jsonb[])
      as v(rule_id, device_id, value, escalate, level_id, level_num, level_name, level_color, condition, content, content_in)
    where ${alarms.ruleId} = v.rule_id and ${alarms.deviceId} = v.device_id and ${alarms.recoveredAt} is null
    returning ${alarms.id} as id, v.rule_id, v.device_id, v.escalate`);
  const reached = new Map(rows.filter((r) => r.escalation).map((r) => [`${r.ruleId}:${r.deviceId}`, r.escalation!.reachedBy]));
  const by = new Map<number, { value: number; at: Date }>();
  for (const r of rowsOf(updated)) if (Number(r.escalate) === 1) by.set(Number(r.id), reached.get(`${r.rule_id}:${r.device_id}`)!);
  return escalatedOf(db, by);
}

/** The (rule, device) pairs whose alarm is not recovered yet, with the level reached: the evaluator's state after a restart. */
export async function unrecoveredAlarms(db: Db, ruleIds: number[]): Promise<{ ruleId: number; deviceId: number; levelIndex: number }[]> {
  if (!ruleIds.length) return [];
  const rows = await db
    .select({ ruleId: alarms.ruleId, deviceId: alarms.deviceId, levelIndex: sql<number>`coalesce((${alarms.condition}->>'levelIndex')::int, 0)` })
    .from(alarms)
    .where(and(inArray(alarms.ruleId, ruleIds), isNull(alarms.recoveredAt)));
  return rows.filter((r): r is { ruleId: number; deviceId: number; levelIndex: number } => r.ruleId !== null && r.deviceId !== null).map((r) => ({ ...r, levelIndex: Number(r.levelIndex) }));
}

/** The alarms not recovered yet on these devices, of any rule, with the level reached: the state a batch is decided against. */
export async function unrecoveredOf(db: Db, deviceIds: number[]): Promise<{ ruleId: number; deviceId: number; levelIndex: number }[]> {
  if (!deviceIds.length) return [];
  const rows = await db
    .select({ ruleId: alarms.ruleId, deviceId: alarms.deviceId, levelIndex: sql<number>`coalesce((${alarms.condition}->>'levelIndex')::int, 0)` })
    .from(alarms)
    .where(and(inArray(alarms.deviceId, deviceIds), isNull(alarms.recoveredAt), sql`${alarms.ruleId} is not null`));
  return rows.map((r) => ({ ruleId: r.ruleId!, deviceId: r.deviceId!, levelIndex: Number(r.levelIndex) }));
}

export type RuleRow = typeof alarmRules.$inferSelect;
/** A property as an alarm's text names it: its name in the product, and in each language it has one (`i18n`). */
export type PropertyNames = { own: string; i18n: I18nName | null };
/** An enabled rule with its point's devices and the names its property has in the product (texts name it, not its identifier). */
export type EnabledRule = RuleRow & { pointDevices: number[] | null; property: PropertyNames | null };

/**
 * The enabled rules a device of this product in this project answers to — the product's (for all
 * its devices or one of them) and the project's measurement-point rules (for the points' devices) —
 * and the levels they raise: what the evaluator caches.
 */
export async function enabledRules(db: Db, productId: number, projectId: number): Promise<{ rules: EnabledRule[]; levels: Map<number, LevelCopy> }> {
  const rows = await db
    .select({ rule: alarmRules, pointDevices: pointGroups.deviceIds })
    .from(alarmRules)
    .leftJoin(pointGroups, eq(pointGroups.id, alarmRules.pointId))
    .where(and(sql`(${alarmRules.productId} = ${productId} or ${alarmRules.pointId} is not null)`, eq(alarmRules.projectId, projectId), eq(alarmRules.enableStatus, 1)))
    .orderBy(asc(alarmRules.id));
  const identifiers = [...new Set(rows.map((r) => r.rule.identifier).filter((i): i is string => !!i))];
  const names = identifiers.length
    ? new Map(
        (await db.select({ identifier: productFunctions.identifier, funcName: productFunctions.funcName, i18n: productFunctions.i18n }).from(productFunctions).where(and(eq(productFunctions.productId, productId), inArray(productFunctions.identifier, identifiers)))).map((f) => [
          f.identifier,
          { own: f.funcName, i18n: f.i18n?.funcName ?? null },
        ]),
      )
    : new Map<string, PropertyNames>();
  const rules = rows.map((r) => ({ ...r.rule, pointDevices: r.rule.pointId === null ? null : (r.pointDevices ?? []), property: (r.rule.identifier && names.get(r.rule.identifier)) || null }));
  const ids = [...new Set(rules.flatMap((r) => [r.levelId, ...r.conditions.map((c) => c.levelId)]).filter((id): id is number => typeof id === "number"))];
  const found = ids.length ? await db.select({ id: alarmLevels.id, levelNum: alarmLevels.levelNum, levelName: alarmLevels.levelName, color: alarmLevels.color }).from(alarmLevels).where(inArray(alarmLevels.id, ids)) : [];
  return { rules, levels: new Map(found.map((l) => [l.id, l])) };
}

/** Who a rule notifies: its contacts and the contacts of its groups, once each; `leaders`: only its groups' leaders (escalation). */
export async function ruleRecipients(db: Db, ruleId: number, leaders = false) {
  const links = await db.select().from(alarmRuleRecipients).where(eq(alarmRuleRecipients.ruleId, ruleId));
  const contactIds = leaders ? [] : links.filter((l) => l.linkType === LINK_TYPE.contact).map((l) => l.linkId);
  const groupIds = links.filter((l) => l.linkType === LINK_TYPE.group).map((l) => l.linkId);
  if (groupIds.length) {
    const members = await db
      .select({ id: alarmContactGroupMembers.contactId })
      .from(alarmContactGroupMembers)
      .where(and(inArray(alarmContactGroupMembers.groupId, groupIds), leaders ? eq(alarmContactGroupMembers.leader, true) : undefined));
    contactIds.push(...members.map((m) => m.id));
  }
  if (!contactIds.length) return [];
  return contactsWithLanguage(db, inArray(alarmContacts.id, [...new Set(contactIds)]));
}

/** A notice's recipient: the contact, and the language to write to it in. */
export type NoticeRecipient = typeof alarmContacts.$inferSelect & { locale: Locale };

/**
 * Contacts with the language of the user each is joined to (their latest sign-in's); a contact
 * without an account, or whose user never named one, reads the default language.
 */
export async function contactsWithLanguage(db: Db, where: SQL | undefined): Promise<NoticeRecipient[]> {
  const rows = await db.select({ contact: alarmContacts, language: users.language }).from(alarmContacts).leftJoin(users, eq(users.id, alarmContacts.userId)).where(where);
  return rows.map((r) => ({ ...r.contact, locale: normalizeLocale(r.language) }));
}

/**
 * The alarm definitions of a device's property for charts (widgets §3): each enabled value rule on
 * it — for the device, its whole product, or a measurement point it belongs to — comparing the
 * figure the chart shows (`statType`), with a line per threshold of each level, in the level's
 * colour, named in `locale`.
 */
export async function alarmDefinitionsFor(db: Db, tenantId: number, deviceId: number, identifier: string, locale: Locale, statType: StatType = "not"): Promise<AlarmDefinition[]> {
  const [device] = await db.select({ productId: devices.productId, projectId: devices.projectId }).from(devices).where(tenantOf(tenantId).where(devices, eq(devices.id, deviceId)));
  if (!device || device.projectId === null) return [];
  const rules = await db
    .select()
    .from(alarmRules)
    .where(
      tenantOf(tenantId).where(
        alarmRules,
        eq(alarmRules.projectId, device.projectId),
        eq(alarmRules.identifier, identifier),
        eq(alarmRules.enableStatus, 1),
        eq(alarmRules.ruleType, RULE_TYPE.value),
        eq(alarmRules.statType, statType),
        sql`((${alarmRules.productId} = ${device.productId} and (${alarmRules.deviceId} is null or ${alarmRules.deviceId} = ${deviceId}))
          or ${alarmRules.pointId} in (select g.id from ${pointGroups} g where ${deviceId} = any(g.device_ids)))`,
      ),
    )
    .orderBy(asc(alarmRules.id));
  const ids = [...new Set(rules.flatMap((r) => r.conditions.map((c) => c.levelId)))];
  const levels = ids.length
    ? await db
        .select({ id: alarmLevels.id, color: alarmLevels.color, levelName: joinedText(locale, alarmLevels.levelName, alarmLevels.i18n, "levelName") })
        .from(alarmLevels)
        .where(tenantOf(tenantId).where(alarmLevels, inArray(alarmLevels.id, ids)))
    : [];
  const byId = new Map(levels.map((l) => [l.id, l]));
  return rules.map((rule) =>
    alarmDefinition(
      textIn(locale, rule.ruleName, rule.i18n?.ruleName),
      rule.conditions.map((c) => ({ ...c, levelName: byId.get(c.levelId)?.levelName ?? null, color: byId.get(c.levelId)?.color ?? null })),
    ),
  );
}
