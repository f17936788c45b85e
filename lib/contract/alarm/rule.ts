import { z } from "zod";
import { defineCall, typed } from "../call";
import { dbId, enableState, idQuery, optionalId } from "../common";
import { defineEntity, keyField, rowName, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { code, integerIn, optional, selectRequired, text } from "../validation";
import { alarmLinesCall, choice } from "./alarm-lines";
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

/** At most this many levels in one rule (e.g. warning / alarm / control). */
export const MAX_RULE_LEVELS = 5;

/**
 * One level of a value rule (core §5): the level it raises and when — compare operator 1–4 with a
 * threshold, or 5 outside a range whose maximum is not below its minimum.
 */
export const ruleCondition = z
  .object({
    levelId: selectRequired(dbId),
    compareType: choice(COMPARE_TYPES).default(1),
    threshold: signed,
    minValue: signed,
    maxValue: signed,
  })
  .superRefine((v, ctx) => {
    if (v.compareType === COMPARE_RANGE) {
      if (v.minValue === undefined) ctx.addIssue({ code: "custom", path: ["minValue"], message: "validation.required" });
      if (v.maxValue === undefined) ctx.addIssue({ code: "custom", path: ["maxValue"], message: "validation.required" });
      if (typeof v.minValue === "number" && typeof v.maxValue === "number" && v.maxValue < v.minValue) ctx.addIssue({ code: "custom", path: ["maxValue"], message: "validation.maxBelowMin" });
    } else if (v.threshold === undefined) ctx.addIssue({ code: "custom", path: ["threshold"], message: "validation.required" });
  });
export type RuleCondition = z.infer<typeof ruleCondition>;

/**
 * Alarm rule (alarmRule, core §3): what is watched (a product's property on all its devices in the
 * project or on one device, or a measurement point's property on the point's devices; or the device
 * going offline; or its data going stale), and for a value rule its levels — each a condition
 * (compare operator 1–5 with a threshold or a range), listed from the mildest to the most severe,
 * e.g. warning / alarm / control values — with one dead band (hysteresis) for the whole rule;
 * offline and stale-data rules have one level. Then convergence, channels and recipients.
 */
export const alarmRule = defineEntity({
  ns: "alarm.rule",
  api: "alarm/rule", perm: "alarm:rule", scope: "project",
  fields: {
    id: keyField,
    ruleName: rowName(64),
    ruleType: { schema: choice(RULE_TYPES).default(RULE_TYPE.value), kind: "select", dict: "alarmRuleType", search: "eq" },
    /** A measurement point (pointGroup): the rule watches the point's devices instead of a product's. */
    pointId: { schema: optionalId, kind: "select", search: "eq", list: false, export: false },
    pointName: { kind: "text", readOnly: true, label: "fields.pointId" },
    productId: { schema: optionalId, kind: "select", search: "eq", list: false, export: false },
    prodName: { kind: "text", readOnly: true, label: "fields.productId" },
    deviceId: { schema: optionalId, kind: "select", search: "eq", list: false, export: false },
    deviceName: { kind: "text", readOnly: true, label: "fields.deviceId" },
    identifier: { schema: code, kind: "select" },
    statType: { schema: choice(STAT_TYPES).default("not"), kind: "select", dict: "statType", list: false },
    conditions: { schema: z.array(ruleCondition).max(MAX_RULE_LEVELS, "validation.maxItems").default([]), kind: "custom", export: false },
    deadband: { schema: signed.transform((n) => n ?? 0).pipe(z.number().min(0, "validation.nonNegative")), kind: "number", list: false },
    staleCycles: { schema: optional(integerIn(1, 1000)), kind: "number", min: 1, max: 1000, list: false },
    /** The level of an offline or stale-data rule (a value rule's levels are in its conditions). */
    levelId: { schema: optionalId, kind: "select", list: false, export: false },
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
    if (!v.pointId && !v.productId) ctx.addIssue({ code: "custom", path: ["productId"], message: "validation.select" });
    if (type === RULE_TYPE.value) {
      if (!v.identifier) ctx.addIssue({ code: "custom", path: ["identifier"], message: "validation.select" });
      const conditions = (v.conditions ?? []) as RuleCondition[];
      if (!conditions.length) ctx.addIssue({ code: "too_small", origin: "array", minimum: 1, inclusive: true, input: conditions, path: ["conditions"], message: "validation.minItems" });
      conditions.forEach((c, i) => {
        if (conditions.findIndex((o) => o.levelId === c.levelId) < i) ctx.addIssue({ code: "custom", path: ["conditions", i, "levelId"], message: "validation.duplicate" });
      });
    } else if (!v.levelId) ctx.addIssue({ code: "custom", path: ["levelId"], message: "validation.select" });
    if (type === RULE_TYPE.stale && !v.staleCycles) ctx.addIssue({ code: "custom", path: ["staleCycles"], message: "validation.required" });
  },
});
export type AlarmRuleRow = Omit<RowOf<typeof alarmRule.fields>, "recipients"> & { recipients: RecipientRow[] };
export type AlarmRuleBody = z.infer<typeof alarmRule.body>;

/** A property a rule may watch (getDevAlamFunList / getMonitorAlamFunList): numeric properties of the product. */
export const alarmFunction = z.object({ identifier: z.string(), funcName: z.string(), unit: z.string().nullable(), min: z.number().nullable(), max: z.number().nullable() });
export type AlarmFunction = z.infer<typeof alarmFunction>;
const count = z.number().int().nonnegative();
/** `rule/numStat`: how many rules, enabled and disabled. */
export const ruleNumStat = z.object({ total: count, enabled: count, disabled: count });
export type RuleNumStat = z.infer<typeof ruleNumStat>;
/** Rules and their editor's pickers are read on their screen only (issue 32 §5: not by a project user). */
export const RULE_SCREENS = ["/alarm/alarmRule"] as const;
const read = { menu: RULE_SCREENS };
const saved = z.object({ id: z.number().int() });

/**
 * alarmRule (core §7), of the project in the header: page, export, del and `oper` from the contract;
 * info with its recipients; add / upd save the rule with them (an update is the whole rule: its
 * checks need every field); the counts; the properties a rule may watch and the points it may
 * watch; and the alarm lines the charts draw (any signed-in user's charts, before a project is chosen too).
 */
export const alarmRuleApi = {
  ...crudCalls(alarmRule, { only: ["page", "export", "del", "openOrClose"], read, oper: true }),
  info: defineCall({ kind: "get", path: "alarm/rule/info", input: idQuery, answer: typed<AlarmRuleRow>(), access: read, scope: "project" }),
  add: defineCall({ kind: "post", path: "alarm/rule/add", input: alarmRule.body, answer: saved, access: { perm: "alarm:rule:add" }, scope: "project" }),
  upd: defineCall({ kind: "post", path: "alarm/rule/upd", input: alarmRule.body.and(z.object({ id: dbId })), answer: saved, access: { perm: "alarm:rule:upd" }, scope: "project" }),
  numStat: defineCall({ kind: "get", path: "alarm/rule/numStat", answer: ruleNumStat, access: read, scope: "project" }),
  /** A product's numeric properties (or the device's product's). */
  devFunctions: defineCall({ kind: "get", path: "alarm/rule/getDevAlamFunList", input: z.object({ productId: dbId.optional(), deviceId: dbId.optional() }), answer: z.array(alarmFunction), access: read, scope: "project" }),
  /** The numeric properties of a measurement point's devices' products. */
  pointFunctions: defineCall({ kind: "get", path: "alarm/rule/getMonitorAlamFunList", input: z.object({ pointId: dbId }), answer: z.array(alarmFunction), access: read, scope: "project" }),
  points: defineCall({ kind: "get", path: "alarm/rule/points", answer: z.array(z.object({ id: z.number().int(), groupName: z.string(), monitorKind: z.string() })), access: read, scope: "project" }),
  alarmLines: alarmLinesCall,
};
