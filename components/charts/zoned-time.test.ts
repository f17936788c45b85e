import { describe, expect, it } from "vitest";
import { unzonedTime, zonedTimeOption } from "./zoned-time";

const T = Date.UTC(2026, 10, 28, 4, 3);
const H = 3_600_000;

describe("time charts in the tenant's zone", () => {
  it("moves every time of a time chart by the zone's offset and draws it in UTC", () => {
    const option = zonedTimeOption(
      {
        xAxis: { type: "time" },
        dataZoom: [{ type: "inside", startValue: T, endValue: T + H }],
        series: [
          { type: "line", data: [[T, 1], [T + H, 2]], markLine: { data: [{ yAxis: 3 }, { xAxis: T }] }, markPoint: { data: [{ name: "p", coord: [T, 1], value: 1 }] } },
          { type: "scatter", data: [{ value: [T, 5], symbolRotate: 9 }] },
        ],
      },
      "Asia/Shanghai",
    );
    expect(option.useUTC).toBe(true);
    const [line, scatter] = option.series as { data: unknown[]; markLine?: { data: unknown[] } }[];
    expect(line.data).toEqual([[T + 8 * H, 1], [T + 9 * H, 2]]);
    expect(line.markLine?.data).toEqual([{ yAxis: 3 }, { xAxis: T + 8 * H }]);
    expect((line as { markPoint?: { data: unknown[] } }).markPoint?.data).toEqual([{ name: "p", coord: [T + 8 * H, 1], value: 1 }]);
    expect(scatter.data).toEqual([{ value: [T + 8 * H, 5], symbolRotate: 9 }]);
    expect(option.dataZoom).toEqual([{ type: "inside", startValue: T + 8 * H, endValue: T + 9 * H }]);
    // 12:03 on the axis in Shanghai, read back to the instant.
    expect(new Date(T + 8 * H).toISOString().slice(11, 16)).toBe("12:03");
    expect(unzonedTime(T + 8 * H, "Asia/Shanghai")).toBe(T);
    expect(unzonedTime(Date.UTC(2026, 6, 1, 8), "America/New_York")).toBe(Date.UTC(2026, 6, 1, 12));
  });

  it("leaves charts without a time axis alone", () => {
    const option = { xAxis: { type: "category" as const, data: ["a"] }, series: [{ type: "bar" as const, data: [1] }] };
    expect(zonedTimeOption(option, "UTC")).toBe(option);
  });
});
