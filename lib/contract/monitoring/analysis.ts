import { z } from "zod";
import { defineCall, file } from "../call";
import { dbId, optionalId } from "../common";
import { MONITOR_KINDS } from "../device/enums";
import { oneOf } from "../validation";
import { QUERY_TYPES, SHOW_VALUES, VALUE_TYPES, ZERO_TYPES, type ShowValue, type ZeroType } from "./enums";
import { reference, round, shown, type TimePoint } from "./compute";
import type { Measure } from "./monitors";
import { DEFAULT_TIME_ZONE, zoneDayStart } from "../../time-zone";

/** Most points per series a chart is sent (issue 17: fast over years); more become min/max buckets. */
export const CHART_MAX_POINTS = 4000;
/** Longest range one query may span (ten years of days). */
export const MAX_RANGE_DAYS = 3660;
const DAY = 86_400_000;
const day = z.string({ error: "validation.required" }).regex(/^\d{4}-\d{2}-\d{2}$/, "validation.format");
/** A range's edge: a whole day of the tenant's zone, or an instant (epoch ms: ranges ending now). */
const edge = z.union([day, z.number().int().nonnegative().max(8_640_000_000_000_000)], { error: "validation.format" });
/** A day's start in a zone (the tenant's; the platform's by default). */
export const platformDayStart = (d: string, zone = DEFAULT_TIME_ZONE) => new Date(zoneDayStart(d, zone));

/** The analysis of one device of a point (the chart, its table and its export): same query, same numbers. */
export const analysisQuery = z
  .object({
    monitorKind: oneOf(MONITOR_KINDS),
    deviceId: dbId,
    /** The point the device is analysed in: its zero type applies (none: relative). */
    groupId: optionalId.optional(),
    startTime: edge,
    endTime: edge,
    queryType: oneOf(QUERY_TYPES).default(1),
    valueType: oneOf(VALUE_TYPES).default(1),
    showValue: oneOf(SHOW_VALUES).default(0),
  })
  .superRefine((v, ctx) => {
    const { from, to } = rangeOf(v);
    if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return ctx.addIssue({ code: "custom", path: ["startTime"], message: "validation.format" });
    if (to <= from) ctx.addIssue({ code: "custom", path: ["endTime"], message: "validation.endBeforeStart" });
    else if ((to.getTime() - from.getTime()) / DAY > MAX_RANGE_DAYS + 1) ctx.addIssue({ code: "custom", path: ["endTime"], message: "validation.max", params: { max: MAX_RANGE_DAYS } });
  });
export type AnalysisQuery = z.input<typeof analysisQuery>;

const nextDay = (d: string) => {
  const [y, m, dd] = d.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, dd + 1)).toISOString().slice(0, 10);
};

/** The half-open range [from, to) of a query: whole days of `zone` (both inclusive) or instants. */
export const rangeOf = (q: { startTime: string | number; endTime: string | number }, zone = DEFAULT_TIME_ZONE) => ({
  from: typeof q.startTime === "number" ? new Date(q.startTime) : platformDayStart(q.startTime, zone),
  to: typeof q.endTime === "number" ? new Date(q.endTime) : /^\d{4}-\d{2}-\d{2}$/.test(q.endTime) ? platformDayStart(nextDay(q.endTime), zone) : new Date(NaN),
});

/** A device and a collected value's time (epoch ms): reading back or setting initial values (widgets §7). */
export const devInitBody = z.object({ deviceId: dbId, dateTime: z.coerce.number({ error: "validation.number" }).int().positive() });
/** getDevInitValue: a device and a time, and the point it is read in (its zero type applies). */
export const devInitQuery = devInitBody.extend({ groupId: optionalId.optional() });
/** A point and a time: every device of the point takes its values at that time as initial (tilt group). */
export const pointInitBody = z.object({ groupId: dbId, dateTime: z.coerce.number({ error: "validation.number" }).int().positive() });

const timePoint = z.tuple([z.number(), z.number()]);
const analysisSeries = z.object({ id: z.string(), unit: z.string(), decimals: z.number().int(), data: z.array(timePoint), sampled: z.boolean() });
export type AnalysisSeries = z.infer<typeof analysisSeries>;
const initInfo = z.object({ value: z.number(), dataTime: z.number(), setByName: z.string().nullable(), setAt: z.number() });
export type InitInfo = z.infer<typeof initInfo>;
export const analysis = z.object({
  series: z.array(analysisSeries),
  zeroType: z.custom<ZeroType>((v) => (ZERO_TYPES as readonly unknown[]).includes(v)),
  initial: z.record(z.string(), initInfo),
  /** The range reaches before the device's raw-value retention: values before this time (epoch ms) are drawn from roll-ups. */
  rolledUpBefore: z.number().nullable(),
});
export type Analysis = z.infer<typeof analysis>;
/** One row of the device initial-value table (widgets §3): property, collected and calculated value. */
export const initRow = z.object({ paramName: z.string(), unit: z.string(), orgValue: z.number(), totalValue: z.number(), initValue: z.number().nullable(), dataTime: z.number() });
export type InitRow = z.infer<typeof initRow>;
/** One initial value set on a device, as its audit lists it (no number for a text value: an inclinometer's units). */
export const initLogRow = z.object({ id: z.number().int(), identifier: z.string(), value: z.number().nullable(), dataTime: z.number(), setByName: z.string().nullable(), setAt: z.number() });

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

const nullableNumber = z.number().nullable();
/** A device of a point as a monitoring screen lists it: state, latest values, initial values. */
const pointDevice = z.object({
  id: z.number().int(),
  deviceName: z.string(),
  deviceSn: z.string(),
  status: z.number().int(),
  lastReportTime: z.string().nullable(),
  latest: z.record(z.string(), z.object({ value: z.number(), ts: z.number() })),
  initial: z.record(z.string(), z.number()),
  /** The device's own configuration (`deviceConfig`), preferred to the point's parameters. */
  config: z.record(z.string(), z.unknown()).nullable(),
});
export type PointDevice = z.infer<typeof pointDevice>;
/** A point of a kind with its parameters and devices (`stat/devOperationMonitoring/list`). */
const kindPoint = z.object({
  id: z.number().int(),
  groupName: z.string(),
  monitorKind: z.string(),
  zeroType: z.custom<ZeroType>((v) => (ZERO_TYPES as readonly unknown[]).includes(v)),
  deviceIds: z.array(z.number().int()),
  holePosition: nullableNumber,
  holeDepth: nullableNumber,
  unitLength: nullableNumber,
  laserDistance: nullableNumber,
  refAngleX: nullableNumber,
  refAngleY: nullableNumber,
  alarmMin: nullableNumber,
  alarmMax: nullableNumber,
  devices: z.array(pointDevice),
});
export type KindPoint = z.infer<typeof kindPoint>;

const count = z.number().int().nonnegative();
/** The monitoring devices by state (`stat/devManageStat/view`). */
export const deviceStates = z.object({ total: count, online: count, offline: count, inactive: count });
export type DeviceStates = z.infer<typeof deviceStates>;

/** Setting initial values (a device's, a point's, a device configuration's): the device list's button. */
export const SET_INIT_PERM = "dev:deviceConfig:updConfig";

const kind = z.enum(MONITOR_KINDS, { error: "validation.invalidOption" });

/**
 * The monitoring screens' calls (core §7 stat devOperationMonitoring, devManageStat; widgets §7):
 * over the project chosen in the header, else every project the caller sees (the screens work
 * before a project is chosen); a device of another project is not found.
 */
export const monitoringApi = {
  /** The points of a kind with their devices' latest values. */
  list: defineCall({ kind: "get", path: "stat/devOperationMonitoring/list", input: z.object({ monitorKind: kind }), answer: z.array(kindPoint), access: "user", scope: "projectOptional" }),
  view: defineCall({ kind: "post", path: "stat/devOperationMonitoring/view", input: analysisQuery, answer: analysis, access: "user", scope: "projectOptional" }),
  export: defineCall({ kind: "export", path: "stat/devOperationMonitoring/export", input: analysisQuery, answer: file, access: "user", scope: "projectOptional" }),
  /** The device's values at a time, read back as the initial-value table shows them. */
  initValues: defineCall({ kind: "post", path: "stat/devOperationMonitoring/getDevInitValue", input: devInitQuery, answer: z.object({ dataList: z.array(initRow) }), access: "user", scope: "projectOptional" }),
  setInit: defineCall({ kind: "post", path: "stat/devOperationMonitoring/setDevInitValue", input: devInitBody, answer: z.object({ set: count }), access: { perm: SET_INIT_PERM }, scope: "projectOptional" }),
  initLog: defineCall({ kind: "get", path: "stat/devOperationMonitoring/initLog", input: z.object({ deviceId: dbId }), answer: z.array(initLogRow), access: "user", scope: "projectOptional" }),
  /** The kind's devices (or all monitoring devices) by state. */
  states: defineCall({ kind: "get", path: "stat/devManageStat/view", input: z.object({ monitorKind: kind.optional() }), answer: deviceStates, access: "user", scope: "projectOptional" }),
};
