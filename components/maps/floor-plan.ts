import type { Point } from "./geo";

/** The floor plan's design size (widgets §2): marker positions are stored in these units. */
export const PLAN = { width: 800, height: 450, iconPx: 20 } as const;

/** A point of an inspection track (widgets §3): markPosition is a JSON string {x, y} in design units. */
export type PlanPoint = {
  id: string | number;
  markPosition: string | Point | null | undefined;
  pointType?: number | string | null;
  name?: string;
  /** The marker's colour (e.g. an alarm level's) instead of the theme's. */
  color?: string | null;
  /** A short text beside the marker (e.g. the newest value). */
  label?: string | null;
};

/** Display pixels per design unit at `width`. */
export const planScale = (width: number) => width / PLAN.width;

/** Where a design position shows at `width` (pixels from the top-left corner). */
export function toPlanPixels(p: Point, width: number): Point {
  const s = planScale(width);
  return { x: p.x * s, y: p.y * s };
}

/** A click at (offsetX, offsetY) pixels inside the plan, as design units (rounded, kept inside the plan). */
export function toDesign(offset: Point, width: number): Point {
  const s = planScale(width);
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max, Math.round(v / s)));
  return { x: clamp(offset.x, PLAN.width), y: clamp(offset.y, PLAN.height) };
}

/** A point's position: markPosition may be a JSON string, an object, or missing / broken (then null). */
export function parseMarkPosition(raw: PlanPoint["markPosition"]): Point | null {
  let value: unknown = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== "object") return null;
  const { x, y } = value as Record<string, unknown>;
  const nx = Number(x);
  const ny = Number(y);
  return x !== null && y !== null && x !== "" && y !== "" && Number.isFinite(nx) && Number.isFinite(ny) ? { x: nx, y: ny } : null;
}
