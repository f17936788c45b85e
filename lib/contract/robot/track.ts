import { z } from "zod";
import { defineCall } from "../call";
import { dbId } from "../common";
import { defineEntity, keyField, rowName, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { decimalIn, optional, text } from "../validation";
import { POINT_TYPES } from "./enums";
import { i18nField } from "../i18n-text";

/** The robot screens (core §2) whose calls read tracks and points. */
export const ROBOT_SCREENS = {
  track: "/robot/track",
  point: "/robot/point",
  plan: "/robot/plan",
  task: "/robot/task",
  record: "/robot/inspectionRecord",
  pointStatistics: "/robot/inspectionPointStatistics",
  taskStatistics: "/robot/inspectionTaskStatistics",
  timeoutStatistics: "/robot/timeoutTaskStatistics",
  robotStatistics: "/robot/robotTaskStatistics",
  operation: "/operations/operation",
} as const;
/** Every robot screen: tracks and points are named on each of them (pickers, the map). */
export const ROBOT_READERS = Object.values(ROBOT_SCREENS);

/** The floor-plan marker's design size (widgets §9): positions are in these units, scaled to any width. */
export const FLOOR_PLAN = { width: 800, height: 450, icon: 20 } as const;
/** The track map's largest file (core §9), in MB; the upload purpose holds it. */
export const TRACK_MAP_MB = 20;

/**
 * Inspection track (widgets §3): a name, the map image the robot runs over, its length in metres and
 * the metres one design unit of the map is (`mapScale`), so a point placed on the map has a position
 * along the rail.
 */
export const track = defineEntity({
  ns: "robot.track",
  api: "stat/trackInfo",
  perm: "stat:trackInfo",
  scope: "project",
  fields: {
    id: keyField,
    trackName: rowName(64),
    trackMap: { schema: z.string({ error: "validation.robot.noMap" }).trim().min(1, "validation.robot.noMap").max(500, "validation.maxLength"), kind: "image", purpose: "trackMap", list: false, export: false, full: true },
    trackLength: { schema: decimalIn(0.1, 100_000), kind: "number", min: 0.1, max: 100_000, floatNum: 1 },
    mapScale: { schema: decimalIn(0.0001, 1000), kind: "number", min: 0.0001, max: 1000, floatNum: 4, list: false },
    remark: { schema: text(200), kind: "textarea", full: true, list: false },
    pointCount: { kind: "number", readOnly: true, form: false },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true, form: false },
    i18n: i18nField,
  },
});
export type Track = RowOf<typeof track.fields>;

/** A point's place on the map in design units (widgets §3 `markPosition`: a JSON string of x and y). */
export const markXY = z.object({ x: z.number().min(0).max(FLOOR_PLAN.width), y: z.number().min(0).max(FLOOR_PLAN.height) });
export type MarkXY = z.infer<typeof markXY>;
/** A point's mark, or null when it is missing or broken. Only bad JSON is caught: in the browser the rule needs zod
 *  loaded (`useZodLoaded`), and a "not loaded" error read as a broken mark once hid every point of a track. */
export function parseMark(s: string | null | undefined): MarkXY | null {
  if (!s) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(s);
  } catch {
    return null;
  }
  const r = markXY.safeParse(raw);
  return r.success ? r.data : null;
}
/** Where the robot is on the map: between the marks of the two points it is between, by its metres along the track (the task screen and the cloud alike). */
export function markAt(points: { position: number; markPosition: string }[], metres: number): { x: number; y: number } | null {
  const marks = points.map((p) => ({ at: p.position, m: parseMark(p.markPosition) })).filter((p): p is { at: number; m: { x: number; y: number } } => !!p.m).sort((a, b) => a.at - b.at);
  if (!marks.length) return null;
  if (metres <= marks[0].at) return marks[0].m;
  for (let i = 1; i < marks.length; i++) {
    const a = marks[i - 1], b = marks[i];
    if (metres <= b.at) {
      const f = b.at === a.at ? 0 : (metres - a.at) / (b.at - a.at);
      return { x: a.m.x + (b.m.x - a.m.x) * f, y: a.m.y + (b.m.y - a.m.y) * f };
    }
  }
  return marks[marks.length - 1].m;
}

export const markPosition = z.string({ error: "validation.robot.noMark" }).min(1, "validation.robot.noMark").max(100, "validation.maxLength").refine((s) => parseMark(s) !== null, "validation.robot.noMark");

/** inspectionPointGetTrackMarkList (widgets §7): a track and its points' marks, for the floor-plan marker. */
export const trackMarks = z.object({
  trackInfo: z.object({ id: z.number().int(), trackName: z.string(), trackMap: z.string(), trackLength: z.number(), mapScale: z.number() }),
  pointList: z.array(z.object({ id: z.number().int(), pointName: z.string(), markPosition: z.string(), pointType: z.number().int().refine((n) => (POINT_TYPES as readonly number[]).includes(n)), position: z.number(), sort: z.number().int() })),
});
export type TrackMarks = z.infer<typeof trackMarks>;

/** trackInfo (core §7): page, list (pickers), info, add, upd, del. */
export const trackApi = crudCalls(track, { only: ["page", "list", "info", "add", "upd", "del"], read: { menu: ROBOT_READERS } });
/** The map of a track with its points (read from every robot screen, and by the control pages). */
export const trackMarksApi = {
  marks: defineCall({ kind: "get", path: "stat/inspectionPoint/inspectionPointGetTrackMarkList", input: z.object({ trackId: dbId }), answer: trackMarks, access: { menu: ROBOT_READERS }, scope: "project" }),
};
export const optionalTrackId = optional(dbId);
