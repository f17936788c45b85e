import type { I18nTexts } from "@/lib/contract/i18n-text";
import { sql } from "drizzle-orm";
import { bigserial, date, doublePrecision, index, integer, jsonb, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { alarms } from "./alarms";
import { devices } from "./devices";
import { tenants } from "./identity";
import { projects } from "./projects";

const stamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};
const owner = () => ({
  tenantId: integer("tenant_id").notNull().references(() => tenants.id),
  projectId: integer("project_id").notNull().references(() => projects.id, { onDelete: "cascade" }),
});

/** Inspection tracks (/robot/track): the map image, its length and the metres per design unit. */
export const robotTracks = pgTable(
  "robot_tracks",
  {
    id: serial("id").primaryKey(),
    ...owner(),
    trackName: varchar("track_name", { length: 64 }).notNull(),
    /** Its texts in each language (widgets §3 multilingual name), by field. */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    trackMap: varchar("track_map", { length: 500 }).notNull(),
    trackLength: doublePrecision("track_length").notNull(),
    mapScale: doublePrecision("map_scale").notNull(),
    remark: varchar("remark", { length: 200 }),
    ...stamps,
  },
  (t) => [index("robot_tracks_project").on(t.tenantId, t.projectId, t.id)],
);

/** Points of a track (/robot/point): type 1 inspection point, 2 charging station; the mark in design units. */
export const robotPoints = pgTable(
  "robot_points",
  {
    id: serial("id").primaryKey(),
    ...owner(),
    trackId: integer("track_id").notNull().references(() => robotTracks.id, { onDelete: "cascade" }),
    pointName: varchar("point_name", { length: 64 }).notNull(),
    /** Its texts in each language (widgets §3 multilingual name), by field. */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    pointType: smallint("point_type").notNull().default(1),
    markPosition: varchar("mark_position", { length: 100 }).notNull(),
    position: doublePrecision("position").notNull(),
    sort: integer("sort").notNull().default(0),
    dwellSec: integer("dwell_sec").notNull().default(10),
    cameraPreset: integer("camera_preset"),
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    remark: varchar("remark", { length: 200 }),
    ...stamps,
  },
  (t) => [index("robot_points_track").on(t.trackId, t.sort)],
);

/** Items checked at a point: type, unit and normal range. */
export const robotItems = pgTable(
  "robot_items",
  {
    id: serial("id").primaryKey(),
    ...owner(),
    pointId: integer("point_id").notNull().references(() => robotPoints.id, { onDelete: "cascade" }),
    itemName: varchar("item_name", { length: 64 }).notNull(),
    /** Its texts in each language (widgets §3 multilingual name), by field. */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    itemType: smallint("item_type").notNull().default(2),
    unit: varchar("unit", { length: 32 }),
    minValue: doublePrecision("min_value"),
    maxValue: doublePrecision("max_value"),
    remark: varchar("remark", { length: 200 }),
    ...stamps,
  },
  (t) => [index("robot_items_point").on(t.pointId)],
);

/**
 * Plans (schemes): `publishStatus` 0 unpublished, 1 published, 2 publishing, 3 failed; `enableStatus`
 * 1 enabled, 2 terminated; `startAt` / `endAt` the times read in the platform's zone; `slotFrom` the
 * time slots are generated from (moved to now on enable, so a terminated span is not caught up).
 */
export const robotPlans = pgTable(
  "robot_plans",
  {
    id: serial("id").primaryKey(),
    ...owner(),
    schemeName: varchar("scheme_name", { length: 64 }).notNull(),
    /** Its texts in each language (widgets §3 multilingual name), by field. */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    schemeNo: varchar("scheme_no", { length: 32 }),
    trackId: integer("track_id").notNull().references(() => robotTracks.id),
    deviceId: integer("device_id").notNull().references(() => devices.id),
    repetition: smallint("repetition").notNull().default(1),
    startTime: varchar("start_time", { length: 40 }).notNull(),
    endTime: varchar("end_time", { length: 40 }),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }),
    duration: integer("duration").notNull().default(2),
    cycle: varchar("cycle", { length: 90 }),
    workMode: smallint("work_mode").notNull().default(0),
    publishStatus: smallint("publish_status").notNull().default(0),
    enableStatus: smallint("enable_status").notNull().default(1),
    slotFrom: timestamp("slot_from", { withTimezone: true }),
    /** The latest slot a task was generated for: the scheduler looks after it. */
    lastSlotAt: timestamp("last_slot_at", { withTimezone: true }),
    remark: varchar("remark", { length: 200 }),
    ...stamps,
  },
  (t) => [index("robot_plans_project").on(t.tenantId, t.projectId, t.id), index("robot_plans_due").on(t.publishStatus, t.enableStatus)],
);

/**
 * Tasks: one per plan and slot (the unique index is what makes N scheduler instances generate it
 * once); `patrolStatus` 0 not started, 1 running, 2 done, 3 expired, 4 abnormal; `runStatus` 1 pending,
 * 2 running, 3 success, 9 failed; `timeout` 1 when it ran past the plan's duration.
 */
export const robotTasks = pgTable(
  "robot_tasks",
  {
    id: serial("id").primaryKey(),
    ...owner(),
    schemeId: integer("scheme_id").notNull().references(() => robotPlans.id, { onDelete: "cascade" }),
    trackId: integer("track_id").notNull().references(() => robotTracks.id),
    deviceId: integer("device_id").notNull().references(() => devices.id),
    taskName: varchar("task_name", { length: 100 }).notNull(),
    /** The task name in each language (from the plan's names when generated), by field. */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    slotAt: timestamp("slot_at", { withTimezone: true }).notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    duration: integer("duration").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    patrolStatus: smallint("patrol_status").notNull().default(0),
    runStatus: smallint("run_status").notNull().default(1),
    pointTotal: integer("point_total").notNull().default(0),
    pointDone: integer("point_done").notNull().default(0),
    abnormalCount: integer("abnormal_count").notNull().default(0),
    timeout: smallint("timeout").notNull().default(0),
    ...stamps,
  },
  (t) => [
    uniqueIndex("robot_tasks_slot").on(t.schemeId, t.slotAt),
    index("robot_tasks_project").on(t.tenantId, t.projectId, t.slotAt),
    index("robot_tasks_device").on(t.deviceId, t.patrolStatus),
    // The timeout statistics read the few timed-out tasks of a project without walking the rest.
    index("robot_tasks_timeouts").on(t.tenantId, t.projectId, t.slotAt).where(sql`${t.timeout} = 1`),
  ],
);

/**
 * Records: one reading of one item at one point of a task, with the names as they were when read
 * (a record is a historical fact); `inspectStatus` 0 normal, 1 abnormal; the alarm it raised.
 */
export const robotRecords = pgTable(
  "robot_records",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ...owner(),
    taskId: integer("task_id").references(() => robotTasks.id, { onDelete: "set null" }),
    trackId: integer("track_id").notNull(),
    pointId: integer("point_id").notNull(),
    itemId: integer("item_id").notNull(),
    deviceId: integer("device_id").notNull(),
    taskName: varchar("task_name", { length: 100 }).notNull(),
    trackName: varchar("track_name", { length: 64 }).notNull(),
    pointName: varchar("point_name", { length: 64 }).notNull(),
    itemName: varchar("item_name", { length: 64 }).notNull(),
    itemType: smallint("item_type").notNull(),
    deviceName: varchar("device_name", { length: 64 }).notNull(),
    /** The names above in each language, as they were when read, by field. */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    value: doublePrecision("value"),
    unit: varchar("unit", { length: 32 }),
    inspectStatus: smallint("inspect_status").notNull().default(0),
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    alarmId: integer("alarm_id").references(() => alarms.id, { onDelete: "set null" }),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("robot_records_project").on(t.tenantId, t.projectId, t.recordedAt),
    index("robot_records_task").on(t.taskId),
    index("robot_records_point").on(t.projectId, t.pointId, t.recordedAt),
  ],
);

/**
 * The records' daily roll-up, kept as records are written (same transaction) and built from the
 * records on start when missing: per UTC day, track, point and robot, the readings, abnormal ones,
 * the last one's time and the names it carried. The point and robot statistics read these rows for
 * the whole days of their range and the records for the part days at its edges only.
 */
export const robotRecordDays = pgTable(
  "robot_record_days",
  {
    ...owner(),
    day: date("day", { mode: "string" }).notNull(),
    trackId: integer("track_id").notNull(),
    pointId: integer("point_id").notNull(),
    deviceId: integer("device_id").notNull(),
    total: integer("total").notNull(),
    abnormal: integer("abnormal").notNull(),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
    trackName: varchar("track_name", { length: 64 }).notNull(),
    pointName: varchar("point_name", { length: 64 }).notNull(),
    deviceName: varchar("device_name", { length: 64 }).notNull(),
  },
  (t) => [uniqueIndex("robot_record_days_key").on(t.tenantId, t.projectId, t.day, t.trackId, t.pointId, t.deviceId)],
);

/**
 * The tasks' daily counts, kept by every writer of `robot_tasks` (in its transaction: generation,
 * dispatch, expiry, timeout, arrival, stop, revoke, delete) and built from the tasks on start when
 * missing: per UTC day of the slot, track and robot, the tasks and how many are done, expired, abnormal
 * and timed out. The robot statistics read these rows for the whole days of their range and the tasks
 * for the part days at its edges only.
 */
export const robotTaskDays = pgTable(
  "robot_task_days",
  {
    ...owner(),
    day: date("day", { mode: "string" }).notNull(),
    trackId: integer("track_id").notNull(),
    deviceId: integer("device_id").notNull(),
    tasks: integer("tasks").notNull(),
    done: integer("done").notNull(),
    expired: integer("expired").notNull(),
    abnormal: integer("abnormal").notNull(),
    timeouts: integer("timeouts").notNull(),
  },
  (t) => [uniqueIndex("robot_task_days_key").on(t.tenantId, t.projectId, t.day, t.trackId, t.deviceId)],
);
