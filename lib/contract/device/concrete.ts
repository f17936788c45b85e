import { z } from "zod";
import { defineCall, file } from "../call";
import { dbId } from "../common";

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
export const concreteRecord = z.object({ t: z.number(), temp: z.number(), maturity: z.number(), strength: z.number().nullable() });
export type ConcreteRecord = z.infer<typeof concreteRecord>;
/** One device's curves under its rule: the latest records, oldest first. */
export const concreteSeries = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  ruleName: z.string().nullable(),
  datumTemp: z.number(),
  calibration: z.object({ a: z.number(), b: z.number() }).nullable(),
  records: z.array(concreteRecord),
});
export type ConcreteSeries = z.infer<typeof concreteSeries>;

/** The concrete page's calls (comm concrete): the loggers of the caller's projects, or of the project the header names. */
export const concreteApi = {
  devices: defineCall({ kind: "get", path: "comm/concrete/getChartDevice", answer: z.array(concreteDevice), access: "user", scope: "projectOptional" }),
  chart: defineCall({ kind: "post", path: "comm/concrete/chartDeviceIds", input: concreteIdsBody, answer: z.array(concreteSeries), access: "user", scope: "projectOptional" }),
  records: defineCall({ kind: "get", path: "comm/concrete/listByDeviceId", input: concreteDeviceQuery, answer: z.array(concreteRecord), access: "user", scope: "projectOptional" }),
  download: defineCall({ kind: "export", path: "comm/concrete/downloadDevIds", input: concreteIdsBody, answer: file, access: "user", scope: "projectOptional" }),
};
