import { alarmLevel, alarmLevelApi } from "@/lib/contract/alarm/level";
import { sql } from "drizzle-orm";
import { alarmLevels, alarmRules } from "../../db/schema";
import { pgArray } from "../../ingest/pg-array";
import { crudRoutes } from "../../lib/crud-routes";

/** Alarm levels (levelSet): `level/list` pages them; numbers unique per tenant; a level in use by a rule (its level or one of its conditions') stays. */
export const levelServed = crudRoutes({
  table: alarmLevels,
  entity: alarmLevel,
  calls: alarmLevelApi,
  unique: [{ field: "levelNum", error: "cloud.alarm.levelNumTaken" }],
  inUse: [
    { table: alarmRules, column: alarmRules.levelId, what: "alarm.rule.entity" },
    // A value rule's levels are in its conditions.
    { table: alarmRules, refers: (ids) => sql`exists (select 1 from jsonb_array_elements(${alarmRules.conditions}) c where (c->>'levelId')::int = any(${pgArray([...ids])}::int[]))`, what: "alarm.rule.entity" },
  ],
});
