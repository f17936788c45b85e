import type { UrlKeys } from "./url-values";

/** URL keys that are not filters: the dialogs opened from the URL (with a tree node's parent) and the sort. */
const DIALOG_KEYS = ["create", "edit", "view", "import", "parent"] as const;
const SORT_KEYS = ["sort", "order"] as const;
const RESERVED = new Set<string>([...DIALOG_KEYS, ...SORT_KEYS]);

export type Sort = { prop: string; order: "asc" | "desc" } | null;
export type ListState = { query: Record<string, unknown>; sort: Sort };

/** A whole number of at least 1 from the URL, else `fallback`. */
function positive(raw: string | null, fallback: number): number {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n >= 1 ? n : fallback;
}

/**
 * The list state from the URL, each parameter read by its reader (`url-values.ts`): a value a
 * reader refuses is left out (its default applies) rather than failing the page; a size outside
 * the page sizes falls back to the default size, and parameters the list does not know are ignored.
 */
export function readListState(keys: UrlKeys, params: URLSearchParams, pageSizes: readonly number[], sortable: readonly string[]): ListState {
  const size = positive(params.get("size"), 0);
  const query: Record<string, unknown> = {
    current: positive(params.get("current"), 1),
    size: pageSizes.includes(size) ? size : pageSizes.includes(10) ? 10 : (pageSizes[0] ?? 10),
  };
  for (const [k, read] of Object.entries(keys)) {
    if (RESERVED.has(k)) continue;
    const v = read(params.get(k) || undefined);
    if (v !== undefined) query[k] = v;
  }
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
