import { z } from "zod";

/**
 * The form rules of core §5, as zod schemas shared by the console's forms and the cloud.
 * Messages are keys of the `validation` message namespace; `issueMessage` turns an issue
 * into a key and its values so each side localises it its own way.
 */

const EMOJI = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]/u;
const HAS_CHINESE = /[\u3400-\u9fff\uf900-\ufaff]/;

export const TEXT_PRESETS = [32, 64, 100, 200, 500, 5000] as const;
export type TextMax = (typeof TEXT_PRESETS)[number];

/** Empty strings from forms count as "not given" for optional fields. */
export function optional<T extends z.ZodTypeAny>(schema: T) {
  return z.union([z.literal(""), schema]).nullish();
}

export const textRequired = (max: TextMax | number = 64) =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .max(max, "validation.maxLength")
    .refine((s) => !EMOJI.test(s), "validation.emoji");

export const text = (max: TextMax | number = 64) => optional(textRequired(max));

export const NUMBER_PRESETS = [1000, 10000] as const;

/** Form text to a number; blank input (empty string, spaces, null) is "not given", never 0. */
const toNumber = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : typeof v === "string" ? Number(v.trim()) : v);

export const numberRequired = (max: (typeof NUMBER_PRESETS)[number] | number = 1000) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: (iss) => (iss.input === undefined ? "validation.required" : "validation.number") })
      .refine((n) => Number.isFinite(n), "validation.number")
      .refine((n) => n >= 0, "validation.nonNegative")
      .refine((n) => n <= max, { message: "validation.max", params: { max } }),
  );

export const number = (max: (typeof NUMBER_PRESETS)[number] | number = 1000) => optional(numberRequired(max));

/** A decimal in [min, max] from a form or a query (blank is "required", text is read as a number). */
export const decimalIn = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v.trim()) : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? "validation.required" : "validation.number") })
      .refine((n) => Number.isFinite(n), "validation.number")
      .min(min, "validation.min")
      .max(max, "validation.max"),
  );

/** A whole number in [min, max] from a form or a query (blank is "required", text is read as a number). */
export const integerIn = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v.trim()) : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? "validation.required" : "validation.number") })
      .int("validation.integer")
      .min(min, "validation.min")
      .max(max, "validation.max"),
  );

/** A required string: missing or blank is "required", then the format check. */
const filled = () => z.string({ error: "validation.required" }).trim().min(1, "validation.required");

/** 11 digits starting with 1. */
export const mobileRequired = filled().regex(/^1\d{10}$/, "validation.mobile");
export const mobile = optional(mobileRequired);
/** Optional 2–4 digit area code and a dash, then 7–8 digits. */
export const landlineRequired = filled().regex(/^(\d{2,4}-)?\d{7,8}$/, "validation.landline");
export const landline = optional(landlineRequired);
export const emailRequired = filled().max(100, "validation.maxLength").email("validation.email");
export const email = optional(emailRequired);
export const alnumRequired = filled().regex(/^[A-Za-z0-9]+$/, "validation.alnum");
export const alnum = optional(alnumRequired);
export const codeRequired = z
  .string({ error: "validation.required" })
  .min(1, "validation.required")
  .max(32, "validation.maxLength")
  .regex(/^\w+$/, "validation.code");
export const code = optional(codeRequired);
/** No Chinese characters or spaces, 6–32 characters. */
export const username = z
  .string({ error: "validation.required" })
  .min(1, "validation.required")
  .refine((s) => !HAS_CHINESE.test(s) && !/\s/.test(s), "validation.usernameChars")
  .refine((s) => s.length >= 6 && s.length <= 32, "validation.usernameLength");

/** A select whose value is required: empty string, null and undefined all fail. */
export const selectRequired = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.any().refine((v) => v !== undefined, "validation.select").pipe(schema),
  );

/** A required choice among fixed values; form text "1" is the number 1 when the values are numbers. */
export const oneOf = <const T extends readonly (string | number)[]>(values: T) =>
  selectRequired(z.preprocess((v) => (typeof v === "string" && typeof values[0] === "number" ? Number(v) : v), z.custom<T[number]>((v) => values.includes(v as T[number]), "validation.invalidOption")));

/** "#" and six hex digits ("wrong hex colour value"). */
export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "validation.hexColor");
export const rgbColor = z
  .string()
  .regex(/^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i, "validation.rgbColor")
  .refine((s) => (s.match(/\d+/g) ?? []).every((n) => Number(n) <= 255), "validation.rgbColor");

/** The end of a range must not be earlier than its start (core §5, shown as a warning). */
export function endNotBeforeStart<T extends Record<string, unknown>>(start: keyof T & string, end: keyof T & string) {
  return (value: T, ctx: z.RefinementCtx) => {
    const a = value[start];
    const b = value[end];
    if (a && b && new Date(String(b)).getTime() < new Date(String(a)).getTime()) {
      ctx.addIssue({ code: "custom", path: [end], message: "validation.endBeforeStart" });
    }
  };
}

export type IssueMessage = { key: string; values: Record<string, string | number> };

/** Maps a zod issue to a `validation.*` message key with its values. */
export function issueMessage(issue: z.core.$ZodIssue): IssueMessage {
  const values: Record<string, string | number> = {};
  const i = issue as z.core.$ZodIssue & { maximum?: number | bigint; minimum?: number | bigint; params?: Record<string, unknown>; input?: unknown };
  if (i.maximum !== undefined) values.max = Number(i.maximum);
  if (i.minimum !== undefined) values.min = Number(i.minimum);
  for (const [k, v] of Object.entries(i.params ?? {})) if (typeof v === "string" || typeof v === "number") values[k] = v;
  if (issue.message?.startsWith("validation.")) return { key: issue.message, values };
  switch (issue.code) {
    case "invalid_type":
      // zod leaves `input` out of issues unless asked; its default message still names what it got.
      return { key: ("input" in i ? i.input == null : /received (undefined|null)/.test(issue.message)) ? "validation.required" : "validation.invalidType", values };
    case "too_small":
      if (issue.origin === "string") return { key: Number(i.minimum) <= 1 ? "validation.required" : "validation.minLength", values };
      if (issue.origin === "array") return { key: "validation.minItems", values };
      return { key: "validation.min", values };
    case "too_big":
      if (issue.origin === "string") return { key: "validation.maxLength", values };
      if (issue.origin === "array") return { key: "validation.maxItems", values };
      return { key: "validation.max", values };
    case "invalid_format":
      return { key: issue.format === "email" ? "validation.email" : "validation.format", values };
    case "invalid_union": {
      // optional() is "blank or the field's own schema": report the field's own problem, not "invalid option".
      const own = (i as { errors?: z.core.$ZodIssue[][] }).errors?.find((branch) => branch.length && !branch.every((x) => x.code === "invalid_value"));
      return own ? issueMessage(own[0]) : { key: "validation.invalidOption", values };
    }
    case "invalid_value":
      return { key: "validation.invalidOption", values };
    case "unrecognized_keys":
      return { key: "validation.unknownField", values };
    default:
      return { key: "validation.invalid", values };
  }
}
