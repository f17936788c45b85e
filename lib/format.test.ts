import { afterEach, describe, expect, it } from "vitest";
import { displayZone, formatDate, formatDateTime, formatMoney, formatPercent, formatText, setDisplayZone, toDate, wrapAxisLabel } from "./format";

describe("formats", () => {
  it("money: two decimals and thousands separators", () => {
    expect(formatMoney(1234567.891)).toBe("1,234,567.89");
    expect(formatMoney("1000")).toBe("1,000.00");
    expect(formatMoney(0)).toBe("0.00");
    expect(formatMoney(-1234.5)).toBe("-1,234.50");
    expect(formatMoney(-0.001)).toBe("0.00");
    expect(formatMoney("x")).toBe("-");
    expect(formatMoney(null)).toBe("-");
  });

  it("percentages: two decimals", () => {
    expect(formatPercent(12.345)).toBe("12.35%");
    expect(formatPercent("7")).toBe("7.00%");
    expect(formatPercent("")).toBe("-");
  });

  it("axis labels wrap at 6 characters", () => {
    expect(wrapAxisLabel("基坑监测点位一号测点")).toBe("基坑监测点位\n一号测点");
    expect(wrapAxisLabel("abcdefghijklm", 6)).toBe("abcdef\nghijkl\nm");
    expect(wrapAxisLabel("short")).toBe("short");
  });

  it("date/time in platform time (UTC+8)", () => {
    expect(formatDateTime("2026-03-02T08:00:00.000Z")).toBe("2026-03-02 16:00:00");
    expect(formatDateTime("2026-03-02 16:00:00")).toBe("2026-03-02 16:00:00");
    expect(formatDate("2026-03-02T20:00:00Z")).toBe("2026-03-03");
    expect(formatDateTime(Date.UTC(2026, 0, 1))).toBe("2026-01-01 08:00:00");
    expect(formatDateTime("not a date")).toBe("-");
    expect(toDate("")).toBeNull();
  });

  it("plain text shows '-' when empty", () => {
    expect(formatText("")).toBe("-");
    expect(formatText(null)).toBe("-");
    expect(formatText([])).toBe("-");
    expect(formatText(["a", "b"])).toBe("a, b");
    expect(formatText(0)).toBe("0");
  });
});

describe("the display zone", () => {
  afterEach(() => setDisplayZone(null));

  it("shows and reads times in the tenant's zone, Shanghai by default", () => {
    const t = Date.UTC(2026, 10, 28, 4, 3, 0);
    expect(formatDateTime(t)).toBe("2026-11-28 12:03:00");
    setDisplayZone("UTC");
    expect(formatDateTime(t)).toBe("2026-11-28 04:03:00");
    expect(toDate("2026-11-28 04:03:00")?.getTime()).toBe(t);
    setDisplayZone("America/New_York");
    expect(formatDateTime(t)).toBe("2026-11-27 23:03:00");
    expect(formatDate(t)).toBe("2026-11-27");
    expect(toDate("2026-11-27 23:03:00")?.getTime()).toBe(t);
    // Summer time: four hours behind UTC.
    expect(formatDateTime(Date.UTC(2026, 6, 1, 12))).toBe("2026-07-01 08:00:00");
    expect(toDate("2026-07-01 08:00:00")?.getTime()).toBe(Date.UTC(2026, 6, 1, 12));
    // An explicit zone wins (the cloud's exports).
    expect(formatDateTime(t, "Asia/Shanghai")).toBe("2026-11-28 12:03:00");
  });

  it("falls back to Shanghai for an unknown zone", () => {
    setDisplayZone("Mars/Olympus");
    expect(displayZone()).toBe("Asia/Shanghai");
  });
});
