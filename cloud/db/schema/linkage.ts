import type { I18nTexts } from "@/lib/contract/i18n-text";
import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, varchar } from "drizzle-orm/pg-core";
import type { Action, ActiveWindow, Trigger } from "@/lib/contract/linkage/rule";
import type { ActionResult } from "@/lib/contract/linkage/log";
import { tenants, users } from "./identity";
import { projects } from "./projects";

/**
 * Linkage rules of a project (/linkage): `triggers` (property / device state / timer) combined by
 * `triggerMode` 1 all, 2 any; `activeTime` 1 always, 2 in `activeWindows`; `validitySec`: a value
 * older than this does not count; `actions` in order, each with its delay; `tactic` 1 normal,
 * 2 repeat-suppress for `suppressMinutes`. Triggers and actions are read whole by the engine and the
 * editor, never queried into, so they are JSON.
 */
export const linkageRules = pgTable(
  "linkage_rules",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    projectId: integer("project_id").notNull().references(() => projects.id),
    ruleName: varchar("rule_name", { length: 64 }).notNull(),
    /** Its texts in each language (widgets §3 multilingual name), by field. */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    triggerMode: smallint("trigger_mode").notNull().default(1),
    triggers: jsonb("triggers").$type<Trigger[]>().notNull(),
    activeTime: smallint("active_time").notNull().default(1),
    activeWindows: jsonb("active_windows").$type<ActiveWindow[]>().notNull().default([]),
    validitySec: integer("validity_sec"),
    actions: jsonb("actions").$type<Action[]>().notNull(),
    tactic: smallint("tactic").notNull().default(1),
    suppressMinutes: integer("suppress_minutes"),
    enableStatus: smallint("enable_status").notNull().default(1),
    description: varchar("description", { length: 200 }),
    fireCount: integer("fire_count").notNull().default(0),
    lastFireTime: timestamp("last_fire_time", { withTimezone: true }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("linkage_rules_project").on(t.projectId, t.id), index("linkage_rules_enabled").on(t.enableStatus)],
);

/**
 * One execution of a rule (/linkage/log): what set it off (`source` 1 property, 2 device state,
 * 3 timer, 4 run by hand), its outcome (`logStatus` 1 failed, 2 success, 3 stopped by the loop
 * guard), each action's result and the whole duration. The rule's name is kept: a deleted rule's
 * log stays readable.
 */
export const linkageLogs = pgTable(
  "linkage_logs",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    projectId: integer("project_id").notNull().references(() => projects.id),
    ruleId: integer("rule_id").references(() => linkageRules.id, { onDelete: "set null" }),
    ruleName: varchar("rule_name", { length: 64 }).notNull(),
    source: smallint("source").notNull(),
    triggerText: text("trigger_text").notNull().default(""),
    logStatus: smallint("log_status").notNull(),
    actionCount: integer("action_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    durationMs: integer("duration_ms").notNull().default(0),
    results: jsonb("results").$type<ActionResult[]>().notNull().default([]),
    fireTime: timestamp("fire_time", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("linkage_logs_project").on(t.projectId, t.fireTime), index("linkage_logs_rule").on(t.ruleId, t.fireTime)],
);

/**
 * What each property trigger of a rule has seen, shared by the instances of a cluster: the latest
 * value, its time and since when the condition has held. Each instance takes some of a device's
 * messages, so a held-since decided from one instance's share alone would be wrong.
 */
export const linkageTriggerStates = pgTable(
  "linkage_trigger_states",
  {
    ruleId: integer("rule_id")
      .notNull()
      .references(() => linkageRules.id, { onDelete: "cascade" }),
    triggerIndex: smallint("trigger_index").notNull(),
    value: doublePrecision("value").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    heldSince: timestamp("held_since", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.triggerIndex] })],
);
