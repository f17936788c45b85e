import { wallClock } from "@/lib/time-zone";

/** How a report writes things: escaped HTML, figures, shares, instants. */
export const esc = (s: unknown) => String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
/** A figure as the report prints it: up to three decimals, no trailing zeros; "—" for none. */
export const fmt = (n: number | null | undefined) => (n === null || n === undefined || !Number.isFinite(n) ? "—" : String(Math.round(n * 1000) / 1000));
export const pct = (r: number | null) => (r === null ? "—" : `${(Math.round(r * 10000) / 100).toFixed(2)}%`);

/** An instant as `YYYY-MM-DD HH:mm` of the report's zone. */
export function stamp(d: Date, zone: string) {
  const w = wallClock(d.getTime(), zone);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${w.y}-${p(w.mo)}-${p(w.d)} ${p(w.h)}:${p(w.mi)}`;
}
