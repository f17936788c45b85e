import { z } from "zod";
import { defineCall, pageOf } from "../call";
import { dbId, idQuery } from "../common";
import { DEVICE_READERS } from "./readers";

/**
 * The device detail's data calls (core §7: getDevRealTimeData, getDevLatestData, getDevDataGeneral)
 * and its logs (refused messages, online / offline changes).
 */

/** A time as epoch milliseconds or ISO 8601. */
const instant = z.preprocess(
  (v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z.union([z.number().int().nonnegative().max(8_640_000_000_000_000), z.iso.datetime({ offset: true })], { error: "validation.format" }).transform((v) => new Date(v)),
);

/** How history is read: raw values, or averaged per hour, day or month (`auto` picks by the range's length). */
export const HISTORY_BUCKETS = ["raw", "hour", "day", "month"] as const;
export type HistoryBucket = (typeof HISTORY_BUCKETS)[number];
/** At most this many properties in one history call. */
export const HISTORY_MAX_PROPERTIES = 8;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The bucket of a range when the caller leaves it to the cloud: raw up to a day and a half, hourly
 * up to 45 days, daily up to three years, monthly beyond (a chart keeps a few hundred points).
 */
export function autoBucket(from: Date, to: Date): HistoryBucket {
  const span = to.getTime() - from.getTime();
  if (span <= 36 * HOUR) return "raw";
  if (span <= 45 * DAY) return "hour";
  if (span <= 3 * 365 * DAY) return "day";
  return "month";
}

/** getDevDataGeneral: properties (comma-joined), a range (end after start) and a bucket. */
export const historyQuery = z
  .object({
    id: dbId,
    identifiers: z.preprocess(
      (v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : v),
      z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,31}$/, "validation.format")).min(1, "validation.required").max(HISTORY_MAX_PROPERTIES, "validation.maxItems"),
    ),
    startTime: instant,
    endTime: instant,
    bucket: z.enum([...HISTORY_BUCKETS, "auto"], { error: "validation.invalidOption" }).default("auto"),
  })
  // Checked only once both times are read (a refinement still runs after a field's own failure).
  .refine((q) => !(q.startTime instanceof Date && q.endTime instanceof Date) || q.endTime.getTime() > q.startTime.getTime(), { path: ["endTime"], message: "validation.endBeforeStart" });
export type HistoryQuery = z.input<typeof historyQuery>;

/** Paged logs of one device. */
export const deviceLogQuery = z.object({
  id: dbId,
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(500).default(10),
});

/** A property of the device's thing model with its newest value (getDevRealTimeData). */
export const realTimeValue = z.object({
  identifier: z.string(),
  funcName: z.string(),
  unit: z.string().nullable(),
  /** The property's data type name (int32, float, enum, bool, text…). */
  dataType: z.string().nullable(),
  /** Enumeration / bool labels by value, for showing a number as its name. */
  labels: z.record(z.string(), z.string()).nullable(),
  /** ISO time of the value; null when the device never reported it. */
  ts: z.string().nullable(),
  num: z.number().nullable(),
  txt: z.string().nullable(),
});
export type RealTimeValue = z.infer<typeof realTimeValue>;
export const realTimeData = z.object({ status: z.number().int(), lastReportTime: z.string().nullable(), values: z.array(realTimeValue) });
export type RealTimeData = z.infer<typeof realTimeData>;
/** getDevLatestData: the newest report (every value sent at the newest time). */
export const latestData = z.object({ ts: z.string().nullable(), values: z.record(z.string(), z.union([z.number(), z.string(), z.null()])) });
export type LatestData = z.infer<typeof latestData>;

/** One property's series: `[epoch ms, value]`, the average of each bucket unless raw (a bucket's time is its start). */
export const historySeries = z.object({ identifier: z.string(), points: z.array(z.tuple([z.number(), z.number()])) });
export type HistorySeries = z.infer<typeof historySeries>;
/** `truncated`: a raw series reached the point limit (the range's oldest points are shown). */
export const historyData = z.object({ bucket: z.enum(HISTORY_BUCKETS), truncated: z.boolean(), series: z.array(historySeries) });
export type HistoryData = z.infer<typeof historyData>;
/** Raw points per property at most in one answer. */
export const HISTORY_RAW_LIMIT = 20_000;

/** A refused message: when, on which topic, about which property, why (in the reader's language) and what it said. */
export const rejectRow = z.object({ id: z.number().int(), at: z.string(), topic: z.string(), identifier: z.string().nullable(), reason: z.string(), payload: z.string().nullable() });
export type RejectRow = z.infer<typeof rejectRow>;
/** An online / offline change. */
export const statusLogRow = z.object({ id: z.number().int(), status: z.number().int(), at: z.string() });
export type StatusLogRow = z.infer<typeof statusLogRow>;
/** Where devices connect: the broker's host and port, never its credentials (none without a broker). */
export const mqttAccess = z.object({ host: z.string(), port: z.number().int() }).nullable();

/** The device detail's data calls: whoever may read devices may read their data. */
export const deviceDataApi = {
  realTime: defineCall({ kind: "get", path: "device/device/getDevRealTimeData", input: idQuery, answer: realTimeData, access: { menu: DEVICE_READERS }, scope: "own" }),
  latest: defineCall({ kind: "get", path: "device/device/getDevLatestData", input: idQuery, answer: latestData, access: { menu: DEVICE_READERS }, scope: "own" }),
  history: defineCall({ kind: "get", path: "device/device/getDevDataGeneral", input: historyQuery, answer: historyData, access: { menu: DEVICE_READERS }, scope: "own" }),
  rejects: defineCall({ kind: "get", path: "device/device/rejectPage", input: deviceLogQuery, answer: pageOf(rejectRow), access: { menu: DEVICE_READERS }, scope: "own" }),
  statusLog: defineCall({ kind: "get", path: "device/device/statusLogPage", input: deviceLogQuery, answer: pageOf(statusLogRow), access: { menu: DEVICE_READERS }, scope: "own" }),
  // The device page's MQTT card.
  mqttAccess: defineCall({ kind: "get", path: "device/device/mqttAccess", answer: mqttAccess, access: { menu: DEVICE_READERS }, scope: "own" }),
};
