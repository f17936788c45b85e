import { describe, expect, it } from "vitest";
import { defaultZoom, lineOption, nearestTime, profileOption, radarOption, TIME_LABELS, X_LABEL_MAX, yBounds, yLabel } from "./chart-options";
import { lightSpot } from "@/lib/contract/monitoring/compute";

const s = [{ id: "settlement", name: "Settlement", unit: "mm", data: [[0, 2], [1, 5]] as [number, number][] }];

describe("monitoring chart options", () => {
  it("never labels two ticks alike: not a device's first minutes, nor a month's ends (ECharts' own ticks, drawn on the server)", async () => {
    const echarts = await import("echarts");
    const start = Date.UTC(2026, 10, 30, 23, 29, 2);
    for (const [span, n] of [[54_000, 7], [300_000, 30], [7_200_000, 60], [30 * 86_400_000, 200]]) {
      const data = [{ id: "x", name: "X", unit: "°", data: Array.from({ length: n }, (_, i) => [start + Math.round((i * span) / (n - 1)), i / 100] as [number, number]) }];
      const chart = echarts.init(null, undefined, { renderer: "svg", ssr: true, width: 1100, height: 360 });
      chart.setOption({ ...lineOption(data), dataZoom: [] });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the axis model is ECharts' internal API
      const labels = ((chart as any).getModel().getComponent("xAxis", 0).axis.getViewLabels() as { formattedLabel: string }[]).map((l) => l.formattedLabel).filter(Boolean);
      chart.dispose();
      expect(new Set(labels).size, `${span} ms: ${labels.join(" ")}`).toBe(labels.length);
      if (span > 60_000) expect(labels.length).toBeGreaterThan(3);
    }
  });

  it("rounds y labels to 3 decimals and shortens x labels to 6 characters", () => {
    expect(yLabel(1.23456)).toBe("1.235");
    expect(yLabel(-0.1)).toBe("-0.1");
    // Each tick level's template, rendered (yyyy 4 digits, the other fields 2).
    for (const template of Object.values(TIME_LABELS)) expect(template.replace("{yyyy}", "2026").replace(/\{\w+\}/g, "00").length).toBeLessThanOrEqual(X_LABEL_MAX);
  });

  it("first shows the newest 25 points (32 for bars), every point still in the data for the full range", () => {
    const year = Array.from({ length: 4000 }, (_, i) => [i * 60_000, i === 3000 ? 99 : 1] as [number, number]);
    const option = lineOption([{ id: "a", name: "A", unit: "mm", data: year }]);
    const zooms = option.dataZoom as { startValue?: number; endValue?: number; filterMode?: string }[];
    for (const z of zooms) expect(z).toMatchObject({ startValue: 3975 * 60_000, endValue: 3999 * 60_000, filterMode: "none" });
    expect((option.series as { data: unknown[] }[])[0].data).toContainEqual([3000 * 60_000, 99]);
    expect(defaultZoom([{ data: year, bar: true }])).toEqual({ startValue: 3968 * 60_000, endValue: 3999 * 60_000 });
    // The longest series sets the window; 25 points or fewer are all in view.
    expect(defaultZoom([{ data: year.slice(0, 10) }, { data: year.slice(0, 30) }])).toEqual({ startValue: 5 * 60_000, endValue: 29 * 60_000 });
    // A shorter series with a newer point moves the window's end to it.
    expect(defaultZoom([{ data: year.slice(100, 101) }, { data: year.slice(0, 30) }])).toEqual({ startValue: 5 * 60_000, endValue: 100 * 60_000 });
    expect(defaultZoom([{ data: year.slice(0, 25) }])).toEqual({});
    expect(defaultZoom([])).toEqual({});
  });

  it("pads the axis so alarm lines outside the data stay visible", () => {
    expect(yBounds(s, [])).toBeNull();
    expect(yBounds(s, [{ value: 30, color: "#FF4400", label: "max" }, { value: -30, color: "#FF4400", label: "min" }])).toEqual({ min: -31, max: 31 });
    const opt = lineOption(s, { alarmLines: [{ value: 30, color: "#f00", label: "max" }] });
    const series = opt.series as { markLine?: { data: { yAxis: number; lineStyle: { type: string; color: string } }[] }; name: string }[];
    expect(series[0].name).toBe("Settlement (mm)");
    expect(series[0].markLine!.data[0]).toMatchObject({ yAxis: 30, lineStyle: { type: "dashed", color: "#f00" } });
    expect(opt.yAxis).toMatchObject({ min: 1, max: 31 });
    expect(lineOption(s).series).not.toHaveProperty("0.markLine");
  });

  it("takes the sample nearest to a click between samples", () => {
    const data: [number, number][] = [[100, 1], [200, 2], [400, 3]];
    expect(nearestTime(data, 140)).toBe(100);
    expect(nearestTime(data, 320)).toBe(400);
    expect(nearestTime(data, 9999)).toBe(400);
    expect(nearestTime([], 5)).toBeNull();
  });

  it("draws the radar spot at the edge when out of range", () => {
    const spot = lightSpot(0.2, 0, { laserDistance: 20, refAngleX: 0, refAngleY: 0 });
    const opt = radarOption(spot, { spot: "spot", warn: "warn" });
    const scatter = (opt.series as { data: number[][] }[])[1];
    expect(scatter.data[0][0]).toBeCloseTo(16);
    expect(scatter.data[0][1]).toBeCloseTo(0);
    expect(opt.radiusAxis).toMatchObject({ min: 0, max: 16 });
  });

  it("draws a depth profile with depth growing downwards and displacement across", () => {
    const opt = profileOption(
      [
        { name: "11-01", points: [{ depth: 0, value: 0 }, { depth: 1.5, value: 0 }] },
        { name: "11-20", points: [{ depth: 0, value: 4.25 }, { depth: 0.5, value: 1 }, { depth: 1.5, value: 0 }], picked: true },
      ],
      { depth: "Depth (m)", displacement: "Displacement (mm)" },
    );
    expect(opt.yAxis).toMatchObject({ inverse: true, min: 0, max: 2, name: "Depth (m)" });
    expect(opt.xAxis).toMatchObject({ name: "Displacement (mm)" });
    const series = opt.series as { name: string; data: number[][] }[];
    expect(series.map((x) => x.name)).toEqual(["11-01", "11-20"]);
    expect(series[1].data).toEqual([[4.25, 0], [1, 0.5], [0, 1.5]]);
    // The curve whose table is shown stands out.
    expect(opt.series).toMatchObject([{ lineStyle: { width: 2 } }, { lineStyle: { width: 4 } }]);
  });
});
