import { z } from "zod";

/** Enable state 1 enabled, 2 disabled (core §4), the common switch of system entities. */
export const ENABLE_STATES = [1, 2] as const;
export const enableState = z.coerce.number().refine((n) => (ENABLE_STATES as readonly number[]).includes(n), "validation.invalidOption");

/** `POST <entity>/openOrClose` (and dict's `openOrOpen`): `{id, status}`. */
export const statusBody = z.object({
  id: z.coerce.number({ error: "validation.required" }).int().positive(),
  status: enableState,
});
export type StatusBody = z.infer<typeof statusBody>;

/** A positive database id; PostgreSQL integers end at 2^31 − 1. */
export const dbId = z.coerce.number({ error: "validation.required" }).int().positive().max(2_147_483_647);

/** An optional id from a form: "", null and undefined mean none. */
export const optionalId = z.preprocess((v) => (v === "" || v === undefined || v === 0 || v === "0" ? null : v), dbId.nullable());

/** An optional 1/2 filter from a query string. */
export const optionalEnableState = z.preprocess((v) => (v === "" || v === undefined || v === null ? undefined : v), enableState.optional());

/** The key field of an entity whose screens do not show it (rows carry it; the cloud maps it). */
export const keyField = { kind: "id", readOnly: true, list: false, detail: false, export: false } as const;
