import { z } from "zod";
import { defineCall } from "../call";
import { dbId } from "../common";
import { ALARM_LINE_COLOR, type AlarmLine } from "../monitoring/compute";
import { COMPARE_RANGE, STAT_TYPES } from "./enums";

/** One of `values`; a number's choice also takes its text (a select's value). */
export const choice = <const T extends readonly (string | number)[]>(values: T) =>
  z.preprocess((v) => (typeof v === "string" && typeof values[0] === "number" && v !== "" ? Number(v) : v), z.custom<T[number]>((v) => values.includes(v as T[number]), "validation.invalidOption"));

/**
 * Alarm definition for charts (widgets §3, `rule/alarmLines`): a rule's name and its lines, one per
 * threshold of each level (both ends of a range), in the level's colour.
 */
export const alarmDefinitionSchema = z.object({ alarmName: z.string(), alarmLine: z.array(z.object({ signValue: z.number(), alarmColor: z.string(), levelName: z.string().nullable() })) });
export type AlarmDefinition = z.infer<typeof alarmDefinitionSchema>;
/** `rule/alarmLines`: a device's property, and which of its figures the chart shows (a rule's stat type: the value, its cumulative change, its rate per day). */
export const alarmLinesQuery = z.object({ deviceId: dbId, identifier: z.string().min(1, "validation.required").max(32, "validation.maxLength"), statType: choice(STAT_TYPES).default("not") });

/** A level as a chart draws it: its condition, and its level's name and colour. */
type DrawnLevel = { compareType: number; threshold?: number | null; minValue?: number | null; maxValue?: number | null; levelName: string | null; color: string | null };

/** A rule's alarm definition for charts from its levels: a line per threshold, both ends of a range. */
export function alarmDefinition(alarmName: string, levels: readonly DrawnLevel[]): AlarmDefinition {
  return {
    alarmName,
    alarmLine: levels.flatMap((l) =>
      (l.compareType === COMPARE_RANGE ? [l.minValue, l.maxValue] : [l.threshold])
        .filter((v): v is number => typeof v === "number" && Number.isFinite(v))
        .map((signValue) => ({ signValue, alarmColor: l.color || ALARM_LINE_COLOR, levelName: l.levelName })),
    ),
  };
}

/** The threshold lines charts draw from alarm definitions (alarmCenterInfo and the monitoring screens alike). */
export function definitionLines(defs: readonly AlarmDefinition[]): AlarmLine[] {
  return defs.flatMap((d) => d.alarmLine.map((l) => ({ value: l.signValue, color: l.alarmColor, label: l.levelName ? `${d.alarmName} · ${l.levelName}` : d.alarmName })));
}

/**
 * `alarmRuleApi.alarmLines`: the alarm lines the charts draw (any signed-in user's charts, before a
 * project is chosen too). Declared here, with the lines' helpers, so a chart (a monitoring screen, a
 * device's history, an alarm's page) draws them without the alarm rules' contract.
 */
export const alarmLinesCall = defineCall({ kind: "get", path: "alarm/rule/alarmLines", input: alarmLinesQuery, answer: z.array(alarmDefinitionSchema), access: "user", scope: "projectOptional" });
