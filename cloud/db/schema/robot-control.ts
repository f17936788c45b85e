import { index, integer, pgTable, serial, timestamp, varchar } from "drizzle-orm/pg-core";
import { deviceCommands } from "./device-ops";
import { devices } from "./devices";
import { tenants } from "./identity";
import { projects } from "./projects";

/**
 * Who drives a robot (issue 36): one row per robot while a console socket holds it, a lease its
 * socket renews; a lapsed lease is free. In the database so it holds across cloud instances.
 */
export const robotDrivers = pgTable("robot_drivers", {
  deviceId: integer("device_id")
    .primaryKey()
    .references(() => devices.id, { onDelete: "cascade" }),
  tenantId: integer("tenant_id").notNull().references(() => tenants.id),
  userId: integer("user_id").notNull(),
  userName: varchar("user_name", { length: 64 }).notNull(),
  /** The driving socket's secret (never answered). */
  holder: varchar("holder", { length: 64 }).notNull(),
  takenAt: timestamp("taken_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * The robot console's command audit: who sent what to which robot, why (press, release, a lapsed
 * hold, a lost socket…) and, through the command row, its repeats, round trip and result; a
 * command refused before it was sent (another driver, an offline robot) has no command row.
 */
export const robotCommands = pgTable(
  "robot_commands",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "set null" }),
    deviceId: integer("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    commandId: integer("command_id").references(() => deviceCommands.id, { onDelete: "set null" }),
    userId: integer("user_id").notNull(),
    userName: varchar("user_name", { length: 64 }).notNull(),
    service: varchar("service", { length: 64 }).notNull(),
    code: varchar("code", { length: 16 }).notNull(),
    trigger: varchar("trigger", { length: 16 }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    /** Why it was refused (the refusal as the caller read it). */
    message: varchar("message", { length: 200 }),
  },
  (t) => [index("robot_commands_device").on(t.deviceId, t.sentAt), index("robot_commands_command").on(t.commandId)],
);
