import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { devices } from "./devices";
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

/**
 * Camera recordings (issue 34) while they run and after: a row per recording, so every instance
 * sees and can stop it. The instance whose ffmpeg writes it (`holder`) renews `leased_until`;
 * a stop asked through another instance sets `stop_asked` and is signalled to the holder; a
 * recording whose lease lapsed (its instance died) is an orphan that any instance closes, keeping
 * what its file holds. The FLV is written under the files folder (`file`), which the instances
 * share, so an orphan's bytes outlive its instance. One running recording per camera.
 */
export const cameraRecordings = pgTable(
  "camera_recordings",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    deviceId: integer("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    /** Who started it, as the media library and its log name them. */
    userId: integer("user_id").notNull(),
    userName: varchar("user_name", { length: 64 }).notNull(),
    /** The starter's language: the library item and its log are written in it, whoever stops it. */
    locale: varchar("locale", { length: 8 }).notNull(),
    /** The library item's name (without its extension). */
    name: varchar("name", { length: 64 }).notNull(),
    /** The FLV being written, relative to the files folder. */
    file: text("file").notNull(),
    holder: text("holder").notNull(),
    leasedUntil: timestamp("leased_until", { withTimezone: true }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    stopAsked: timestamp("stop_asked", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** How it ended: stored (stopped or at its limit), orphan (its instance died; what was written is kept), failed. */
    outcome: varchar("outcome", { length: 16 }),
    /** Why it failed, as a message key of `cloud.video`. */
    error: varchar("error", { length: 32 }),
    mediaItemId: integer("media_item_id").references(() => mediaItems.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("camera_recordings_running").on(t.deviceId).where(sql`ended_at is null`), index("camera_recordings_lease").on(t.leasedUntil).where(sql`ended_at is null`)],
);

/**
 * A camera's stream sources kept for the media server (issue 34): for now its WebRTC (WHEP)
 * endpoint, as MediaMTX, ZLMediaKit, SRS or go2rtc publish it. The cloud signals to it on the
 * viewer's behalf (`device/video/whep`); the address never reaches a viewer's browser.
 */
export const cameraSources = pgTable("camera_sources", {
  deviceId: integer("device_id")
    .primaryKey()
    .references(() => devices.id, { onDelete: "cascade" }),
  tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
  whepUrl: varchar("whep_url", { length: 1024 }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
