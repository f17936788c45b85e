import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { COMPONENTS } from "./echarts-components";
import { SERIES } from "./echarts-series";

/** Every series type and option component ECharts has; what a chart source names must be registered. */
const ALL_SERIES = ["line", "bar", "pie", "scatter", "effectScatter", "radar", "tree", "treemap", "sunburst", "boxplot", "candlestick", "heatmap", "map", "parallel", "lines", "graph", "sankey", "funnel", "gauge", "pictorialBar", "themeRiver", "custom", "chord"];
const ALL_COMPONENTS = ["grid", "polar", "radar", "geo", "singleAxis", "parallel", "calendar", "graphic", "toolbox", "tooltip", "brush", "title", "timeline", "markPoint", "markLine", "markArea", "legend", "dataZoom", "visualMap", "aria", "dataset"];

/** The sources that write chart options: they name ECharts' option type. */
const sources = execFileSync("git", ["grep", "-l", "EChartsOption", "--", "components", "lib", "app"], { encoding: "utf8" })
  .split("\n")
  .filter((f) => f && !f.endsWith(".test.ts") && !f.endsWith(".test.tsx"));

describe("the console's ECharts build", () => {
  it("registers every series type and component a chart option uses", () => {
    expect(sources.length).toBeGreaterThan(5);
    const used = { series: new Set<string>(), components: new Set<string>() };
    for (const f of sources) {
      const text = readFileSync(f, "utf8");
      for (const [, type] of text.matchAll(/\btype:\s*"(\w+)"/g)) if (ALL_SERIES.includes(type)) used.series.add(type);
      for (const [, key] of text.matchAll(/\b(\w+)\s*:/g)) if (ALL_COMPONENTS.includes(key)) used.components.add(key);
    }
    // The scan sees what it should: the line charts and their tooltips.
    expect(used.series).toContain("line");
    expect(used.components).toContain("tooltip");
    expect([...used.series].filter((s) => !(s in SERIES))).toEqual([]);
    expect([...used.components].filter((c) => !(c in COMPONENTS))).toEqual([]);
  });
});
