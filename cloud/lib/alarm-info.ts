import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { alarmRecord, type AlarmChart, type AlarmInfo, type AlarmRecord } from "@/lib/contract/alarm/alarm-center";
import type { AlarmAttachment } from "@/lib/contract/alarm/enums";
import { alarmDefinition } from "@/lib/contract/alarm/alarm-lines";
import type { AlarmOperation, Attachments } from "@/lib/contract/alarm/workflow";
import type { Locale } from "@/lib/contract/locale";
import { textIn } from "@/lib/contract/i18n-text";
import { alarmContent, alarmLevelName, alarmName } from "../db/queries/alarm-names";
import { alarmDefinitionsFor, type AlarmRow } from "../db/queries/alarms";
import type { Actor } from "../db/queries/alarm-workflow";
import { telemetrySeries } from "../db/queries/telemetry";
import { funcNameOf } from "../db/queries/products";
import { alarmLevels, alarmOperations, alarmRules, alarms, devices, productFunctions, projects, users } from "../db/schema";
import { tenantOf } from "./scope";
import type { Ctx } from "./context";
import { rowMapper } from "./crud";
import { notFound } from "./http";
import { joinedText } from "./i18n-text";
import { deviceNameIn, projectNameIn, userNameIn } from "../db/queries/names";
import { t } from "./i18n";

const levelTextIn = (locale: Locale) => joinedText(locale, alarmLevels.levelName, alarmLevels.i18n, "levelName");

/**
 * An alarm as the alarm centre and the to-do centre read it (`alarm/core/info`, `msg/todo/alaInfo`):
 * its row with the names of its level, device and project, its rule, timeline and chart; and the
 * attachments and actor of a workflow step taken from either.
 */

/** The chart around an alarm: this long before it and after its last crossing. */
const CHART_MARGIN_MS = 6 * 3600_000;
const CHART_POINTS = 2000;

const byKind = (list: AlarmAttachment[], kind: AlarmAttachment["kind"]) => list.filter((a) => (a.kind ?? "file") === kind).map((a) => a.url);
const baseName = (p: string) => decodeURIComponent(p.split("/").pop() ?? p);
/** The kit's uploaders keep stored paths by kind; the alarm keeps one list of named files. */
export const attachmentsOf = (a: Partial<Attachments>): AlarmAttachment[] => [
  ...(a.images ?? []).map((url) => ({ url, name: baseName(url), kind: "image" as const })),
  ...(a.videos ?? []).map((url) => ({ url, name: baseName(url), kind: "video" as const })),
  ...(a.files ?? []).map((url) => ({ url, name: baseName(url), kind: "file" as const })),
];

/** An alarm with its device's and project's names, it and its level named in `locale`. */
export const alarmSelection = (locale: Locale) => ({
  ...getTableColumns(alarms),
  alarmName: alarmName(locale),
  content: alarmContent(locale),
  levelName: alarmLevelName(locale),
  deviceName: sql<string | null>`(select ${deviceNameIn(locale)} from ${devices} where ${devices.id} = ${alarms.deviceId})`,
  deviceSn: sql<string | null>`(select ${devices.deviceSn} from ${devices} where ${devices.id} = ${alarms.deviceId})`,
  prjName: sql<string | null>`(select ${projectNameIn(locale)} from ${projects} where ${projects.id} = ${alarms.projectId})`,
});
type Selected = AlarmRow & { deviceName: string | null; deviceSn: string | null; prjName: string | null };

export const alarmRecordOf = rowMapper<typeof alarmRecord.fields, AlarmRecord>(alarmRecord, {
  images: (r) => byKind(r.attachments as AlarmAttachment[], "image"),
  videos: (r) => byKind(r.attachments as AlarmAttachment[], "video"),
  files: (r) => byKind(r.attachments as AlarmAttachment[], "file"),
});

export const actorOf = (c: Ctx): Actor => ({ userId: c.var.auth.userId, userName: c.var.auth.realname || c.var.auth.username });

/** One alarm (of `where`: the caller's project, or a to-do's) with its rule, product, timeline and chart. */
export async function alarmInfo(c: Ctx, where: SQL): Promise<AlarmInfo> {
  const { db } = c.var.deps;
  const [row] = await db.select(alarmSelection(c.var.locale)).from(alarms).where(where);
  if (!row) throw notFound();
  const alarm = row as Selected;
  const [rule] = alarm.ruleId ? await db.select({ ruleName: joinedText(c.var.locale, alarmRules.ruleName, alarmRules.i18n, "ruleName") }).from(alarmRules).where(eq(alarmRules.id, alarm.ruleId)) : [];
  const [product] = alarm.deviceId ? await db.select({ productId: devices.productId }).from(devices).where(eq(devices.id, alarm.deviceId)) : [];
  const [property] = product && alarm.identifier ? await db.select({ funcName: funcNameOf(c.var.locale) }).from(productFunctions).where(and(eq(productFunctions.productId, product.productId), eq(productFunctions.identifier, alarm.identifier))) : [];
  const ops = await db.select().from(alarmOperations).where(eq(alarmOperations.alarmId, alarm.id)).orderBy(asc(alarmOperations.id));
  const levelName = await levelNamer(db, alarm.tenantId, c.var.locale);
  // Who took a step, in the reader's language: a person by their name now, the cloud as "system".
  const actorIds = [...new Set(ops.flatMap((o) => (o.userId === null ? [] : [o.userId])))];
  const people = new Map(actorIds.length ? (await db.select({ id: users.id, name: userNameIn(c.var.locale) }).from(users).where(inArray(users.id, actorIds))).map((u) => [u.id, u.name]) : []);
  const operations: AlarmOperation[] = ops.map((o) => ({
    id: o.id,
    step: o.step as AlarmOperation["step"],
    fromStatus: o.fromStatus,
    toStatus: o.toStatus,
    userName: o.userId === null ? t(c.var.locale, "cloud.alarmCentre.system") : people.get(o.userId) || o.userName,
    // A remark written in more than one language (the seed's) in the reader's; a user's in their own words.
    remark: o.remark === null ? null : textIn(c.var.locale, o.remark, o.i18n?.remark),
    closeReason: o.closeReason,
    attachments: { images: byKind(o.attachments, "image"), videos: byKind(o.attachments, "video"), files: byKind(o.attachments, "file") },
    escalation: o.escalation && { ...o.escalation, levelName: levelName(o.escalation.levelName) },
    createTime: o.createdAt.toISOString(),
  }));
  const raisingValue = operations.findLast((o) => o.escalation)?.escalation?.value ?? alarm.value;
  return { ...alarmRecordOf(alarm), propertyName: property?.funcName ?? null, raisingValue, ruleId: alarm.ruleId, ruleName: rule?.ruleName ?? null, condition: alarm.condition, productId: product?.productId ?? null, operations, chart: await chartOf(c, alarm, levelName) };
}

/**
 * Level names an alarm kept (its timeline's and its chart's copies) in `locale`: while a copy is
 * still the name of one of the tenant's levels, that level's text in the caller's language.
 */
async function levelNamer(db: Ctx["var"]["deps"]["db"], tenantId: number, locale: Locale) {
  const rows = await db.select({ own: alarmLevels.levelName, shown: levelTextIn(locale) }).from(alarmLevels).where(tenantOf(tenantId).where(alarmLevels));
  const byName = new Map(rows.map((r) => [r.own, r.shown]));
  return (kept: string | null) => (kept === null ? null : (byName.get(kept) ?? kept));
}

/** The alarm's property around its time, with the threshold lines of what crossed and the alarm moment. */
async function chartOf(c: Ctx, alarm: AlarmRow, levelName: (kept: string | null) => string | null): Promise<AlarmChart> {
  const at = alarm.triggeredAt.getTime();
  const empty: AlarmChart = { identifier: alarm.identifier, points: [], definitions: [], at };
  if (!alarm.deviceId || !alarm.identifier) return empty;
  const { db, now } = c.var.deps;
  const to = Math.min(now().getTime() + 1, Math.max(at, alarm.lastTriggeredAt.getTime()) + CHART_MARGIN_MS);
  const [series] = await telemetrySeries(db, { deviceId: alarm.deviceId, identifiers: [alarm.identifier], from: new Date(at - CHART_MARGIN_MS), to: new Date(to), bucket: "raw", agg: "avg", limit: CHART_POINTS });
  // The rule's levels as the alarm kept them (an alarm from before levels: its one condition); else the rules on it now.
  const cond = alarm.condition;
  const own = cond ? alarmDefinition(alarm.alarmName, (cond.levels ?? [{ ...cond, levelName: alarm.levelName, color: alarm.levelColor }]).map((l) => ({ ...l, levelName: levelName(l.levelName) }))) : null;
  const definitions = own?.alarmLine.length ? [own] : await alarmDefinitionsFor(db, c.var.auth.tenantId, alarm.deviceId, alarm.identifier, c.var.locale);
  return { identifier: alarm.identifier, points: series.points, definitions, at };
}
