import { z } from "zod";
import { hexColor, optional } from "./validation";

/**
 * Positions on the map (widgets §3, §5): longitude −180…180, latitude −90…90, shared by the map
 * widgets, the forms that take coordinates and the cloud. Form text is coerced; blank is "not given"
 * only through `optional(...)`.
 */
const degrees = (limit: number) => z.coerce.number({ error: "validation.number" }).refine(Number.isFinite, "validation.number").min(-limit, "validation.min").max(limit, "validation.max");

export const longitude = degrees(180);
export const latitude = degrees(90);
/** An optional coordinate field of a form (blank allowed). */
export const optionalLongitude = optional(longitude);
export const optionalLatitude = optional(latitude);

export const coordinates = z.object({ lng: longitude, lat: latitude });
export type LngLat = z.infer<typeof coordinates>;

/** A polygon needs at least three points (widgets §5). */
export const MIN_POLYGON_POINTS = 3;

/** Polygon area (widgets §3): id, path, color, width. */
export const polygonArea = z.object({
  id: z.union([z.string(), z.number()]),
  path: z.array(coordinates).min(MIN_POLYGON_POINTS, "validation.minItems"),
  color: hexColor,
  width: z.number().int().min(1).max(20),
});
export type PolygonArea = z.infer<typeof polygonArea>;

/** Map address result (widgets §3): what the address picker returns. */
export const mapAddress = coordinates.extend({ address: z.string().max(200, "validation.maxLength"), adcode: z.string().max(12) });
export type MapAddress = z.infer<typeof mapAddress>;

/** What `GET /api/maps/config` answers: the Google Maps browser key (empty: no tiles) and map id. */
export type MapsConfig = { apiKey: string; mapId: string };
