import { z } from "zod";
import { defineCall, typed } from "../call";
import { dbId, enableState, idQuery } from "../common";
import { defineEntity, keyField, rowName, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { previewCron, splitCron } from "../cron";
import { parseScheduleTime } from "../ota/task";
import { integerIn, optional, text } from "../validation";
import { REPETITION, REPETITIONS, WORK_MODE, WORK_MODES } from "./enums";
import { ROBOT_READERS, ROBOT_SCREENS } from "./track";
import { i18nField } from "../i18n-text";

const choice = <const T extends readonly number[]>(values: T) =>
  z.preprocess((v) => (typeof v === "string" && v !== "" ? Number(v) : v), z.custom<T[number]>((v) => values.includes(v as T[number]), "validation.invalidOption"));

/** "YYYY-MM-DD HH:mm[:ss]" on the tenant's clock, or ISO 8601 — as the OTA schedule reads it (the form only checks its shape). */
const when = z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(40, "validation.maxLength").refine((s) => !Number.isNaN(parseScheduleTime(s, "UTC")), "validation.format");
/** A plan's cycle: a Quartz expression of the kit's cron picker that has a next run. */
const cycle = optional(z.string().trim().max(90, "validation.maxLength").refine((s) => s === "" || (!!splitCron(s) && !previewCron(s, new Date(), { count: 1 }).error), "validation.robot.cycle"));
/** A task's duration: whole hours, at most a week. */
export const PLAN_DURATION_H = { min: 1, max: 168, default: 2 } as const;
export const planTimeOf = parseScheduleTime;

/**
 * Inspection plan, the scheme (core §3): name, number, track, the robot that runs it, repeat (on its
 * cycle) or once, start and end — later than now (core §5) —, duration in hours (a task running
 * longer is a timeout), the cycle, work mode, publish status (publish / revoke) and enabled
 * (terminate: no new tasks; enable: tasks are generated again). The scheduler generates a task
 * once per slot.
 */
export const plan = defineEntity({
  ns: "robot.plan",
  api: "stat/inspectionScheme",
  perm: "stat:inspectionScheme",
  scope: "project",
  fields: {
    id: keyField,
    schemeName: rowName(64),
    schemeNo: { schema: text(32), kind: "text", search: "contains" },
    trackId: { schema: dbId, kind: "select", search: "eq", list: false, export: false },
    trackName: { kind: "text", readOnly: true, label: "fields.trackId" },
    deviceId: { schema: dbId, kind: "select", search: "eq", list: false, export: false },
    deviceName: { kind: "text", readOnly: true, label: "fields.deviceId" },
    repetition: { schema: choice(REPETITIONS).default(REPETITION.repeat), kind: "radio", dict: "repetition", search: "eq" },
    startTime: { schema: when, kind: "datetime" },
    endTime: { schema: optional(when), kind: "datetime" },
    duration: { schema: integerIn(PLAN_DURATION_H.min, PLAN_DURATION_H.max).default(PLAN_DURATION_H.default), kind: "number", min: PLAN_DURATION_H.min, max: PLAN_DURATION_H.max },
    cycle: { schema: cycle, kind: "custom", list: false },
    workMode: { schema: choice(WORK_MODES).default(WORK_MODE.standard), kind: "radio", dict: "workMode", list: false },
    publishStatus: { schema: z.coerce.number().int(), kind: "status", dict: "publishStatus", readOnly: true, search: "eq" },
    enableStatus: { schema: z.coerce.number().int(), kind: "status", dict: "enableState", readOnly: true, search: "eq" },
    schemeStatus: { schema: z.coerce.number().int(), kind: "status", dict: "schemeStatus", readOnly: true },
    taskCount: { kind: "number", readOnly: true, form: false },
    remark: { schema: text(200), kind: "textarea", full: true, list: false },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true, form: false },
    i18n: i18nField,
  },
  refine: (v, ctx) => {
    if (Number(v.repetition) === REPETITION.repeat && Number(v.workMode ?? WORK_MODE.standard) === WORK_MODE.standard && !v.cycle) ctx.addIssue({ code: "custom", path: ["cycle"], message: "validation.required" });
    // Both on one clock: which one does not change their order.
    const start = typeof v.startTime === "string" ? parseScheduleTime(v.startTime, "UTC") : NaN;
    const end = typeof v.endTime === "string" && v.endTime ? parseScheduleTime(v.endTime, "UTC") : NaN;
    if (Number.isFinite(start) && Number.isFinite(end) && end <= start) ctx.addIssue({ code: "custom", path: ["endTime"], message: "validation.endBeforeStart" });
  },
});
export type Plan = RowOf<typeof plan.fields>;

const SCREEN = { menu: [ROBOT_SCREENS.plan] } as const;
const UPD = "stat:inspectionScheme:upd";

/**
 * inspectionScheme (core §7): page, info, add, upd, del (an unpublished plan only), public (publish),
 * cancel (revoke), closeOrOpenStatus (terminate / enable), and a plan's next slots.
 */
export const planApi = {
  ...crudCalls(plan, { only: ["page", "list", "info", "add", "upd", "del"], read: { menu: ROBOT_READERS } }),
  publish: defineCall({ kind: "post", path: "stat/inspectionScheme/public", input: idQuery, answer: typed<Plan>(), access: { perm: "stat:inspectionScheme:public" }, scope: "project" }),
  revoke: defineCall({ kind: "post", path: "stat/inspectionScheme/cancel", input: idQuery, answer: typed<Plan>(), access: { perm: "stat:inspectionScheme:cancel" }, scope: "project" }),
  enable: defineCall({ kind: "post", path: "stat/inspectionScheme/closeOrOpenStatus", input: z.object({ id: dbId, enableStatus: enableState }), answer: typed<Plan>(), access: { perm: UPD }, scope: "project" }),
  slots: defineCall({ kind: "get", path: "stat/inspectionScheme/nextSlots", input: idQuery, answer: z.array(z.string()), access: SCREEN, scope: "project" }),
};
