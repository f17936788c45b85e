import { describe, expect, it } from "vitest";
import { boundsDays, timeBounds } from "./time-range";

describe("a chart's time", () => {
  it("turns spans ending now and whole days of the tenant's zone into instants, end exclusive", () => {
    expect(timeBounds({ span: "24h" }, 100_000_000)).toEqual({ from: 100_000_000 - 86_400_000, to: 100_000_000 });
    expect(timeBounds({ span: "1y" }, 400 * 86_400_000)).toEqual({ from: 35 * 86_400_000, to: 400 * 86_400_000 });
    const r = timeBounds({ days: ["2026-03-01", "2026-03-02"] }, 0, "Asia/Shanghai")!;
    expect(new Date(r.from).toISOString()).toBe("2026-02-28T16:00:00.000Z");
    expect(new Date(r.to).toISOString()).toBe("2026-03-02T16:00:00.000Z");
    expect(boundsDays(r, "Asia/Shanghai")).toEqual(["2026-03-01", "2026-03-02"]);
    const utc = timeBounds({ days: ["2026-03-01", "2026-03-01"] }, 0, "UTC")!;
    expect(utc).toEqual({ from: Date.UTC(2026, 2, 1), to: Date.UTC(2026, 2, 2) });
    expect(timeBounds({ days: ["2026-03-02", "2026-03-01"] }, 0)).toBeNull();
    expect(timeBounds({ days: ["", "2026-03-01"] }, 0)).toBeNull();
  });
});
