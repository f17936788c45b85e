import type { I18nTexts } from "@/lib/contract/i18n-text";
import { sql } from "drizzle-orm";
import { bigint, bigserial, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { devices } from "./devices";
import { tenants, users } from "./identity";
import { products } from "./products";
import { projects } from "./projects";

const stamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Upgrade packages (/OTAUpdate): a product's firmware for one module at one version, the stored
 * file with its size and hashes, and the tenants whose devices may get it (`tenantIds` empty: all).
 */
export const otaPackages = pgTable(
  "ota_packages",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    packageName: varchar("package_name", { length: 64 }).notNull(),
    /** Its texts in each language (widgets §3 multilingual name), by field. */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    productId: integer("product_id").notNull().references(() => products.id),
    version: varchar("version", { length: 32 }).notNull(),
    versionOrder: doublePrecision("version_order").notNull().default(0),
    module: varchar("module", { length: 32 }).notNull().default("default"),
    upgradeType: smallint("upgrade_type").notNull().default(1),
    fromVersion: varchar("from_version", { length: 32 }),
    filePath: varchar("file_path", { length: 80 }).notNull(),
    fileName: varchar("file_name", { length: 200 }).notNull(),
    fileSize: bigint("file_size", { mode: "number" }).notNull(),
    sha256: varchar("sha256", { length: 64 }).notNull(),
    md5: varchar("md5", { length: 32 }).notNull(),
    tenantIds: jsonb("tenant_ids").$type<number[]>().notNull().default([]),
    minMasterVersion: varchar("min_master_version", { length: 32 }),
    description: varchar("description", { length: 500 }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    ...stamps,
  },
  (t) => [index("ota_packages_product").on(t.tenantId, t.productId, t.versionOrder)],
);

/**
 * Upgrade tasks: `status` 1 to upgrade, 2 upgrading, 3 cancelled, 4 done (core §4); `hold` 0 running,
 * 1 paused at the gate, 2 paused by a person, 3 aborted; `stage` 1 the first batch, 2 the rest.
 * Every change of status, hold and stage is a conditional update, so N cloud instances agree.
 */
export const otaTasks = pgTable(
  "ota_tasks",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    taskName: varchar("task_name", { length: 64 }).notNull(),
    /** Its texts in each language (widgets §3 multilingual name), by field. */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    packageId: integer("package_id").notNull().references(() => otaPackages.id),
    status: smallint("status").notNull().default(1),
    hold: smallint("hold").notNull().default(0),
    stage: smallint("stage").notNull().default(1),
    target: smallint("target").notNull().default(1),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "set null" }),
    deviceIds: jsonb("device_ids").$type<number[]>().notNull().default([]),
    taskType: smallint("task_type").notNull().default(1),
    scheduleTime: varchar("schedule_time", { length: 40 }),
    scheduleAt: timestamp("schedule_at", { withTimezone: true }),
    rate: integer("rate").notNull().default(100),
    /** At most this many of the task's devices download at once (notified and not yet verifying). */
    maxDownloads: integer("max_downloads").notNull().default(200),
    batchPercent: smallint("batch_percent"),
    batchCount: integer("batch_count"),
    gateSuccessPct: smallint("gate_success_pct"),
    gateFailPct: smallint("gate_fail_pct"),
    gateMinDone: integer("gate_min_done"),
    abortFailPct: smallint("abort_fail_pct"),
    timeoutMin: integer("timeout_min").notNull().default(30),
    retries: smallint("retries").notNull().default(1),
    retryIntervalMin: integer("retry_interval_min").notNull().default(1),
    total: integer("total").notNull().default(0),
    successCount: integer("success_count").notNull().default(0),
    failCount: integer("fail_count").notNull().default(0),
    startedAt: timestamp("started_at", { withTimezone: true }),
    gateAt: timestamp("gate_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    description: varchar("description", { length: 200 }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    ...stamps,
  },
  (t) => [index("ota_tasks_tenant").on(t.tenantId, t.id), index("ota_tasks_active").on(t.status).where(sql`status in (1, 2)`)],
);

/**
 * A device of a task: status (core §4), phase, progress, bytes served, attempt, error and times.
 * One active task per device: a device has at most one row to upgrade or upgrading.
 */
export const otaTaskDevices = pgTable(
  "ota_task_devices",
  {
    id: serial("id").primaryKey(),
    taskId: integer("task_id").notNull().references(() => otaTasks.id, { onDelete: "cascade" }),
    deviceId: integer("device_id").notNull().references(() => devices.id, { onDelete: "cascade" }),
    batch: smallint("batch").notNull().default(2),
    status: smallint("status").notNull().default(1),
    phase: varchar("phase", { length: 16 }).notNull().default("queued"),
    progress: smallint("progress").notNull().default(0),
    bytesServed: bigint("bytes_served", { mode: "number" }).notNull().default(0),
    attempt: smallint("attempt").notNull().default(0),
    fromVersion: varchar("from_version", { length: 32 }),
    errorCode: varchar("error_code", { length: 32 }),
    errorText: varchar("error_text", { length: 200 }),
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
    retryAt: timestamp("retry_at", { withTimezone: true }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    firstProgressAt: timestamp("first_progress_at", { withTimezone: true }),
    lastProgressAt: timestamp("last_progress_at", { withTimezone: true }),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("ota_task_devices_task_device").on(t.taskId, t.deviceId),
    uniqueIndex("ota_task_devices_one_active").on(t.deviceId).where(sql`status in (1, 2)`),
    index("ota_task_devices_task_status").on(t.taskId, t.status, t.id),
  ],
);

/** Every change of a task device with its source (device, timer, person): why it is where it is. */
export const otaEvents = pgTable(
  "ota_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    taskDeviceId: integer("task_device_id").notNull().references(() => otaTaskDevices.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    source: varchar("source", { length: 8 }).notNull(),
    status: smallint("status").notNull(),
    phase: varchar("phase", { length: 16 }).notNull(),
    progress: smallint("progress").notNull().default(0),
    text: varchar("text", { length: 300 }).notNull(),
  },
  (t) => [index("ota_events_device").on(t.taskDeviceId, t.id)],
);

/** The version each module of a device last informed (`ota/inform`); the master module is also the device's firmware version. */
export const otaDeviceVersions = pgTable(
  "ota_device_versions",
  {
    deviceId: integer("device_id").notNull().references(() => devices.id, { onDelete: "cascade" }),
    module: varchar("module", { length: 32 }).notNull(),
    version: varchar("version", { length: 32 }).notNull(),
    informedAt: timestamp("informed_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.module] })],
);
