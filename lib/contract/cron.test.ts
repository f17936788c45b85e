import { describe, expect, it } from "vitest";
import {
  CRON_DEFAULT_BUILDER,
  CRON_DEFAULT_DIALOG,
  CRON_RESET,
  cronRuns,
  clip,
  joinCron,
  normaliseTab,
  previewCron,
  previewNote,
  rangeValid,
  splitCron,
  tabState,
  tabText,
  toggleListValue,
  yearsOf,
} from "./cron";
import { describeCron } from "./cron-describe";

const FROM = new Date("2026-03-02T08:00:30Z"); // a Monday
const iso = (expr: string, opts: { years?: number } = {}) => previewCron(expr, FROM, { timezone: "UTC", ...opts }).runs.map((d) => d.toISOString());

describe("fields", () => {
  it("has the spec's defaults and reset", () => {
    expect(CRON_DEFAULT_DIALOG).toBe("0 * * * * ? *");
    expect(CRON_DEFAULT_BUILDER).toBe("0 0 * * * ? *");
    expect(joinCron(CRON_RESET)).toBe("0 0 * * * ? *");
  });

  it("re-reads fields from 6 or 7 parts only", () => {
    expect(splitCron("0 15 10 ? * 2")).toEqual({ second: "0", minute: "15", hour: "10", day: "?", month: "*", week: "2", year: "*" });
    expect(splitCron("  0 0/5 * * * ?  2027 ")).toMatchObject({ minute: "0/5", year: "2027" });
    expect(splitCron("* * * * *")).toBeNull();
    expect(splitCron("0 0 0 * * ? * extra")).toBeNull();
    expect(splitCron("")).toBeNull();
  });

  it("joins fields, an empty field reading as *", () => {
    expect(joinCron({ second: "0", minute: "", hour: "1-3", day: "*", month: "*", week: "?", year: "*" })).toBe("0 * 1-3 * * ? *");
  });

  it("cuts field text at 10 and the expression at 90 characters", () => {
    expect(clip("1,2,3,4,5,6", 10)).toBe("1,2,3,4,5,…");
    expect(clip("1,2,3,4,5,", 10)).toBe("1,2,3,4,5,");
    expect(clip("x".repeat(91), 90)).toBe(`${"x".repeat(90)}…`);
  });
});

describe("tab rules", () => {
  it("clamps to the bounds: hour 0-23, minute 0-59, day 1-31, month 1-12", () => {
    expect(tabText("hour", { mode: "list", values: [-1, 24, 5] })).toBe("0,5,23");
    expect(tabText("minute", { mode: "list", values: [60, 0] })).toBe("0,59");
    expect(tabText("day", { mode: "list", values: [0, 32] })).toBe("1,31");
    expect(tabText("month", { mode: "list", values: [0, 13] })).toBe("1,12");
    expect(tabText("minute", { mode: "step", start: 99, every: 0 })).toBe("59/1");
  });

  it("keeps a range's end greater than its start", () => {
    expect(rangeValid({ start: 5, end: 5 })).toBe(false);
    expect(rangeValid({ start: 5, end: 6 })).toBe(true);
    expect(tabText("hour", { mode: "range", start: 10, end: 3 })).toBe("10-11");
    expect(tabText("hour", { mode: "range", start: 23, end: 23 })).toBe("22-23");
    expect(tabText("month", { mode: "range", start: 0, end: 99 })).toBe("1-12");
  });

  it("allows at most 10 listed values, 8 for month", () => {
    let list: number[] = [];
    for (let v = 0; v < 10; v++) list = toggleListValue("minute", list, v).values;
    expect(list).toHaveLength(10);
    expect(toggleListValue("minute", list, 30)).toEqual({ values: list, full: true });
    expect(toggleListValue("minute", list, 3).values).toHaveLength(9);
    let months: number[] = [];
    for (let v = 1; v <= 8; v++) months = toggleListValue("month", months, v).values;
    expect(toggleListValue("month", months, 9).full).toBe(true);
    expect(normaliseTab("month", { mode: "list", values: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] })).toEqual({ mode: "list", values: [1, 2, 3, 4, 5, 6, 7, 8] });
  });

  it("sorts and de-duplicates lists; an empty list is every", () => {
    expect(tabText("hour", { mode: "list", values: [5, 1, 5] })).toBe("1,5");
    expect(tabText("hour", { mode: "list", values: [] })).toBe("*");
  });

  it("only the day may be unspecified (?)", () => {
    expect(tabText("day", { mode: "none" })).toBe("?");
    expect(tabText("hour", { mode: "none" })).toBe("*");
  });

  it("reads a field back into its tab", () => {
    expect(tabState("hour", "*")).toEqual({ mode: "every" });
    expect(tabState("day", "?")).toEqual({ mode: "none" });
    expect(tabState("hour", "2-5")).toEqual({ mode: "range", start: 2, end: 5 });
    expect(tabState("minute", "0/15")).toEqual({ mode: "step", start: 0, every: 15 });
    expect(tabState("day", "*/2")).toEqual({ mode: "step", start: 1, every: 2 });
    expect(tabState("month", "3,1,99")).toEqual({ mode: "list", values: [1, 3, 12] });
    expect(tabState("day", "L")).toEqual({ mode: "every" });
  });
});

describe("preview", () => {
  it("lists the next 5 runs", () => {
    expect(iso("0 * * * * ? *")).toEqual(["2026-03-02T08:01:00.000Z", "2026-03-02T08:02:00.000Z", "2026-03-02T08:03:00.000Z", "2026-03-02T08:04:00.000Z", "2026-03-02T08:05:00.000Z"]);
  });

  it("numbers weekdays from Sunday = 1", () => {
    // 2 = Monday: the 2nd, 9th… of March 2026.
    expect(iso("0 0 12 ? * 2 *").slice(0, 2)).toEqual(["2026-03-02T12:00:00.000Z", "2026-03-09T12:00:00.000Z"]);
    expect(iso("0 0 12 ? * 1 *")[0]).toBe("2026-03-08T12:00:00.000Z");
  });

  it("honours the year field", () => {
    expect(iso("0 0 0 1 1 ? 2028,2030")).toEqual(["2028-01-01T00:00:00.000Z", "2030-01-01T00:00:00.000Z"]);
    expect(iso("0 0 0 1 1 ? 2027-2035/4")).toEqual(["2027-01-01T00:00:00.000Z", "2031-01-01T00:00:00.000Z", "2035-01-01T00:00:00.000Z"]);
  });

  it("looks no further than 100 years ahead", () => {
    // The window ends on 2 March 2126.
    expect(iso("0 0 0 1 1 ? 2120,2125,2130")).toEqual(["2120-01-01T00:00:00.000Z", "2125-01-01T00:00:00.000Z"]);
    expect(iso("0 0 0 1 1 ? 2127-2199")).toEqual([]);
    expect(iso("0 0 0 1 1 ? *", { years: 2 })).toEqual(["2027-01-01T00:00:00.000Z", "2028-01-01T00:00:00.000Z"]);
  });

  it("says when nothing matches, or fewer than 5 runs do", () => {
    const none = previewCron("0 0 0 30 2 ? *", FROM, { timezone: "UTC" });
    expect(previewNote(none)).toEqual({ key: "noResult", n: 0 });
    expect(previewNote(previewCron("0 0 0 1 1 ? 2028,2030", FROM, { timezone: "UTC" }))).toEqual({ key: "onlyN", n: 2 });
    expect(previewNote(previewCron(CRON_DEFAULT_DIALOG, FROM, { timezone: "UTC" }))).toBeNull();
    expect(previewNote(previewCron("0 0 99 * * ? *", FROM))).toEqual({ key: "invalid", n: 0 });
    expect(previewNote(previewCron("nonsense", FROM))).toEqual({ key: "invalid", n: 0 });
  });
});

describe("years", () => {
  it("expands lists, ranges and steps within the window", () => {
    expect(yearsOf("*", 2026, 2028)).toEqual([2026, 2027, 2028]);
    expect(yearsOf("2020,2027", 2026, 2030)).toEqual([2027]);
    expect(yearsOf("*/2", 2026, 2031)).toEqual([2026, 2028, 2030]);
    expect(() => yearsOf("abc", 2026, 2030)).toThrow();
  });
});

describe("describeCron", () => {
  it("describes in both languages", () => {
    expect(describeCron("0 0 12 ? * 2-6 *", "en")).toBe("At 12:00, Monday through Friday");
    expect(describeCron("0 0 12 ? * 2-6 *", "zh-cn")).toMatch(/12:00/);
    expect(describeCron("0 0 12 ? * 2-6 *", "zh-cn")).toMatch(/星期一/);
    expect(describeCron("not cron", "en")).toBeNull();
  });
});

describe("cronRuns", () => {
  const from = new Date("2026-01-01T00:00:00Z");
  const until = new Date("2027-01-01T00:00:00Z");
  it("gives the runs croner's own time-zone mode gives, across daylight saving, in one walk", () => {
    for (const [expr, zone] of [["0 30 2 * * ? *", "Europe/Berlin"], ["0 0 8 * * ? *", "Asia/Shanghai"], ["0 15 */6 ? * 2 *", "America/New_York"]] as const) {
      const runs = cronRuns(expr, from, until, zone, 10_000)!;
      const slow = previewCron(expr, from, { count: 10_000, timezone: zone, years: 2 }).runs.filter((r) => r <= until);
      // Croner moves a skipped 02:30 (the spring-forward day) to 03:30; the walk names the same instant.
      expect(runs.map((r) => r.toISOString())).toEqual(slow.map((r) => r.toISOString()));
    }
  });
  it("keeps to the year field, after `after` and up to `until`, at most `max`", () => {
    expect(cronRuns("0 0 0 1 1 ? 2028,2030", from, new Date("2031-01-01T00:00:00Z"), "UTC", 10)!.map((r) => r.toISOString())).toEqual(["2028-01-01T00:00:00.000Z", "2030-01-01T00:00:00.000Z"]);
    expect(cronRuns("0 0 * * * ? *", from, until, "UTC", 3)!.map((r) => r.toISOString())).toEqual(["2026-01-01T01:00:00.000Z", "2026-01-01T02:00:00.000Z", "2026-01-01T03:00:00.000Z"]);
    expect(cronRuns("0 0 * * * ? *", from, new Date("2026-01-01T02:00:00Z"), "UTC", 10)).toHaveLength(2);
    expect(cronRuns("not a cron", from, until, "UTC", 10)).toBeNull();
  });
});
