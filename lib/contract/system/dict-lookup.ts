import { z } from "zod";
import { defineCall } from "../call";
import { codeRequired } from "../validation";

/**
 * The lookup every select of the console resolves its server dictionaries by: apart from the rest of
 * `sys/dict` because every list reads it at first paint, and dictSet's contract is not a list's to carry.
 */
/** `GET sys/dict/codeList?codeList=a,b` (core §7): up to 50 codes. */
export const codeListQuery = z.object({
  codeList: z
    .string({ error: "validation.required" })
    .transform((s) => [...new Set(s.split(",").map((c) => c.trim()).filter(Boolean))])
    .pipe(z.array(codeRequired).min(1, "validation.required").max(50, "validation.maxItems")),
});
/** One option of a looked-up dictionary; only enabled items, in sort order. */
export type DictOption = { itemValue: string; itemName: string; childrens: DictOption[] };
const dictOption: z.ZodType<DictOption> = z.object({ itemValue: z.string(), itemName: z.string(), childrens: z.lazy(() => z.array(dictOption)) });
export const dictLookup = z.record(z.string(), z.array(dictOption));
export type DictLookup = z.infer<typeof dictLookup>;

export const dictLookupApi = {
  codeList: defineCall({ kind: "get", path: "sys/dict/codeList", input: codeListQuery, answer: dictLookup, access: "user" }),
};
