import type { I18nTexts } from "@/lib/contract/i18n-text";
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { tenants, users } from "./identity";

/** In-site messages to one user (core §3 message item). readStatus 0 unread, 1 read. */
export const stationMessages = pgTable(
  "station_messages",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    msgTitle: varchar("msg_title", { length: 200 }).notNull(),
    msgContent: text("msg_content").notNull().default(""),
    /** ala (an alarm), alaManual (a manual alarm) or notice. */
    msgType: varchar("msg_type", { length: 16 }).notNull().default("notice"),
    bizId: integer("biz_id"),
    readStatus: smallint("read_status").notNull().default(0),
    /** Multilingual texts of the row's fields (seeded and built-in rows, multilingual-name dialog). */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("station_messages_user").on(t.userId, t.readStatus, t.id)],
);

/** To-dos assigned to one user. todoStatus 1 pending, 2 awaiting review, 3 handled (core §4). */
export const todos = pgTable(
  "todos",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    msgTitle: varchar("msg_title", { length: 200 }).notNull(),
    msgContent: text("msg_content").notNull().default(""),
    msgType: varchar("msg_type", { length: 16 }).notNull().default("ala"),
    bizId: integer("biz_id"),
    todoStatus: smallint("todo_status").notNull().default(1),
    /** The generated texts in every language, so each reader reads them in their own. */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("todos_user").on(t.userId, t.todoStatus, t.id)],
);
