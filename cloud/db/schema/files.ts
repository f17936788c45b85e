import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { tenants, users } from "./identity";

/**
 * Uploaded files (`file/upload`, uploads in parts): who uploaded them, their size (the tenant's
 * storage quota sums it) and when a saved form first referred to them. An upload no saved form
 * claimed within a day is abandoned and removed with its bytes.
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    path: varchar("path", { length: 80 }).primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    size: bigint("size", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
  },
  (t) => [index("stored_files_tenant").on(t.tenantId), index("stored_files_unclaimed").on(t.createdAt).where(sql`claimed_at is null`)],
);
