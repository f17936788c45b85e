import { eq, inArray, sql } from "drizzle-orm";
import { locales, type Locale } from "@/lib/contract/locale";
import type { Db } from "../client";
import { alarms, devices, projects } from "../schema";
import { deviceNameIn, projectNameIn } from "./names";

/** A level's name in `locale` (the row aliased `l`: its multilingual text, else its own). */
export const levelNameIn = (locale: Locale, l = "l") =>
  sql<string>`coalesce(nullif(${sql.raw(`"${l}"`)}.i18n->'levelName'->>${locale}, ''), ${sql.raw(`"${l}"`)}.level_name)`;

/*
 * An alarm copies its level's and its rule's names when raised. While a copy is still the name
 * of its level (rule), the caller reads that row's text in its own language; a copy the row no
 * longer bears (renamed or deleted since, or a manual alarm's own name) is history, answered as kept.
 */

const columnOf = (a: string) => (name: string) => sql.raw(`"${a}"."${name}"`);

/** The level name an alarm row (of the table or alias `a`) shows in `locale`. */
export function alarmLevelName(locale: Locale, a = "alarms") {
  const col = columnOf(a);
  return sql<string | null>`coalesce((select ${levelNameIn(locale, "lv")} from alarm_levels "lv"
    where "lv".tenant_id = ${col("tenant_id")} and "lv".level_num = ${col("level_num")} and "lv".level_name = ${col("level_name")}), ${col("level_name")})`;
}

/** The name an alarm row (of the table or alias `a`) shows in `locale`: its rule's when it copied it, its own text in `locale` when it has one. */
export function alarmName(locale: Locale, a = "alarms") {
  const col = columnOf(a);
  return sql<string>`coalesce((select coalesce(nullif("ru".i18n->'ruleName'->>${locale}, ''), "ru".rule_name) from alarm_rules "ru"
    where "ru".id = ${col("rule_id")} and "ru".rule_name = ${col("alarm_name")}), nullif(${col("i18n")}->'alarmName'->>${locale}, ''), ${col("alarm_name")})`;
}

/** An alarm's text in `locale`: its own in that language when it has one (alarms the cloud composes), else as stored. */
export function alarmContent(locale: Locale, a = "alarms") {
  const col = columnOf(a);
  return sql<string>`coalesce(nullif(${col("i18n")}->'content'->>${locale}, ''), ${col("content")})`;
}

/** What a text about an alarm names, in one language: the alarm, its level, its device and its project (null: it has none). */
export type AlarmNames = { alarmName: string; levelName: string | null; deviceName: string | null; prjName: string | null };

/**
 * The names of alarms in every language, in one statement however many alarms: what the to-dos,
 * messages and notices about them say. An alarm not found (deleted meanwhile) is missing from the map.
 */
export async function alarmNames(db: Db, list: readonly { id: number }[]): Promise<Map<number, Record<Locale, AlarmNames>>> {
  if (!list.length) return new Map();
  const columns = Object.fromEntries(locales.flatMap((l) => [[`alarm ${l}`, alarmName(l)], [`level ${l}`, alarmLevelName(l)], [`device ${l}`, deviceNameIn(l)], [`project ${l}`, projectNameIn(l)]]));
  const rows = (await db
    .select({ id: alarms.id, ...columns })
    .from(alarms)
    .leftJoin(devices, eq(devices.id, alarms.deviceId))
    .leftJoin(projects, eq(projects.id, alarms.projectId))
    .where(inArray(alarms.id, [...new Set(list.map((a) => a.id))]))) as Record<string, unknown>[];
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return new Map(
    rows.map((r) => [
      Number(r.id),
      Object.fromEntries(locales.map((l) => [l, { alarmName: String(r[`alarm ${l}`]), levelName: text(r[`level ${l}`]), deviceName: text(r[`device ${l}`]), prjName: text(r[`project ${l}`]) }])) as Record<Locale, AlarmNames>,
    ]),
  );
}
