import type { RealTimeData, RealTimeValue } from "@/lib/contract/device/device-data";
import type { DeviceLive } from "@/lib/contract/live/topics";
import { NUMERIC_TYPES } from "@/lib/contract/device/enums";

/** How the device page reads and shows a device's values: pure, so it is tested on its own. */

/** Real-time values are read again this often while the live channel is down. */
export const REALTIME_REFRESH_MS = 5_000;

/**
 * A live event applied to the values read last: each property's value when newer than the one
 * shown (an event may overtake a read), the state and last report when given. Properties the
 * thing model does not list (yet) are left to the next read.
 */
export function applyLive(data: RealTimeData | undefined, e: DeviceLive): RealTimeData | undefined {
  if (!data) return data;
  const byId = new Map(e.values.map((v) => [v.identifier, v]));
  const values = byId.size
    ? data.values.map((v) => {
        const n = byId.get(v.identifier);
        return n && (v.ts === null || Date.parse(n.ts) >= Date.parse(v.ts)) ? { ...v, ts: n.ts, num: n.num, txt: n.txt } : v;
      })
    : data.values;
  const newer = e.lastReportTime && (!data.lastReportTime || Date.parse(e.lastReportTime) > Date.parse(data.lastReportTime));
  return { status: e.status ?? data.status, lastReportTime: newer ? e.lastReportTime! : data.lastReportTime, values };
}
/** How long a changed value stays highlighted. */
export const CHANGE_HIGHLIGHT_MS = 1_500;

/** A value as text: an enumeration's or bool's label, a number with at most 4 decimals, or the text. */
export function formatValue(v: Pick<RealTimeValue, "num" | "txt" | "labels">, locale: string): string {
  if (v.num !== null) return v.labels?.[String(v.num)] ?? v.num.toLocaleString(locale, { maximumFractionDigits: 4 });
  return v.txt ?? "-";
}

/** The identifiers whose time moved between two reads (none on the first read: nothing changed yet). */
export function changedIdentifiers(prev: ReadonlyMap<string, string | null> | null, next: readonly Pick<RealTimeValue, "identifier" | "ts">[]): string[] {
  if (!prev) return [];
  return next.filter((v) => v.ts !== null && prev.get(v.identifier) !== v.ts).map((v) => v.identifier);
}

/** Properties a line chart can draw: numbers (enumerations and bools are drawn as their values too). */
export const chartable = (v: Pick<RealTimeValue, "dataType">) => (NUMERIC_TYPES as readonly string[]).includes(v.dataType ?? "") || v.dataType === "enum" || v.dataType === "bool";

