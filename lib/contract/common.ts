import { z } from "zod";

/** Common primitives of every entity's contract: ids, the enable switch, paging. */

/** A positive database id; PostgreSQL integers end at 2^31 − 1. */
export const dbId = z.coerce.number({ error: "validation.required" }).int().positive().max(2_147_483_647);

/** An optional id from a form: "", null and undefined mean none. */
export const optionalId = z.preprocess((v) => (v === "" || v === undefined || v === 0 || v === "0" ? null : v), dbId.nullable());

/** `?id=` of an info call. */
export const idQuery = z.object({ id: dbId });
/** `{ ids }` of a delete: 1 to 500 ids. */
export const idsBody = z.object({ ids: z.array(dbId).min(1, "validation.minItems").max(500, "validation.maxItems") });
/** What a delete answers: how many rows went. */
export const deleted = z.object({ deleted: z.number().int() });
/** What a write answers when it names only the row it changed. */
export const idAnswer = z.object({ id: z.number().int() });

/** Enable state 1 enabled, 2 disabled (core §4), the common switch of system entities. */
export const ENABLE_STATES = [1, 2] as const;
export const enableState = z.coerce.number().refine((n) => (ENABLE_STATES as readonly number[]).includes(n), "validation.invalidOption");
/** An optional 1/2 filter from a query string. */
export const optionalEnableState = z.preprocess((v) => (v === "" || v === undefined || v === null ? undefined : v), enableState.optional());

/** `POST <entity>/openOrClose` (and dict's `openOrOpen`): `{id, status}`. */
export const statusBody = z.object({ id: dbId, status: enableState });
export type StatusBody = z.infer<typeof statusBody>;

/** `current` (from 1) and `size` of a paged list. */
export const pageQuery = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(99999).default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;
