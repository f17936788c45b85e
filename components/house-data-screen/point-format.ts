import type { PointData } from "@/lib/contract/scene/scene";

/** Marker and row colours of a point: its alarm level's colour, grey when offline, else the screen's blue. */
export const POINT_COLORS = { normal: "#38bdf8", offline: "#94a3b8", alarm: "#ef4444" } as const;

/** A newest value as the screen shows it: numbers to at most 3 decimals (widgets §9), with the unit. */
export function formatValue(value: number | string | null, unit: string | null): string | null {
  if (value === null || value === "") return null;
  const text = typeof value === "number" ? String(Math.round(value * 1000) / 1000) : value;
  return unit ? `${text} ${unit}` : text;
}

/** The colour of a point or marker from its alarm and its device's status (3 offline). */
export function pointColor(p: Pick<PointData, "alarm" | "status">): string {
  if (p.alarm) return p.alarm.levelColor || POINT_COLORS.alarm;
  return p.status === 3 ? POINT_COLORS.offline : POINT_COLORS.normal;
}
