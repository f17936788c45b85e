import type { I18nTexts } from "@/lib/contract/i18n-text";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { menus, tenants, users } from "./identity";

const stamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Server dictionaries (dictSet): a tree of dictionaries per tenant (`user_id` null) or per user
 * (a user's own). Tenant 1's tenant-scope dictionaries are the platform's, which a tenant's own
 * dictionary of the same code overrides.
 */
export const dicts = pgTable(
  "dicts",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    parentId: integer("parent_id"),
    dictName: varchar("dict_name", { length: 64 }).notNull(),
    dictCode: varchar("dict_code", { length: 32 }).notNull(),
    sort: integer("sort").notNull().default(0),
    /** 1 enabled, 2 disabled (core §4). */
    enabled: smallint("enabled").notNull().default(1),
    remark: varchar("remark", { length: 500 }),
    /** Multilingual texts of the row's fields (seeded and built-in rows, multilingual-name dialog). */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    ...stamps,
  },
  (t) => [
    uniqueIndex("dicts_tenant_code").on(t.tenantId, t.dictCode).where(sql`user_id is null`),
    uniqueIndex("dicts_user_code").on(t.userId, t.dictCode).where(sql`user_id is not null`),
  ],
);

/** A dictionary's items, themselves a tree (`childrens`). */
export const dictItems = pgTable(
  "dict_items",
  {
    id: serial("id").primaryKey(),
    dictId: integer("dict_id").notNull().references(() => dicts.id, { onDelete: "cascade" }),
    parentId: integer("parent_id"),
    itemName: varchar("item_name", { length: 64 }).notNull(),
    itemValue: varchar("item_value", { length: 64 }).notNull(),
    sort: integer("sort").notNull().default(0),
    enabled: smallint("enabled").notNull().default(1),
    remark: varchar("remark", { length: 500 }),
    /** Multilingual texts of the row's fields (seeded and built-in rows, multilingual-name dialog). */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    ...stamps,
  },
  (t) => [index("dict_items_dict").on(t.dictId, t.parentId), uniqueIndex("dict_items_dict_value").on(t.dictId, t.itemValue)],
);

/** The tenant-tree menus the platform authorised for a tenant (tenantSet "menu authorisation"). */
export const tenantMenus = pgTable(
  "tenant_menus",
  {
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    menuId: integer("menu_id").notNull().references(() => menus.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.menuId] })],
);

/** Notification templates per channel: 1 in-site, 2 SMS, 3 e-mail, 4 WeChat (core §4). */
export const notificationTemplates = pgTable(
  "notification_templates",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    channel: smallint("channel").notNull(),
    name: varchar("name", { length: 64 }).notNull(),
    code: varchar("code", { length: 32 }).notNull(),
    title: varchar("title", { length: 200 }).notNull().default(""),
    content: text("content").notNull(),
    /** The `${var}` names found in title and content, in order of first use. */
    variables: jsonb("variables").$type<string[]>().notNull().default([]),
    enabled: smallint("enabled").notNull().default(1),
    remark: varchar("remark", { length: 500 }),
    /** Multilingual texts of the row's fields (seeded and built-in rows, multilingual-name dialog). */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    ...stamps,
  },
  (t) => [uniqueIndex("notification_templates_tenant_code").on(t.tenantId, t.code), index("notification_templates_tenant_channel").on(t.tenantId, t.channel)],
);

/** Small per-tenant settings documents by key (`encrypt`: phone masking; `expireWarn`: platform). */
export const settings = pgTable(
  "settings",
  {
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    key: varchar("key", { length: 32 }).notNull(),
    data: jsonb("data").notNull().default(sql`'{}'::jsonb`),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);
