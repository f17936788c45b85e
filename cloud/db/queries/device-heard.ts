import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { deviceHeard, devices } from "../schema";

/**
 * How far `devices.last_report_time` (indexed: the list's sort, the sweep's candidates) may trail
 * the exact last-heard time in `device_heard` while a device stays online. The ingest rewrites the
 * device's row only when its status changes or its time crosses a step boundary, so a fleet
 * reporting every 10 s rewrites each row once an hour instead of every 10 s: the dead rows left
 * between two vacuums (every 5 minutes on PGlite) stay under a tenth of the table (issue 41).
 * Sorting and filtering devices by last report therefore orders online devices within an hour,
 * offline ones exactly (going offline writes the exact time); every shown time is exact.
 */
export const DEVICE_ROW_STEP_MS = 3_600_000;
const STEP_S = sql.raw(String(DEVICE_ROW_STEP_MS / 1000));

/**
 * Each device's step boundaries sit at its own second of the hour (Fibonacci hashing of its id:
 * consecutive ids land far apart, evenly): a fleet that came online together — after a restart, in
 * a benchmark — rewrites its rows spread over the hour, not all in one batch every hour.
 */
const phase = (id: AnyPgColumn | SQL) => sql`((${id})::bigint * 2654435761 % 4294967296 * ${STEP_S} / 4294967296)`;
const stepOf = (id: AnyPgColumn | SQL, t: AnyPgColumn | SQL) => sql`floor((extract(epoch from ${t}) + ${phase(id)}) / ${STEP_S})`;

/** Whether a device heard at `at` is due a rewrite of its row, whose time is `rowTime`: a step boundary lies between. */
export const rowStepDue = (id: AnyPgColumn | SQL, rowTime: AnyPgColumn | SQL, at: AnyPgColumn | SQL) => sql`${stepOf(id, at)} > ${stepOf(id, rowTime)}`;

/**
 * A device's exact last-heard time: its `device_heard` row, or its own row's time when it has none
 * (set by hand, seeded) or that is later. `id` is the device's id column or expression.
 */
export const lastHeardOf = (id: AnyPgColumn | SQL, rowTime: AnyPgColumn | SQL = devices.lastReportTime) =>
  sql`greatest(${rowTime}, (select ${deviceHeard.at} from ${deviceHeard} where ${deviceHeard.deviceId} = ${id}))`;

/**
 * The columns of a device row that the ingest keeps current in `device_heard`, read from there:
 * its exact last report, and the battery and signal it last reported (else the row's own, e.g. entered).
 * Spread after the table's columns in a select of `devices`.
 */
export const heardColumns = () => ({
  lastReportTime: lastHeardOf(devices.id).mapWith(devices.lastReportTime),
  battery: sql`coalesce((select ${deviceHeard.battery} from ${deviceHeard} where ${deviceHeard.deviceId} = ${devices.id}), ${devices.battery})`.mapWith(devices.battery),
  signal: sql`coalesce((select ${deviceHeard.signal} from ${deviceHeard} where ${deviceHeard.deviceId} = ${devices.id}), ${devices.signal})`.mapWith(devices.signal),
});
