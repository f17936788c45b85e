import { displayZone, formatDate } from "@/lib/format";
import { zoneDayStart } from "@/lib/time-zone";

/** A day range, both ends inclusive: `YYYY-MM-DD`. */
export type DayRange = [string, string];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Ranges that end now (issue 40: what Grafana users expect beside the absolute picker). */
export const SPANS = { "1h": HOUR, "24h": DAY, "7d": 7 * DAY, "30d": 30 * DAY, "90d": 90 * DAY, "1y": 365 * DAY } as const;
export type Span = keyof typeof SPANS;
/** The spans a chart offers unless told otherwise. */
export const DEFAULT_SPANS: readonly Span[] = ["24h", "7d", "30d", "1y"];

/** What a chart shows: a span ending now, or whole days of the tenant's zone. */
export type ChartTime = { span: Span } | { days: DayRange };

/** Auto-refresh choices: a span's window moves to now this often (never for whole days). */
export const REFRESH = { off: 0, "30s": 30_000, "1m": 60_000, "5m": 300_000 } as const;
export type Refresh = keyof typeof REFRESH;

/** A range: epoch ms, start inclusive, end exclusive. */
export type TimeBounds = { from: number; to: number };

/** The day after `day` (calendar arithmetic, no zone). */
const nextDay = (day: string) => {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

/** The instants a chart time covers, at `now`; null for days that are missing or reversed. */
export function timeBounds(time: ChartTime, now: number, zone = displayZone()): TimeBounds | null {
  if ("span" in time) return { from: now - SPANS[time.span], to: now };
  const [a, b] = time.days;
  if (!a || !b || b < a) return null;
  const from = zoneDayStart(a, zone);
  const to = zoneDayStart(nextDay(b), zone);
  return Number.isNaN(from) || Number.isNaN(to) ? null : { from, to };
}

/** The zone's days a range touches, as the day inputs show them. */
export const boundsDays = (b: TimeBounds, zone = displayZone()): DayRange => [formatDate(b.from, zone), formatDate(b.to - 1, zone)];
