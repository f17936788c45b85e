import type { ShowValue, ZeroType } from "./enums";

/** `[epochMs, value]`. */
export type TimePoint = [number, number];
const DAY = 86_400_000;

/**
 * The reference a cumulative change is counted from. Absolute zero: the sensor was zeroed on
 * site and reports the change itself, so the reference is 0. Relative zero: the change is counted
 * from the initial value set for the device (none set yet: the first value of the query, so the
 * curve still starts at 0 instead of showing the raw reading as a change).
 */
export function reference(zeroType: ZeroType, initial: number | null | undefined, first: number | undefined): number {
  if (zeroType === 0) return 0;
  return initial ?? first ?? 0;
}

export const round = (v: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
};

/** Cumulative change: each value minus the reference. */
export const cumulative = (points: readonly TimePoint[], ref: number): TimePoint[] => points.map(([t, v]) => [t, v - ref]);

/** Change per period: each value minus the one before (none for the first). */
export const change = (points: readonly TimePoint[]): TimePoint[] => points.slice(1).map(([t, v], i) => [t, v - points[i][1]]);

/** Rate per day: the change per period over the days between the two values (none for the first). */
export const ratePerDay = (points: readonly TimePoint[]): TimePoint[] =>
  points.slice(1).flatMap(([t, v], i) => {
    const [t0, v0] = points[i];
    return t > t0 ? [[t, ((v - v0) * DAY) / (t - t0)] as TimePoint] : [];
  });

/** What a chart shows for a show value (core §4): cumulative change, the collected value, or the rate per day. */
export function shown(points: readonly TimePoint[], show: ShowValue, ref: number): TimePoint[] {
  if (show === 1) return [...points];
  if (show === 0) return cumulative(points, ref);
  return ratePerDay(points);
}

/** Horizontal displacement in mm of a point `heightM` above the pivot tilted by `angleDeg`. */
export const tiltDisplacement = (angleDeg: number, heightM: number) => heightM * 1000 * Math.tan((angleDeg * Math.PI) / 180);

/** Radar (widgets §5, §9): radius axis 0–16 mm, a warning above 10 mm, a spot beyond drawn at the edge. */
export const RADAR = { max: 16, warn: 10 } as const;

/**
 * The laser's light spot on its target, in mm: the tilt since the reference angles projected over
 * the laser distance. `out` when |x| or |y| exceeds the warning limit; the plotted spot is capped
 * at the radar's edge.
 */
export function lightSpot(angleX: number, angleY: number, p: { laserDistance: number; refAngleX: number; refAngleY: number }) {
  const x = tiltDisplacement(angleX - p.refAngleX, p.laserDistance);
  const y = tiltDisplacement(angleY - p.refAngleY, p.laserDistance);
  const r = Math.hypot(x, y);
  const scale = r > RADAR.max ? RADAR.max / r : 1;
  return { x, y, out: Math.abs(x) > RADAR.warn || Math.abs(y) > RADAR.warn, plotted: [x * scale, y * scale] as [number, number] };
}

/** Alarm lines of a chart (widgets §3): numeric values only, the default colour when none is given. */
export const ALARM_LINE_COLOR = "#FF4400";
export type AlarmLine = { value: number; color: string; label: string };
export function alarmLines(lines: readonly { value: unknown; color?: string | null; label: string }[]): AlarmLine[] {
  return lines.flatMap((l) => {
    const v = typeof l.value === "string" && l.value.trim() !== "" ? Number(l.value) : l.value;
    return typeof v === "number" && Number.isFinite(v) ? [{ value: v, color: l.color || ALARM_LINE_COLOR, label: l.label }] : [];
  });
}
