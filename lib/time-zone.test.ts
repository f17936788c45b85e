import { describe, expect, it } from "vitest";
import { isTimeZone, zoneDayStart, zoneLabel, zoneOffset, zonedInstant } from "./time-zone";

describe("time zones", () => {
  it("knows IANA zones and refuses others", () => {
    expect(isTimeZone("Asia/Shanghai")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
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
});
