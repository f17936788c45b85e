import { bigserial, doublePrecision, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { devices } from "./devices";
import { tenants } from "./identity";
import { projects } from "./projects";

/**
 * Measurement points (point groups, core §3 / §5): the devices that measure one place, in order
 * (an inclinometer's units from the hole position down), with the parameters the monitoring
 * screens compute with. Device ids are an array so the order is the row's own and one update
 * changes both; a deleted device simply drops out of the joins.
 */
export const pointGroups = pgTable(
  "point_groups",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    projectId: integer("project_id").notNull().references(() => projects.id),
    groupName: varchar("group_name", { length: 64 }).notNull(),
    monitorKind: varchar("monitor_kind", { length: 32 }).notNull(),
    /** 0 absolute, 1 relative to the initial value. */
    zeroType: smallint("zero_type").notNull().default(1),
    deviceIds: integer("device_ids").array().notNull(),
    holePosition: smallint("hole_position"),
    holeDepth: doublePrecision("hole_depth"),
    unitLength: doublePrecision("unit_length"),
    laserDistance: doublePrecision("laser_distance"),
    refAngleX: doublePrecision("ref_angle_x"),
    refAngleY: doublePrecision("ref_angle_y"),
    alarmMin: doublePrecision("alarm_min"),
    alarmMax: doublePrecision("alarm_max"),
    sort: integer("sort").notNull().default(0),
    remark: varchar("remark", { length: 200 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("point_groups_project_kind").on(t.projectId, t.monitorKind, t.sort)],
);

/**
 * Initial values (widgets §5, §7): each set is kept with who set it and when (the audit); the
 * newest per device and property is the one cumulative figures are counted from. A number property
 * keeps its `value`; a text property (an inclinometer string's per-unit readings) keeps its whole
 * reading in `txt`, so the reference survives even when that time's telemetry is pruned.
 */
export const deviceInitValues = pgTable(
  "device_init_values",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deviceId: integer("device_id").notNull().references(() => devices.id, { onDelete: "cascade" }),
    identifier: varchar("identifier", { length: 64 }).notNull(),
    value: doublePrecision("value"),
    txt: text("txt"),
    /** The time of the collected value taken as initial. */
    dataTime: timestamp("data_time", { withTimezone: true }).notNull(),
    setBy: integer("set_by"),
    setByName: varchar("set_by_name", { length: 64 }),
    setAt: timestamp("set_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("device_init_values_device").on(t.deviceId, t.identifier, t.setAt.desc())],
);

/**
 * A device's own configuration (core §7 deviceConfig): one row per device, its kind's fields as
 * checked by the contract (`lib/contract/monitoring/device-config.ts`); the kind is kept so a
 * device moved to another product is not read with the wrong fields.
 */
export const deviceConfigs = pgTable("device_configs", {
  deviceId: integer("device_id")
    .primaryKey()
    .references(() => devices.id, { onDelete: "cascade" }),
  tenantId: integer("tenant_id").notNull().references(() => tenants.id),
  configKind: varchar("config_kind", { length: 16 }).notNull(),
  config: jsonb("config").$type<Record<string, unknown>>().notNull(),
  updatedBy: integer("updated_by"),
  updatedByName: varchar("updated_by_name", { length: 64 }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
