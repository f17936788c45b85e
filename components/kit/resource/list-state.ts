import type { z } from "zod";

/** URL keys that are not filters: the dialogs opened from the URL (with a tree node's parent) and the sort. */
export const DIALOG_KEYS = ["create", "edit", "view", "import", "parent"] as const;
export const SORT_KEYS = ["sort", "order"] as const;
const RESERVED = new Set<string>([...DIALOG_KEYS, ...SORT_KEYS]);

export type Sort = { prop: string; order: "asc" | "desc" } | null;
export type ListState = { query: Record<string, unknown>; sort: Sort };

function rawOf(params: URLSearchParams): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const [k, v] of params) if (!RESERVED.has(k) && v !== "") raw[k] = v;
  return raw;
}

/**
 * The list state from the URL, validated by the query schema. A value the schema refuses is
 * dropped (and so takes its default) rather than failing the page; a size outside the page
 * sizes falls back to the first size.
 */
export function readListState(schema: z.ZodObject, params: URLSearchParams, pageSizes: readonly number[], sortable: readonly string[]): ListState {
  const raw: Record<string, unknown> = rawOf(params);
  let query: Record<string, unknown> | null = null;
  // Each round removes the keys an issue points at; bounded by the number of keys.
  for (let round = 0; round <= Object.keys(raw).length + 1 && !query; round++) {
    const r = schema.safeParse(raw);
    if (r.success) query = r.data as Record<string, unknown>;
    else {
      const bad = new Set(r.error.issues.map((i) => String(i.path[0] ?? "")));
      const before = Object.keys(raw).length;
      for (const k of bad) delete raw[k];
      if (Object.keys(raw).length === before) break;
    }
  }
  if (!query) {
    const r = schema.safeParse({});
    query = r.success ? (r.data as Record<string, unknown>) : { current: 1, size: pageSizes[0] ?? 10 };
  }
  if (typeof query.size !== "number" || !pageSizes.includes(query.size)) query.size = pageSizes.includes(10) ? 10 : (pageSizes[0] ?? 10);
  if (typeof query.current !== "number" || !Number.isInteger(query.current) || query.current < 1) query.current = 1;
  const prop = params.get("sort");
  const order = params.get("order");
  const sort: Sort = prop && sortable.includes(prop) && (order === "asc" || order === "desc") ? { prop, order } : null;
  return { query, sort };
}

type Scalar = string | number | boolean;
const emptyValue = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

/**
 * Writes filters (and paging) into the URL: empty values disappear, the first page and the
 * default size are left out, other parameters (the dialogs) are kept.
 */
export function writeListState(current: URLSearchParams, patch: Record<string, unknown>, defaults: { size: number }): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [k, v] of Object.entries(patch)) {
    if (emptyValue(v) || (k === "current" && Number(v) === 1) || (k === "size" && Number(v) === defaults.size)) next.delete(k);
    else next.set(k, Array.isArray(v) ? v.map(String).join(",") : String(v as Scalar));
  }
  return next;
}

/** The search values in force among `keys` (tree mode filters the tree in the browser with them). */
export function activeFilters(query: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => !emptyValue(query[k])).map((k) => [k, query[k]]));
}

/** A tree node matches when each filter's text is contained in its value of the same key, ignoring case. */
export function containsAll(row: Record<string, unknown>, filters: Record<string, unknown>): boolean {
  return Object.entries(filters).every(([k, v]) => String(row[k] ?? "").toLowerCase().includes(String(v).toLowerCase()));
}

/** The query sent to the page endpoint: schema output plus the sort, without empty values. */
export function requestParams(state: ListState): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(state.query)) {
    if (emptyValue(v)) continue;
    out[k] = Array.isArray(v) ? v.join(",") : (v as Scalar);
  }
  if (state.sort) {
    out.sortField = state.sort.prop;
    out.sortOrder = state.sort.order;
  }
  return out;
}
