import { index, integer, jsonb, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import type { I18nTexts } from "@/lib/contract/i18n-text";
import type { ScreenBlock, ScreenPoint } from "@/lib/contract/scene/scene";
import { devices } from "./devices";
import { tenants } from "./identity";
import { projects } from "./projects";

/** Scenes (core §4, §9): a project's floor plan image or 3D model, with its video split. */
export const scenes = pgTable(
  "scenes",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    projectId: integer("project_id").notNull().references(() => projects.id),
    sceneName: varchar("scene_name", { length: 64 }).notNull(),
    /** The name in each language (a seeded scene's; `sceneName` holds the default language's). */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    /** 0 image, 1 3D model. */
    sceneType: smallint("scene_type").notNull().default(0),
    /** The stored file's path. */
    sceneFile: varchar("scene_file", { length: 500 }).notNull(),
    /** Video tiles: 1, 4, 9 or 16. */
    splitScreen: smallint("split_screen").notNull().default(4),
    sort: integer("sort").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("scenes_project").on(t.projectId, t.sort)],
);

/** Devices placed on a scene, in the floor-plan marker's 800×450 design units; one place per device and scene. */
export const sceneDevices = pgTable(
  "scene_devices",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    projectId: integer("project_id").notNull().references(() => projects.id),
    sceneId: integer("scene_id").notNull().references(() => scenes.id, { onDelete: "cascade" }),
    deviceId: integer("device_id").notNull().references(() => devices.id, { onDelete: "cascade" }),
    /** The property the marker shows; none: the device's status only. */
    identifier: varchar("identifier", { length: 64 }),
    x: integer("x").notNull(),
    y: integer("y").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("scene_devices_scene_device").on(t.sceneId, t.deviceId)],
);

/** The building data screen's configuration of a project (devSceneModel): scene, blocks, points. */
export const screenConfigs = pgTable(
  "screen_configs",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    projectId: integer("project_id").notNull().references(() => projects.id, { onDelete: "cascade" }),
    sceneId: integer("scene_id").references(() => scenes.id, { onDelete: "set null" }),
    blocks: jsonb("blocks").$type<ScreenBlock[]>().notNull(),
    points: jsonb("points").$type<ScreenPoint[]>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("screen_configs_project").on(t.projectId)],
);
