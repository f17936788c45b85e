import { z } from "zod";
import { defineCall, file } from "../call";
import { dbId, optionalId } from "../common";
import { inclinometerConfig, type InclinometerConfig } from "./device-config";
import { round } from "./compute";

/**
 * Deep displacement of an inclinometer string (issue 17, inclinometer screen): each unit's tilt
 * over its length is a horizontal offset; summed from the string's toe (taken as fixed, below
 * the moving ground) up to a depth, the offsets give the cumulative displacement there. Counted
 * against a reference reading of the same units, the profile shows how far the ground has moved
 * since then, one curve per time.
 */

/** One unit's reading: A (main, usually down-slope) and B tilt in degrees. */
export type UnitReading = { angleA: number; angleB: number };
/**
 * A point of a profile: depth in m (down), cumulative displacement in mm along A and B, and the
 * tilt change in degrees of the unit whose top is there (none at the toe, below the last unit).
 */
const profilePoint = z.object({ depth: z.number(), a: z.number(), b: z.number(), angleA: z.number().nullable(), angleB: z.number().nullable() });
export type ProfilePoint = z.infer<typeof profilePoint>;

/** Offset in mm of a unit of `lengthM` tilted by `deg`. */
const offset = (lengthM: number, deg: number) => lengthM * 1000 * Math.sin((deg * Math.PI) / 180);

/**
 * The depth of each unit's top, in the order the string reports them: from the orifice (1)
 * units go down from 0; from the bottom (2) they go up from the hole's depth.
 */
export function unitTops(cfg: Pick<InclinometerConfig, "holePosition" | "holeDepth" | "unitLength">, count: number): number[] {
  return Array.from({ length: count }, (_, i) => round(cfg.holePosition === 2 ? cfg.holeDepth - (i + 1) * cfg.unitLength : i * cfg.unitLength, 3));
}

/**
 * The cumulative displacement profile of one reading against a reference (none: against a
 * vertical string), for the configured units (extra readings are ignored, missing ones end the
 * string early). Points run from the top down and end at the toe with 0.
 */
export function depthProfile(readings: readonly UnitReading[], reference: readonly UnitReading[] | null, cfg: Pick<InclinometerConfig, "holePosition" | "holeDepth" | "unitLength" | "unitCount">): ProfilePoint[] {
  const count = Math.min(readings.length, cfg.unitCount, reference ? reference.length : Infinity);
  if (!count) return [];
  const tops = unitTops(cfg, count);
  const units = tops
    .map((top, i) => {
      const da = readings[i].angleA - (reference?.[i].angleA ?? 0);
      const db = readings[i].angleB - (reference?.[i].angleB ?? 0);
      return { top, da, db, a: offset(cfg.unitLength, da), b: offset(cfg.unitLength, db) };
    })
    .sort((x, y) => x.top - y.top);
  const out: ProfilePoint[] = [{ depth: round(units[units.length - 1].top + cfg.unitLength, 3), a: 0, b: 0, angleA: null, angleB: null }];
  let a = 0;
  let b = 0;
  for (let i = units.length - 1; i >= 0; i--) {
    a += units[i].a;
    b += units[i].b;
    out.push({ depth: units[i].top, a: round(a, 3), b: round(b, 3), angleA: round(units[i].da, 4), angleB: round(units[i].db, 4) });
  }
  return out.reverse();
}

/** Readings of a stored per-unit value (the `points` property: a JSON array of unit structs); none when malformed. */
export function unitReadings(txt: string | null): UnitReading[] | null {
  if (!txt) return null;
  try {
    const v: unknown = JSON.parse(txt);
    if (!Array.isArray(v)) return null;
    const out = v.map((u) => ({ angleA: Number((u as UnitReading)?.angleA), angleB: Number((u as UnitReading)?.angleB) }));
    return out.every((u) => Number.isFinite(u.angleA) && Number.isFinite(u.angleB)) ? out : null;
  } catch {
    return null;
  }
}

/** Most curves of one profile chart. */
export const MAX_PROFILE_TIMES = 12;

/** `stat/rionDipAngle/view`: the profiles of a device at chosen times (epoch ms); the first is the reference. */
export const profileQuery = z.object({
  deviceId: dbId,
  groupId: optionalId.optional(),
  times: z
    .array(z.coerce.number({ error: "validation.number" }).int().positive())
    .min(1, "validation.minItems")
    .max(MAX_PROFILE_TIMES, "validation.maxItems"),
});

/** A profile curve: the reading's own time, and its points from the top down. */
const profileCurve = z.object({ ts: z.number(), points: z.array(profilePoint) });
export type ProfileCurve = z.infer<typeof profileCurve>;
/** The string's initial reading in force (set from a curve): its time, who set it and when. */
const profileInitial = z.object({ dataTime: z.number(), setByName: z.string().nullable(), setAt: z.number() });
export type ProfileInitial = z.infer<typeof profileInitial>;
/** The configuration it was computed with (the device's, else its point's), and the curves against the reference reading. */
export const depthProfileAnswer = z.object({
  config: inclinometerConfig.body,
  configFrom: z.enum(["device", "point", "default"]),
  referenceTs: z.number().nullable(),
  initial: profileInitial.nullable(),
  curves: z.array(profileCurve),
});
export type DepthProfile = z.output<typeof depthProfileAnswer>;

/** stat/rionDipAngle (core §7): the profile and its export, over the header's project else every project the caller sees. */
export const profileApi = {
  view: defineCall({ kind: "post", path: "stat/rionDipAngle/view", input: profileQuery, answer: depthProfileAnswer, access: "user", scope: "projectOptional" }),
  export: defineCall({ kind: "export", path: "stat/rionDipAngle/export", input: profileQuery, answer: file, access: "user", scope: "projectOptional" }),
};

/** `count` times evenly across [from, to], the first at `from` (the reference) and the last at `to`. */
export function spreadTimes(from: number, to: number, count: number): number[] {
  if (count <= 1 || to <= from) return [to];
  return Array.from({ length: count }, (_, i) => Math.round(from + ((to - from) * i) / (count - 1)));
}

/** A profile's displacement along a direction at a depth, interpolated between its points; none outside them. */
export function valueAtDepth(points: readonly ProfilePoint[], direction: "a" | "b", depth: number): number | null {
  for (let i = 0; i + 1 < points.length; i++) {
    const p = points[i];
    const q = points[i + 1];
    if (depth < Math.min(p.depth, q.depth) || depth > Math.max(p.depth, q.depth)) continue;
    const f = q.depth === p.depth ? 0 : (depth - p.depth) / (q.depth - p.depth);
    return p[direction] + f * (q[direction] - p[direction]);
  }
  return points.length === 1 && points[0].depth === depth ? points[0][direction] : null;
}

/**
 * The curve a click on the chart means, given the spot's displacement and depth: the one passing
 * nearest to it along the displacement axis at that depth (a curve's line is no data item, so a
 * click on it reports the spot only). -1 when no curve reaches that depth.
 */
export function nearestCurve(curves: readonly ProfileCurve[], direction: "a" | "b", [displacement, depth]: readonly [number, number]): number {
  let best = -1;
  let gap = Infinity;
  curves.forEach((c, i) => {
    const v = valueAtDepth(c.points, direction, depth);
    if (v !== null && Math.abs(v - displacement) < gap) {
      gap = Math.abs(v - displacement);
      best = i;
    }
  });
  return best;
}
