import { describe, expect, it, vi } from "vitest";
import { isTimeZone, wallClock, zoneDayStart, zoneLabel, zoneOffset, zonedInstant } from "./time-zone";

describe("time zones", () => {
  it("knows IANA zones and refuses others", () => {
    expect(isTimeZone("Asia/Shanghai")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });

  it("knows a listed zone without building its formatter; an alias is tried with one", () => {
    const made = vi.spyOn(Intl, "DateTimeFormat");
    try {
      expect(isTimeZone("America/Lima")).toBe(true);
      expect(made).not.toHaveBeenCalled();
      expect(isTimeZone("US/Eastern")).toBe(true);
      expect(made).toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it("offsets, day starts and labels follow the zone, daylight saving included", () => {
    expect(zoneOffset(Date.UTC(2026, 0, 1), "Asia/Shanghai")).toBe(8 * 3_600_000);
    expect(zoneOffset(Date.UTC(2026, 6, 1), "Europe/Berlin")).toBe(2 * 3_600_000);
    expect(zoneOffset(Date.UTC(2026, 0, 1), "Europe/Berlin")).toBe(3_600_000);
    expect(zoneDayStart("2026-11-28", "Asia/Shanghai")).toBe(Date.UTC(2026, 10, 27, 16));
    expect(zoneDayStart("2026-11-28", "UTC")).toBe(Date.UTC(2026, 10, 28));
    expect(zoneDayStart("2026-3-1", "UTC")).toBeNaN();
    // The day clocks go forward in Berlin starts at midnight still, with the winter offset.
    expect(zoneDayStart("2026-03-29", "Europe/Berlin")).toBe(Date.UTC(2026, 2, 28, 23));
    expect(zonedInstant("Asia/Kolkata", 2026, 1, 1, 5, 30)).toBe(Date.UTC(2026, 0, 1));
    expect(zoneLabel("Asia/Shanghai")).toBe("Asia/Shanghai (UTC+08:00)");
    expect(zoneLabel("America/St_Johns", Date.UTC(2026, 0, 1))).toBe("America/St_Johns (UTC-03:30)");
  });

  // Read straight from Intl, as the module did for every instant before its per-hour memo.
  const intlWall = (ms: number, zone: string) => {
    const p: Record<string, number> = {};
    const f = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    for (const part of f.formatToParts(ms)) if (part.type !== "literal") p[part.type] = Number(part.value);
    return { y: p.year, mo: p.month, d: p.day, h: p.hour, mi: p.minute, s: p.second };
  };

  it("answers as Intl does at every minute around changes that fall within an hour", () => {
    // Lord Howe moves by 30 minutes at 15:30 UTC, St John's at 05:30 UTC: the change is inside a UTC hour.
    const cases: [string, number][] = [
      ["Australia/Lord_Howe", Date.UTC(2026, 9, 3, 12)],
      ["Australia/Lord_Howe", Date.UTC(2026, 3, 4, 12)],
      ["America/St_Johns", Date.UTC(2026, 2, 8, 3)],
      ["Europe/Berlin", Date.UTC(2026, 9, 25, 0)],
      ["Asia/Kathmandu", Date.UTC(2026, 0, 1)],
    ];
    for (const [zone, from] of cases)
      for (let ms = from; ms < from + 6 * 3_600_000; ms += 60_000 + 7) {
        const w = intlWall(ms, zone);
        expect(wallClock(ms, zone), `${zone} ${new Date(ms).toISOString()}`).toEqual(w);
        expect(zoneOffset(ms, zone)).toBe(Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - (ms - (ms % 1000)));
      }
  });

  it("asks Intl twice per day, not once per instant (a chart's thousands of points)", () => {
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, "formatToParts");
    try {
      const day = Date.UTC(2031, 4, 6);
      for (let ms = day; ms < day + 86_400_000; ms += 10_000) zoneOffset(ms, "Asia/Shanghai");
      expect(spy).toHaveBeenCalledTimes(2);
      expect(wallClock(day + 7 * 3_600_000 + 59_000, "Asia/Shanghai")).toEqual({ y: 2031, mo: 5, d: 6, h: 15, mi: 0, s: 59 });
      expect(spy).toHaveBeenCalledTimes(2);
      // The day Berlin's clocks go back (at 01:00 UTC, on the hour): the day, then its 24 hours.
      spy.mockClear();
      const berlin = Date.UTC(2031, 9, 26);
      for (let ms = berlin; ms < berlin + 86_400_000; ms += 60_000) zoneOffset(ms, "Europe/Berlin");
      expect(spy.mock.calls.length).toBe(2 + 2 * 24);
      // Lord Howe's go forward at 15:30 UTC: the day, its hours, and each instant (a minute apart here) of the hour with the change.
      spy.mockClear();
      const howe = Date.UTC(2031, 9, 4);
      for (let ms = howe; ms < howe + 86_400_000; ms += 60_000) zoneOffset(ms, "Australia/Lord_Howe");
      expect(spy.mock.calls.length).toBe(2 + 2 * 24 + 60);
    } finally {
      spy.mockRestore();
    }
  });
});
