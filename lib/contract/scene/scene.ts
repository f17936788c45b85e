import { z } from "zod";
import { dbId } from "../common";
import { i18nField } from "../i18n-text";
import { defineEntity, keyField, rowName, type RowOf } from "../entity";
import { integerIn, textRequired } from "../validation";
import { SCENE_TYPE, SCENE_TYPES, SCREEN_BLOCKS, SPLIT_SCREENS, type ScreenBlock } from "./enums";

/** Scene files (core §9): at most 20 MB; an image scene is 16:9 (checked within 1 %). */
export const SCENE_FILE_MB = 20;
export const SCENE_RATIO = 16 / 9;
export const SCENE_RATIO_TOLERANCE = 0.01;
/** 3D model files a 3D scene may hold (shown by name until a model viewer exists). */
export const SCENE_MODEL_EXTS = ["glb", "gltf"] as const;

/** Whether an image of this size is 16:9 (within the tolerance). */
export const isSceneRatio = (width: number, height: number) => width > 0 && height > 0 && Math.abs(width / height / SCENE_RATIO - 1) <= SCENE_RATIO_TOLERANCE;

const choice = <T extends readonly number[]>(values: T) =>
  z.coerce.number({ error: "validation.select" }).refine((n): n is T[number] => (values as readonly number[]).includes(n), "validation.invalidOption");

/**
 * A scene (core §4, §9): a project's floor plan image (type 0) or 3D model (type 1) the building
 * data screen shows with its devices placed on it, and the split of its video area (1, 4, 9, 16).
 */
export const scene = defineEntity({
  ns: "scene.scene",
  api: "device/scene", perm: "dev:scene", scope: "project",
  fields: {
    id: keyField,
    sceneName: rowName(64),
    sceneType: { schema: choice(SCENE_TYPES).default(SCENE_TYPE.image), kind: "radio", dict: "sceneType", search: "eq" },
    sceneFile: { schema: textRequired(500), kind: "custom", list: false, export: false, full: true },
    splitScreen: { schema: choice(SPLIT_SCREENS).default(4), kind: "radio", dict: "splitScreen" },
    sort: { schema: integerIn(0, 9999).default(0), kind: "number", min: 0, max: 9999, floatNum: 0, sort: true },
    deviceNums: { kind: "number", readOnly: true, form: false, export: false },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true, form: false },
    i18n: i18nField,
  },
});
export type Scene = RowOf<typeof scene.fields>;

/** A thing-model identifier (letters, digits, underscore), as products define them. */
const identifier = z.string({ error: "validation.required" }).trim().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, "validation.format");

/**
 * A device placed on a scene (sceneDevice): where its marker sits in the 800×450 design
 * coordinates of the floor-plan marker (widgets §2), and the property the marker shows.
 */
export const sceneDevice = defineEntity({
  ns: "scene.sceneDevice",
  api: "device/sceneDevice", perm: "dev:sceneDevice", scope: "project",
  fields: {
    id: keyField,
    sceneId: { schema: dbId, kind: "id", search: "eq", list: false, detail: false },
    deviceId: { schema: dbId, kind: "id", list: false, detail: false },
    deviceName: { kind: "text", readOnly: true },
    deviceSn: { kind: "text", readOnly: true },
    identifier: { schema: z.preprocess((v) => (v === "" ? null : v), identifier.nullish()), kind: "text" },
    x: { schema: integerIn(0, 800), kind: "number", min: 0, max: 800, floatNum: 0 },
    y: { schema: integerIn(0, 450), kind: "number", min: 0, max: 450, floatNum: 0 },
  },
});
export type SceneDevice = RowOf<typeof sceneDevice.fields>;

/** A device of the project as the placement and settings screens choose it, with its numeric properties. */
export const sceneCandidate = z.object({
  id: z.number().int(),
  deviceName: z.string(),
  deviceSn: z.string(),
  status: z.number().int(),
  properties: z.array(z.object({ identifier: z.string(), name: z.string(), unit: z.string().nullable() })),
});
export type SceneCandidate = z.infer<typeof sceneCandidate>;

/** A point of a data screen: one property of one device of the project. */
export const screenPoint = z.object({
  // A row of the form still without its device is "required", not a number error.
  deviceId: z.preprocess((v) => v ?? undefined, dbId),
  identifier,
  /** Drawn in the analysis charts. */
  chart: z.boolean().default(false),
  /** Drawn in the comparison chart. */
  compare: z.boolean().default(false),
});
export type ScreenPoint = z.infer<typeof screenPoint>;
export const SCREEN_POINTS_MAX = 32;

/**
 * The building data screen's configuration per project (devSceneModel, /dataScreenSet): which
 * scene it shows, which blocks, and which points (listed, charted, compared).
 */
export const screenConfig = z.object({
  sceneId: z.preprocess((v) => (v === "" || v === 0 ? null : v), dbId.nullable()).default(null),
  blocks: z.array(z.enum(SCREEN_BLOCKS, { error: "validation.invalidOption" })).max(SCREEN_BLOCKS.length).default([...SCREEN_BLOCKS]),
  points: z
    .array(screenPoint)
    .max(SCREEN_POINTS_MAX, "validation.maxItems")
    .default([])
    .refine((ps) => new Set(ps.map((p) => `${p.deviceId}:${p.identifier}`)).size === ps.length, "scene.config.duplicatePoint"),
});
export type ScreenConfig = z.infer<typeof screenConfig>;
export type { ScreenBlock };

/** A point as the data screen shows it (devicePointData): its newest value and alarm state. */
export type PointData = {
  deviceId: number;
  deviceName: string;
  deviceSn: string;
  /** 1 inactive, 2 online, 3 offline. */
  status: number;
  identifier: string;
  name: string;
  unit: string | null;
  value: number | string | null;
  /** Epoch ms of the value. */
  time: number | null;
  chart: boolean;
  compare: boolean;
  /** The open alarm of the device (this property's, or the device's own), most severe first. */
  alarm: { levelName: string | null; levelColor: string | null; count: number } | null;
};

/** A placed device as the scene shows it (devPointScreen): marker, value and alarm colour. */
export type ScenePoint = Omit<PointData, "chart" | "compare" | "identifier" | "name" | "unit"> & {
  id: number;
  x: number;
  y: number;
  identifier: string | null;
  name: string | null;
  unit: string | null;
};

/** `devPointScreen?sceneId=`: the scene's placed devices (the configured scene when none is named). */
export const scenePointsQuery = z.object({ sceneId: z.preprocess((v) => (v === "" ? undefined : v), dbId.optional()) });

/** Chart ranges of the data screen, in hours back from now. */
export const SCREEN_RANGES = [6, 24, 72, 168] as const;
/**
 * `dataAnalysisView` / `dataComparisonView`: points as `deviceId:identifier` joined by commas
 * (the configured ones when none are named) over the last `hours`.
 */
export const screenSeriesQuery = z.object({
  points: z
    .string()
    .regex(/^\d{1,10}:[A-Za-z_][A-Za-z0-9_]{0,63}(,\d{1,10}:[A-Za-z_][A-Za-z0-9_]{0,63}){0,15}$/, "validation.format")
    .transform((s) => s.split(",").map((p) => ({ deviceId: Number(p.split(":")[0]), identifier: p.split(":")[1] })))
    .optional(),
  hours: z.coerce
    .number({ error: "validation.number" })
    .refine((n) => (SCREEN_RANGES as readonly number[]).includes(n), "validation.invalidOption")
    .default(24),
});
/** One point's series: `[epochMs, value]` oldest first; `bucket` says whether values are raw or hourly means. */
export type PointSeries = { deviceId: number; deviceName: string; identifier: string; name: string; unit: string | null; bucket: "raw" | "hour"; points: [number, number][] };

/** What `devPointScreen` answers: the scene (null when the project has none) and its placed devices. */
export type SceneView = { scene: Pick<Scene, "id" | "sceneName" | "sceneType" | "sceneFile" | "splitScreen"> | null; points: ScenePoint[] };
