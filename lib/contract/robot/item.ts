import { z } from "zod";
import { dbId } from "../common";
import { defineEntity, keyField, rowName, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { decimalIn, optional, text } from "../validation";
import { ITEM_TYPE, ITEM_TYPES } from "./enums";
import { ROBOT_READERS } from "./track";
import { i18nField } from "../i18n-text";

const choice = <const T extends readonly number[]>(values: T) =>
  z.preprocess((v) => (typeof v === "string" && v !== "" ? Number(v) : v), z.custom<T[number]>((v) => values.includes(v as T[number]), "validation.invalidOption"));
const bound = optional(decimalIn(-1_000_000, 1_000_000));

/** Item types that read a value (and so have a unit and a normal range); a photo or a visual check reads none. */
export const VALUE_ITEMS: readonly number[] = [ITEM_TYPE.temperature, ITEM_TYPE.gas, ITEM_TYPE.meter];

/**
 * Inspection item (core §3): what the robot checks at a point — a photo, a temperature, a gas
 * level, a meter reading or a visual check — with the unit and the normal range of a value; a
 * reading outside the range is abnormal.
 */
export const item = defineEntity({
  ns: "robot.item",
  api: "stat/inspectionItem",
  perm: "stat:inspectionItem",
  scope: "project",
  fields: {
    id: keyField,
    itemName: rowName(64),
    pointId: { schema: dbId, kind: "select", search: "eq", list: false, export: false },
    pointName: { kind: "text", readOnly: true, label: "fields.pointId" },
    trackName: { kind: "text", readOnly: true, form: false },
    itemType: { schema: choice(ITEM_TYPES).default(ITEM_TYPE.temperature), kind: "select", dict: "inspectionItemType", search: "eq" },
    unit: { schema: text(32), kind: "text" },
    minValue: { schema: bound, kind: "number", floatNum: 3 },
    maxValue: { schema: bound, kind: "number", floatNum: 3 },
    remark: { schema: text(200), kind: "textarea", full: true, list: false },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true, form: false },
    i18n: i18nField,
  },
  refine: (v, ctx) => {
    const lo = v.minValue, hi = v.maxValue;
    if (typeof lo === "number" && typeof hi === "number" && hi < lo) ctx.addIssue({ code: "custom", path: ["maxValue"], message: "validation.maxBelowMin" });
  },
});
export type InspectionItem = RowOf<typeof item.fields>;

/** Whether a reading is outside an item's normal range (an unset bound is open). */
export function isAbnormal(value: number | null, range: { minValue: number | null; maxValue: number | null }): boolean {
  if (value === null || !Number.isFinite(value)) return false;
  return (range.minValue !== null && value < range.minValue) || (range.maxValue !== null && value > range.maxValue);
}

/** inspectionItem (core §7): page, list, info, add, upd, del. */
export const itemApi = crudCalls(item, { only: ["page", "list", "info", "add", "upd", "del"], read: { menu: ROBOT_READERS } });
