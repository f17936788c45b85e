import type { I18nTexts } from "@/lib/contract/i18n-text";
import { index, integer, jsonb, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { menus, roles, tenants, users } from "./identity";

const stamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A tenant's department tree. The root (parent_id null) is the company itself: created with the
 * tenant and named after it, never edited, moved or deleted (core §6).
 */
export const departments = pgTable(
  "departments",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    parentId: integer("parent_id"),
    departmentName: varchar("department_name", { length: 64 }).notNull(),
    sort: integer("sort").notNull().default(0),
    leader: varchar("leader", { length: 32 }),
    phone: varchar("phone", { length: 20 }),
    email: varchar("email", { length: 100 }),
    remark: varchar("remark", { length: 500 }),
    /** Multilingual texts of the row's fields (seeded and built-in rows, multilingual-name dialog). */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    ...stamps,
  },
  (t) => [index("departments_tenant_parent").on(t.tenantId, t.parentId)],
);

export const userGroups = pgTable(
  "user_groups",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    groupName: varchar("group_name", { length: 64 }).notNull(),
    remark: varchar("remark", { length: 500 }),
    /** Multilingual texts of the row's fields (seeded and built-in rows, multilingual-name dialog). */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    ...stamps,
  },
  (t) => [uniqueIndex("user_groups_tenant_name").on(t.tenantId, t.groupName)],
);

export const userGroupMembers = pgTable(
  "user_group_members",
  {
    groupId: integer("group_id").notNull().references(() => userGroups.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index("user_group_members_user").on(t.userId)],
);

/** A user's favourite menu entries, shown in the shell. */
export const menuCollects = pgTable(
  "menu_collects",
  {
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    menuId: integer("menu_id").notNull().references(() => menus.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.menuId] })],
);

/** Platform tenant roles (tenant 1, kind 2) assigned to tenants: their menus join the tenant's authorisation. */
export const roleTenants = pgTable(
  "role_tenants",
  {
    roleId: integer("role_id").notNull().references(() => roles.id, { onDelete: "cascade" }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.tenantId] }), index("role_tenants_tenant").on(t.tenantId)],
);
