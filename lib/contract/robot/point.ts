import { z } from "zod";
import { dbId } from "../common";
import { defineEntity, keyField, rowName, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { decimalIn, integerIn, optional, text } from "../validation";
import { POINT_TYPE, POINT_TYPES } from "./enums";
import { markPosition, ROBOT_READERS } from "./track";
import { i18nField } from "../i18n-text";

/** Point photos (core §9): up to 3, 4 MB each (the upload purpose holds the size). */
export const POINT_PHOTOS = 3;
/** How long the robot stays at a point, in seconds. */
export const DWELL_SEC = { min: 0, max: 3600, default: 10 } as const;

const choice = <const T extends readonly number[]>(values: T) =>
  z.preprocess((v) => (typeof v === "string" && v !== "" ? Number(v) : v), z.custom<T[number]>((v) => values.includes(v as T[number]), "validation.invalidOption"));

/**
 * Inspection point (widgets §3): on a track, placed on its map with the floor-plan marker
 * (`markPosition`, design units), its position along the rail in metres, its order on a patrol,
 * how long the robot dwells, the camera preset it turns to, and up to 3 photos of what it looks at.
 * Type 1 is an inspection point, type 2 the charging station.
 */
export const point = defineEntity({
  ns: "robot.point",
  api: "stat/inspectionPoint",
  perm: "stat:inspectionPoint",
  scope: "project",
  fields: {
    id: keyField,
    pointName: rowName(64),
    trackId: { schema: dbId, kind: "select", search: "eq", list: false, export: false },
    trackName: { kind: "text", readOnly: true, label: "fields.trackId" },
    pointType: { schema: choice(POINT_TYPES).default(POINT_TYPE.inspection), kind: "radio", dict: "pointType", search: "eq" },
    markPosition: { schema: markPosition, kind: "custom", list: false, export: false, full: true },
    position: { schema: decimalIn(0, 100_000), kind: "number", min: 0, max: 100_000, floatNum: 1 },
    sort: { schema: integerIn(0, 9999).default(0), kind: "number", min: 0, max: 9999, sort: true },
    dwellSec: { schema: integerIn(DWELL_SEC.min, DWELL_SEC.max).default(DWELL_SEC.default), kind: "number", min: DWELL_SEC.min, max: DWELL_SEC.max },
    cameraPreset: { schema: optional(integerIn(1, 255)), kind: "number", min: 1, max: 255, list: false },
    photos: { schema: z.array(z.string().max(500)).max(POINT_PHOTOS, "validation.maxItems").default([]), kind: "images", purpose: "inspectionPointPhoto", limit: POINT_PHOTOS, list: false, export: false, full: true },
    remark: { schema: text(200), kind: "textarea", full: true, list: false },
    itemCount: { kind: "number", readOnly: true, form: false },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true, form: false },
    i18n: i18nField,
  },
});
export type InspectionPoint = RowOf<typeof point.fields>;

/** inspectionPoint (core §7): page, list, info, add, upd, del; the track marks are in `track.ts`. */
export const pointApi = crudCalls(point, { only: ["page", "list", "info", "add", "upd", "del"], read: { menu: ROBOT_READERS } });
