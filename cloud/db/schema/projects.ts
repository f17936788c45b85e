import type { I18nTexts } from "@/lib/contract/i18n-text";
import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, timestamp, varchar } from "drizzle-orm/pg-core";
import { tenants, users } from "./identity";

/** Projects (core §3) belong to a tenant; users see the projects they are members of. */
export const projects = pgTable(
  "projects",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    prjName: varchar("prj_name", { length: 64 }).notNull(),
    /** Its texts in each language (widgets §3 multilingual name), by field. */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    prjType: varchar("prj_type", { length: 32 }),
    contactName: varchar("contact_name", { length: 32 }),
    contactPhone: varchar("contact_phone", { length: 11 }),
    prjAddress: varchar("prj_address", { length: 200 }),
    areaCode: varchar("area_code", { length: 6 }),
    prjLongitude: doublePrecision("prj_longitude"),
    prjLatitude: doublePrecision("prj_latitude"),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    createdBy: integer("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("projects_tenant").on(t.tenantId, t.id)],
);

export const projectMembers = pgTable(
  "project_members",
  {
    projectId: integer("project_id").notNull().references(() => projects.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index("project_members_user").on(t.userId)],
);
