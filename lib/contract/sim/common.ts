import { z } from "zod";
import { optional } from "../validation";
import { isIccid } from "./iccid";

/** One of a dictionary's values, from a form or a query (a number's text read as the number). */
export const choice = <const T extends readonly (string | number)[]>(values: T) =>
  z.preprocess((v) => (typeof v === "string" && typeof values[0] === "number" && v !== "" ? Number(v) : v), z.custom<T[number]>((v) => values.includes(v as T[number]), "validation.invalidOption"));

export const simDay = z.string({ error: "validation.required" }).regex(/^\d{4}-\d{2}-\d{2}$/, "validation.format");
export const optionalSimDay = optional(simDay);
export const simId = z.coerce.number({ error: "validation.select" }).int().positive().max(2_147_483_647);
export const optionalSimId = z.preprocess((v) => (v === "" || v === undefined || v === 0 || v === "0" ? null : v), simId.nullable());

/** An ICCID as written: digits only (spaces dropped), 19–20 with a valid Luhn check digit. */
export const iccid = z
  .string({ error: "validation.required" })
  .transform((s) => s.replace(/\s+/g, ""))
  .pipe(z.string().min(1, "validation.required").refine(isIccid, "validation.sim.iccid"));

/** Money as written (yuan, two decimals at most), stored in integer cents. */
export const MONEY_MAX = 100_000_000;
export const money = z.preprocess(
  (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v.trim().replace(/,/g, "")) : v),
  z
    .number({ error: (iss) => (iss.input === undefined ? "validation.required" : "validation.number") })
    .refine((n) => Number.isFinite(n), "validation.number")
    .min(0, "validation.nonNegative")
    .max(MONEY_MAX, "validation.max")
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, "validation.sim.cents"),
);
export const toCents = (yuan: number) => Math.round(yuan * 100);
export const fromCents = (cents: number) => cents / 100;

/** Cards named by id (selected rows) or by ICCID (a pasted list): at least one, at most 10,000. */
export const SIM_BATCH_MAX = 10_000;
export const cardsBody = z
  .object({
    ids: z.array(simId).max(SIM_BATCH_MAX, "validation.maxItems").default([]),
    iccids: z.array(z.string().trim().max(20, "validation.maxLength")).max(SIM_BATCH_MAX, "validation.maxItems").default([]),
  })
  .refine((b) => b.ids.length + b.iccids.length > 0, { message: "validation.sim.noCards", path: ["ids"] });
