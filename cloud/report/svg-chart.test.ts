import { afterEach, describe, expect, it, vi } from "vitest";
import { svgChart } from "./svg-chart";

const option = { animation: false, xAxis: { type: "category", data: ["a", "b"] }, yAxis: {}, series: [{ type: "line", data: [1, 2] }] };

describe("svgChart", () => {
  afterEach(() => void vi.useRealTimers());

  it("draws the chart as SVG and leaves no timer behind (a kept ECharts instance must not hold the process open)", () => {
    vi.useFakeTimers();
    const first = svgChart(320, 200, option);
    const again = svgChart(320, 200, { ...option, series: [{ type: "line", data: [3, 4] }] });
    expect(first).toMatch(/^<svg/);
    expect(again).not.toBe(first);
    // zrender's frame loop is a 16 ms timer that schedules the next: a few frames on, none may be left.
    vi.advanceTimersByTime(100);
    expect(vi.getTimerCount()).toBe(0);
  });
});
