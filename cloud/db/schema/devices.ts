import type { I18nTexts } from "@/lib/contract/i18n-text";
import { sql } from "drizzle-orm";
import { bigint, bigserial, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, unique, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { tenants } from "./identity";
import { products } from "./products";
import { projects } from "./projects";

const stamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Spaces (core §3): places within a project that devices are bound to. */
export const spaces = pgTable(
  "spaces",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    projectId: integer("project_id").notNull().references(() => projects.id),
    spaceName: varchar("space_name", { length: 64 }).notNull(),
    /** Its texts in each language (widgets §3 multilingual name), by field. */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    spaceCode: varchar("space_code", { length: 64 }),
    spaceType: varchar("space_type", { length: 32 }),
    attachment: varchar("attachment", { length: 500 }),
    ...stamps,
  },
  (t) => [index("spaces_project").on(t.projectId, t.id)],
);

/**
 * Devices (core §3). `status` is 1 inactive / 2 online / 3 offline (core §4), kept by the ingest;
 * the secret key is stored as its SHA-256 (it is random and long, so a slow hash adds nothing) and
 * shown once when generated.
 */
export const devices = pgTable(
  "devices",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    deviceName: varchar("device_name", { length: 64 }).notNull(),
    /** Its texts in each language (widgets §3 multilingual name), by field. */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    deviceSn: varchar("device_sn", { length: 64 }).notNull(),
    deviceModel: varchar("device_model", { length: 64 }),
    productId: integer("product_id").notNull().references(() => products.id),
    projectId: integer("project_id").references(() => projects.id),
    spaceId: integer("space_id").references(() => spaces.id, { onDelete: "set null" }),
    gatewaySn: varchar("gateway_sn", { length: 64 }),
    /** 1–9999 (core §5). */
    channelNo: integer("channel_no"),
    activeTime: timestamp("active_time", { withTimezone: true }),
    longitude: doublePrecision("longitude"),
    latitude: doublePrecision("latitude"),
    altitude: doublePrecision("altitude"),
    drawingNo: varchar("drawing_no", { length: 64 }),
    /** Battery level in percent, as last reported (or entered). */
    battery: doublePrecision("battery"),
    /** Signal strength in dBm, as last reported. */
    signal: doublePrecision("signal"),
    firmwareVersion: varchar("firmware_version", { length: 64 }),
    /** 1 enabled, 2 disabled: a disabled device is refused by the ingest. */
    enableStatus: smallint("enable_status").notNull().default(1),
    status: smallint("status").notNull().default(1),
    secretHash: varchar("secret_hash", { length: 64 }).notNull(),
    /** Reporting cycle in seconds, 0–31536000; 0 means it has no effect (core §5). */
    reportCycle: integer("report_cycle").notNull().default(0),
    powerSupply: varchar("power_supply", { length: 32 }),
    lastReportTime: timestamp("last_report_time", { withTimezone: true }),
    createdBy: integer("created_by"),
    ...stamps,
  },
  (t) => [
    uniqueIndex("devices_sn").on(t.deviceSn),
    index("devices_tenant_project").on(t.tenantId, t.projectId, t.id),
    index("devices_product").on(t.productId),
    index("devices_space").on(t.spaceId),
    index("devices_gateway").on(t.gatewaySn),
    index("devices_online").on(t.lastReportTime).where(sql`status = 2`),
    // The device list's default view: a project's devices by last report, newest first (read backwards).
    index("devices_project_report").on(t.tenantId, t.projectId, t.lastReportTime, t.id),
  ],
);

/**
 * When each device was last heard, exactly, and the battery and signal it last reported: rewritten
 * by every ingest batch that hears the device. Kept apart from `devices`, whose indexed columns would
 * make each rewrite a new row version there (issue 41): this narrow table has no index but its key,
 * so a rewrite stays on its page (HOT, fill factor 50 in the migration) and needs no vacuum to be
 * reclaimed. `devices.last_report_time` follows it at a coarse step (`DEVICE_ROW_STEP_MS`).
 */
export const deviceHeard = pgTable("device_heard", {
  deviceId: integer("device_id")
    .primaryKey()
    .references(() => devices.id, { onDelete: "cascade" }),
  at: timestamp("at", { withTimezone: true }).notNull(),
  battery: doublePrecision("battery"),
  signal: doublePrecision("signal"),
});

/** Every change of a device's online state, with its time (alarms and linkage read it). */
export const deviceStatusLog = pgTable(
  "device_status_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deviceId: integer("device_id").notNull().references(() => devices.id, { onDelete: "cascade" }),
    status: smallint("status").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("device_status_log_device").on(t.deviceId, t.at)],
);

/** Messages or values the ingest refused, with the reason (shown on the device). */
export const deviceRejects = pgTable(
  "device_rejects",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Null when the sender is not a known device. */
    deviceId: integer("device_id").references(() => devices.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
    topic: varchar("topic", { length: 200 }).notNull(),
    identifier: varchar("identifier", { length: 64 }),
    /** A reason code (`ingest.*` message key) and its detail. */
    reason: varchar("reason", { length: 64 }).notNull(),
    detail: varchar("detail", { length: 500 }),
    payload: text("payload"),
  },
  (t) => [index("device_rejects_device").on(t.deviceId, t.at)],
);

/**
 * Every refusal counted per device and reason, those the ingest's per-device limit kept no row of
 * in `device_rejects` too: a device flooding junk leaves samples there and its whole tally here.
 */
export const deviceRejectCounts = pgTable(
  "device_reject_counts",
  {
    /** Null: senders that are no known device, counted together. */
    deviceId: integer("device_id").references(() => devices.id, { onDelete: "cascade" }),
    reason: varchar("reason", { length: 64 }).notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
    /** Of `count`, the refusals kept as a count only. */
    unsampled: bigint("unsampled", { mode: "number" }).notNull(),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
  },
  (t) => [unique("device_reject_counts_key").on(t.deviceId, t.reason).nullsNotDistinct()],
);

/**
 * What the ingest could neither store nor record as refused (a key the database breaks, or a
 * database away past every retry). No foreign keys, so the record itself can always be stored;
 * the values are kept whole so they can be replayed.
 */
export const ingestDeadLetters = pgTable(
  "ingest_dead_letters",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    topic: varchar("topic", { length: 200 }).notNull(),
    /** The device the message came from, if any (not a key: it may be the reason it failed). */
    deviceId: integer("device_id"),
    /** Values and refusals it held: what the writer's count of dead-lettered values adds up. */
    values: integer("values").notNull(),
    points: jsonb("points").notNull(),
    rejects: jsonb("rejects").notNull(),
    error: varchar("error", { length: 500 }).notNull(),
    attempts: smallint("attempts").notNull(),
  },
  (t) => [index("ingest_dead_letters_device").on(t.deviceId, t.at)],
);

/**
 * Property identifiers of `telemetry`, each stored once: a value row carries the integer `id`
 * instead of repeating the identifier's text (issue 41, bytes per value). Shared by every product
 * and tenant (an identifier is a name, not a definition); rows are added by the ingest writer as
 * new identifiers arrive and never removed.
 */
export const telemetryProps = pgTable(
  "telemetry_props",
  {
    id: serial("id").primaryKey(),
    identifier: varchar("identifier", { length: 64 }).notNull(),
  },
  (t) => [uniqueIndex("telemetry_props_identifier").on(t.identifier)],
);

/**
 * Telemetry: one row per reported value. Numbers in `num`, anything else (text, enum names,
 * structs as JSON) in `txt`; the property as `prop_id` (`telemetry_props`). On both databases the
 * migration makes this a table partitioned by month on `ts` (cloud/ingest/partitions.ts creates
 * the partitions ahead); no key without `ts`, so it can also become a TimescaleDB hypertable.
 * Column order is storage order: the 8-byte columns first, the two integers filling one 8-byte
 * slot, the text (null for a number) last — a numeric row is 48 bytes, the least a row of these
 * columns takes (docs/domains/monitoring.md#storage).
 */
export const telemetry = pgTable(
  "telemetry",
  {
    ts: timestamp("ts", { withTimezone: true }).notNull(),
    num: doublePrecision("num"),
    deviceId: integer("device_id").notNull(),
    propId: integer("prop_id").notNull(),
    txt: text("txt"),
  },
  (t) => [index("telemetry_device_prop_ts").on(t.deviceId, t.propId, t.ts.desc())],
);

/**
 * Closed months of `telemetry`, packed one row per series and UTC hour (issue 41, bytes per value): the
 * hour's numeric values as parallel arrays, each value's milliseconds after `hour` in `ms` and the number
 * in `nums`, oldest first; `n` their count, so readers page without opening the arrays. A 10-s sensor's
 * hour is one row of 360 values, ≈ 12 bytes each (TOAST stores the arrays) where a raw row and its index
 * entry took ≈ 80. Written by the pack job (cloud/ingest/partitions.ts), read only through `rawValues`
 * (cloud/db/queries/telemetry-raw.ts) beside the raw rows a late value still adds. The migration makes it
 * a table partitioned by month on `hour` (one partition per packed month, dropped with its raw one).
 */
export const telemetryPacked = pgTable(
  "telemetry_packed",
  {
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    deviceId: integer("device_id").notNull(),
    propId: integer("prop_id").notNull(),
    n: integer("n").notNull(),
    ms: integer("ms").array().notNull(),
    nums: doublePrecision("nums").array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.propId, t.hour] })],
);

/** The newest value per device and property, upserted by every batch: lists never read history. */
export const telemetryLatest = pgTable(
  "telemetry_latest",
  {
    deviceId: integer("device_id").notNull().references(() => devices.id, { onDelete: "cascade" }),
    identifier: varchar("identifier", { length: 64 }).notNull(),
    ts: timestamp("ts", { withTimezone: true }).notNull(),
    num: doublePrecision("num"),
    txt: text("txt"),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.identifier] })],
);
