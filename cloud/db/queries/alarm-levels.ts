import { eq, sql } from "drizzle-orm";
import type { Locale } from "@/lib/contract/locale";
import type { Db } from "../client";
import { alarms } from "../schema";

/** A level's name in `locale` (the row aliased `l`: its multilingual text, else its own). */
export const levelNameIn = (locale: Locale, l = "l") =>
  sql<string>`coalesce(nullif(${sql.raw(`"${l}"`)}.i18n->'levelName'->>${locale}, ''), ${sql.raw(`"${l}"`)}.level_name)`;

/**
 * The level name an alarm row (of the table or alias `a`) shows in `locale`. An alarm copies its
 * level's name when raised; while that copy is still the level's name, the caller reads the
 * level's text in its own language. A copy the level no longer bears (renamed or deleted since)
 * is history and answered as kept.
 */
export function alarmLevelName(locale: Locale, a = "alarms") {
  const col = (name: string) => sql.raw(`"${a}"."${name}"`);
  return sql<string | null>`coalesce((select ${levelNameIn(locale, "lv")} from alarm_levels "lv"
    where "lv".tenant_id = ${col("tenant_id")} and "lv".level_num = ${col("level_num")} and "lv".level_name = ${col("level_name")}), ${col("level_name")})`;
}

/** An alarm's level name in `locale` (as `alarmLevelName`), for texts the cloud composes about it. */
export async function alarmLevelText(db: Db, alarm: { id: number; levelName: string | null }, locale: Locale): Promise<string | null> {
  const [row] = await db.select({ name: alarmLevelName(locale) }).from(alarms).where(eq(alarms.id, alarm.id));
  return row ? row.name : alarm.levelName;
}
