import { z } from "zod";
import { defineCall, file } from "../call";
import { dbId } from "../common";
import { defineEntity, keyField, searchDateTime, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { optional } from "../validation";
import { ROBOT_SCREENS } from "./track";

/**
 * Inspection record (core §3): one reading of one item at one point during a task — the value, normal
 * or abnormal, the photos the robot took, when, which robot — and the alarm an abnormal one raised.
 */
export const record = defineEntity({
  ns: "robot.record",
  api: "stat/inspectionRecord",
  perm: "stat:inspectionRecord",
  scope: "project",
  fields: {
    id: keyField,
    itemName: { kind: "text", readOnly: true, search: "contains", names: true },
    taskId: { kind: "id", schema: z.number().int(), search: "eq", list: false, export: false, readOnly: true },
    taskName: { kind: "text", readOnly: true },
    trackId: { kind: "id", schema: z.number().int(), search: "eq", list: false, export: false, readOnly: true },
    trackName: { kind: "text", readOnly: true },
    pointId: { kind: "id", schema: z.number().int(), search: "eq", list: false, export: false, readOnly: true },
    pointName: { kind: "text", readOnly: true },
    itemId: { kind: "id", schema: z.number().int(), list: false, export: false, detail: false, readOnly: true },
    itemType: { schema: z.number().int(), kind: "status", dict: "inspectionItemType", readOnly: true },
    deviceId: { kind: "id", schema: z.number().int(), search: "eq", list: false, export: false, readOnly: true },
    deviceName: { kind: "text", readOnly: true },
    value: { kind: "number", readOnly: true, floatNum: 3 },
    unit: { kind: "text", readOnly: true },
    inspectStatus: { schema: z.coerce.number().int(), kind: "status", dict: "inspectStatus", readOnly: true, search: "eq" },
    photos: { schema: z.array(z.string()), kind: "images", readOnly: true, list: false, export: false },
    alarmId: { kind: "id", schema: z.number().int().nullable(), readOnly: true, list: false, export: false },
    recordTime: { kind: "datetime", readOnly: true, column: "recordedAt", sort: true, search: "range" },
  },
});
export type InspectionRecord = RowOf<typeof record.fields>;

const range = {
  startTime: searchDateTime,
  endTime: searchDateTime,
  trackId: optional(dbId),
  deviceId: optional(dbId),
};
/** The statistics pages' filter: a time range (platform time), a track, a robot. */
export const statisticsQuery = z.object(range);
export type StatisticsQuery = z.infer<typeof statisticsQuery>;

/** Per point: readings, abnormal ones, the last reading's time. */
export const pointStat = z.object({ pointId: z.number().int(), pointName: z.string(), trackName: z.string(), total: z.number().int(), normal: z.number().int(), abnormal: z.number().int(), lastTime: z.string().nullable() });
/** Per task: points done of the patrol, readings, abnormal ones, minutes it ran. */
export const taskStat = z.object({ taskId: z.number().int(), taskName: z.string(), slotTime: z.string(), patrolStatus: z.number().int(), pointTotal: z.number().int(), pointDone: z.number().int(), total: z.number().int(), abnormal: z.number().int(), minutes: z.number().nullable() });
/** A task that overran its plan's duration: the hours allowed, the minutes it ran, by how much. */
export const timeoutStat = z.object({ taskId: z.number().int(), taskName: z.string(), deviceName: z.string(), slotTime: z.string(), duration: z.number().int(), minutes: z.number(), overMinutes: z.number(), patrolStatus: z.number().int() });
/** Per robot: tasks by outcome, timeouts, readings and abnormal ones. */
export const robotStat = z.object({ deviceId: z.number().int(), deviceName: z.string(), tasks: z.number().int(), done: z.number().int(), expired: z.number().int(), abnormalTasks: z.number().int(), timeouts: z.number().int(), total: z.number().int(), abnormal: z.number().int() });
export type PointStat = z.infer<typeof pointStat>;
export type TaskStat = z.infer<typeof taskStat>;
export type TimeoutStat = z.infer<typeof timeoutStat>;
export type RobotStat = z.infer<typeof robotStat>;

const stat = <T extends z.ZodType>(name: string, row: T, screen: string) => ({
  rows: defineCall({ kind: "get", path: `stat/inspectionRecord/${name}`, input: statisticsQuery, answer: z.array(row), access: { menu: [screen] }, scope: "project" }),
  export: defineCall({ kind: "export", path: `stat/inspectionRecord/${name}Export`, input: statisticsQuery, answer: file, access: { menu: [screen] }, scope: "project" }),
});

/**
 * inspectionRecord (core §7): page, info and export of the records, and the four statistics, each
 * with its Excel export.
 */
export const recordApi = crudCalls(record, { only: ["page", "info", "export"], read: { menu: [ROBOT_SCREENS.record] } });
export const statisticsApi = {
  point: stat("pointStatistics", pointStat, ROBOT_SCREENS.pointStatistics),
  task: stat("taskStatistics", taskStat, ROBOT_SCREENS.taskStatistics),
  timeout: stat("timeoutTaskStatistics", timeoutStat, ROBOT_SCREENS.timeoutStatistics),
  robot: stat("robotTaskStatistics", robotStat, ROBOT_SCREENS.robotStatistics),
};
