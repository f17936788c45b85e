import { eq, sql } from "drizzle-orm";
import type { Locale } from "@/lib/contract/locale";
import type { Db } from "../client";
import { alarms } from "../schema";

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

/** An alarm's name and level name in `locale`, for texts the cloud composes about it. */
export async function alarmTexts(db: Db, alarm: { id: number; alarmName: string; levelName: string | null }, locale: Locale): Promise<{ alarmName: string; levelName: string | null }> {
  const [row] = await db.select({ alarmName: alarmName(locale), levelName: alarmLevelName(locale) }).from(alarms).where(eq(alarms.id, alarm.id));
  return row ?? { alarmName: alarm.alarmName, levelName: alarm.levelName };
}
