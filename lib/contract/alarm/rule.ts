import { z } from "zod";
import { dbId, enableState, optionalId } from "../common";
import { defineEntity, keyField, type RowOf } from "../entity";
import { code, integerIn, optional, selectRequired, text, textRequired } from "../validation";
import { recipient, type RecipientRow } from "./contact";
import { CHANNEL, CHANNELS, COMPARE_RANGE, COMPARE_TYPES, RULE_TYPE, RULE_TYPES, STAT_TYPES } from "./enums";

const THRESHOLD_LIMIT = 1e9;
const blank = (v: unknown) => v === null || v === undefined || (typeof v === "string" && v.trim() === "");

/** A threshold: any finite number (signal strengths and tilts go below zero). */
const signed = z.preprocess(
  (v) => (blank(v) ? undefined : typeof v === "string" ? Number(v.trim()) : v),
  z
    .number({ error: "validation.number" })
    .refine((n) => Number.isFinite(n), "validation.number")
    .refine((n) => Math.abs(n) <= THRESHOLD_LIMIT, "validation.number")
    .optional(),
);
const choice = <const T extends readonly (string | number)[]>(values: T) =>
  z.preprocess((v) => (typeof v === "string" && typeof values[0] === "number" && v !== "" ? Number(v) : v), z.custom<T[number]>((v) => values.includes(v as T[number]), "validation.invalidOption"));

/**
 * Alarm rule (alarmRule, core §3): what is watched (a product's property on all its devices in the
 * project or on one device; or the device going offline; or its data going stale), the condition
 * (compare operator 1–5 with a threshold or a range whose maximum is not below its minimum, core
 * §5), the level, convergence, channels and recipients.
 */
export const alarmRule = defineEntity({
  ns: "alarm.rule",
  fields: {
    id: keyField,
    ruleName: { schema: textRequired(64), search: "contains", sort: true },
    ruleType: { schema: choice(RULE_TYPES).default(RULE_TYPE.value), kind: "select", dict: "alarmRuleType", search: "eq" },
    productId: { schema: selectRequired(dbId), kind: "select", search: "eq", list: false, export: false },
    prodName: { kind: "text", readOnly: true, label: "fields.productId" },
    deviceId: { schema: optionalId, kind: "select", search: "eq", list: false, export: false },
    deviceName: { kind: "text", readOnly: true, label: "fields.deviceId" },
    identifier: { schema: code, kind: "select" },
    statType: { schema: choice(STAT_TYPES).default("not"), kind: "select", dict: "statType", list: false },
    compareType: { schema: choice(COMPARE_TYPES).default(1), kind: "select", dict: "compareType" },
    threshold: { schema: signed, kind: "number" },
    minValue: { schema: signed, kind: "number", list: false },
    maxValue: { schema: signed, kind: "number", list: false },
    deadband: { schema: signed.transform((n) => n ?? 0).pipe(z.number().min(0, "validation.nonNegative")), kind: "number", list: false },
    staleCycles: { schema: optional(integerIn(1, 1000)), kind: "number", min: 1, max: 1000, list: false },
    levelId: { schema: selectRequired(dbId), kind: "select", list: false, export: false },
    levelName: { kind: "text", readOnly: true, label: "fields.levelId" },
    convergeMinutes: { schema: integerIn(0, 1440).default(0), kind: "number", min: 0, max: 1440, list: false },
    escalateMinutes: { schema: optional(integerIn(1, 10080)), kind: "number", min: 1, max: 10080, list: false },
    channels: {
      schema: z
        .array(choice(CHANNELS))
        .min(1, "validation.minItems")
        .max(CHANNELS.length, "validation.maxItems")
        .refine((cs) => !cs.includes(CHANNEL.wechat), "validation.wechatUnavailable")
        .default([CHANNEL.site]),
      kind: "multiselect",
      dict: "notifyChannel",
    },
    recipients: { schema: z.array(recipient).max(100, "validation.maxItems").default([]), kind: "custom", list: false, export: false },
    /** Alarms the rule raised that are still active (not recovered), and all it raised. */
    activeAlarms: { kind: "number", readOnly: true, form: false },
    alarmCount: { kind: "number", readOnly: true, form: false },
    enableStatus: { schema: enableState.default(1), kind: "switch", dict: "enableState", search: "eq" },
    description: { schema: text(200), kind: "textarea", full: true, list: false },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true, form: false },
  },
  refine: (v, ctx) => {
    const type = v.ruleType ?? RULE_TYPE.value;
    if (type === RULE_TYPE.value) {
      if (!v.identifier) ctx.addIssue({ code: "custom", path: ["identifier"], message: "validation.select" });
      if (v.compareType === COMPARE_RANGE) {
        if (v.minValue === undefined) ctx.addIssue({ code: "custom", path: ["minValue"], message: "validation.required" });
        if (v.maxValue === undefined) ctx.addIssue({ code: "custom", path: ["maxValue"], message: "validation.required" });
        if (typeof v.minValue === "number" && typeof v.maxValue === "number" && v.maxValue < v.minValue) ctx.addIssue({ code: "custom", path: ["maxValue"], message: "validation.maxBelowMin" });
      } else if (v.compareType !== undefined && v.threshold === undefined) ctx.addIssue({ code: "custom", path: ["threshold"], message: "validation.required" });
    }
    if (type === RULE_TYPE.stale && !v.staleCycles) ctx.addIssue({ code: "custom", path: ["staleCycles"], message: "validation.required" });
  },
});
export type AlarmRuleRow = Omit<RowOf<typeof alarmRule.fields>, "recipients"> & { recipients: RecipientRow[] };
export type AlarmRuleBody = z.infer<typeof alarmRule.body>;

/** A property a rule may watch (getDevAlamFunList / getMonitorAlamFunList): numeric properties of the product. */
export type AlarmFunction = { identifier: string; funcName: string; unit: string | null; min: number | null; max: number | null };
/** `rule/numStat`: how many rules, enabled and disabled. */
export type RuleNumStat = { total: number; enabled: number; disabled: number };
/** A chart's threshold line (`rule/alarmLines`): the monitoring charts' `alarmLines` prop. */
export type AlarmLine = { value: number; color: string; label: string };
export const alarmLinesQuery = z.object({ deviceId: dbId, identifier: z.string().min(1, "validation.required").max(32, "validation.maxLength") });
