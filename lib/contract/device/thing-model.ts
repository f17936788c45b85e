import { z } from "zod";
import { rowName } from "../entity";
import { codeRequired, oneOf, optional, text, textRequired } from "../validation";
import { DATA_TYPES, FUNC_TYPES, ACCESS_MODES, EVENT_TYPES, CALL_MODES, NUMERIC_TYPES } from "./enums";
import { i18nField, i18nTexts, textIn, type I18nTexts } from "../i18n-text";
import type { Locale } from "../locale";

/**
 * The thing model (core §3, §4): what a product's devices report and accept. One recursive schema
 * describes a function — the console's function editor, the cloud's routes and the TDL import
 * all check with it — and `checkValue` tells the ingest whether a reported value fits.
 */

export type DataTypeName = (typeof DATA_TYPES)[number];
type NumericType = (typeof NUMERIC_TYPES)[number];
export type FuncType = (typeof FUNC_TYPES)[number];
export const FUNC_TYPE = { property: 1, event: 2, service: 3 } as const;

/** Integer bounds of the integer types; the float types take any finite number. */
const INT_BOUNDS: Partial<Record<NumericType, [number, number]>> = {
  int32: [-2_147_483_648, 2_147_483_647],
  int32u: [0, 4_294_967_295],
};
export const TEXT_MAX_LENGTH = 10_240;
export const ARRAY_MAX_SIZE = 512;
export const MAX_MEMBERS = 50;
export const MAX_ENUM_ITEMS = 100;

export type NumberSpec = { type: NumericType; min: number; max: number; step?: number | null; unit?: string | null };
/** `i18n`: an item's text in other languages (`{ text: { en: "Fixed" } }`), as a parameter's name and a bool's labels have theirs. */
export type EnumItem = { value: number; text: string; i18n?: I18nTexts };
export type EnumSpec = { type: "enum"; items: EnumItem[] };
export type BoolSpec = { type: "bool"; trueText?: string | null; falseText?: string | null; i18n?: I18nTexts };
export type TextSpec = { type: "text"; length: number };
export type DateSpec = { type: "date" };
export type StructSpec = { type: "struct"; members: Param[] };
export type ArraySpec = { type: "array"; size: number; element: DataSpec };
export type DataSpec = NumberSpec | EnumSpec | BoolSpec | TextSpec | DateSpec | StructSpec | ArraySpec;
/** A struct member, an event's output or a service's input/output parameter; `i18n`: its name in other languages (`{ name: { en } }`). */
export type Param = { identifier: string; name: string; dataType: DataSpec; i18n?: I18nTexts };

/** Form text or JSON number to a number; blank is "not given". */
const toNumber = (v: unknown) => (v === null || v === undefined || (typeof v === "string" && v.trim() === "") ? undefined : typeof v === "string" ? Number(v.trim()) : v);
const finite = () => z.number({ error: (iss) => (iss.input === undefined ? "validation.required" : "validation.number") }).refine(Number.isFinite, "validation.number");
const num = () => z.preprocess(toNumber, finite());
const numOptional = () => z.preprocess(toNumber, finite().optional());
const intIn = (min: number, max: number) =>
  num()
    .refine(Number.isInteger, "validation.integer")
    .refine((n) => n >= min, { message: "validation.min", params: { min } })
    .refine((n) => n <= max, { message: "validation.max", params: { max } });

const numberSpec = z
  .object({ type: z.enum(NUMERIC_TYPES), min: num(), max: num(), step: numOptional(), unit: text(16) })
  .superRefine((s, ctx) => {
    const bounds = INT_BOUNDS[s.type];
    for (const key of ["min", "max", "step"] as const) {
      const v = s[key];
      if (v == null) continue;
      if (bounds && !Number.isInteger(v)) ctx.addIssue({ code: "custom", path: [key], message: "validation.integer" });
      else if (bounds && key !== "step" && v < bounds[0]) ctx.addIssue({ code: "custom", path: [key], message: "validation.min", params: { min: bounds[0] } });
      else if (bounds && key !== "step" && v > bounds[1]) ctx.addIssue({ code: "custom", path: [key], message: "validation.max", params: { max: bounds[1] } });
    }
    if (s.max < s.min) ctx.addIssue({ code: "custom", path: ["max"], message: "validation.maxBelowMin" });
    if (s.step != null && s.step <= 0) ctx.addIssue({ code: "custom", path: ["step"], message: "validation.positive" });
    else if (s.step != null && s.max >= s.min && s.step > s.max - s.min) ctx.addIssue({ code: "custom", path: ["step"], message: "validation.stepTooLarge" });
  });

/** A part's texts in other languages (multilingual-name dialog); none given, none kept. */
const texts = z.preprocess((v) => (v === "" || v === null ? undefined : v), i18nTexts.optional());

const enumSpec = z.object({
  type: z.literal("enum"),
  items: z
    .array(z.object({ value: intIn(INT_BOUNDS.int32![0], INT_BOUNDS.int32![1]), text: textRequired(32), i18n: texts }), { error: "validation.enumItems" })
    .min(1, "validation.enumItems")
    .max(MAX_ENUM_ITEMS, "validation.maxItems")
    .superRefine((items, ctx) => duplicates(items.map((i) => i.value)).forEach((i) => ctx.addIssue({ code: "custom", path: [i, "value"], message: "validation.duplicate" }))),
});

const boolSpec = z.object({ type: z.literal("bool"), trueText: text(32), falseText: text(32), i18n: texts });
const textSpec = z.object({ type: z.literal("text"), length: intIn(1, TEXT_MAX_LENGTH) });
const dateSpec = z.object({ type: z.literal("date") });

/** Indexes of entries repeating an earlier one. */
function duplicates<T>(values: T[]): number[] {
  const seen = new Set<T>();
  return values.flatMap((v, i) => (seen.has(v) ? [i] : (seen.add(v), [])));
}

/** Parameters of a struct, an event or a service: identifiers unique among them. */
const params = (max = MAX_MEMBERS) =>
  z
    .array(z.lazy(() => param))
    .max(max, "validation.maxItems")
    .superRefine((list, ctx) => duplicates(list.map((p) => p.identifier)).forEach((i) => ctx.addIssue({ code: "custom", path: [i, "identifier"], message: "validation.duplicate" })));

/** Whether a data type holds a struct (directly or as an array's element). */
const holdsStruct = (d: DataSpec) => d.type === "struct" || (d.type === "array" && d.element.type === "struct");

const structSpec = z.object({
  type: z.literal("struct"),
  members: params()
    .min(1, "validation.structMembers")
    // One level only: a struct's member is never a struct, nor an array of structs.
    .superRefine((members, ctx) => members.forEach((m, i) => holdsStruct(m.dataType) && ctx.addIssue({ code: "custom", path: [i, "dataType", "type"], message: "validation.nestedStruct" }))),
});

const arraySpec = z.object({
  type: z.literal("array"),
  size: intIn(1, ARRAY_MAX_SIZE),
  element: z.lazy(() => dataSpec).refine((e) => e.type !== "array", { message: "validation.nestedArray", path: ["type"] }),
});

/** The data type of a property or a parameter, by its `type`. */
export const dataSpec: z.ZodType<DataSpec> = z.lazy(() =>
  // The type is checked first so an unknown one is reported at `type`, not at the whole object.
  z.looseObject({ type: z.enum(DATA_TYPES, { error: "validation.dataType" }) }).pipe(z.discriminatedUnion("type", [numberSpec, enumSpec, boolSpec, textSpec, dateSpec, structSpec, arraySpec])),
);

const param: z.ZodType<Param> = z.object({ identifier: codeRequired, name: textRequired(64), dataType: dataSpec, i18n: texts });
export const paramSchema = param;


/**
 * The fields of a function, written once: entity contracts (library, object model, product) spread
 * them and add their own. Which fields apply depends on `funcType` (`refineFunction`).
 */
export const functionFields = {
  funcName: rowName(64),
  identifier: { schema: codeRequired, search: "contains", sort: true },
  funcType: { schema: oneOf(FUNC_TYPES), kind: "select", dict: "funcType", search: "eq" },
  // Not `optional()`: a union would hide where inside the data type the problem is.
  dataType: { schema: z.preprocess((v) => (v === "" ? undefined : v), dataSpec.nullish()), kind: "custom", search: "eq" },
  accessMode: { schema: optional(z.enum(ACCESS_MODES, { error: "validation.invalidOption" })), kind: "select", dict: "accessMode" },
  eventType: { schema: optional(z.enum(EVENT_TYPES, { error: "validation.invalidOption" })), kind: "select", dict: "eventType", list: false },
  callMode: { schema: optional(z.enum(CALL_MODES, { error: "validation.invalidOption" })), kind: "select", dict: "callMode", list: false },
  inputParams: { schema: params().default([]), kind: "custom", list: false, export: false },
  outputParams: { schema: params().default([]), kind: "custom", list: false, export: false },
  description: { schema: text(200), kind: "textarea", list: false, full: true },
  /** The name in every language (widgets §3 multilingual name): `{ funcName: { "zh-cn", en } }`. */
  i18n: i18nField,
} as const;

/** What a function of each type needs: a property its data type and access, an event its type, a service its call mode. */
export function refineFunction(v: Record<string, unknown>, ctx: z.RefinementCtx) {
  const need = (key: string) => (v[key] == null || v[key] === "") && ctx.addIssue({ code: "custom", path: [key], message: "validation.required" });
  if (v.funcType === FUNC_TYPE.property) {
    need("dataType");
    need("accessMode");
  }
  if (v.funcType === FUNC_TYPE.event) need("eventType");
  if (v.funcType === FUNC_TYPE.service) need("callMode");
}

type FieldSchemas = { [K in keyof typeof functionFields]: (typeof functionFields)[K]["schema"] };
const shape = Object.fromEntries(Object.entries(functionFields).map(([k, f]) => [k, f.schema])) as FieldSchemas;

/** One function, as the editor writes it and a TDL file holds it. */
export const thingFunction = z.object(shape).superRefine(refineFunction);
export type ThingFunctionInput = z.input<typeof thingFunction>;

/** A function as it is stored and exported: only the parts its type uses, blanks dropped. */
export type ThingFunction = {
  funcName: string;
  identifier: string;
  funcType: FuncType;
  description?: string;
  dataType?: DataSpec;
  accessMode?: (typeof ACCESS_MODES)[number];
  eventType?: (typeof EVENT_TYPES)[number];
  callMode?: (typeof CALL_MODES)[number];
  inputParams?: Param[];
  outputParams?: Param[];
  /** The name in other languages (`{ funcName: { en: "Y-axis tilt" } }`); a function without one reads `funcName` everywhere. */
  i18n?: I18nTexts;
};

/** A function's name in `locale` (its own when it has none in that language). */
export const funcNameIn = (locale: Locale, fn: Pick<ThingFunction, "funcName" | "i18n">) => textIn(locale, fn.funcName, fn.i18n?.funcName);

/*
 * Beside its name, a function's parameters are named and its enum items and bool values labelled:
 * each such part carries its texts in other languages in its own `i18n` (a parameter `{ name }`,
 * an enum item `{ text }`, a bool `{ trueText, falseText }`), however deep it sits.
 */
type Part = { i18n?: I18nTexts } & Record<string, unknown>;
/** Makes a part over (`before`: the same part of an earlier version of the function, if any). */
export type PartVisit = (part: Part, fields: readonly string[], before: Part | undefined) => Part;

function walkSpec(spec: DataSpec, before: DataSpec | undefined, visit: PartVisit): DataSpec {
  switch (spec.type) {
    case "enum": {
      const was = before?.type === "enum" ? before.items : [];
      return { ...spec, items: spec.items.map((i) => visit(i, ["text"], was.find((b) => b.value === i.value)) as EnumItem) };
    }
    case "bool":
      return visit(spec, ["trueText", "falseText"], before?.type === "bool" ? before : undefined) as BoolSpec;
    case "struct":
      return { ...spec, members: walkParams(spec.members, before?.type === "struct" ? before.members : undefined, visit) };
    case "array":
      return { ...spec, element: walkSpec(spec.element, before?.type === "array" ? before.element : undefined, visit) };
    default:
      return spec;
  }
}

function walkParams(list: Param[], before: Param[] | undefined, visit: PartVisit): Param[] {
  return list.map((p) => {
    const was = before?.find((b) => b.identifier === p.identifier);
    return { ...(visit(p, ["name"], was) as Param), dataType: walkSpec(p.dataType, was?.dataType, visit) };
  });
}

/** The function with each named or labelled part made over by `visit` (parts matched to `before`'s by identifier, enum value, place). */
export function walkFunctionParts<F extends Pick<ThingFunction, "dataType" | "inputParams" | "outputParams">>(fn: F, before: Pick<ThingFunction, "dataType" | "inputParams" | "outputParams"> | undefined, visit: PartVisit): F {
  return {
    ...fn,
    ...(fn.dataType && { dataType: walkSpec(fn.dataType, before?.dataType, visit) }),
    ...(fn.inputParams && { inputParams: walkParams(fn.inputParams, before?.inputParams, visit) }),
    ...(fn.outputParams && { outputParams: walkParams(fn.outputParams, before?.outputParams, visit) }),
  };
}

/** A part's texts in `locale` (its own where it has none in that language); its `i18n` stays, for the editor. */
const partIn = (locale: Locale): PartVisit => (part, fields) =>
  part.i18n ? { ...part, ...Object.fromEntries(fields.filter((f) => part.i18n![f]).map((f) => [f, textIn(locale, String(part[f] ?? ""), part.i18n![f])])) } : part;

/** A function as a reader in `locale` sees it: its name, its parameters' names and its labels in that language. */
export const functionIn = <F extends Pick<ThingFunction, "funcName" | "i18n" | "dataType" | "inputParams" | "outputParams">>(locale: Locale, fn: F): F =>
  walkFunctionParts(fn.i18n?.funcName ? { ...fn, funcName: funcNameIn(locale, fn) } : fn, undefined, partIn(locale));

export function normalizeFunction(f: z.output<typeof thingFunction>): ThingFunction {
  const names = f.i18n?.funcName && Object.keys(f.i18n.funcName).length ? { i18n: { funcName: f.i18n.funcName } } : {};
  const base = { funcName: f.funcName, identifier: f.identifier, funcType: f.funcType, ...(f.description ? { description: f.description } : {}), ...names };
  if (f.funcType === FUNC_TYPE.property) return { ...base, dataType: f.dataType as DataSpec, accessMode: f.accessMode || "r" };
  if (f.funcType === FUNC_TYPE.event) return { ...base, eventType: f.eventType || "info", outputParams: f.outputParams };
  return { ...base, callMode: f.callMode || "async", inputParams: f.inputParams, outputParams: f.outputParams };
}

/**
 * A TDL document (the `jsonTDL` export, the `addFuncByTDL` import): the product's functions in
 * the same shape the editor writes.
 */
export const TDL_VERSION = 1;
export type TdlDocument = { version: number; product?: { prodName: string; prodModel?: string | null }; functions: ThingFunction[] };

/* ---------- values reported by devices ---------- */

export type CheckReason = "type" | "range" | "enum" | "length" | "size" | "unknown";
export type CheckResult = { ok: true } | { ok: false; reason: `product.check.${CheckReason}`; path: string };

const fail = (reason: CheckReason, path: string): CheckResult => ({ ok: false, reason: `product.check.${reason}`, path });
const OK: CheckResult = { ok: true };
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Whether a value fits a data type: its type, range, enumeration, length and size. */
export function checkData(spec: DataSpec, value: unknown, path: string): CheckResult {
  switch (spec.type) {
    case "int32":
    case "int32u":
    case "float":
    case "double": {
      if (typeof value !== "number" || !Number.isFinite(value) || (INT_BOUNDS[spec.type] && !Number.isInteger(value))) return fail("type", path);
      return value < spec.min || value > spec.max ? fail("range", path) : OK;
    }
    case "enum":
      if (typeof value !== "number") return fail("type", path);
      return spec.items.some((i) => i.value === value) ? OK : fail("enum", path);
    case "bool":
      return typeof value === "boolean" || value === 0 || value === 1 ? OK : fail("type", path);
    case "text":
      if (typeof value !== "string") return fail("type", path);
      return value.length > spec.length ? fail("length", path) : OK;
    case "date":
      if (typeof value === "number") return Number.isInteger(value) && value >= 0 ? OK : fail("type", path);
      return typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)) ? OK : fail("type", path);
    case "struct":
      return isRecord(value) ? checkParams(spec.members, value, `${path}.`) : fail("type", path);
    case "array": {
      if (!Array.isArray(value)) return fail("type", path);
      if (value.length > spec.size) return fail("size", path);
      for (let i = 0; i < value.length; i++) {
        const r = checkData(spec.element, value[i], `${path}[${i}]`);
        if (!r.ok) return r;
      }
      return OK;
    }
  }
}

/** An object of parameters: every key a declared parameter, every value fitting it (absent ones allowed). */
function checkParams(list: Param[], value: Record<string, unknown>, prefix: string): CheckResult {
  const byId = new Map(list.map((p) => [p.identifier, p]));
  for (const [key, v] of Object.entries(value)) {
    const p = byId.get(key);
    if (!p) return fail("unknown", `${prefix}${key}`);
    const r = checkData(p.dataType, v, `${prefix}${key}`);
    if (!r.ok) return r;
  }
  return OK;
}

/**
 * Whether a value a device reports for a function fits it: a property's value, an event's output
 * parameters, a service's input parameters (an object keyed by identifier). The reason is a
 * message key of the `product` namespace; `path` names the identifier (and member or index).
 */
export function checkValue(fn: Pick<ThingFunction, "identifier" | "funcType" | "dataType" | "inputParams" | "outputParams">, value: unknown): CheckResult {
  if (fn.funcType === FUNC_TYPE.property) return fn.dataType ? checkData(fn.dataType, value, fn.identifier) : fail("type", fn.identifier);
  if (!isRecord(value)) return fail("type", fn.identifier);
  return checkParams((fn.funcType === FUNC_TYPE.event ? fn.outputParams : fn.inputParams) ?? [], value, `${fn.identifier}.`);
}
