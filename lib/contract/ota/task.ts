import { z } from "zod";
import { dbId, optionalId } from "../common";
import { defineEntity, keyField, rowName, type RowOf } from "../entity";
import { integerIn, optional, text } from "../validation";
import { previewCron, splitCron } from "../cron";
import { zonedInstant } from "../../time-zone";
import { OTA_LIMITS, OTA_TARGET, OTA_TARGETS, OTA_TASK_STATUSES, OTA_TASK_TYPE, OTA_TASK_TYPES } from "./enums";
import { i18nField } from "../i18n-text";

const choice = <const T extends readonly number[]>(values: T) =>
  z.preprocess((v) => (typeof v === "string" && v !== "" ? Number(v) : v), z.custom<T[number]>((v) => values.includes(v as T[number]), "validation.invalidOption"));
const percent = optional(integerIn(0, 100));
/**
 * When a scheduled task starts: a time ("YYYY-MM-DD HH:mm[:ss]" on the tenant's clock, or ISO 8601)
 * or a cron expression (seven fields, as the cron picker writes them): the task starts at its next
 * run after the task is saved, on the tenant's clock.
 */
const when = optional(
  z
    .string()
    .max(40, "validation.maxLength")
    .refine((s) => (isScheduleCron(s) ? !previewCron(s, new Date(), { count: 1 }).error : !Number.isNaN(parseScheduleTime(s, "UTC"))), "validation.format"),
);

/** A schedule written as a cron expression rather than a time. */
export const isScheduleCron = (s: string) => splitCron(s.trim()) !== null;

/** A schedule time as the form writes it ("2026-12-01 02:00" on the clock of `zone`) or ISO 8601; NaN when it is neither. */
export function parseScheduleTime(s: string, zone: string): number {
  const local = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(s.trim());
  if (local) {
    const [, y, mo, d, h, mi, se] = local.map(Number);
    return zonedInstant(zone, y, mo, d, h, mi, se || 0);
  }
  return Date.parse(s);
}

/** When a schedule next starts after `now` on the clock of `zone`: null when a cron has no run left (or the text is neither). */
export function nextScheduleAt(s: string, zone: string, now: Date): Date | null {
  if (isScheduleCron(s)) return previewCron(s.trim(), now, { count: 1, timezone: zone }).runs[0] ?? null;
  const at = parseScheduleTime(s, zone);
  return Number.isNaN(at) ? null : new Date(at);
}

/**
 * OTA task (core §3 "upgrade task", §4): one package to the devices a target names (every device of
 * the package's product, those below its version, a project's, a list), now or at a time or a cron's next run (the tenant's clock), at a rate
 * (devices notified per minute) with at most `maxDownloads` of them downloading at once. A staged rollout sends a first batch (`batchPercent` % or
 * `batchCount` devices), then a gate: the rest follows when at least `gateMinDone` of the batch
 * finished, with success ≥ `gateSuccessPct` % and failures ≤ `gateFailPct` %; otherwise the task
 * pauses for a person. Failures above `abortFailPct` % stop it. Each device has `timeoutMin` from
 * its first progress report (or from being notified), and `retries` more attempts `retryIntervalMin` apart.
 */
export const otaTask = defineEntity({
  ns: "ota.task",
  api: "device/otaTask",
  perm: "dev:ota",
  fields: {
    id: keyField,
    taskName: rowName(64),
    packageId: { schema: dbId, kind: "select", search: "eq", list: false, export: false },
    packageName: { kind: "text", readOnly: true, label: "fields.packageId" },
    version: { kind: "text", readOnly: true, form: false },
    // A filter's value comes as text (`?status=2`): the field's rule reads it as one of the statuses.
    status: { schema: choice(OTA_TASK_STATUSES), kind: "status", dict: "otaTaskStatus", readOnly: true, search: "eq" },
    hold: { schema: z.number().int(), kind: "status", dict: "otaHold", readOnly: true, list: false },
    target: { schema: choice(OTA_TARGETS).default(OTA_TARGET.all), kind: "radio", dict: "otaTarget", list: false },
    projectId: { schema: optionalId, kind: "select", list: false, detail: false, export: false },
    deviceIds: { schema: z.array(dbId).max(OTA_LIMITS.devices, "validation.maxItems").default([]), kind: "custom", list: false, detail: false, export: false, full: true },
    taskType: { schema: choice(OTA_TASK_TYPES).default(OTA_TASK_TYPE.immediate), kind: "radio", dict: "otaTaskType", search: "eq" },
    scheduleTime: { schema: when, kind: "datetime", list: false },
    rate: { schema: optional(integerIn(OTA_LIMITS.rate.min, OTA_LIMITS.rate.max)), kind: "number", min: OTA_LIMITS.rate.min, max: OTA_LIMITS.rate.max, list: false },
    maxDownloads: { schema: optional(integerIn(OTA_LIMITS.maxDownloads.min, OTA_LIMITS.maxDownloads.max)), kind: "number", min: OTA_LIMITS.maxDownloads.min, max: OTA_LIMITS.maxDownloads.max, list: false },
    batchPercent: { schema: optional(integerIn(1, 100)), kind: "number", min: 1, max: 100, list: false },
    batchCount: { schema: optional(integerIn(1, OTA_LIMITS.devices)), kind: "number", min: 1, max: OTA_LIMITS.devices, list: false },
    gateSuccessPct: { schema: percent, kind: "number", min: 0, max: 100, list: false },
    gateFailPct: { schema: percent, kind: "number", min: 0, max: 100, list: false },
    gateMinDone: { schema: optional(integerIn(1, OTA_LIMITS.devices)), kind: "number", min: 1, list: false },
    abortFailPct: { schema: optional(integerIn(1, 100)), kind: "number", min: 1, max: 100, list: false },
    timeoutMin: { schema: optional(integerIn(OTA_LIMITS.timeoutMin.min, OTA_LIMITS.timeoutMin.max)), kind: "number", min: 1, max: 1440, list: false },
    retries: { schema: optional(integerIn(OTA_LIMITS.retries.min, OTA_LIMITS.retries.max)), kind: "number", min: 0, max: 10, list: false },
    retryIntervalMin: { schema: optional(integerIn(OTA_LIMITS.retryIntervalMin.min, OTA_LIMITS.retryIntervalMin.max)), kind: "number", min: 0, max: 1440, list: false },
    total: { kind: "number", readOnly: true, form: false },
    successCount: { kind: "number", readOnly: true, form: false },
    failCount: { kind: "number", readOnly: true, form: false },
    description: { schema: text(200), kind: "textarea", full: true, list: false },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true, form: false },
    i18n: i18nField,
  },
  refine: (v, ctx) => {
    if (Number(v.target) === OTA_TARGET.project && !v.projectId) ctx.addIssue({ code: "custom", path: ["projectId"], message: "validation.select" });
    if (Number(v.target) === OTA_TARGET.list && !(v.deviceIds as unknown[] | undefined)?.length) ctx.addIssue({ code: "custom", path: ["deviceIds"], message: "validation.minItems" });
    if (Number(v.taskType) === OTA_TASK_TYPE.scheduled && !v.scheduleTime) ctx.addIssue({ code: "custom", path: ["scheduleTime"], message: "validation.required" });
    if (v.batchPercent && v.batchCount) ctx.addIssue({ code: "custom", path: ["batchCount"], message: "validation.ota.batchEither" });
  },
});
export type OtaTask = RowOf<typeof otaTask.fields>;
