import { describe, expect, it } from "vitest";
import type { DataAnalysis } from "@/lib/contract/screen/monitor-screen";
import { levelLabel, trendBars, typeBars } from "./screen-options";

const t = (key: "levelN" | "noLevel", values?: { n: number }) => (key === "levelN" ? `Level ${values?.n}` : "No level");
const types = (n: number): DataAnalysis["deviceTypes"] => Array.from({ length: n }, (_, i) => ({ productId: i + 1, name: `P${i + 1}`, count: 20 - i, online: Math.floor((20 - i) / 2) }));
const names = { online: "Online", other: "Not online", others: "Others" };
const categories = (o: ReturnType<typeof typeBars>) => (o.yAxis as { data: string[] }).data;

describe("screen chart options", () => {
  it("labels a level by the tenant's name, else its number, else as unlevelled", () => {
    expect(levelLabel({ levelNum: 3, levelName: "报警", color: null }, t)).toBe("报警");
    expect(levelLabel({ levelNum: 7, levelName: null, color: null }, t)).toBe("Level 7");
    expect(levelLabel({ levelNum: null, levelName: null, color: null }, t)).toBe("No level");
  });

  it("device types: most at the top, online and the rest stacked, 'Others' only for two or more products", () => {
    const few = typeBars(types(3), names);
    expect(categories(few)).toEqual(["P3", "P2", "P1"]);
    const series = few.series as { name: string; data: (number | { value: number; label: { formatter: string } })[] }[];
    expect(series.map((s) => s.name)).toEqual(["Online", "Not online"]);
    expect(series[0].data).toEqual([9, 9, 10]);
    // The rest, each labelled with the product's whole count at the bar's end.
    expect(series[1].data).toEqual([
      { value: 9, label: { formatter: "18" } },
      { value: 10, label: { formatter: "19" } },
      { value: 10, label: { formatter: "20" } },
    ]);
    expect(categories(typeBars(types(15), names))).not.toContain("Others");
    const many = typeBars(types(16), names);
    expect(categories(many)[0]).toBe("Others");
    // P15 (6 devices, 3 online) and P16 (5, 2).
    expect((many.series as { data: (number | { value: number })[] }[]).map((x) => x.data[0])).toEqual([5, { value: 6, label: { formatter: "11" } }]);
  });

  it("trend: one stacked bar series per level over the days, shown as MM-DD", () => {
    const o = trendBars({ days: ["2026-11-24", "2026-11-25"], series: [{ levelNum: 1, levelName: "提示", color: "#3b82f6", counts: [0, 2] }, { levelNum: null, levelName: null, color: null, counts: [1, 0] }] }, (l) => l.levelName ?? "none");
    expect((o.xAxis as { data: string[] }).data).toEqual(["11-24", "11-25"]);
    expect((o.series as { name: string; stack: string; data: number[] }[]).map((s) => [s.name, s.stack, s.data])).toEqual([
      ["提示", "alarms", [0, 2]],
      ["none", "alarms", [1, 0]],
    ]);
  });
});
