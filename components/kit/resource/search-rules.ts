import { formatDate } from "@/lib/format";
import type { SearchItem } from "./define-resource";

/** The search bar's rules (widgets §5), pure so they are tested apart from the widget. */

export type SearchMode = "simple" | "advanced";
export type QuickRange = "today" | "last7Days" | "last30Days" | "last90Days" | "lastYear";

const QUICK_DAYS: Record<QuickRange, number> = { today: 0, last7Days: 6, last30Days: 29, last90Days: 89, lastYear: 364 };

/**
 * today / 7 / 30 / 90 days / a year, both ends inclusive and ending today — the platform's today (UTC+8, the
 * zone the cloud stores and the console shows), not the browser's: after 16:00 UTC they differ.
 */
export function quickRange(kind: QuickRange, now: Date): [string, string] {
  const days = QUICK_DAYS[kind];
  const today = formatDate(now);
  const [y, m, d] = today.split("-").map(Number);
  return [new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10), today];
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

/** Keys of a range item: prop1 / prop2, else `<prop>Start` / `<prop>End`. */
export const rangeKeys = (item: SearchItem): [string, string] => [item.prop1 ?? `${item.prop}Start`, item.prop2 ?? `${item.prop}End`];
const isRange = (item: SearchItem) => item.type === "date2" || item.type === "time1";

/** Every query key the search bar writes. */
export function searchKeys(items: readonly SearchItem[], keyword?: string): string[] {
  const keys = items.flatMap((i) => (isRange(i) ? rangeKeys(i) : [i.prop]));
  return keyword && !keys.includes(keyword) ? [...keys, keyword] : keys;
}

/** date2: the start at 00:00:00, the end extended to the end of its day. */
function dayRange(v: unknown): [string | null, string | null] {
  if (!Array.isArray(v) || v.length !== 2 || isEmpty(v[0]) || isEmpty(v[1])) return [null, null];
  const [a, b] = v.map((x) => String(x).slice(0, 10));
  return [`${a} 00:00:00`, `${b} 23:59:59`];
}

/** time1: two values or nothing. */
function timeRange(v: unknown): [string | null, string | null] {
  if (!Array.isArray(v) || v.length !== 2 || isEmpty(v[0]) || isEmpty(v[1])) return [null, null];
  return [String(v[0]), String(v[1])];
}

/**
 * Form values → query filters. Every key the bar owns gets a value or null (null clears it
 * from the URL). Simple mode sets only the keyword; advanced mode nulls the keyword when it is
 * not one of the items ("fields not in the config are nulled").
 */
export function normalizeSearch(items: readonly SearchItem[], values: Record<string, unknown>, mode: SearchMode, keyword?: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of searchKeys(items, keyword)) out[k] = null;
  if (mode === "simple") {
    if (keyword) out[keyword] = isEmpty(values[keyword]) ? null : String(values[keyword]).trim() || null;
    return out;
  }
  for (const item of items) {
    const v = values[item.prop];
    if (isRange(item)) {
      const [k1, k2] = rangeKeys(item);
      [out[k1], out[k2]] = item.type === "date2" ? dayRange(v) : timeRange(v);
    } else if (!isEmpty(v)) {
      out[item.prop] = typeof v === "string" ? v.trim() || null : v;
    }
  }
  return out;
}

/** Query → form values (the inverse, for showing what the URL holds). */
export function searchValuesOf(items: readonly SearchItem[], query: Record<string, unknown>, keyword?: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of items) {
    if (isRange(item)) {
      const [k1, k2] = rangeKeys(item);
      const a = query[k1];
      const b = query[k2];
      out[item.prop] = isEmpty(a) || isEmpty(b) ? ["", ""] : item.type === "date2" ? [String(a).slice(0, 10), String(b).slice(0, 10)] : [String(a), String(b)];
    } else {
      const v = query[item.prop];
      out[item.prop] = isEmpty(v) ? (item.multiple ? [] : "") : item.multiple ? (Array.isArray(v) ? v.map(String) : String(v).split(",")) : String(v);
    }
  }
  if (keyword && !(keyword in out)) out[keyword] = isEmpty(query[keyword]) ? "" : String(query[keyword]);
  return out;
}

/** The mode to show first: advanced when searchType is 2, when there is no keyword box, or when the URL holds other filters. */
export function initialMode(config: { searchType?: 1 | 2; keyword?: string; items: readonly SearchItem[] }, query: Record<string, unknown>): SearchMode {
  if (config.searchType === 2 || !config.keyword) return "advanced";
  const others = searchKeys(config.items).filter((k) => k !== config.keyword);
  return others.some((k) => !isEmpty(query[k])) ? "advanced" : "simple";
}
