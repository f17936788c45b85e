import { z } from "zod";
import { defineCall, file, typed } from "../call";
import { dbId, idQuery, idsBody, optionalId } from "../common";
import type { Page } from "../envelope";
import { defineEntity, keyField, type RowOf } from "../entity";
import { optional, selectRequired, text, textRequired } from "../validation";
import { ALARM_STATUS, ALARM_TYPES, type AlarmCondition } from "./enums";
import { ATTACHMENT_LIMITS, CHECK_PERM, closeBody, HANDLE_PERM, operBody, stepResult, type AlarmOperation } from "./workflow";
import type { AlarmDefinition } from "./alarm-lines";
import { ALARM_CENTRE, alarmCount as count, levelOf, openByDeviceCall, readWithDevices } from "./open-alarms";

const paths = (max: number) => z.array(z.string().trim().min(1).max(500)).max(max, "validation.maxItems").default([]);
/** "YYYY-MM-DD HH:mm(:ss)" in platform time, as the date-time input writes it. */
const platformDateTime = optional(z.string().regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/, "validation.format"));

const ALARM_STATUSES = Object.values(ALARM_STATUS);
const choice = (values: readonly number[]) => z.coerce.number().refine((n) => values.includes(n), "validation.invalidOption");

/**
 * An alarm as the alarm centre lists it (core §3 Alarm): raised by a rule or added by hand
 * (addManual, with attachments of core §9). The level's number, name and colour are the ones
 * it was raised with. `images`, `videos` and `files` are the manual alarm's attachments by kind.
 */
export const alarmRecord = defineEntity({
  ns: "alarm.alarmCentre",
  api: "alarm/core", perm: "alarm:core",
  fields: {
    id: keyField,
    alarmName: { schema: textRequired(100), search: "contains", sort: false, full: true },
    // "Warning · 2" on its badge in English.
    levelNum: { schema: z.number(), readOnly: true, kind: "number", search: "eq", sort: true, width: 136 },
    levelName: { schema: z.string(), readOnly: true, list: false, detail: false },
    levelColor: { schema: z.string(), readOnly: true, list: false, detail: false, export: false },
    /** The manual alarm's level (a level of the tenant). */
    levelId: { schema: selectRequired(dbId), kind: "select", list: false, detail: false, export: false },
    status: { schema: choice(ALARM_STATUSES), readOnly: true, kind: "status", dict: "alarmStatus", search: "eq", width: 120 },
    alarmType: { schema: choice(ALARM_TYPES), readOnly: true, kind: "select", dict: "alarmType", search: "eq", width: 110 },
    deviceId: { schema: optionalId, kind: "select", list: false, detail: false, export: false },
    deviceName: { schema: z.string(), readOnly: true, minWidth: 140 },
    deviceSn: { schema: z.string(), readOnly: true, list: false },
    identifier: { schema: z.string(), readOnly: true, list: false },
    value: { schema: z.number(), readOnly: true, kind: "number" },
    latestValue: { schema: z.number(), readOnly: true, kind: "number", list: false },
    count: { schema: z.number(), readOnly: true, kind: "number", width: 90 },
    triggeredAt: { schema: platformDateTime, kind: "datetime", search: "range", range: ["startTime", "endTime"], sort: true },
    lastTriggeredAt: { kind: "datetime", readOnly: true, list: false },
    recoveredAt: { kind: "datetime", readOnly: true, list: false },
    closeReason: { schema: z.number(), readOnly: true, kind: "select", dict: "alarmCloseReason", list: false },
    content: { schema: text(500), kind: "textarea", list: false, full: true },
    images: { schema: paths(ATTACHMENT_LIMITS.images), kind: "images", purpose: "alarmImage", limit: ATTACHMENT_LIMITS.images, list: false, export: false },
    videos: { schema: paths(ATTACHMENT_LIMITS.videos), kind: "documents", purpose: "alarmVideo", limit: ATTACHMENT_LIMITS.videos, list: false, export: false },
    files: { schema: paths(ATTACHMENT_LIMITS.files), kind: "documents", purpose: "alarmFile", limit: ATTACHMENT_LIMITS.files, list: false, export: false },
    prjName: { schema: z.string(), readOnly: true, minWidth: 140 },
    updateTime: { kind: "datetime", readOnly: true, column: "updatedAt", list: false },
  },
});
export type AlarmRecord = RowOf<typeof alarmRecord.fields>;

/** The list's query: the contract's filters and the device by name or SN. */
export const alarmFilters = alarmRecord.filters.extend({ deviceName: text(64), deviceId: optionalId.optional() });
export const alarmQuery = alarmRecord.query.extend({ deviceName: text(64), deviceId: optionalId.optional() });
export const manualUpdate = alarmRecord.body.extend({ id: dbId });
/** addManual (`alarmRecord.body`): name, level, device (optional), time (default now), description, attachments. */
export type ManualBody = z.infer<typeof alarmRecord.body>;

/** `alarm/core/info`: the alarm, its rule's condition, the device's product and the timeline. */
export type AlarmInfo = AlarmRecord & {
  /** The property's name in the device's product (null without one: the identifier is shown). */
  propertyName: string | null;
  /** The value that raised the alarm to its level now: the last escalation's, else the first value. */
  raisingValue: number | null;
  ruleId: number | null;
  ruleName: string | null;
  condition: AlarmCondition | null;
  productId: number | null;
  operations: AlarmOperation[];
  chart: AlarmChart;
};

/** `alarm/core/statusNums`: alarms per status (the tabs; "" all), with the filters but the status. */
export const statusNums = z.record(z.string(), count);
export type StatusNums = z.infer<typeof statusNums>;
/** `alarm/core/levelNums`: alarms per level, with its name and colour. */
export const levelNum = z.object({ ...levelOf, count });
export type LevelNum = z.infer<typeof levelNum>;
/** `alarm/core/statistics`: alarms per day and level over a range. */
export const statisticsQuery = z.object({
  startTime: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "validation.format"),
  endTime: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "validation.format"),
});
export const alarmStatistics = z.object({ days: z.array(z.string()), levels: z.array(z.object({ ...levelOf, counts: z.array(count) })) });
export type AlarmStatistics = z.infer<typeof alarmStatistics>;
/** The alarm's property around the alarm time, the rule's alarm definitions (threshold lines per level) and the alarm moment (epoch ms). */
export type AlarmChart = { identifier: string | null; points: [number, number][]; definitions: AlarmDefinition[]; at: number };

const read = { menu: ALARM_CENTRE };
export type { DeviceOpenAlarms } from "./open-alarms";

/**
 * `alarm/core/*` (core §7): the alarm centre of the project chosen in the header, or of all the
 * caller's projects; the workflow's steps (oper: accept / handle / review / clear, each checked
 * against its role's code; close) and manual alarms (added in the header's project).
 */
export const alarmCoreApi = {
  page: defineCall({ kind: "get", path: "alarm/core/page", input: alarmQuery, answer: typed<Page<AlarmRecord>>(), access: readWithDevices, scope: "projectOptional" }),
  statusNums: defineCall({ kind: "get", path: "alarm/core/statusNums", input: alarmFilters, answer: statusNums, access: readWithDevices, scope: "projectOptional" }),
  openByDevice: openByDeviceCall,
  levelNums: defineCall({ kind: "get", path: "alarm/core/levelNums", input: alarmFilters, answer: z.array(levelNum), access: read, scope: "projectOptional" }),
  statistics: defineCall({ kind: "get", path: "alarm/core/statistics", input: statisticsQuery, answer: alarmStatistics, access: read, scope: "projectOptional" }),
  exportInfo: defineCall({ kind: "export", path: "alarm/core/exportInfo", input: alarmFilters, answer: file, access: read, scope: "projectOptional" }),
  info: defineCall({ kind: "get", path: "alarm/core/info", input: idQuery, answer: typed<AlarmInfo>(), access: read, scope: "projectOptional" }),
  oper: defineCall({ kind: "post", path: "alarm/core/oper", input: operBody, answer: stepResult, access: { perm: [HANDLE_PERM, CHECK_PERM] }, scope: "projectOptional" }),
  close: defineCall({ kind: "post", path: "alarm/core/close", input: closeBody, answer: stepResult, access: { perm: HANDLE_PERM }, scope: "projectOptional" }),
  addManual: defineCall({ kind: "post", path: "alarm/core/addManual", input: alarmRecord.body, answer: typed<AlarmRecord>(), access: { perm: "alarm:core:add" }, scope: "project" }),
  updManual: defineCall({ kind: "post", path: "alarm/core/updManual", input: manualUpdate, answer: typed<AlarmRecord>(), access: { perm: "alarm:core:upd" }, scope: "projectOptional" }),
  delManual: defineCall({ kind: "post", path: "alarm/core/delManual", input: idsBody, answer: z.object({ deleted: count }), access: { perm: "alarm:core:del" }, scope: "projectOptional" }),
};
