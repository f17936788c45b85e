import { COMPARE_RANGE, conditionText, type AlarmCondition, type StatType } from "@/lib/contract/alarm/enums";
import { textIn, type I18nName } from "@/lib/contract/i18n-text";
import { locales } from "@/lib/contract/locale";
import type { LevelCopy, PropertyNames, RuleRow } from "../db/queries/alarms";

/** One level's condition: compare operator 1–5 with a threshold or a range. */
export type Compared = { compareType: number; threshold?: number | null; minValue?: number | null; maxValue?: number | null };

const num = (v: number | null | undefined) => (typeof v === "number" ? v : null);

/** Whether a value crosses the condition (compare operators 1 >, 2 >=, 3 <, 4 <=, 5 outside min–max). */
export function crosses(c: Compared, v: number): boolean {
  const th = num(c.threshold);
  switch (c.compareType) {
    case 1:
      return th !== null && v > th;
    case 2:
      return th !== null && v >= th;
    case 3:
      return th !== null && v < th;
    case 4:
      return th !== null && v <= th;
    case COMPARE_RANGE: {
      const min = num(c.minValue);
      const max = num(c.maxValue);
      return (min !== null && v < min) || (max !== null && v > max);
    }
    default:
      return false;
  }
}

/**
 * Whether an alarmed value is back in range: it must clear the line by the dead band (hysteresis),
 * so a value hovering at the threshold does not raise and recover at every sample.
 */
export function recovers(c: Compared, v: number, deadband: number): boolean {
  switch (c.compareType) {
    case 1:
    case 2:
      return !crosses(c, v + deadband);
    case 3:
    case 4:
      return !crosses(c, v - deadband);
    case COMPARE_RANGE:
      return !crosses(c, v - deadband) && !crosses(c, v + deadband);
    default:
      return true;
  }
}

/** The most severe of a rule's levels (listed mildest first) the value crosses: its index, or -1. */
export function levelCrossed(levels: readonly Compared[], v: number): number {
  for (let i = levels.length - 1; i >= 0; i--) if (crosses(levels[i], v)) return i;
  return -1;
}

/** Whether an alarmed value is back in range of every level by the dead band (the alarm recovers). */
export function recoversAll(levels: readonly Compared[], v: number, deadband: number): boolean {
  return levels.every((c) => recovers(c, v, deadband));
}

export { conditionText };

/**
 * A value alarm's text, "锚索力 = 2600 (> 2500)": the property by its name (its identifier when the
 * product has none), the value and the condition crossed. `content` is the default language's (the
 * column); `contentIn` the text in every language when the property is named in more than one, which
 * the alarm centre answers in the reader's (null: the one text serves every reader).
 */
export function valueAlarmText(identifier: string, property: PropertyNames | null, v: number, condition: Compared): { content: string; contentIn: I18nName | null } {
  const tail = ` = ${v} (${conditionText(condition)})`;
  const own = property?.own ?? identifier;
  const named = property?.i18n && Object.values(property.i18n).some((n) => n && n !== own);
  return { content: own + tail, contentIn: named ? Object.fromEntries(locales.map((l) => [l, textIn(l, own, property.i18n) + tail])) : null };
}

/**
 * The condition an alarm keeps: the rule's level `index` reached (a value rule), with every level's
 * condition, name and colour (the chart's lines); an offline or stale-data rule has no threshold.
 */
export function conditionOf(r: RuleRow, levels: ReadonlyMap<number, LevelCopy>, index = 0): AlarmCondition {
  const c = r.conditions[index];
  return {
    ruleType: r.ruleType,
    statType: r.statType as StatType,
    compareType: c?.compareType ?? 1,
    threshold: c?.threshold ?? null,
    minValue: c?.minValue ?? null,
    maxValue: c?.maxValue ?? null,
    deadband: r.deadband,
    staleCycles: r.staleCycles,
    ...(r.conditions.length && {
      levelIndex: index,
      levels: r.conditions.map((l) => ({ compareType: l.compareType, threshold: l.threshold ?? null, minValue: l.minValue ?? null, maxValue: l.maxValue ?? null, levelName: levels.get(l.levelId)?.levelName ?? null, color: levels.get(l.levelId)?.color ?? null })),
    }),
  };
}

