import type { BlockSpec } from "@/lib/contract/report/blocks";
import type { Locale } from "@/lib/contract/locale";
import { t } from "../lib/i18n";
import type { AlarmRow, BlockData, PointData } from "./data";

const DAY_MS = 86_400_000;
/**
 * A point is *stable* when the change its fitted line makes over the period stays under this share
 * of the warning value (or, without one, of the point's own magnitude): noise around a constant
 * value is not a trend.
 */
const STABLE_OF_WARN = 0.1;
const STABLE_OF_VALUE = 0.01;

export type Trend = "rising" | "falling" | "stable";
export type PointFacts = { name: string; change: number | null; ratePerDay: number | null; trend: Trend | null; n: number };

const nameOf = (p: PointData) => `${p.deviceName} · ${p.identifier}`;
const round = (n: number) => Math.round(n * 1000) / 1000;

/** The least-squares slope of the hourly means, per day; null under two values. */
export function slopePerDay(series: readonly [number, number][]): number | null {
  if (series.length < 2) return null;
  const n = series.length;
  const t0 = series[0][0];
  const mx = series.reduce((s, [x]) => s + (x - t0), 0) / n;
  const my = series.reduce((s, [, y]) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of series) {
    sxy += (x - t0 - mx) * (y - my);
    sxx += (x - t0 - mx) ** 2;
  }
  return sxx === 0 ? null : (sxy / sxx) * DAY_MS;
}

/** A point's change over the period, its rate and its trend against the stable band. */
export function factsOf(p: PointData, warn: number | null): PointFacts {
  const change = p.first === null || p.last === null ? null : p.last - p.first;
  const rate = slopePerDay(p.series);
  let trend: Trend | null = null;
  if (rate !== null) {
    const span = (p.series[p.series.length - 1][0] - p.series[0][0]) / DAY_MS;
    const fitted = rate * span;
    const band = warn !== null && warn !== 0 ? Math.abs(warn) * STABLE_OF_WARN : Math.max(Math.abs(p.max ?? 0), Math.abs(p.min ?? 0), 1) * STABLE_OF_VALUE;
    trend = Math.abs(fitted) < band ? "stable" : fitted > 0 ? "rising" : "falling";
  }
  return { name: nameOf(p), change, ratePerDay: rate, trend, n: p.n };
}

const list = (lang: Locale, names: string[]) => names.join(lang === "en" ? ", " : "、");

/**
 * The conclusions of a block, written by rules from the period's data in the report's language:
 * the largest change and where, the points over the alarm and the warning value (by the size of
 * their change, as the point table measures it), the trends and the fastest rate, the points
 * without values, and the alarms raised, recovered and still open. One sentence per finding.
 */
export function conclusions(lang: Locale, spec: BlockSpec, data: BlockData): string[] {
  const L = (k: string, v?: Record<string, string | number>) => t(lang, `report.doc.conclusion.${k}`, v);
  const points = spec.points.map((r) => data.points.find((p) => p.ref === r)).filter((p): p is PointData => !!p);
  const facts = points.map((p) => factsOf(p, spec.warn));
  const out: string[] = [];
  const measured = facts.filter((f) => f.change !== null);
  if (spec.points.length && !measured.length) out.push(L("noValues"));
  if (measured.length) {
    const top = measured.reduce((a, b) => (Math.abs(b.change!) > Math.abs(a.change!) ? b : a));
    const p = points[facts.indexOf(top)];
    out.push(L("largest", { change: round(top.change!), point: top.name, first: round(p.first!), last: round(p.last!) }));
    const over = (limit: number) => measured.filter((f) => Math.abs(f.change!) >= Math.abs(limit));
    const overAlarm = spec.alarm !== null ? over(spec.alarm) : [];
    const overWarn = spec.warn !== null ? over(spec.warn).filter((f) => !overAlarm.includes(f)) : [];
    if (overAlarm.length) out.push(L("overAlarm", { count: overAlarm.length, limit: spec.alarm!, points: list(lang, overAlarm.map((f) => f.name)) }));
    if (overWarn.length) out.push(L("overWarn", { count: overWarn.length, limit: spec.warn!, points: list(lang, overWarn.map((f) => f.name)) }));
    if (!overAlarm.length && !overWarn.length) {
      if (spec.warn !== null) out.push(L("withinWarn", { count: measured.length, limit: spec.warn }));
      else if (spec.alarm !== null) out.push(L("withinAlarm", { count: measured.length, limit: spec.alarm }));
    }
  }
  const byTrend = (tr: Trend) => facts.filter((f) => f.trend === tr).map((f) => f.name);
  const trends = (["rising", "falling", "stable"] as const).filter((tr) => byTrend(tr).length).map((tr) => L(`trend.${tr}`, { points: list(lang, byTrend(tr)) }));
  if (trends.length) out.push(`${L("trends")}${trends.join(lang === "en" ? "; " : "；")}${lang === "en" ? "." : "。"}`);
  const moving = facts.filter((f) => f.ratePerDay !== null && f.trend !== "stable");
  if (moving.length) {
    const fastest = moving.reduce((a, b) => (Math.abs(b.ratePerDay!) > Math.abs(a.ratePerDay!) ? b : a));
    out.push(L("fastest", { rate: round(fastest.ratePerDay!), point: fastest.name }));
  }
  const silent = facts.filter((f) => f.n === 0).map((f) => f.name);
  if (silent.length && measured.length) out.push(L("gaps", { count: silent.length, points: list(lang, silent) }));
  out.push(alarmSentence(lang, data.alarms));
  return out;
}

function alarmSentence(lang: Locale, alarms: readonly AlarmRow[]): string {
  const L = (k: string, v?: Record<string, string | number>) => t(lang, `report.doc.conclusion.${k}`, v);
  if (!alarms.length) return L("noAlarms");
  const levels = new Map<string, number>();
  for (const a of alarms) {
    const level = a.levelName ?? L("noLevel");
    levels.set(level, (levels.get(level) ?? 0) + 1);
  }
  const recovered = alarms.filter((a) => a.recoveredAt).length;
  const byLevel = [...levels].map(([level, n]) => `${level} ${n}`).join(lang === "en" ? ", " : "、");
  return L("alarms", { count: alarms.length, levels: byLevel, recovered, open: alarms.length - recovered });
}
