import { z } from "zod";
import { defineCall } from "../call";
import { dbId } from "../common";
import { defineEntity, labelFields } from "../entity";
import { MONITOR_KINDS } from "../device/enums";
import type { MonitorKind } from "../device/product";
import { decimalIn, oneOf } from "../validation";
import { HOLE_POSITIONS } from "./enums";
import { SET_INIT_PERM } from "./analysis";
import { POINT_LIMITS } from "./point-group";

/**
 * Device configuration (core §7 `deviceConfig` get / upd per device type, `updBatchConfig`): the
 * parameters one device's figures are computed with, one entity per kind of configuration. The
 * rules of core §5 hold here as for points; the monitoring screens prefer a device's own
 * configuration to its point's parameters.
 */
export const CONFIG_KINDS = ["inclinometer", "tilt", "range"] as const;
export type ConfigKind = (typeof CONFIG_KINDS)[number];

/** The configuration kind of a monitoring kind: inclinometer strings, tilt meters, every other sensor's alarm range. */
export const configKindOf = (kind: MonitorKind): ConfigKind => (kind === "inclinometer" ? "inclinometer" : kind === "tilt" || kind === "tiltDis" ? "tilt" : "range");

/** Most units of one inclinometer string (the catalogue's CX-64). */
export const MAX_UNITS = 64;
const THRESHOLD = 1e9;

/**
 * An inclinometer string: its units are `unitCount` probes of `unitLength` each, counted from the
 * hole position; the hole is not shallower than the string (core §5).
 */
export const inclinometerConfig = defineEntity({
  ns: "monitoring.config",
  fields: {
    holePosition: { schema: oneOf(HOLE_POSITIONS).default(1), kind: "radio", dict: "holePosition" },
    holeDepth: { schema: decimalIn(POINT_LIMITS.holeDepth.min, POINT_LIMITS.holeDepth.max), kind: "number", min: POINT_LIMITS.holeDepth.min, max: POINT_LIMITS.holeDepth.max, floatNum: 2 },
    unitLength: { schema: decimalIn(0.01, POINT_LIMITS.unitLength), kind: "number", min: 0.01, max: POINT_LIMITS.unitLength, floatNum: 2 },
    unitCount: { schema: z.coerce.number({ error: "validation.number" }).int("validation.integer").min(1, "validation.min").max(MAX_UNITS, "validation.max"), kind: "number", min: 1, max: MAX_UNITS, floatNum: 0 },
  },
  refine: (v, ctx) => {
    const { holeDepth, unitLength, unitCount } = v as { holeDepth?: number; unitLength?: number; unitCount?: number };
    if (typeof holeDepth !== "number" || typeof unitLength !== "number" || typeof unitCount !== "number") return;
    const total = Math.round(unitLength * unitCount * 1000) / 1000;
    if (holeDepth < total) ctx.addIssue({ code: "custom", path: ["holeDepth"], message: "validation.holeDepthBelowTotal", params: { total } });
  },
});

/** A tilt meter with its laser: the light spot's distance and the reference angles are required (core §5). */
export const tiltConfig = defineEntity({
  ns: "monitoring.config",
  fields: {
    laserDistance: { schema: decimalIn(0.01, POINT_LIMITS.laserDistance), kind: "number", min: 0.01, max: POINT_LIMITS.laserDistance, floatNum: 3 },
    refAngleX: { schema: decimalIn(-POINT_LIMITS.angle, POINT_LIMITS.angle), kind: "number", min: -POINT_LIMITS.angle, max: POINT_LIMITS.angle, floatNum: 3 },
    refAngleY: { schema: decimalIn(-POINT_LIMITS.angle, POINT_LIMITS.angle), kind: "number", min: -POINT_LIMITS.angle, max: POINT_LIMITS.angle, floatNum: 3 },
  },
});

/** Any other sensor: its own alarm range, drawn on its chart beside the point's (a maximum not below its minimum). */
export const rangeConfig = defineEntity({
  ns: "monitoring.config",
  fields: {
    alarmMin: { schema: decimalIn(-THRESHOLD, THRESHOLD), kind: "number", floatNum: 3 },
    alarmMax: { schema: decimalIn(-THRESHOLD, THRESHOLD), kind: "number", floatNum: 3 },
  },
  refine: (v, ctx) => {
    const { alarmMin, alarmMax } = v as { alarmMin?: number; alarmMax?: number };
    if (typeof alarmMin === "number" && typeof alarmMax === "number" && alarmMax < alarmMin) ctx.addIssue({ code: "custom", path: ["alarmMax"], message: "validation.maxBelowMin" });
  },
});

export const CONFIGS = { inclinometer: inclinometerConfig, tilt: tiltConfig, range: rangeConfig } as const;

export type InclinometerConfig = z.output<typeof inclinometerConfig.body>;
export type TiltConfig = z.output<typeof tiltConfig.body>;
export type RangeConfig = z.output<typeof rangeConfig.body>;
export type DeviceConfigOf = { inclinometer: InclinometerConfig; tilt: TiltConfig; range: RangeConfig };

const upd = (kind: ConfigKind) => z.intersection(z.object({ deviceId: dbId }), CONFIGS[kind].body);
const batch = (kind: ConfigKind) => z.intersection(z.object({ deviceIds: z.array(dbId).min(1, "validation.minItems").max(500, "validation.maxItems") }), CONFIGS[kind].body);
/** `deviceConfig/upd`: one device and the fields of its kind (the cloud checks them against the device's kind). */
export const configUpdBody = { inclinometer: upd("inclinometer"), tilt: upd("tilt"), range: upd("range") };
/** `deviceConfig/updBatchConfig`: the same configuration for devices of one kind and one project. */
export const configBatchBody = { inclinometer: batch("inclinometer"), tilt: batch("tilt"), range: batch("range") };
labelFields("monitoring.config", ...Object.values(configUpdBody), ...Object.values(configBatchBody));

const configKind = z.enum(CONFIG_KINDS);
/** `deviceConfig/get`: the device's kind and its configuration, if one was saved. */
export const deviceConfig = z.object({
  deviceId: z.number().int(),
  monitorKind: z.enum(MONITOR_KINDS),
  configKind,
  config: z.record(z.string(), z.unknown()).nullable(),
  updatedByName: z.string().nullable(),
  updatedAt: z.number().nullable(),
});
export type DeviceConfig = z.infer<typeof deviceConfig>;

/**
 * deviceConfig (core §7): get, upd and updBatchConfig of devices of the call's project, or of every
 * project the caller sees before one is chosen. A body names a device (or devices) and the fields
 * of its configuration kind, which the cloud checks by the device's kind once it has found it.
 */
export const deviceConfigApi = {
  get: defineCall({ kind: "get", path: "device/deviceConfig/get", input: z.object({ deviceId: dbId }), answer: deviceConfig, access: "user", scope: "projectOptional" }),
  upd: defineCall({
    kind: "post",
    path: "device/deviceConfig/upd",
    input: z.looseObject({ deviceId: dbId }),
    answer: z.object({ deviceId: z.number().int(), configKind, config: z.record(z.string(), z.unknown()) }),
    access: { perm: SET_INIT_PERM },
    scope: "projectOptional",
  }),
  updBatch: defineCall({
    kind: "post",
    path: "device/deviceConfig/updBatchConfig",
    input: z.looseObject({ deviceIds: z.array(dbId).min(1, "validation.minItems").max(500, "validation.maxItems") }),
    answer: z.object({ count: z.number().int(), configKind }),
    access: { perm: SET_INIT_PERM },
    scope: "projectOptional",
  }),
};
