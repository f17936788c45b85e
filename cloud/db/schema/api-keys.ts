import { index, integer, jsonb, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { tenants, users } from "./identity";

/**
 * Personal API keys: a random secret shown once, stored as SHA-256 like session tokens. A call
 * with `Authorization: Bearer <key>` acts as the user with at most the key's scope (read-only or
 * read-write; every project the user sees or the chosen ones). Revoking one raises the access
 * epoch (trigger in the migration), so the next call with it is refused on any instance.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 64 }).notNull(),
    keyHash: varchar("key_hash", { length: 64 }).notNull(),
    /** The first characters of the key, to tell keys apart in the list (`iotk_Ab3x…`). */
    prefix: varchar("prefix", { length: 16 }).notNull(),
    /** 1: read-write; 0: read-only (reads alone). */
    writable: smallint("writable").notNull().default(0),
    /** The projects the key may reach; null: every project its user sees. */
    projectIds: jsonb("project_ids").$type<number[] | null>(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    lastUsedIp: varchar("last_used_ip", { length: 64 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("api_keys_hash").on(t.keyHash), index("api_keys_user").on(t.userId, t.createdAt), index("api_keys_tenant").on(t.tenantId, t.createdAt)],
);
