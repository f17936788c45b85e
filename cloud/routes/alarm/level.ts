import { alarmLevel } from "@/lib/contract/alarm/level";
import { alarmLevels, alarmRules } from "../../db/schema";
import { crudRoutes } from "../../lib/crud-routes";

/** Alarm levels (levelSet): `level/list` pages them; numbers unique per tenant; a level in use by a rule stays. */
export const levelRoutes = crudRoutes({
  table: alarmLevels,
  entity: alarmLevel,
  perm: "alarm:level",
  only: ["page", "info", "add", "upd", "del"],
  paths: { page: "/list" },
  unique: [{ field: "levelNum", error: "cloud.alarm.levelNumTaken" }],
  inUse: [{ table: alarmRules, column: alarmRules.levelId, what: "alarm.rule.entity" }],
});
