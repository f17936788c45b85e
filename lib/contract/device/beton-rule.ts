import { z } from "zod";
import { defineCall, typed } from "../call";
import { defineEntity, rowName, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { concreteDevice } from "./concrete";
import type { Calibration } from "./maturity";
import { decimalIn, optional, text } from "../validation";
import { AIR_TYPES, HARDEN_TYPES, COEF_TYPES, AGGREGATES } from "./enums";
import { i18nField } from "../i18n-text";

/** Air-entrained concrete: 0–3 % (core §9). */
export const AIR_CONTENT = { min: 0, max: 3 } as const;
export const DATUM_TEMP = { min: -20, max: 20, default: -10 } as const;
export const MAX_POINTS = 20;
/** The concrete page shows the latest 500 records (core §9). */
export const BETON_RECORDS = 500;

const oneOf = <const T extends readonly number[]>(values: T) =>
  z.coerce.number({ error: "validation.select" }).refine((v) => (values as readonly number[]).includes(v), "validation.invalidOption") as unknown as z.ZodType<T[number]>;
const point = z.object({ maturity: decimalIn(0.01, 1_000_000), strength: decimalIn(0, 200) });

/**
 * Concrete calibration rule (maturity method): mix description, air type (air-entraining agent
 * 0–3 %), hardening type, coefficients (maturity-and-strength points fitted by least squares, or
 * a and b typed in), how the sensors of a device are taken together, and the datum temperature.
 */
export const betonRule = defineEntity({
  ns: "deviceOps.betonRule",
  api: "device/betonRule", perm: "dev:betonRule", scope: "project",
  fields: {
    id: { kind: "id", readOnly: true, list: false, detail: false, export: false },
    ruleName: rowName(64),
    mixDesc: { schema: text(200), kind: "textarea", full: true, width: 200 },
    airType: { schema: oneOf(AIR_TYPES).default(0), kind: "radio", dict: "airType", search: "eq" },
    airContent: { schema: optional(decimalIn(AIR_CONTENT.min, AIR_CONTENT.max)), kind: "number", min: AIR_CONTENT.min, max: AIR_CONTENT.max, floatNum: 1 },
    hardenType: { schema: oneOf(HARDEN_TYPES).default(1), kind: "select", dict: "hardenType", search: "eq" },
    coefType: { schema: oneOf(COEF_TYPES).default(0), kind: "radio", dict: "coefType" },
    points: { schema: z.array(point).max(MAX_POINTS, "validation.maxItems").default([]), kind: "custom", list: false, export: false, full: true },
    coefA: { schema: optional(decimalIn(-1000, 1000)), kind: "number", min: -1000, max: 1000, floatNum: 4, list: false },
    coefB: { schema: optional(decimalIn(-1000, 1000)), kind: "number", min: -1000, max: 1000, floatNum: 4, list: false },
    aggregate: { schema: oneOf(AGGREGATES).default(0), kind: "select", dict: "aggregateType" },
    datumTemp: { schema: decimalIn(DATUM_TEMP.min, DATUM_TEMP.max).default(DATUM_TEMP.default), kind: "number", min: DATUM_TEMP.min, max: DATUM_TEMP.max, floatNum: 1 },
    deviceCount: { kind: "number", readOnly: true, form: false },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true, list: false },
    i18n: i18nField,
  },
  refine: (v, ctx) => {
    if (v.airType === 1 && (v.airContent === undefined || v.airContent === "")) ctx.addIssue({ code: "custom", path: ["airContent"], message: "validation.required" });
    if (v.coefType === 1) {
      for (const k of ["coefA", "coefB"]) if (v[k] === undefined || v[k] === "") ctx.addIssue({ code: "custom", path: [k], message: "validation.required" });
    } else if (v.coefType === 0 && Array.isArray(v.points) && v.points.length < 2) ctx.addIssue({ code: "custom", path: ["points"], message: "validation.minItems", params: { min: 2 } });
  },
});
export type BetonRule = RowOf<typeof betonRule.fields>;

const dbId = z.coerce.number({ error: "validation.required" }).int().positive().max(2_147_483_647);
/** relDate: the concrete devices a rule applies to (all of the call's project). */
export const relBody = z.object({ ruleId: dbId, deviceIds: z.array(dbId).max(500, "validation.maxItems") });

const SCREEN = "/devices/calibrationRules";

/** betonDate: the device's rule and its latest records under it (time as ISO 8601). */
export const betonData = z.object({
  rule: z.object({ id: z.number().int(), ruleName: z.string(), datumTemp: z.number(), calibration: typed<Calibration | null>() }),
  records: z.array(z.object({ t: z.string(), temp: z.number(), maturity: z.number(), strength: z.number().nullable() })),
});

/**
 * betonRule (core §7): page, add, upd, del, info (rules of the call's project), deviceBetonList
 * (the project's concrete devices and their rules), relDate (binding devices to a rule) and
 * betonDate (a device's latest temperatures with maturity and estimated strength under its rule).
 */
export const betonRuleApi = {
  ...crudCalls(betonRule, { only: ["page", "info", "add", "upd", "del"], read: { menu: [SCREEN] } }),
  devices: defineCall({ kind: "get", path: "device/betonRule/deviceBetonList", answer: z.array(concreteDevice), access: { menu: [SCREEN] }, scope: "project" }),
  bind: defineCall({ kind: "post", path: "device/betonRule/relDate", input: relBody, answer: z.object({ ruleId: z.number().int(), deviceIds: z.array(z.number().int()) }), access: { perm: "dev:betonRule:upd" }, scope: "project" }),
  data: defineCall({ kind: "get", path: "device/betonRule/betonDate", input: z.object({ deviceId: dbId }), answer: betonData, access: { menu: [SCREEN] }, scope: "project" }),
};
