import type { MonitorKind } from "../device/product";
import type { ShowValue } from "./enums";

/**
 * One declarative definition per monitoring screen (/operationMonitoring/<kind>): the properties it
 * charts with their units, whether a change since the initial value means anything for them, and
 * which type-specific view it adds. One page component renders all thirteen from these; the cloud
 * reads the same definitions for its queries, tables and exports.
 */
export type Measure = {
  /** The product property (thing-model identifier). Labels: `monitoring.measures.<identifier>`. */
  identifier: string;
  unit: string;
  /** Cumulative change and rate apply (a structural reading); false for temperature, humidity… */
  change: boolean;
  /** Weather item (core §4) of a weather property. */
  item?: number;
  /** Bars instead of a line (rainfall). */
  bar?: boolean;
  /** Decimals shown (y labels at most 3, widgets §9). */
  decimals: number;
};

export type MonitorView =
  /** Line charts with alarm lines. */
  | "line"
  /** Tilt: click a chart point → initial-value table; light-spot radar. */
  | "tilt"
  /** Acceleration: click a chart point → initial-value table. */
  | "acceleration"
  /** Weather: seven items, wind direction as arrows, rainfall as bars. */
  | "weather"
  /** Concrete maturity: the concrete page, per logger under its calibration rule (components/devices/concrete-screen). */
  | "beton";

export type MonitorDef = {
  kind: MonitorKind;
  /** Monitor type of core §4 (0 settlement … 9 weather). */
  monitorType: number;
  view: MonitorView;
  measures: Measure[];
  /** Show values offered (core §4): all three for structural readings, collected only for weather. */
  showValues: readonly ShowValue[];
  /** Light-spot radar from the point's laser distance and reference angles (widgets §5). */
  radar?: boolean;
  /** Deep-displacement profile of an inclinometer string (stat/rionDipAngle). */
  profile?: boolean;
};

const m = (identifier: string, unit: string, decimals = 3, change = true): Measure => ({ identifier, unit, change, decimals });
const env = (identifier: string, unit: string, item: number, decimals = 1, bar = false): Measure => ({ identifier, unit, change: false, item, decimals, bar });
const ALL: readonly ShowValue[] = [0, 1, 2];

export const MONITORS: Record<MonitorKind, MonitorDef> = {
  tilt: { kind: "tilt", monitorType: 1, view: "tilt", measures: [m("angleX", "°"), m("angleY", "°"), m("temperature", "°C", 1, false)], showValues: ALL, radar: true },
  tiltDis: { kind: "tiltDis", monitorType: 1, view: "tilt", measures: [m("angleX", "°"), m("angleY", "°"), m("disX", "mm", 2), m("disY", "mm", 2)], showValues: ALL },
  beton: { kind: "beton", monitorType: 4, view: "beton", measures: [m("maturity", "°C·h", 1, false), m("strength", "MPa", 1, false)], showValues: [1] },
  acceleration: { kind: "acceleration", monitorType: 3, view: "acceleration", measures: [m("accX", "g", 3), m("accY", "g", 3), m("accZ", "g", 3), m("frequency", "Hz", 1, false)], showValues: ALL },
  settlement: { kind: "settlement", monitorType: 0, view: "line", measures: [m("settlement", "mm", 2), m("pressure", "kPa", 2), m("temperature", "°C", 1, false)], showValues: ALL },
  inclinometer: { kind: "inclinometer", monitorType: 2, view: "line", measures: [m("holeDepth", "m", 2, false), m("temperature", "°C", 1, false)], showValues: [1], profile: true },
  water: { kind: "water", monitorType: 5, view: "line", measures: [m("waterLevel", "m", 3), m("pressure", "kPa", 1), m("frequency", "Hz", 1, false)], showValues: ALL },
  waterHeight: { kind: "waterHeight", monitorType: 5, view: "line", measures: [m("waterHeight", "m", 3)], showValues: ALL },
  anchor: { kind: "anchor", monitorType: 6, view: "line", measures: [m("force", "kN", 1), m("frequency", "Hz", 1, false)], showValues: ALL },
  axialforce: { kind: "axialforce", monitorType: 6, view: "line", measures: [m("axialForce", "kN", 1), m("strain", "με", 1)], showValues: ALL },
  dis: { kind: "dis", monitorType: 7, view: "line", measures: [m("displacement", "mm", 2), m("temperature", "°C", 1, false)], showValues: ALL },
  horizontalDis: { kind: "horizontalDis", monitorType: 8, view: "line", measures: [m("dx", "mm", 2), m("dy", "mm", 2), m("dz", "mm", 2)], showValues: ALL },
  weather: {
    kind: "weather",
    monitorType: 9,
    view: "weather",
    measures: [
      env("humidity", "%RH", 1),
      env("temperature", "°C", 2),
      env("windDirection", "°", 3, 0),
      env("pressure", "hPa", 4),
      env("rainfall", "mm", 5, 1, true),
      env("windSpeed", "m/s", 6),
      env("windForce", "", 7, 0),
    ],
    showValues: [1],
  },
};

export const monitorOf = (kind: MonitorKind): MonitorDef => MONITORS[kind];

/** The per-unit property of an inclinometer string (the catalogue's CX-64): one struct per unit. */
export const UNITS_PROPERTY = "points";

/**
 * What setting a device's initial values takes at a time: its changing number properties, and —
 * for a depth profile — the string's whole per-unit reading, which the profile is counted from.
 */
export function initTargets(kind: MonitorKind): { identifiers: string[]; texts: string[] } {
  const def = monitorOf(kind);
  return { identifiers: def.measures.filter((m) => m.change).map((m) => m.identifier), texts: def.profile ? [UNITS_PROPERTY] : [] };
}
