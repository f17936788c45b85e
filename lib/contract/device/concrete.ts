import { z } from "zod";
import { dbId } from "../common";
import type { Calibration } from "./maturity";

/**
 * The concrete page (issue 16, core §7 comm concrete, §9 latest 500 records): a project's
 * maturity loggers, each device's temperatures with the maturity and estimated strength its
 * calibration rule gives, as chart, table and download.
 */

/** Most devices drawn on one chart or downloaded at once. */
export const CONCRETE_CHART_DEVICES = 10;

/** `chartDeviceIds` and `downloadDevIds`: the chosen devices. */
export const concreteIdsBody = z.object({ deviceIds: z.array(dbId).min(1, "validation.minItems").max(CONCRETE_CHART_DEVICES, "validation.maxItems") });
/** `listByDeviceId`: one device. */
export const concreteDeviceQuery = z.object({ deviceId: dbId });

/** A maturity logger as the page lists it, with the rule it is bound to (if any). */
export const concreteDevice = z.object({ id: z.number().int(), deviceName: z.string(), deviceSn: z.string(), status: z.number().int(), ruleId: z.number().int().nullable(), ruleName: z.string().nullable() });
export type ConcreteDevice = z.infer<typeof concreteDevice>;
/** One record: time (epoch ms), the sensors' aggregated temperature, maturity (°C·h) and estimated strength (MPa, none without a calibration). */
export type ConcreteRecord = { t: number; temp: number; maturity: number; strength: number | null };
/** One device's curves under its rule: the latest records, oldest first. */
export type ConcreteSeries = { deviceId: number; deviceName: string; ruleName: string | null; datumTemp: number; calibration: Calibration | null; records: ConcreteRecord[] };
