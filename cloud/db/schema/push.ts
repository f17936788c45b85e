import type { I18nTexts } from "@/lib/contract/i18n-text";
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { devices } from "./devices";
import { tenants } from "./identity";
import { projects } from "./projects";

/** A stored header: a secret one's value is sealed (`cloud/lib/crypto.ts` sealSecret), never kept in clear. */
export type StoredHeader = { name: string; value: string; secret: boolean };

/** Data push configurations (pushConfig, core §3) of a project. */
export const pushConfigs = pgTable(
  "push_configs",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    projectId: integer("project_id").notNull().references(() => projects.id, { onDelete: "cascade" }),
    pushName: varchar("push_name", { length: 64 }).notNull(),
    /** Its texts in each language (widgets §3 multilingual name), by field. */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    method: varchar("method", { length: 8 }).notNull().default("POST"),
    address: varchar("address", { length: 500 }),
    topic: varchar("topic", { length: 200 }),
    dataTypes: jsonb("data_types").$type<number[]>().notNull().default([1]),
    deviceScope: smallint("device_scope").notNull().default(1),
    deviceIds: jsonb("device_ids").$type<number[]>().notNull().default([]),
    headers: jsonb("headers").$type<StoredHeader[]>().notNull().default([]),
    params: jsonb("params").$type<{ name: string; value: string }[]>().notNull().default([]),
    template: text("template"),
    encoding: varchar("encoding", { length: 8 }).notNull().default("UTF-8"),
    enableStatus: smallint("enable_status").notNull().default(2),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("push_configs_project").on(t.tenantId, t.projectId, t.id)],
);

/** One queued item of a batch: a stored value or a raised alarm, as it will be sent (an alarm's texts in every language under `i18n`). */
export type PushItem = Record<string, string | number | null | I18nTexts>;

/**
 * A device's items of one ingest batch (or one alarm), stored once however many configurations
 * deliver it: each configuration's queue row in `push_outbox` points at it. It goes when no queue
 * row does any more (delivered everywhere; a dead letter keeps it).
 */
export const pushBatches = pgTable("push_batches", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  deviceId: integer("device_id").references(() => devices.id, { onDelete: "set null" }),
  items: jsonb("items").$type<PushItem[]>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The persistent outbox: each configuration's own queue state over the shared batches, in arrival
 * order (`id`), one row per configuration and batch. A row leaves when delivered; after the last try
 * it stays as a dead letter (`dead`). `attempts` and `nextAt` belong to the batch at the head of the
 * queue; `itemCount` lets the list count what waits without reading the batches.
 */
export const pushOutbox = pgTable(
  "push_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    configId: integer("config_id")
      .notNull()
      .references(() => pushConfigs.id, { onDelete: "cascade" }),
    batchId: bigint("batch_id", { mode: "number" })
      .notNull()
      .references(() => pushBatches.id, { onDelete: "cascade" }),
    itemCount: integer("item_count").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAt: timestamp("next_at", { withTimezone: true }).notNull().defaultNow(),
    dead: boolean("dead").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("push_outbox_queue").on(t.configId, t.dead, t.id), index("push_outbox_batch").on(t.batchId)],
);

/** Every delivery attempt (pageLog): status 1 success, 2 failed, 3 no response (core §4). */
export const pushLogs = pgTable(
  "push_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    projectId: integer("project_id").notNull(),
    configId: integer("config_id")
      .notNull()
      .references(() => pushConfigs.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    status: smallint("status").notNull(),
    httpStatus: integer("http_status"),
    durationMs: integer("duration_ms").notNull().default(0),
    items: integer("items").notNull().default(0),
    attempt: integer("attempt").notNull().default(1),
    /** The last try of its batch: the batch went to the dead letters. */
    final: boolean("final").notNull().default(false),
    error: varchar("error", { length: 500 }),
    response: varchar("response", { length: 2000 }),
  },
  (t) => [index("push_logs_config").on(t.configId, t.at)],
);
