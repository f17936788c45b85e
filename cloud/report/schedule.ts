import { REPORT_TYPE } from "@/lib/contract/report/enums";
import { wallClock, zonedInstant } from "@/lib/time-zone";

/** A calendar day `YYYY-MM-DD` as a UTC date's milliseconds (for day arithmetic only). */
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => dayOf(dayMs(day) + n * 86_400_000);
const daysIn = (y: number, mo: number) => new Date(Date.UTC(y, mo, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, "0");

export type PlanTiming = { reportType: number; reportDay: number; runTime: string };
/** A run of a plan: its instant, and the period it covers (`end` is the day after the last). */
export type PlanRun = { runAt: Date; start: string; end: string };

/**
 * The plan's latest run at or before `now` in `zone`: weekly on ISO week day `reportDay` (1 Monday),
 * covering the seven days before; monthly on day `reportDay` (the month's last day when shorter),
 * covering the days since the previous month's run day.
 */
export function latestRun(plan: PlanTiming, now: Date, zone: string): PlanRun {
  const [h, mi] = plan.runTime.split(":").map(Number);
  const w = wallClock(now.getTime(), zone);
  const today = `${w.y}-${pad(w.mo)}-${pad(w.d)}`;
  const at = (day: string) => {
    const [y, mo, d] = day.split("-").map(Number);
    return new Date(zonedInstant(zone, y, mo, d, h, mi));
  };
  if (plan.reportType === REPORT_TYPE.weekly) {
    const isoDay = ((new Date(dayMs(today)).getUTCDay() + 6) % 7) + 1;
    let day = addDays(today, -((isoDay - plan.reportDay + 7) % 7));
    if (at(day).getTime() > now.getTime()) day = addDays(day, -7);
    return { runAt: at(day), start: addDays(day, -7), end: day };
  }
  const runDay = (y: number, mo: number) => `${y}-${pad(mo)}-${pad(Math.min(plan.reportDay, daysIn(y, mo)))}`;
  const prev = (y: number, mo: number) => (mo === 1 ? [y - 1, 12] : [y, mo - 1]);
  let [y, mo] = [w.y, w.mo];
  if (at(runDay(y, mo)).getTime() > now.getTime()) [y, mo] = prev(y, mo);
  const [py, pmo] = prev(y, mo);
  const day = runDay(y, mo);
  return { runAt: at(day), start: runDay(py, pmo), end: day };
}

/** The report's number: its period's first day and the plan (or `M` for one asked by a person). */
export const reportNo = (start: string, planId: number | null, id: number) => `${start.replaceAll("-", "")}-${planId ?? "M"}-${id}`;
