import { z } from "zod";
import { isUrl, WEB_SCHEMES } from "../url";
import { dbId, enableState } from "../common";
import { defineEntity, keyField, rowName, type RowOf } from "../entity";
import { recipient } from "../alarm/contact";
import { CHANNEL } from "../alarm/enums";
import { codeRequired, integerIn, optional, text, textRequired } from "../validation";
import { i18nField } from "../i18n-text";
import {
  ACTION_TYPE,
  ACTIVE_TIME,
  ACTIVE_TIMES,
  COMPARE_SYMBOLS,
  DEVICE_CMD_TYPES,
  ENCODINGS,
  INTERVAL_SYMBOLS,
  ONLINE_TYPES,
  TACTIC,
  TACTICS,
  TERM_TYPE,
  TRIGGER_MODES,
} from "./enums";

/** A number as a form sends it ("" and null are "not given"). */
const value = z.preprocess(
  (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v.trim()) : v),
  z.number({ error: (iss) => (iss.input === undefined ? "validation.required" : "validation.number") }).refine((n) => Number.isFinite(n) && Math.abs(n) <= 1e12, "validation.number"),
);
const choice = <const T extends readonly (string | number)[]>(values: T) =>
  z.preprocess((v) => (typeof v === "string" && typeof values[0] === "number" && v !== "" ? Number(v) : v), z.custom<T[number]>((v) => values.includes(v as T[number]), "validation.invalidOption"));
/** A duration or validity in seconds: blank means none, 0 is refused (core §5). */
const seconds = z.preprocess(
  (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v.trim()) : v),
  z.number({ error: "validation.number" }).int("validation.integer").refine((n) => n !== 0, "validation.linkage.zero").pipe(z.number().min(1, "validation.min").max(86_400, "validation.max")).optional(),
);
const delay = z.preprocess((v) => (v === "" || v === null || v === undefined ? 0 : typeof v === "string" ? Number(v.trim()) : v), z.number({ error: "validation.number" }).int("validation.integer").min(0, "validation.min").max(3600, "validation.max"));

/**
 * A Quartz expression's shape: six or seven fields of cron characters. Whether croner accepts it
 * is checked by the cloud (the cron module and its locales stay out of the list's first paint).
 */
const CRON_SHAPE = /^[\d*?,/LW#A-Za-z-]+( [\d*?,/LW#A-Za-z-]+){5,6}$/;

/** A property compared with a value, or with an interval `value`–`value2` (symbols 6–9), held for `durationSec`. */
const propertyTrigger = z.object({
  termType: z.literal(TERM_TYPE.property),
  deviceId: dbId,
  identifier: codeRequired,
  symbol: choice(COMPARE_SYMBOLS),
  value,
  value2: value.optional(),
  durationSec: seconds,
});
const stateTrigger = z.object({ termType: z.literal(TERM_TYPE.deviceState), deviceId: dbId, onlineType: choice(ONLINE_TYPES) });
const timerTrigger = z.object({
  termType: z.literal(TERM_TYPE.timer),
  cron: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(120, "validation.maxLength").regex(CRON_SHAPE, "validation.linkage.cron"),
});
const termTypeOf = (v: unknown) => (typeof v === "object" && v !== null ? Number((v as { termType?: unknown }).termType) : NaN);
export const trigger = z.preprocess(
  (v) => (typeof v === "object" && v !== null ? { ...v, termType: termTypeOf(v) } : v),
  z.discriminatedUnion("termType", [propertyTrigger, stateTrigger, timerTrigger], { error: "validation.invalidOption" }),
);
export type Trigger = z.infer<typeof trigger>;

/** A command to a device: property values to set, or a service with its input parameters (the device's thing model). */
const deviceAction = z.object({
  actionType: z.literal(ACTION_TYPE.device),
  deviceId: dbId,
  cmdType: choice(DEVICE_CMD_TYPES),
  identifier: optional(codeRequired),
  params: z.record(z.string().max(32), z.unknown()).refine((p) => Object.keys(p).length <= 50, "validation.maxItems"),
  delaySec: delay,
});
/** A notice through channels (in-site, SMS, e-mail) to alarm contacts and contact groups. */
const noticeAction = z.object({
  actionType: z.literal(ACTION_TYPE.notice),
  channels: z
    .array(choice([CHANNEL.site, CHANNEL.sms, CHANNEL.email, CHANNEL.wechat] as const))
    .min(1, "validation.minItems")
    .refine((cs) => !cs.includes(CHANNEL.wechat), "validation.wechatUnavailable"),
  recipients: z.array(recipient).min(1, "validation.minItems").max(100, "validation.maxItems"),
  content: textRequired(500),
  /** The text in each language it was written in (seeded rules): each recipient reads theirs while `content` is still its default language's; a text edited since is that text alone. */
  contentI18n: z.object({ "zh-cn": z.string().max(500).optional(), en: z.string().max(500).optional() }).optional(),
  delaySec: delay,
});
/** A header of the call; a `secret` one (or one named as a credential, `isSecretHeader`) is stored sealed and answered masked. */
const header = z.object({
  key: z.string().trim().min(1, "validation.required").max(100, "validation.maxLength").regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, "validation.format"),
  value: z.string().max(1000, "validation.maxLength"),
  secret: z.boolean().default(false),
});
/** A call to a web service: method, URL, headers, a body template (`${identifier}`, `${value}`, `${ruleName}`, `${time}`) and its encoding. */
const webAction = z.object({
  actionType: z.literal(ACTION_TYPE.webService),
  method: choice(["GET", "POST"] as const),
  url: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(500, "validation.maxLength").refine((u) => isUrl(u, WEB_SCHEMES), "validation.linkage.url"),
  headers: z.array(header).max(20, "validation.maxItems").default([]),
  body: z.string().max(5000, "validation.maxLength").default(""),
  encoding: choice(ENCODINGS).default("UTF-8"),
  delaySec: delay,
});
const actionTypeOf = (v: unknown) => (typeof v === "object" && v !== null ? Number((v as { actionType?: unknown }).actionType) : NaN);
export const action = z.preprocess(
  (v) => (typeof v === "object" && v !== null ? { ...v, actionType: actionTypeOf(v) } : v),
  z.discriminatedUnion("actionType", [deviceAction, noticeAction, webAction], { error: "validation.invalidOption" }),
);
export type Action = z.infer<typeof action>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A weekly window: days 1 (Monday) to 7 (Sunday), from `start` to `end` ("HH:mm", end after start). */
export const activeWindow = z
  .object({
    days: z.array(integerIn(1, 7)).min(1, "validation.linkage.timesEmpty").max(7, "validation.maxItems"),
    start: z.string().regex(HHMM, "validation.format"),
    end: z.string().regex(HHMM, "validation.format"),
  })
  .refine((w) => w.end > w.start, { message: "validation.endBeforeStart", path: ["end"] });
export type ActiveWindow = z.infer<typeof activeWindow>;

/**
 * Linkage rule (/linkage, core §3–§5): triggers combined by all / any, an active time (always or
 * weekly windows), a data validity (a value older than it does not count), actions in order each
 * with an optional delay, and a tactic (normal, or repeat-suppress for N minutes).
 */
export const linkageRule = defineEntity({
  ns: "linkage",
  api: "device/linkage", perm: "dev:linkage", scope: "project",
  fields: {
    id: keyField,
    ruleName: rowName(64),
    triggerMode: { schema: choice(TRIGGER_MODES).default(1), kind: "radio", dict: "linkageTriggerMode", search: "eq" },
    triggers: { schema: z.array(trigger).min(1, "validation.linkage.noTrigger").max(10, "validation.maxItems"), kind: "custom", full: true, export: false },
    activeTime: { schema: choice(ACTIVE_TIMES).default(1), kind: "radio", dict: "linkageActiveTime", list: false },
    activeWindows: { schema: z.array(activeWindow).max(20, "validation.maxItems").default([]), kind: "custom", full: true, list: false, export: false },
    validitySec: { schema: seconds, kind: "number", min: 1, max: 86_400, list: false },
    actions: { schema: z.array(action).min(1, "validation.linkage.noAction").max(20, "validation.maxItems"), kind: "custom", full: true, export: false },
    tactic: { schema: choice(TACTICS).default(1), kind: "radio", dict: "linkageTactic" },
    suppressMinutes: { schema: optional(integerIn(1, 1440)), kind: "number", min: 1, max: 1440, list: false },
    enableStatus: { schema: enableState.default(1), kind: "switch", dict: "enableState", search: "eq" },
    description: { schema: text(200), kind: "textarea", full: true, list: false },
    fireCount: { kind: "number", readOnly: true, form: false },
    lastFireTime: { kind: "datetime", readOnly: true, form: false },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true, form: false },
    i18n: i18nField,
  },
  refine: (v, ctx) => {
    const triggers = (v.triggers ?? []) as Trigger[];
    triggers.forEach((tr, i) => {
      if (tr.termType !== TERM_TYPE.property) return;
      if (!INTERVAL_SYMBOLS.includes(tr.symbol)) return;
      if (tr.value2 === undefined) ctx.addIssue({ code: "custom", path: ["triggers", i, "value2"], message: "validation.required" });
      else if (tr.value2 < tr.value) ctx.addIssue({ code: "custom", path: ["triggers", i, "value2"], message: "validation.maxBelowMin" });
    });
    if (v.activeTime === ACTIVE_TIME.specified && !((v.activeWindows as ActiveWindow[] | undefined) ?? []).length) ctx.addIssue({ code: "custom", path: ["activeWindows"], message: "validation.linkage.timesEmpty" });
    if (v.tactic === TACTIC.suppress && !v.suppressMinutes) ctx.addIssue({ code: "custom", path: ["suppressMinutes"], message: "validation.required" });
  },
});
export type LinkageRuleRow = Omit<RowOf<typeof linkageRule.fields>, "triggers" | "actions" | "activeWindows"> & { triggers: Trigger[]; actions: Action[]; activeWindows: ActiveWindow[] };
export type LinkageRuleBody = z.infer<typeof linkageRule.body>;

/** `linkage/operate`: run a rule's actions now. */
export const linkageOperate = z.object({ id: dbId });
