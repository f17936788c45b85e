import { bigint, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar } from "drizzle-orm/pg-core";
import type { ToolStep } from "@/lib/contract/ai/chat";
import { tenants, users } from "./identity";

const stamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * The knowledge tree (widgets §3): a base (file_type 9, header_id its own id), folders (1) and
 * files (2). `parent_id` null is the base's root. A recycled node carries `deleted_at`; what lies
 * under it is hidden with it and comes back with it.
 */
export const knowledgeNodes = pgTable(
  "knowledge_nodes",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    headerId: integer("header_id"),
    parentId: integer("parent_id"),
    fileType: smallint("file_type").notNull(),
    fileName: varchar("file_name", { length: 64 }).notNull(),
    fileDesc: varchar("file_desc", { length: 500 }),
    filePath: text("file_path"),
    fileSize: bigint("file_size", { mode: "number" }),
    /** The text of a txt / csv file (its first 200 KB): what the assistant quotes. */
    content: text("content"),
    /** Name, description and content as search tokens (CJK bigrams, lower-case words) for full-text search. */
    searchText: text("search_text").notNull().default(""),
    /** The base's owner (authType 9); on folders and files, who created them. */
    ownerId: integer("owner_id").notNull().references(() => users.id),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedBy: integer("deleted_by"),
    ...stamps,
  },
  (t) => [index("knowledge_nodes_tenant_header").on(t.tenantId, t.headerId), index("knowledge_nodes_parent").on(t.parentId), index("knowledge_nodes_deleted").on(t.deletedAt)],
);

/** Grants on a base or folder (widgets §3 permission entry): one grantee per row. */
export const knowledgeGrants = pgTable(
  "knowledge_grants",
  {
    id: serial("id").primaryKey(),
    nodeId: integer("node_id").notNull().references(() => knowledgeNodes.id, { onDelete: "cascade" }),
    authType: smallint("auth_type").notNull(),
    userId: integer("user_id"),
    departmentId: integer("department_id"),
    groupId: integer("group_id"),
  },
  (t) => [index("knowledge_grants_node").on(t.nodeId)],
);

/** The operation log of /knowledgeLog (core §4 types 1–9); names kept as they were then. */
export const knowledgeLogs = pgTable(
  "knowledge_logs",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    type: smallint("type").notNull(),
    nodeId: integer("node_id"),
    fileName: varchar("file_name", { length: 64 }).notNull(),
    headerName: varchar("header_name", { length: 64 }).notNull(),
    userId: integer("user_id").notNull(),
    realname: varchar("realname", { length: 64 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("knowledge_logs_tenant_time").on(t.tenantId, t.createdAt)],
);

/**
 * An upload in parts (`file/upload/init` → `part` … → `done`): the bytes go to `temp_path` as they
 * come; `received` says where a resumed upload carries on.
 */
export const uploadSessions = pgTable("upload_sessions", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull(),
  fileName: varchar("file_name", { length: 200 }).notNull(),
  ext: varchar("ext", { length: 8 }).notNull(),
  size: bigint("size", { mode: "number" }).notNull(),
  received: bigint("received", { mode: "number" }).notNull().default(0),
  purpose: varchar("purpose", { length: 32 }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Short-lived signed links of /previewFile: a random token (stored hashed) for one stored file. */
export const fileLinks = pgTable("file_links", {
  tokenHash: varchar("token_hash", { length: 64 }).primaryKey(),
  tenantId: integer("tenant_id").notNull(),
  path: text("path").notNull(),
  fileName: varchar("file_name", { length: 200 }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** The assistant's conversations, per user (core §3 chat message). */
export const aiSessions = pgTable(
  "ai_sessions",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    title: varchar("title", { length: 64 }).notNull(),
    ...stamps,
  },
  (t) => [index("ai_sessions_user").on(t.userId, t.updatedAt)],
);

/** A message: the user's question, or the assistant's answer as it ended (done, aborted, error). */
export const aiMessages = pgTable(
  "ai_messages",
  {
    id: serial("id").primaryKey(),
    sessionId: integer("session_id").notNull().references(() => aiSessions.id, { onDelete: "cascade" }),
    role: varchar("role", { length: 16 }).notNull(),
    content: text("content").notNull(),
    reasoning: text("reasoning"),
    /** The tools called for this answer, in order (a model with tool calls). */
    tools: jsonb("tools").$type<ToolStep[]>(),
    status: varchar("status", { length: 16 }).notNull().default("done"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ai_messages_session").on(t.sessionId, t.id)],
);
