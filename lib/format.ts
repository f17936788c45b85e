import { DEFAULT_TIME_ZONE, knownZone, wallClock, zonedInstant } from "./time-zone";

/** Display formats of core §9, shared by tables, details and charts. */

const EMPTY = "-";
const isBlank = (v: unknown) => v === null || v === undefined || v === "";

/** Two decimals with thousands separators: 1234567.891 → "1,234,567.89". */
export function formatMoney(value: unknown): string {
  if (isBlank(value)) return EMPTY;
  const n = Number(value);
  if (!Number.isFinite(n)) return EMPTY;
  const [int, dec] = Math.abs(n).toFixed(2).split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${n < 0 && Number(Math.abs(n).toFixed(2)) !== 0 ? "-" : ""}${grouped}.${dec}`;
}

/** A ratio already in percent, two decimals: 12.345 → "12.35%". */
export function formatPercent(value: unknown): string {
  if (isBlank(value)) return EMPTY;
  const n = Number(value);
  return Number.isFinite(n) ? `${n.toFixed(2)}%` : EMPTY;
}

/** Axis labels wrap every `width` characters (default 6). */
export function wrapAxisLabel(label: unknown, width = 6): string {
  const s = isBlank(label) ? "" : String(label);
  const chars = [...s];
  const lines: string[] = [];
  for (let i = 0; i < chars.length; i += width) lines.push(chars.slice(i, i + width).join(""));
  return lines.join("\n");
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The zone the console shows and reads times in: the tenant's (company settings), set once per
 * page by the shell (`Providers`) before anything is formatted, Asia/Shanghai until then; in the
 * cloud, the zone of the tenant whose request is being served (`cloud/lib/request-zone.ts`).
 */
let shownZone = DEFAULT_TIME_ZONE;
let zoneSource = () => shownZone;
export const displayZone = () => zoneSource();
export function setDisplayZone(zone: string | null | undefined) {
  shownZone = knownZone(zone);
}
/** Where the zone comes from instead (the cloud: the tenant of the request being served). */
export function setZoneSource(source: () => string) {
  zoneSource = source;
}

/**
 * Parses what the cloud sends (ISO strings, "YYYY-MM-DD HH:mm:ss", epoch ms) into a Date; a
 * zone-less "YYYY-MM-DD HH:mm:ss" is wall-clock time in the display zone (or `zone`).
 */
export function toDate(value: unknown, zone = displayZone()): Date | null {
  if (isBlank(value)) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === "number") return new Date(value);
  const s = String(value).trim();
  if (/^\d{13}$/.test(s)) return new Date(Number(s));
  const local = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
  if (local) {
    const [, y, mo, d, h = "0", mi = "0", se = "0"] = local;
    return new Date(zonedInstant(zone, +y, +mo, +d, +h, +mi, +se));
  }
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
}

function parts(d: Date, zone: string) {
  const w = wallClock(d.getTime(), zone);
  return { y: w.y, mo: pad(w.mo), d: pad(w.d), h: pad(w.h), mi: pad(w.mi), s: pad(w.s) };
}

/** "YYYY-MM-DD HH:mm:ss" in the display zone (or `zone`), or "-". */
export function formatDateTime(value: unknown, zone = displayZone()): string {
  const d = toDate(value, zone);
  if (!d) return EMPTY;
  const p = parts(d, zone);
  return `${p.y}-${p.mo}-${p.d} ${p.h}:${p.mi}:${p.s}`;
}

/** "YYYY-MM-DD" in the display zone (or `zone`), or "-". */
export function formatDate(value: unknown, zone = displayZone()): string {
  const d = toDate(value, zone);
  if (!d) return EMPTY;
  const p = parts(d, zone);
  return `${p.y}-${p.mo}-${p.d}`;
}

/** Plain text with '-' for empty values (the table's default column). */
export function formatText(value: unknown): string {
  if (isBlank(value)) return EMPTY;
  if (Array.isArray(value)) return value.length ? value.join(", ") : EMPTY;
  return String(value);
}

/** Bytes as B / KB / MB / GB. */
export function formatSize(size: string | number | null | undefined): string {
  const n = Number(size);
  if (size === null || size === undefined || size === "" || !Number.isFinite(n)) return "—";
  const units = ["B", "KB", "MB", "GB"];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i ? v.toFixed(v < 10 ? 2 : 1) : v} ${units[i]}`;
}
