import { describe, expect, it } from "vitest";
import type { PointSeries } from "@/lib/contract/scene/scene";
import { seriesOption } from "./house-chart-panel";

const s = (name: string, unit: string | null): PointSeries => ({ deviceId: 1, deviceName: "D", identifier: name, name, unit, bucket: "raw", points: [[0, 1]] });

describe("seriesOption", () => {
  it("gives each unit its own value axis, the first two shown left and right", () => {
    const option = seriesOption([s("a", "°"), s("b", "°C·h"), s("c", "°"), s("d", "mm")]);
    const axes = option.yAxis as { show: boolean; position: string; name: string }[];
    expect(axes.map((a) => [a.name, a.show, a.position])).toEqual([
      ["°", true, "left"],
      ["°C·h", true, "right"],
      ["mm", false, "left"],
    ]);
    expect((option.series as { yAxisIndex: number; name: string }[]).map((x) => [x.name, x.yAxisIndex])).toEqual([
      ["D · a (°)", 0],
      ["D · b (°C·h)", 1],
      ["D · c (°)", 0],
      ["D · d (mm)", 2],
    ]);
  });
});
