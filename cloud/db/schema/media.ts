import { bigint, index, integer, pgTable, serial, smallint, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { tenants, users } from "./identity";

/**
 * The media library (core §2 /media/library): a tenant's folders (file_type 1), images (2),
 * videos (3) and rich-text documents (4, written on /quillEditor). `parent_id` null is the root. A recycled item carries `deleted_at`; what lies under
 * it is hidden with it and comes back with it (the shared recycle bin, `cloud/lib/recycle-bin.ts`).
 */
export const mediaItems = pgTable(
  "media_items",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    parentId: integer("parent_id"),
    fileType: smallint("file_type").notNull(),
    fileName: varchar("file_name", { length: 64 }).notNull(),
    filePath: text("file_path"),
    fileSize: bigint("file_size", { mode: "number" }),
    /** A document's (file_type 4) rich text, sanitised HTML; null for the other types. */
    content: text("content"),
    /** Who last saved a document. */
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedBy: integer("deleted_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("media_items_tenant_parent").on(t.tenantId, t.parentId), index("media_items_deleted").on(t.deletedAt)],
);
