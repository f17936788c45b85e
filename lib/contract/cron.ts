import { Cron } from "croner";
import { zoneOffset } from "../time-zone";

/**
 * The cron picker's rules (widgets §2, §4, §5, §9), pure so they are tested on their own.
 * Expressions are Quartz-style, seven fields: second minute hour day month week year (week 1 =
 * Sunday; one of day and week is "?").
 */
export const CRON_FIELDS = ["second", "minute", "hour", "day", "month", "week", "year"] as const;
export type CronField = (typeof CRON_FIELDS)[number];
export type CronFields = Record<CronField, string>;

export const CRON_DEFAULT_DIALOG = "0 * * * * ? *";
export const CRON_DEFAULT_BUILDER = "0 0 * * * ? *";
export const CRON_RESET: CronFields = { second: "0", minute: "0", hour: "*", day: "*", month: "*", week: "?", year: "*" };
/** Field text is cut at 10 characters and the whole expression at 90, with the full text in a tooltip. */
export const CRON_CLIP = { field: 10, expression: 90 } as const;
export const CRON_PREVIEW = { runs: 5, years: 100 } as const;

/** The fields the picker's tabs edit, with their bounds and how many values a list may name. */
export const CRON_TABS = ["minute", "hour", "day", "month"] as const;
export type CronTab = (typeof CRON_TABS)[number];
export const CRON_BOUNDS: Record<CronTab, { min: number; max: number; maxList: number }> = {
  minute: { min: 0, max: 59, maxList: 10 },
  hour: { min: 0, max: 23, maxList: 10 },
  day: { min: 1, max: 31, maxList: 10 },
  month: { min: 1, max: 12, maxList: 8 },
};

export function joinCron(f: CronFields): string {
  return CRON_FIELDS.map((k) => f[k].trim() || "*").join(" ");
}

/** Fields re-read from an expression of at least 6 parts (the year is optional); otherwise null. */
export function splitCron(expr: string): CronFields | null {
  const parts = expr.trim().split(/\s+/).filter(Boolean);
  if (parts.length < 6 || parts.length > 7) return null;
  return Object.fromEntries(CRON_FIELDS.map((k, i) => [k, parts[i] ?? "*"])) as CronFields;
}

export const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(Number.isFinite(n) ? n : min)));

/** One tab's editor state: every, a range a-b, a step a/b, a list of values, or "?" (day only). */
export type CronTabState =
  | { mode: "every" }
  | { mode: "range"; start: number; end: number }
  | { mode: "step"; start: number; every: number }
  | { mode: "list"; values: number[] }
  | { mode: "none" };

/** Clamped to the field's bounds; a range's end kept greater than its start. */
export function normaliseTab(tab: CronTab, s: CronTabState): CronTabState {
  const { min, max, maxList } = CRON_BOUNDS[tab];
  switch (s.mode) {
    case "range": {
      const start = clamp(s.start, min, max - 1);
      return { mode: "range", start, end: clamp(s.end, start + 1, max) };
    }
    case "step":
      return { mode: "step", start: clamp(s.start, min, max), every: clamp(s.every, 1, max - min + 1) };
    case "list":
      return { mode: "list", values: [...new Set(s.values.map((v) => clamp(v, min, max)))].sort((a, b) => a - b).slice(0, maxList) };
    case "none":
      return tab === "day" ? s : { mode: "every" };
    default:
      return s;
  }
}

/** The range rule as the form shows it: end must be greater than start (before clamping). */
export const rangeValid = (s: { start: number; end: number }) => s.end > s.start;

/** Adds or removes a value of a list; a full list refuses more (10 values, 8 for month). */
export function toggleListValue(tab: CronTab, values: readonly number[], value: number): { values: number[]; full: boolean } {
  if (values.includes(value)) return { values: values.filter((v) => v !== value), full: false };
  if (values.length >= CRON_BOUNDS[tab].maxList) return { values: [...values], full: true };
  return { values: (normaliseTab(tab, { mode: "list", values: [...values, value] }) as { values: number[] }).values, full: false };
}

export function tabText(tab: CronTab, state: CronTabState): string {
  const s = normaliseTab(tab, state);
  switch (s.mode) {
    case "every":
      return "*";
    case "none":
      return "?";
    case "range":
      return `${s.start}-${s.end}`;
    case "step":
      return `${s.start}/${s.every}`;
    case "list":
      return s.values.length ? s.values.join(",") : "*";
  }
}

/** Reads a field's text back into a tab state; anything the tabs cannot show is "every". */
export function tabState(tab: CronTab, text: string): CronTabState {
  const t = text.trim();
  if (t === "?" && tab === "day") return { mode: "none" };
  let m = /^(\d+)-(\d+)$/.exec(t);
  if (m) return normaliseTab(tab, { mode: "range", start: +m[1], end: +m[2] });
  m = /^(\d+|\*)\/(\d+)$/.exec(t);
  if (m) return normaliseTab(tab, { mode: "step", start: m[1] === "*" ? CRON_BOUNDS[tab].min : +m[1], every: +m[2] });
  if (/^\d+(,\d+)*$/.test(t)) return normaliseTab(tab, { mode: "list", values: t.split(",").map(Number) });
  return { mode: "every" };
}

/** Quartz numbers weekdays 1 (Sunday) to 7; croner 0 (Sunday) to 6. */
function cronerWeek(week: string): string {
  if (week === "?") return "*";
  return week
    .split(",")
    .map((item) => {
      const [base, step] = item.split("/");
      const mapped = base.replace(/\d+/g, (n) => String(Math.max(0, Number(n) - 1)));
      return step === undefined ? mapped : `${mapped}/${step}`;
    })
    .join(",");
}

/** Years a year field allows, between `from` and `to` inclusive. */
export function yearsOf(field: string, from: number, to: number): number[] {
  const f = field.trim();
  if (f === "*" || f === "?" || f === "") return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const out = new Set<number>();
  for (const item of f.split(",")) {
    const m = /^(\d{4}|\*)(?:-(\d{4}))?(?:\/(\d+))?$/.exec(item);
    if (!m) throw new Error(`bad year ${item}`);
    const a = m[1] === "*" ? from : Number(m[1]);
    const b = m[2] ? Number(m[2]) : m[3] || m[1] === "*" ? to : a;
    const step = m[3] ? Number(m[3]) : 1;
    for (let y = a; y <= Math.min(b, to); y += step) if (y >= from) out.add(y);
  }
  return [...out].sort((x, y) => x - y);
}

export type CronPreview = { runs: Date[]; error: boolean };

/**
 * The next runs of an expression after `from`, looking at most 100 years ahead. Croner has no
 * year field, so the search walks the allowed years and asks croner within each.
 */
export function previewCron(expr: string, from: Date, opts: { count?: number; years?: number; timezone?: string } = {}): CronPreview {
  const count = opts.count ?? CRON_PREVIEW.runs;
  const fields = splitCron(expr);
  if (!fields) return { runs: [], error: true };
  try {
    const pattern = [fields.second, fields.minute, fields.hour, fields.day === "?" ? "*" : fields.day, fields.month, cronerWeek(fields.week)].join(" ");
    const cron = new Cron(pattern, { paused: true, timezone: opts.timezone, legacyMode: true });
    const years = opts.years ?? CRON_PREVIEW.years;
    const startYear = from.getUTCFullYear();
    const limit = new Date(from);
    limit.setUTCFullYear(startYear + years);
    const yearFormat = new Intl.DateTimeFormat("en", { year: "numeric", timeZone: opts.timezone });
    const runs: Date[] = [];
    for (const year of yearsOf(fields.year, startYear - 1, startYear + years + 1)) {
      // From just before the year (in any time zone), keeping what falls in it.
      const yearStart = new Date(Date.UTC(year - 1, 11, 30));
      let at = yearStart > from ? yearStart : from;
      for (;;) {
        if (runs.length >= count) return { runs, error: false };
        const next = cron.nextRun(at);
        if (!next || next > limit) return { runs, error: false };
        const y = Number(yearFormat.format(next));
        if (y > year) break;
        if (y === year) runs.push(next);
        at = next;
      }
    }
    return { runs, error: false };
  } catch {
    return { runs: [], error: true };
  }
}

/**
 * Every run of an expression after `after` (exclusive) up to `until` (inclusive) on a zone's clock, at
 * most `max`, in one walk. Croner steps the zone's wall clock as if it were UTC (its own time-zone mode
 * converts every candidate through Intl: about 5 ms a run, against 0.1 ms), and each run is turned into
 * its instant once; a wall time daylight saving skips or repeats gives one instant, in order.
 */
export function cronRuns(expr: string, after: Date, until: Date, zone: string, max: number): Date[] | null {
  const fields = splitCron(expr);
  if (!fields) return null;
  let cron: Cron;
  try {
    cron = new Cron([fields.second, fields.minute, fields.hour, fields.day === "?" ? "*" : fields.day, fields.month, cronerWeek(fields.week)].join(" "), { paused: true, utcOffset: 0, legacyMode: true });
  } catch {
    return null;
  }
  const wallOf = (ms: number) => ms + zoneOffset(ms, zone);
  const instantOf = (wall: number) => wall - zoneOffset(wall - zoneOffset(wall, zone), zone);
  const last = wallOf(until.getTime());
  const fromYear = new Date(wallOf(after.getTime())).getUTCFullYear();
  let years: Set<number>;
  try {
    years = new Set(yearsOf(fields.year, fromYear, new Date(last).getUTCFullYear()));
  } catch {
    return null;
  }
  const out: Date[] = [];
  let at = new Date(wallOf(after.getTime()));
  while (out.length < max) {
    const next = cron.nextRun(at);
    if (!next || next.getTime() > last) break;
    const year = next.getUTCFullYear();
    if (!years.has(year)) {
      // A year the expression leaves out: on to the first it allows.
      const later = [...years].filter((y) => y > year).sort((a, b) => a - b)[0];
      if (later === undefined) break;
      at = new Date(Date.UTC(later, 0, 1) - 1000);
      continue;
    }
    const ms = instantOf(next.getTime());
    if (ms > after.getTime() && ms <= until.getTime() && (!out.length || ms > out[out.length - 1].getTime())) out.push(new Date(ms));
    at = next;
  }
  return out;
}

/** The preview's closing line, as a message key: none found, or fewer than asked for. */
export function previewNote(p: CronPreview, count: number = CRON_PREVIEW.runs): { key: "noResult" | "onlyN" | "invalid"; n: number } | null {
  if (p.error) return { key: "invalid", n: 0 };
  if (!p.runs.length) return { key: "noResult", n: 0 };
  return p.runs.length < count ? { key: "onlyN", n: p.runs.length } : null;
}
