import type { I18nTexts } from "@/lib/contract/i18n-text";
import { date, doublePrecision, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { tenants } from "./identity";
import { devices } from "./devices";
import { projects } from "./projects";

const stamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Every command sent to a device (the handling log, core §2 /devices/handleLog): stored as
 * waiting (0) before it is published, then timeout (1), success (2) or failed (3) on the device's
 * reply or its silence (core §4). `msgId` is the `id` the device echoes in its reply.
 */
export const deviceCommands = pgTable(
  "device_commands",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "set null" }),
    deviceId: integer("device_id").notNull().references(() => devices.id, { onDelete: "cascade" }),
    deviceSn: varchar("device_sn", { length: 64 }).notNull(),
    deviceName: varchar("device_name", { length: 64 }).notNull(),
    msgId: varchar("msg_id", { length: 32 }).notNull(),
    cmdType: varchar("cmd_type", { length: 16 }).notNull(),
    identifier: varchar("identifier", { length: 64 }),
    /** The command's parameters as sent (JSON). */
    params: text("params"),
    status: smallint("status").notNull().default(0),
    replyCode: integer("reply_code"),
    /** The device's reply as received (JSON). */
    reply: text("reply"),
    timeoutS: integer("timeout_s").notNull(),
    sentBy: integer("sent_by"),
    sentByName: varchar("sent_by_name", { length: 64 }),
    /** The device's and the sender's names at sending in each language they had (`deviceName`, `sentByName`): the log answers each reader in theirs. */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    /** How many times it was sent: a held pad key's repeats are one row (widgets §7). */
    repeats: integer("repeats").notNull().default(1),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("device_commands_msg").on(t.msgId), index("device_commands_tenant").on(t.tenantId, t.sentAt), index("device_commands_device").on(t.deviceId, t.sentAt)],
);

/** Battery models (core §3): a device's remaining charge is estimated between their voltages. */
export const batteries = pgTable(
  "batteries",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    batteryName: varchar("battery_name", { length: 64 }).notNull(),
    /** Its texts in each language (widgets §3 multilingual name), by field. */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    batteryModel: varchar("battery_model", { length: 64 }),
    /** 0 rechargeable, 1 not rechargeable (core §4). */
    batteryType: smallint("battery_type").notNull(),
    fullVoltage: doublePrecision("full_voltage").notNull(),
    endVoltage: doublePrecision("end_voltage").notNull(),
    capacity: doublePrecision("capacity"),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    ...stamps,
  },
  (t) => [index("batteries_tenant").on(t.tenantId, t.id)],
);

/** Construction records (core §3 buildInfo): installation and maintenance visits to a device. */
export const buildRecords = pgTable(
  "build_records",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    projectId: integer("project_id").notNull().references(() => projects.id),
    deviceId: integer("device_id").references(() => devices.id, { onDelete: "set null" }),
    /** 1 first install, 2 later maintenance (core §4). */
    buildType: smallint("build_type").notNull(),
    personnel: varchar("personnel", { length: 100 }).notNull(),
    summary: varchar("summary", { length: 500 }),
    /** Its texts in each language (the crew and summary of a seeded record), by field. */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    buildDate: date("build_date").notNull(),
    outboundDate: date("outbound_date"),
    warrantyDate: date("warranty_date"),
    remarks: varchar("remarks", { length: 500 }),
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    createdBy: integer("created_by"),
    ...stamps,
  },
  (t) => [index("build_records_project").on(t.tenantId, t.projectId, t.id)],
);

/** Concrete calibration rules (betonRule) of a project: the maturity method's settings. */
export const betonRules = pgTable(
  "beton_rules",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    projectId: integer("project_id").notNull().references(() => projects.id, { onDelete: "cascade" }),
    ruleName: varchar("rule_name", { length: 64 }).notNull(),
    /** Its texts in each language (widgets §3 multilingual name), by field. */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    mixDesc: varchar("mix_desc", { length: 200 }),
    airType: smallint("air_type").notNull().default(0),
    airContent: doublePrecision("air_content"),
    hardenType: smallint("harden_type").notNull().default(1),
    coefType: smallint("coef_type").notNull().default(0),
    points: jsonb("points").$type<{ maturity: number; strength: number }[]>().notNull().default([]),
    coefA: doublePrecision("coef_a"),
    coefB: doublePrecision("coef_b"),
    aggregate: smallint("aggregate").notNull().default(0),
    datumTemp: doublePrecision("datum_temp").notNull().default(-10),
    ...stamps,
  },
  (t) => [index("beton_rules_project").on(t.tenantId, t.projectId, t.id)],
);

/** Which rule a concrete device is calculated by: one rule per device. */
export const betonRuleDevices = pgTable("beton_rule_devices", {
  deviceId: integer("device_id")
    .primaryKey()
    .references(() => devices.id, { onDelete: "cascade" }),
  ruleId: integer("rule_id")
    .notNull()
    .references(() => betonRules.id, { onDelete: "cascade" }),
});
