import type { I18nTexts } from "@/lib/contract/i18n-text";
import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import type { AlarmAttachment, AlarmCondition } from "@/lib/contract/alarm/enums";
import type { RuleCondition } from "@/lib/contract/alarm/rule";
import { devices } from "./devices";
import { pointGroups } from "./monitoring";
import { tenants, users } from "./identity";
import { products } from "./products";
import { projects } from "./projects";

const stamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Alarm levels of a tenant (levelSet): number 1–9 (core §5), name, colour, sort. */
export const alarmLevels = pgTable(
  "alarm_levels",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    levelNum: smallint("level_num").notNull(),
    levelName: varchar("level_name", { length: 32 }).notNull(),
    /** "#rrggbb". */
    color: varchar("color", { length: 7 }).notNull(),
    sort: integer("sort").notNull().default(0),
    /** Multilingual texts of the row's fields (seeded and built-in rows, multilingual-name dialog). */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    ...stamps,
  },
  (t) => [uniqueIndex("alarm_levels_num").on(t.tenantId, t.levelNum)],
);

/** Alarm contacts (alarmLink, core §3): who is told. `userId` joins a console user (jointUser) for in-site messages. */
export const alarmContacts = pgTable(
  "alarm_contacts",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    linkName: varchar("link_name", { length: 32 }).notNull(),
    /** Its texts in each language (widgets §3 multilingual name), by field. */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    phone: varchar("phone", { length: 11 }),
    email: varchar("email", { length: 64 }),
    description: varchar("description", { length: 200 }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    ...stamps,
  },
  (t) => [index("alarm_contacts_tenant").on(t.tenantId, t.id)],
);

/** Alarm contact groups (linkGroup). */
export const alarmContactGroups = pgTable(
  "alarm_contact_groups",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    groupName: varchar("group_name", { length: 32 }).notNull(),
    /** Its texts in each language (widgets §3 multilingual name), by field. */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    description: varchar("description", { length: 200 }),
    ...stamps,
  },
  (t) => [index("alarm_contact_groups_tenant").on(t.tenantId, t.id)],
);

/** A group's contacts; `leader`s are the next recipients when an alarm is escalated. */
export const alarmContactGroupMembers = pgTable(
  "alarm_contact_group_members",
  {
    groupId: integer("group_id").notNull().references(() => alarmContactGroups.id, { onDelete: "cascade" }),
    contactId: integer("contact_id").notNull().references(() => alarmContacts.id, { onDelete: "cascade" }),
    leader: boolean("leader").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.contactId] }), index("alarm_contact_group_members_contact").on(t.contactId)],
);

/**
 * Alarm rules (alarmRule) of a project. `ruleType` 1 value crossing, 2 device offline, 3 stale data
 * (no value for `staleCycles` reporting cycles). A rule watches the product's devices in the project
 * (or one device), or the devices of a measurement point (`pointId`, then no product). A value rule
 * compares `identifier`, after its stat type (not / total / dayRate), with its `conditions`: one per
 * level, mildest first, each compare operator 1–5 with `threshold` or `minValue`–`maxValue` (so one
 * rule holds warning / alarm / control values); `deadband` is the hysteresis a value must go back by
 * to recover. An offline or stale-data rule raises `levelId`.
 * `channels` 1 in-site, 2 SMS, 3 e-mail, 4 WeChat. `convergeMinutes`: no second alarm for the same
 * device and rule inside the window (the count rises instead). `escalateMinutes`: a pending alarm
 * older than this notifies the groups' leaders.
 */
export const alarmRules = pgTable(
  "alarm_rules",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    projectId: integer("project_id").notNull().references(() => projects.id, { onDelete: "cascade" }),
    ruleName: varchar("rule_name", { length: 64 }).notNull(),
    ruleType: smallint("rule_type").notNull().default(1),
    /** Null for a rule on a measurement point (its devices may be of several products). */
    productId: integer("product_id").references(() => products.id, { onDelete: "cascade" }),
    /** One device of the product; null: every device of the product in the project. */
    deviceId: integer("device_id").references(() => devices.id, { onDelete: "cascade" }),
    /** A measurement point (point group): the rule watches its devices instead of a product's. */
    pointId: integer("point_id").references(() => pointGroups.id, { onDelete: "cascade" }),
    identifier: varchar("identifier", { length: 32 }),
    statType: varchar("stat_type", { length: 8 }).notNull().default("not"),
    conditions: jsonb("conditions").$type<RuleCondition[]>().notNull().default([]),
    deadband: doublePrecision("deadband").notNull().default(0),
    staleCycles: integer("stale_cycles"),
    levelId: integer("level_id").references(() => alarmLevels.id, { onDelete: "set null" }),
    convergeMinutes: integer("converge_minutes").notNull().default(0),
    escalateMinutes: integer("escalate_minutes"),
    channels: jsonb("channels").$type<number[]>().notNull().default([1]),
    enableStatus: smallint("enable_status").notNull().default(1),
    description: varchar("description", { length: 200 }),
    createdBy: integer("created_by"),
    /** Multilingual texts of the row's fields (seeded and built-in rows, multilingual-name dialog). */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    ...stamps,
  },
  (t) => [
    index("alarm_rules_project").on(t.projectId, t.id),
    index("alarm_rules_product").on(t.productId).where(sql`enable_status = 1`),
    index("alarm_rules_point").on(t.pointId).where(sql`point_id is not null`),
    index("alarm_rules_tenant").on(t.tenantId),
  ],
);

/** A rule's recipients: `linkType` 1 contact, 2 contact group (core §4). */
export const alarmRuleRecipients = pgTable(
  "alarm_rule_recipients",
  {
    ruleId: integer("rule_id").notNull().references(() => alarmRules.id, { onDelete: "cascade" }),
    linkType: smallint("link_type").notNull(),
    linkId: integer("link_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.linkType, t.linkId] })],
);

/**
 * Alarm records (core §3 Alarm). `alarmType` 1 automatic (a rule), 2 manual (addManual). `status`
 * 1 pending, 2 handling, 3 awaiting review, 4 handled, 8 cleared (core §4); `closeReason` 1 false
 * alarm, 2 normal completion. The rule's level, name and condition are copied in (`condition`), so
 * editing or deleting a rule never rewrites history. While an alarm is open (`recoveredAt` null) a
 * new crossing only updates `latestValue`, `lastTriggeredAt` and `count`.
 */
export const alarms = pgTable(
  "alarms",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "set null" }),
    deviceId: integer("device_id").references(() => devices.id, { onDelete: "set null" }),
    ruleId: integer("rule_id").references(() => alarmRules.id, { onDelete: "set null" }),
    pointId: integer("point_id"),
    levelId: integer("level_id").references(() => alarmLevels.id, { onDelete: "set null" }),
    /** The level's number, name and colour when it was raised. */
    levelNum: smallint("level_num"),
    levelName: varchar("level_name", { length: 32 }),
    levelColor: varchar("level_color", { length: 7 }),
    alarmName: varchar("alarm_name", { length: 100 }).notNull(),
    identifier: varchar("identifier", { length: 32 }),
    value: doublePrecision("value"),
    latestValue: doublePrecision("latest_value"),
    condition: jsonb("condition").$type<AlarmCondition>(),
    content: text("content").notNull().default(""),
    alarmType: smallint("alarm_type").notNull().default(1),
    status: smallint("status").notNull().default(1),
    count: integer("count").notNull().default(1),
    closeReason: smallint("close_reason"),
    triggeredAt: timestamp("triggered_at", { withTimezone: true }).notNull(),
    lastTriggeredAt: timestamp("last_triggered_at", { withTimezone: true }).notNull(),
    recoveredAt: timestamp("recovered_at", { withTimezone: true }),
    escalatedAt: timestamp("escalated_at", { withTimezone: true }),
    attachments: jsonb("attachments").$type<AlarmAttachment[]>().notNull().default([]),
    createdBy: integer("created_by"),
    /** The name and text in every language, for alarms the cloud composes without a rule (SIM pools and cards). */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    ...stamps,
  },
  (t) => [
    index("alarms_project_status").on(t.tenantId, t.projectId, t.status, t.id),
    index("alarms_device_time").on(t.deviceId, t.triggeredAt),
    index("alarms_open").on(t.ruleId, t.deviceId).where(sql`recovered_at is null`),
    // The evaluator looks up the newest alarm of each (rule, device) of a batch.
    index("alarms_rule_device").on(t.ruleId, t.deviceId, t.id),
  ],
);

/** Each notification of an alarm: channel 1–4, its target, and whether it went out (failures are kept, never lost). */
export const alarmNotices = pgTable(
  "alarm_notices",
  {
    id: serial("id").primaryKey(),
    alarmId: integer("alarm_id").notNull().references(() => alarms.id, { onDelete: "cascade" }),
    channel: smallint("channel").notNull(),
    target: varchar("target", { length: 100 }).notNull(),
    /** 1 sent (or queued in the outbox), 2 failed, 3 not available (WeChat). */
    noticeStatus: smallint("notice_status").notNull(),
    error: varchar("error", { length: 500 }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("alarm_notices_alarm").on(t.alarmId)],
);

/**
 * How far each device's values have been evaluated against the alarm rules (the newest value's
 * time) and when. With two instances each taking some of a device's messages, a batch evaluated
 * just after a newer one for the same device skips the values older than this instead of deciding
 * on them late; a backlog a device uploads later (`evaluatedAt` long past) is evaluated as usual.
 */
export const alarmEvalMarks = pgTable("alarm_eval_marks", {
  deviceId: integer("device_id")
    .primaryKey()
    .references(() => devices.id, { onDelete: "cascade" }),
  ts: timestamp("ts", { withTimezone: true }).notNull(),
  evaluatedAt: timestamp("evaluated_at", { withTimezone: true }).notNull().defaultNow(),
});
