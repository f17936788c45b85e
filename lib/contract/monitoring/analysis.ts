import { z } from "zod";
import { dbId, optionalId } from "../common";
import { MONITOR_KINDS } from "../device/enums";
import { oneOf } from "../device/thing-model";
import { QUERY_TYPES, SHOW_VALUES, VALUE_TYPES, type ShowValue, type ZeroType } from "./enums";
import { reference, round, shown, type TimePoint } from "./compute";
import type { Measure } from "./monitors";

/** Most points per series a chart is sent (issue 17: fast over years); more become min/max buckets. */
export const CHART_MAX_POINTS = 4000;
/** Longest range one query may span (ten years of days). */
export const MAX_RANGE_DAYS = 3660;
const DAY = 86_400_000;
const day = z.string({ error: "validation.required" }).regex(/^\d{4}-\d{2}-\d{2}$/, "validation.format");
/** A platform (UTC+8) day's start. */
export const platformDayStart = (d: string) => new Date(`${d}T00:00:00+08:00`);

/** The analysis of one device of a point (the chart, its table and its export): same query, same numbers. */
export const analysisQuery = z
  .object({
    monitorKind: oneOf(MONITOR_KINDS),
    deviceId: dbId,
    /** The point the device is analysed in: its zero type applies (none: relative). */
    groupId: optionalId.optional(),
    startTime: day,
    endTime: day,
    queryType: oneOf(QUERY_TYPES).default(1),
    valueType: oneOf(VALUE_TYPES).default(1),
    showValue: oneOf(SHOW_VALUES).default(0),
  })
  .superRefine((v, ctx) => {
    const from = platformDayStart(v.startTime).getTime();
    const to = platformDayStart(v.endTime).getTime();
    if (Number.isNaN(from) || Number.isNaN(to)) return ctx.addIssue({ code: "custom", path: ["startTime"], message: "validation.format" });
    if (to < from) ctx.addIssue({ code: "custom", path: ["endTime"], message: "validation.endBeforeStart" });
    else if ((to - from) / DAY > MAX_RANGE_DAYS) ctx.addIssue({ code: "custom", path: ["endTime"], message: "validation.max", params: { max: MAX_RANGE_DAYS } });
  });
export type AnalysisQuery = z.input<typeof analysisQuery>;

/** The half-open range [from, to) of a query's platform days, both inclusive. */
export const rangeOf = (q: { startTime: string; endTime: string }) => ({ from: platformDayStart(q.startTime), to: new Date(platformDayStart(q.endTime).getTime() + DAY) });

/** A device and a collected value's time (epoch ms): reading back or setting initial values (widgets §7). */
export const devInitBody = z.object({ deviceId: dbId, dateTime: z.coerce.number({ error: "validation.number" }).int().positive() });
/** A point and a time: every device of the point takes its values at that time as initial (tilt group). */
export const pointInitBody = z.object({ groupId: dbId, dateTime: z.coerce.number({ error: "validation.number" }).int().positive() });

export type AnalysisSeries = { id: string; unit: string; decimals: number; data: TimePoint[]; sampled: boolean };
export type InitInfo = { value: number; dataTime: number; setByName: string | null; setAt: number };
export type Analysis = { series: AnalysisSeries[]; zeroType: ZeroType; initial: Record<string, InitInfo> };
/** One row of the device initial-value table (widgets §3): property, collected and calculated value. */
export type InitRow = { paramName: string; unit: string; orgValue: number; totalValue: number; initValue: number | null; dataTime: number };

/**
 * What each measure's curve shows: structural readings as cumulative change from their reference,
 * collected value or rate per day; other readings (temperature…) always as collected.
 */
export function analyse(measures: readonly Measure[], raw: ReadonlyMap<string, TimePoint[]>, opts: { zeroType: ZeroType; showValue: ShowValue; initial: ReadonlyMap<string, number> }) {
  return measures.map((m) => {
    const points = raw.get(m.identifier) ?? [];
    const data = m.change ? shown(points, opts.showValue, reference(opts.zeroType, opts.initial.get(m.identifier), points[0]?.[1])) : points;
    // One decimal beyond what is shown: the chart, its table and the export carry the same numbers.
    return { id: m.identifier, unit: m.unit, decimals: m.decimals, data: data.map(([t, v]) => [t, round(v, m.decimals + 1)] as TimePoint) };
  });
}

/** The initial-value table of one time: each measure's collected value and its cumulative change. */
export function initRows(measures: readonly Measure[], values: ReadonlyMap<string, { ts: number; value: number }>, zeroType: ZeroType, initial: ReadonlyMap<string, number>): InitRow[] {
  return measures.flatMap((m) => {
    const v = values.get(m.identifier);
    if (!v || !m.change) return [];
    const init = initial.get(m.identifier) ?? null;
    const d = m.decimals + 1;
    return [{ paramName: m.identifier, unit: m.unit, orgValue: round(v.value, d), totalValue: round(v.value - reference(zeroType, init, v.value), d), initValue: init === null ? null : round(init, d), dataTime: v.ts }];
  });
}

/** A device of a point as a monitoring screen lists it: state, latest values, initial values. */
export type PointDevice = {
  id: number;
  deviceName: string;
  deviceSn: string;
  status: number;
  lastReportTime: string | null;
  latest: Record<string, { value: number; ts: number }>;
  initial: Record<string, number>;
  /** The device's own configuration (`deviceConfig`), preferred to the point's parameters. */
  config: Record<string, unknown> | null;
};
/** A point of a kind with its parameters and devices (`stat/devOperationMonitoring/list`). */
export type KindPoint = {
  id: number;
  groupName: string;
  monitorKind: string;
  zeroType: ZeroType;
  deviceIds: number[];
  holePosition: number | null;
  holeDepth: number | null;
  unitLength: number | null;
  laserDistance: number | null;
  refAngleX: number | null;
  refAngleY: number | null;
  alarmMin: number | null;
  alarmMax: number | null;
  devices: PointDevice[];
};

/** The monitoring devices by state (`stat/devManageStat/view`). */
export type DeviceStates = { total: number; online: number; offline: number; inactive: number };
