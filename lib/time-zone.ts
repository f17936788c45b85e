/**
 * Time zones (issue 40): one IANA zone per tenant, Asia/Shanghai unless the company settings say
 * otherwise. Every time the console shows or accepts is wall-clock time in that zone, and the cloud
 * cuts its days and months by it. Offsets come from `Intl`, so zones with daylight saving work.
 */

export const DEFAULT_TIME_ZONE = "Asia/Shanghai";

const formats = new Map<string, Intl.DateTimeFormat | null>();

function formatOf(zone: string): Intl.DateTimeFormat | null {
  let f = formats.get(zone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    } catch {
      f = null;
    }
    formats.set(zone, f);
  }
  return f;
}

let listed: Set<string> | undefined;
/**
 * The runtime's own list of zones, so checking the tenant's zone builds no formatter of its own. A
 * name not listed (an alias) is tried with a formatter. (A page's first use of `Intl`, whatever it
 * is, pays for ICU's locale and zone data: 30–80 ms in a browser here, issue 41.)
 */
const isListed = (zone: string) => (listed ??= new Set(typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [])).has(zone);

/** Whether `zone` is an IANA zone this runtime knows. */
export const isTimeZone = (zone: unknown): zone is string => typeof zone === "string" && zone.length > 0 && zone.length <= 64 && (isListed(zone) || formatOf(zone) !== null);

/** Builds the zone's formatter now (ICU's data, when this is the page's first use of `Intl`): the page does it in an idle task of its own, not in the first render that shows a time. */
export function prepareZone(zone: string): void {
  formatOf(zone);
}

/** The zone itself when known, else the default: a stored zone the runtime lost never breaks a page. */
export const knownZone = (zone: unknown): string => (isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE);

export type WallClock = { y: number; mo: number; d: number; h: number; mi: number; s: number };

/** The zone's offset at an instant, from `Intl` (the second the instant falls in). */
function offsetAt(ms: number, zone: string): number {
  const f = formatOf(zone) ?? formatOf(DEFAULT_TIME_ZONE)!;
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(ms)) if (part.type !== "literal") p[part.type] = Number(part.value);
  const floored = ms - (((ms % 1000) + 1000) % 1000);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - floored;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Per zone, per UTC day and per UTC hour: the offset that holds all that span, or null for a span the offset changes in. */
const spans = new Map<string, { days: Map<number, number | null>; hours: Map<number, number | null> }>();
/** Spans kept per zone (a chart of a year holds ≈ 370 days): past this a memo starts afresh. */
const SPANS_KEPT = 100_000;

/** The offset that holds throughout the span `[k·len, (k+1)·len)`, or null if it changes within it (memoised in `memo`). */
function spanOffset(memo: Map<number, number | null>, k: number, len: number, zone: string): number | null {
  let off = memo.get(k);
  if (off === undefined) {
    const first = offsetAt(k * len, zone);
    off = first === offsetAt(k * len + len - 1000, zone) ? first : null;
    if (memo.size >= SPANS_KEPT) memo.clear();
    memo.set(k, off);
  }
  return off;
}

/**
 * How far the zone's wall clock is ahead of UTC at an instant, in ms (Shanghai: 8 h). `Intl` is asked
 * twice per UTC day, not per instant (a chart or a table moves thousands of times; issue 41, blocking
 * time): a day whose first and last seconds share an offset keeps it throughout, as no zone changes
 * its offset and back within a day; in a day with a change, the same per hour, and in the hour of the
 * change, per instant.
 */
export function zoneOffset(ms: number, zone: string): number {
  let memo = spans.get(zone);
  if (!memo) spans.set(zone, (memo = { days: new Map(), hours: new Map() }));
  return spanOffset(memo.days, Math.floor(ms / DAY_MS), DAY_MS, zone) ?? spanOffset(memo.hours, Math.floor(ms / HOUR_MS), HOUR_MS, zone) ?? offsetAt(ms, zone);
}

/** The wall-clock reading of an instant in a zone. */
export function wallClock(ms: number, zone: string): WallClock {
  const w = new Date(ms + zoneOffset(ms, zone));
  return { y: w.getUTCFullYear(), mo: w.getUTCMonth() + 1, d: w.getUTCDate(), h: w.getUTCHours(), mi: w.getUTCMinutes(), s: w.getUTCSeconds() };
}

/**
 * The instant a wall-clock reading names in a zone (months and days may overflow, as with
 * `Date.UTC`): the offset at a first guess, corrected once, which settles across daylight saving.
 */
export function zonedInstant(zone: string, y: number, mo: number, d = 1, h = 0, mi = 0, s = 0): number {
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const guess = wall - zoneOffset(wall, zone);
  return wall - zoneOffset(guess, zone);
}

/** The start of a day `YYYY-MM-DD` in a zone (NaN for a malformed day). */
export function zoneDayStart(day: string, zone: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? zonedInstant(zone, +m[1], +m[2], +m[3]) : NaN;
}

/** A zone's name with its offset now, as the time picker shows it: "Asia/Shanghai (UTC+08:00)". */
export function zoneLabel(zone: string, at = Date.now()): string {
  const off = Math.round(zoneOffset(at, zone) / 60_000);
  const abs = Math.abs(off);
  return `${zone} (UTC${off < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")})`;
}

/** Every zone the runtime knows, for the company settings' picker (UTC first). */
export function timeZones(): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [DEFAULT_TIME_ZONE];
  return ["UTC", ...all.filter((z) => z !== "UTC")];
}

/** A known zone as an SQL string literal (IANA names hold letters, digits, `/`, `_`, `+`, `-` only), for `at time zone` in a grouped expression, where a bound parameter would not match itself. */
export function zoneLiteral(zone: string): string {
  const z = knownZone(zone);
  return /^[A-Za-z0-9_/+-]+$/.test(z) ? `'${z}'` : `'${DEFAULT_TIME_ZONE}'`;
}
