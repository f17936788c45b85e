import type { I18nTexts } from "@/lib/contract/i18n-text";
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";

const created = { createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow() };
const stamps = { ...created, updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow() };

/** Tenant 1 is the platform itself (the default `tId`). */
export const tenants = pgTable("tenants", {
  id: serial("id").primaryKey(),
  name: varchar("name", { length: 64 }).notNull(),
  /** Its texts in each language (widgets §3 multilingual name), by field. */
  i18n: jsonb("i18n").$type<I18nTexts>(),
  code: varchar("code", { length: 32 }),
  enabled: smallint("enabled").notNull().default(1),
  areaCode: varchar("area_code", { length: 12 }),
  areaName: varchar("area_name", { length: 200 }),
  contact: varchar("contact", { length: 64 }),
  contactPhone: varchar("contact_phone", { length: 20 }),
  contractNo: varchar("contract_no", { length: 64 }),
  contractStart: timestamp("contract_start", { withTimezone: true }),
  contractEnd: timestamp("contract_end", { withTimezone: true }),
  contractFile: text("contract_file"),
  adminUserId: integer("admin_user_id"),
  ...stamps,
});

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    username: varchar("username", { length: 32 }).notNull(),
    passwordHash: text("password_hash").notNull(),
    realname: varchar("realname", { length: 64 }).notNull().default(""),
    /** Its texts in each language (widgets §3 multilingual name), by field. */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    employeeNo: varchar("employee_no", { length: 32 }),
    sex: smallint("sex"),
    position: varchar("position", { length: 64 }),
    phone: varchar("phone", { length: 11 }),
    landline: varchar("landline", { length: 20 }),
    email: varchar("email", { length: 100 }),
    avatar: text("avatar"),
    departmentId: integer("department_id"),
    enabled: smallint("enabled").notNull().default(1),
    /** 1 a normal user, 2 may change the creator of knowledge bases (widgets §3). */
    userIdentity: smallint("user_identity").notNull().default(1),
    queryPhone: smallint("query_phone").notNull().default(0),
    /** The language of the user's latest sign-in or request (`Language`): what notices to them are written in. */
    language: varchar("language", { length: 8 }),
    mustChangePwd: boolean("must_change_pwd").notNull().default(false),
    pwdChangedAt: timestamp("pwd_changed_at", { withTimezone: true }).notNull().defaultNow(),
    ...stamps,
  },
  (t) => [
    uniqueIndex("users_tenant_username").on(t.tenantId, t.username),
    index("users_tenant_phone").on(t.tenantId, t.phone),
    index("users_tenant_email").on(t.tenantId, t.email),
  ],
);

export const passwordHistory = pgTable(
  "password_history",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    passwordHash: text("password_hash").notNull(),
    ...created,
  },
  (t) => [index("password_history_user").on(t.userId, t.createdAt)],
);

/** Role kind 1 is a management role (platform), 2 a tenant role (core §6). */
export const roles = pgTable(
  "roles",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    name: varchar("name", { length: 64 }).notNull(),
    code: varchar("code", { length: 32 }).notNull(),
    kind: smallint("kind").notNull(),
    remark: varchar("remark", { length: 500 }),
    /** Multilingual texts of the row's fields (seeded and built-in rows, multilingual-name dialog). */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    ...stamps,
  },
  (t) => [uniqueIndex("roles_tenant_code").on(t.tenantId, t.code)],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    roleId: integer("role_id").notNull().references(() => roles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Menu trees: scope `sys` (management side) and `tenant` (tenant side). */
export const menus = pgTable(
  "menus",
  {
    id: serial("id").primaryKey(),
    scope: varchar("scope", { length: 8 }).notNull(),
    parentId: integer("parent_id"),
    name: varchar("name", { length: 64 }).notNull(),
    nameEn: varchar("name_en", { length: 64 }).notNull().default(""),
    icon: varchar("icon", { length: 64 }),
    sort: integer("sort").notNull().default(0),
    type: varchar("type", { length: 8 }).notNull().default("menu"),
    path: varchar("path", { length: 200 }),
    perms: varchar("perms", { length: 100 }),
    frame: smallint("frame").notNull().default(0),
    framePath: varchar("frame_path", { length: 500 }),
    ...stamps,
  },
  (t) => [index("menus_scope_parent").on(t.scope, t.parentId)],
);

export const roleMenus = pgTable(
  "role_menus",
  {
    roleId: integer("role_id").notNull().references(() => roles.id, { onDelete: "cascade" }),
    menuId: integer("menu_id").notNull().references(() => menus.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

/** Opaque bearer tokens, stored as SHA-256 of the random value. */
export const tokens = pgTable(
  "tokens",
  {
    id: serial("id").primaryKey(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    tenantId: integer("tenant_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ip: varchar("ip", { length: 64 }),
    ...created,
  },
  (t) => [uniqueIndex("tokens_hash").on(t.tokenHash), index("tokens_user").on(t.userId)],
);

/**
 * One row: a counter the database's own triggers raise on every change that can change what a
 * token may do (tokens revoked or deleted; users, tenants, roles and their menus, menus,
 * tenant authorisations, projects and project members). The cloud caches sessions, menus and
 * project checks per value of it (cloud/lib/access-cache.ts): one small read per request, and
 * exact whichever instance or code path made the change. The triggers are in the migration.
 */
export const accessEpoch = pgTable("access_epoch", {
  id: smallint("id").primaryKey().default(1),
  n: bigint("n", { mode: "number" }).notNull().default(0),
});

/** Failure counters for throttling and captcha, keyed by `u:<tenant>:<username>:<ip>` or `ip:<ip>`. */
export const loginFailures = pgTable("login_failures", {
  key: varchar("key", { length: 200 }).primaryKey(),
  count: integer("count").notNull().default(0),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

export const captchas = pgTable("captchas", {
  id: varchar("id", { length: 64 }).primaryKey(),
  answerHash: varchar("answer_hash", { length: 64 }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Six-digit codes: single use, tied to purpose and target, limited guesses. */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull(),
    purpose: varchar("purpose", { length: 16 }).notNull(),
    channel: varchar("channel", { length: 8 }).notNull(),
    target: varchar("target", { length: 100 }).notNull(),
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    ...created,
  },
  (t) => [index("verification_codes_target").on(t.tenantId, t.purpose, t.target, t.createdAt)],
);

/** One-time tickets for the login-flow password change (`dataCode`). */
export const pwdTickets = pgTable("pwd_tickets", {
  tokenHash: varchar("token_hash", { length: 64 }).primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/** Messages that no SMS or SMTP provider delivered: the development default. */
export const outbox = pgTable("outbox", {
  id: serial("id").primaryKey(),
  channel: varchar("channel", { length: 8 }).notNull(),
  target: varchar("target", { length: 100 }).notNull(),
  subject: varchar("subject", { length: 200 }).notNull().default(""),
  body: text("body").notNull(),
  ...created,
});

export const companyInfo = pgTable("company_info", {
  tenantId: integer("tenant_id").primaryKey().references(() => tenants.id, { onDelete: "cascade" }),
  data: jsonb("data").notNull().default(sql`'{}'::jsonb`),
  ...stamps,
});

/** The tenant's password policy as one document (complexity, initial, regular, history, forget). */
export const pwdPolicies = pgTable("pwd_policies", {
  tenantId: integer("tenant_id").primaryKey().references(() => tenants.id, { onDelete: "cascade" }),
  data: jsonb("data").notNull().default(sql`'{}'::jsonb`),
  ...stamps,
});
