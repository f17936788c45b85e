import { defineEntity, keyField, type RowOf } from "../entity";
import type { CallInput } from "../call";
import { crudCalls } from "../entity-calls";
import { hexColor, integerIn, textRequired } from "../validation";
import { LEVEL_NUM } from "./enums";

/** Alarm level (levelSet): number 1–9 (core §5), name, colour, sort. */
export const alarmLevel = defineEntity({
  ns: "alarm.level",
  api: "alarm/level", perm: "alarm:level",
  nameField: "levelName",
  fields: {
    id: keyField,
    levelNum: { schema: integerIn(LEVEL_NUM.min, LEVEL_NUM.max), kind: "number", min: LEVEL_NUM.min, max: LEVEL_NUM.max, sort: true },
    levelName: { schema: textRequired(32), search: "contains" },
    color: { schema: hexColor, kind: "color" },
    sort: { schema: integerIn(0, 9999).default(0), kind: "number", min: 0, max: 9999, sort: true },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", form: false },
  },
});
export type AlarmLevel = RowOf<typeof alarmLevel.fields>;

/** levelSet (core §7): `list` pages the levels; any signed-in user reads them (every alarm screen names its levels). */
export const alarmLevelApi = crudCalls(alarmLevel, { only: ["page", "info", "add", "upd", "del"], paths: { page: "list" } });
/**
 * Every level, lowest number first: what the pickers and the rules' conditions show. (The page's
 * filters are optional on the wire; its input type, read through zod's preprocess, lists each.)
 */
export const LEVELS_IN_ORDER = { current: 1, size: 100, sortField: "levelNum", sortOrder: "asc" } as CallInput<typeof alarmLevelApi.page>;
