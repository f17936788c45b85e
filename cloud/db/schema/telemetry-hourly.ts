import { doublePrecision, index, integer, pgTable, primaryKey, timestamp, varchar } from "drizzle-orm/pg-core";

/**
 * Ten-minute roll-up (buckets of 10 minutes from 2000-01-01 UTC), the same figures as
 * `telemetry_hourly`: a chart of a week to a few months needs buckets finer than an hour but reads
 * 1/60 of a 10-s sensor's values from here (a month: 4,320 rows per property). Written with the
 * hourly one in the same statement; kept as long as some tenant keeps raw values (the retention job
 * deletes it with the raw partitions: cloud/db/queries/retention.ts).
 */
export const telemetryTenMin = pgTable(
  "telemetry_10min",
  {
    deviceId: integer("device_id").notNull(),
    identifier: varchar("identifier", { length: 64 }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    n: integer("n").notNull(),
    sum: doublePrecision("sum").notNull(),
    min: doublePrecision("min").notNull(),
    minTs: timestamp("min_ts", { withTimezone: true }).notNull(),
    max: doublePrecision("max").notNull(),
    maxTs: timestamp("max_ts", { withTimezone: true }).notNull(),
    first: doublePrecision("first").notNull(),
    firstTs: timestamp("first_ts", { withTimezone: true }).notNull(),
    last: doublePrecision("last").notNull(),
    lastTs: timestamp("last_ts", { withTimezone: true }).notNull(),
  },
  // BRIN on the time, as the hourly one: the retention job deletes the old buckets without a scan.
  (t) => [primaryKey({ columns: [t.deviceId, t.identifier, t.at] }), index("telemetry_10min_at_brin").using("brin", t.at)],
);

/**
 * Hourly roll-up of the numeric `telemetry` values (UTC hours, which are every whole-hour zone's
 * hours too): count, sum, extremes and ends with their times, so a year's chart or day/month
 * series reads 8,760 rows per property instead of every value. Kept exact by whatever writes or
 * deletes telemetry (cloud/db/queries/telemetry-hourly.ts).
 */
export const telemetryHourly = pgTable(
  "telemetry_hourly",
  {
    deviceId: integer("device_id").notNull(),
    identifier: varchar("identifier", { length: 64 }).notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    n: integer("n").notNull(),
    sum: doublePrecision("sum").notNull(),
    min: doublePrecision("min").notNull(),
    minTs: timestamp("min_ts", { withTimezone: true }).notNull(),
    max: doublePrecision("max").notNull(),
    maxTs: timestamp("max_ts", { withTimezone: true }).notNull(),
    first: doublePrecision("first").notNull(),
    firstTs: timestamp("first_ts", { withTimezone: true }).notNull(),
    last: doublePrecision("last").notNull(),
    lastTs: timestamp("last_ts", { withTimezone: true }).notNull(),
  },
  // BRIN on the hour: the retention job finds the hours to fold into days without a scan; rows come
  // roughly in hour order, so the index stays a few pages and costs the writer almost nothing.
  (t) => [primaryKey({ columns: [t.deviceId, t.identifier, t.hour] }), index("telemetry_hourly_hour_brin").using("brin", t.hour)],
);

/**
 * Daily roll-up (UTC days), the same figures as `telemetry_hourly`: the retention job folds hours
 * older than the hourly tier's keep into days in the statement that deletes them, so each value is
 * counted in exactly one of the two tiers and a chart reads both (cloud/db/queries/retention.ts).
 * Kept for ever.
 */
export const telemetryDaily = pgTable(
  "telemetry_daily",
  {
    deviceId: integer("device_id").notNull(),
    identifier: varchar("identifier", { length: 64 }).notNull(),
    day: timestamp("day", { withTimezone: true }).notNull(),
    n: integer("n").notNull(),
    sum: doublePrecision("sum").notNull(),
    min: doublePrecision("min").notNull(),
    minTs: timestamp("min_ts", { withTimezone: true }).notNull(),
    max: doublePrecision("max").notNull(),
    maxTs: timestamp("max_ts", { withTimezone: true }).notNull(),
    first: doublePrecision("first").notNull(),
    firstTs: timestamp("first_ts", { withTimezone: true }).notNull(),
    last: doublePrecision("last").notNull(),
    lastTs: timestamp("last_ts", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.identifier, t.day] })],
);
