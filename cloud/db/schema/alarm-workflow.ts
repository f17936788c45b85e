import { index, integer, jsonb, pgTable, serial, smallint, timestamp, varchar } from "drizzle-orm/pg-core";
import type { AlarmAttachment, AlarmEscalation } from "@/lib/contract/alarm/enums";
import type { I18nTexts } from "@/lib/contract/i18n-text";
import { alarms } from "./alarms";
import { tenants, users } from "./identity";

/**
 * Every step of an alarm's workflow (core §4): raised, edited, accepted, handling submitted,
 * review approved / not approved, closed, cleared — who, when, the status before and after, the
 * remark, the close reason and the step's attachments. The alarm detail's timeline reads it.
 */
export const alarmOperations = pgTable(
  "alarm_operations",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    alarmId: integer("alarm_id").notNull().references(() => alarms.id, { onDelete: "cascade" }),
    /** One of `ALARM_STEPS`. */
    step: varchar("step", { length: 16 }).notNull(),
    fromStatus: smallint("from_status"),
    toStatus: smallint("to_status").notNull(),
    /** Null for the system (a rule raising the alarm) or a user deleted since; the name stays. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    userName: varchar("user_name", { length: 64 }).notNull(),
    remark: varchar("remark", { length: 500 }),
    /** The remark in each language when it was written in more than one (seeded steps); a user's remark is their own words. */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    closeReason: smallint("close_reason"),
    attachments: jsonb("attachments").$type<AlarmAttachment[]>().notNull().default([]),
    /** An escalation step: the value that reached the more severe level, the level and its condition. */
    escalation: jsonb("escalation").$type<AlarmEscalation>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("alarm_operations_alarm").on(t.alarmId, t.id)],
);
