import { z } from "zod";
import { defineCall, empty } from "../call";
import { dbId } from "../common";
import { defineEntity, keyField, rowName, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { oneOf } from "../validation";
import { REPORT_DATE_TYPE, REPORT_DATE_TYPES, REPORT_STATES, REPORT_TYPE, REPORT_TYPES } from "./enums";

/** A wall-clock time of the platform's zone, `HH:mm`. */
export const clockTime = z.string({ error: "validation.required" }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, "validation.format");
const optionalClock = z.preprocess((v) => (v === "" ? null : v), clockTime.nullable().default(null));

/**
 * Report plan (reportPlane, core §7): a template generated weekly (on week day 1–7, Monday first)
 * or monthly (on month day 1–31; 29–31 mean the last day of a shorter month) at `runTime` in the
 * platform's zone, over the whole days of the period or a custom window of each day; the
 * recipients get it once a person has reviewed it. On or off (`statusUpd`).
 */
export const reportPlan = defineEntity({
  ns: "report.plan",
  api: "stat/reportPlane", perm: "stat:reportPlane", scope: "project",
  fields: {
    id: keyField,
    planName: rowName(64),
    templateId: { schema: dbId, kind: "select", list: false },
    templateName: { kind: "text", readOnly: true, form: false },
    reportType: { schema: oneOf(REPORT_TYPES), kind: "radio", dict: "reportType", search: "eq" },
    reportDay: { schema: z.coerce.number({ error: "validation.required" }).int().min(1, "validation.min").max(31, "validation.max"), kind: "number", min: 1, max: 31 },
    dateType: { schema: oneOf(REPORT_DATE_TYPES), kind: "radio", dict: "reportDateType" },
    startTime: { schema: optionalClock, kind: "text", list: false },
    endTime: { schema: optionalClock, kind: "text", list: false },
    runTime: { schema: clockTime.default("08:00"), kind: "text" },
    recipients: { schema: z.array(dbId).max(100, "validation.maxItems").default([]), kind: "custom", list: false, export: false },
    state: { schema: oneOf(REPORT_STATES).default(1), kind: "switch", dict: "reportState", search: "eq" },
    lastRunAt: { kind: "datetime", readOnly: true, form: false },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true, form: false, list: false },
  },
  refine: (v, ctx) => {
    if (v.reportType === REPORT_TYPE.weekly && typeof v.reportDay === "number" && v.reportDay > 7) ctx.addIssue({ code: "custom", path: ["reportDay"], message: "validation.report.weekDay" });
    if (Number(v.dateType) === REPORT_DATE_TYPE.custom) {
      if (!v.startTime) ctx.addIssue({ code: "custom", path: ["startTime"], message: "validation.required" });
      if (!v.endTime) ctx.addIssue({ code: "custom", path: ["endTime"], message: "validation.required" });
      if (v.startTime && v.endTime && v.startTime >= v.endTime) ctx.addIssue({ code: "custom", path: ["endTime"], message: "validation.report.windowOrder" });
    }
  },
});
export type ReportPlanRow = RowOf<typeof reportPlan.fields>;

export const PLAN_READERS = ["/reportPlan"] as const;
/** statusUpd: a plan on (1) or off (0). */
export const planStateBody = z.object({ id: dbId, state: oneOf(REPORT_STATES) });

/** reportPlane: list, byId, save, update, delete, statusUpd (core §7). */
export const reportPlanApi = {
  ...crudCalls(reportPlan, {
    only: ["page", "info", "add", "upd", "del"],
    read: { menu: PLAN_READERS },
    paths: { page: "list", info: "byId", add: "save", upd: "update", del: "delete" },
  }),
  statusUpd: defineCall({ kind: "post", path: "stat/reportPlane/statusUpd", input: planStateBody, answer: empty, access: { perm: "stat:reportPlane:upd" }, scope: "project" }),
};
