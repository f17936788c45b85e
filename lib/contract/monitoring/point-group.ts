import { z } from "zod";
import { defineCall, empty } from "../call";
import { dbId } from "../common";
import { crudCalls } from "../entity-calls";
import { defineEntity, rowName, type RowOf } from "../entity";
import { MONITOR_KINDS } from "../device/enums";
import { decimalIn, oneOf, optional, text } from "../validation";
import { pointInitBody, SET_INIT_PERM } from "./analysis";
import { HOLE_POSITIONS, ZERO_TYPES } from "./enums";

/** Measurement-point limits (core §5). */
export const POINT_LIMITS = { unitLength: 300, holeDepth: { min: 0.1, max: 100_000 }, devices: 64, angle: 90, laserDistance: 1000 } as const;

const maybeDecimal = (min: number, max: number) => decimalIn(min, max).optional().nullable();
const THRESHOLD = 1e9;

/**
 * The rules of core §5 across fields: an inclinometer's hole depth is given and not below the
 * total depth of its units (unit length × devices); a tilt point with a light-spot radar needs its
 * laser distance and reference angles; an alarm maximum is not below its minimum.
 */
export function refinePointGroup(v: Record<string, unknown>, ctx: z.RefinementCtx) {
  const num = (k: string) => (typeof v[k] === "number" ? (v[k] as number) : null);
  const need = (k: string) => num(k) === null && ctx.addIssue({ code: "custom", path: [k], message: "validation.required" });
  if (v.monitorKind === "inclinometer") {
    need("holeDepth");
    need("unitLength");
    const depth = num("holeDepth");
    const unit = num("unitLength");
    const count = Array.isArray(v.deviceIds) ? v.deviceIds.length : 0;
    if (depth !== null && unit !== null && count && depth < unit * count)
      ctx.addIssue({ code: "custom", path: ["holeDepth"], message: "validation.holeDepthBelowTotal", params: { total: Math.round(unit * count * 1000) / 1000 } });
  }
  if (v.monitorKind === "tilt") ["laserDistance", "refAngleX", "refAngleY"].forEach(need);
  const lo = num("alarmMin");
  const hi = num("alarmMax");
  if (lo !== null && hi !== null && hi < lo) ctx.addIssue({ code: "custom", path: ["alarmMax"], message: "validation.maxBelowMin" });
}

/**
 * Measurement point (point group): the devices that measure one place, with the parameters the
 * monitoring screens compute with. Devices keep their order (`deviceIds`), which is the order of
 * an inclinometer's units from the hole position down.
 */
export const pointGroup = defineEntity({
  ns: "monitoring.point",
  api: "device/pointGroup", perm: "dev:pointGroup",
  fields: {
    id: { kind: "id", readOnly: true, form: false, list: false },
    groupName: rowName(64),
    monitorKind: { schema: oneOf(MONITOR_KINDS), kind: "select", dict: "monitorKind", search: "eq" },
    zeroType: { schema: oneOf(ZERO_TYPES).default(1), kind: "radio", dict: "zeroType" },
    deviceIds: { schema: z.array(dbId).min(1, "validation.minItems").max(POINT_LIMITS.devices, "validation.maxItems"), kind: "custom", list: false, detail: false, export: false, full: true },
    deviceNames: { kind: "text", readOnly: true, form: false },
    holePosition: { schema: optional(oneOf(HOLE_POSITIONS)), kind: "select", dict: "holePosition", list: false },
    holeDepth: { schema: maybeDecimal(POINT_LIMITS.holeDepth.min, POINT_LIMITS.holeDepth.max), kind: "number", min: POINT_LIMITS.holeDepth.min, max: POINT_LIMITS.holeDepth.max, floatNum: 2, list: false },
    unitLength: { schema: maybeDecimal(0.01, POINT_LIMITS.unitLength), kind: "number", min: 0.01, max: POINT_LIMITS.unitLength, floatNum: 2, list: false },
    laserDistance: { schema: maybeDecimal(0.01, POINT_LIMITS.laserDistance), kind: "number", min: 0.01, max: POINT_LIMITS.laserDistance, floatNum: 3, list: false },
    refAngleX: { schema: maybeDecimal(-POINT_LIMITS.angle, POINT_LIMITS.angle), kind: "number", min: -POINT_LIMITS.angle, max: POINT_LIMITS.angle, floatNum: 3, list: false },
    refAngleY: { schema: maybeDecimal(-POINT_LIMITS.angle, POINT_LIMITS.angle), kind: "number", min: -POINT_LIMITS.angle, max: POINT_LIMITS.angle, floatNum: 3, list: false },
    alarmMin: { schema: maybeDecimal(-THRESHOLD, THRESHOLD), kind: "number", floatNum: 3 },
    alarmMax: { schema: maybeDecimal(-THRESHOLD, THRESHOLD), kind: "number", floatNum: 3 },
    sort: { schema: z.coerce.number({ error: "validation.number" }).int("validation.integer").min(0, "validation.min").max(9999, "validation.max").default(0), kind: "number", min: 0, max: 9999, sort: true },
    remark: { schema: text(200), kind: "textarea", list: false, full: true },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true },
  },
  refine: refinePointGroup,
});
export type PointGroup = RowOf<typeof pointGroup.fields> & { deviceIds: number[] };

/** An update is the whole point: the rules of §5 span fields, so they are checked on the whole. */
export const pointGroupUpdate = z.intersection(z.object({ id: dbId }), pointGroup.body);

/** Drag sorting (core §5: saved before it is used): the groups in their new order. */
export const pointSortBody = z.object({ ids: z.array(dbId).min(1, "validation.minItems").max(500, "validation.maxItems") });

/** A device a point may hold: the call's projects' devices of a monitoring kind. */
export const kindDevice = z.object({ id: z.number().int(), deviceName: z.string(), deviceSn: z.string(), monitorKind: z.string().nullable(), status: z.number().int() });
export type KindDevice = z.infer<typeof kindDevice>;

/**
 * pointGroup (core §7: add / del / info / upd / export / query, the paged list): the points of the
 * chosen project, or of every project the caller sees before one is chosen; also the devices a
 * point may hold, the saved drag order and a whole point's initial values.
 */
export const pointGroupApi = {
  ...crudCalls(pointGroup, { only: ["page", "info", "add", "upd", "del", "export"], paths: { page: "query" }, update: pointGroupUpdate, scope: "projectOptional" }),
  devices: defineCall({ kind: "get", path: "device/pointGroup/devices", input: z.object({ monitorKind: z.enum(MONITOR_KINDS, { error: "validation.invalidOption" }).optional() }), answer: z.array(kindDevice), access: "user", scope: "projectOptional" }),
  sort: defineCall({ kind: "post", path: "device/pointGroup/sort", input: pointSortBody, answer: empty, access: { perm: "dev:pointGroup:upd" }, scope: "projectOptional" }),
  setInit: defineCall({ kind: "post", path: "device/pointGroup/setPointDevInitValue", input: pointInitBody, answer: z.object({ set: z.number().int() }), access: { perm: SET_INIT_PERM }, scope: "projectOptional" }),
};
