import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The three parts, faked: what was evaluated and registered, in order.
const seen = vi.hoisted(() => [] as string[]);
vi.mock("./echarts-core", () => {
  seen.push("core evaluated");
  return { RENDERER: "canvas", init: () => "chart", connect: () => undefined, use: (parts: unknown[]) => seen.push(`use ${parts.join(",")}`) };
});
vi.mock("./echarts-series", () => {
  seen.push("series evaluated");
  return { SERIES: { line: "line", bar: "bar" } };
});
vi.mock("./echarts-components", () => {
  seen.push("components evaluated");
  return { COMPONENTS: { grid: "grid", tooltip: "tooltip" } };
});

let tasks: (() => void)[] = [];
const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
};
beforeEach(() => {
  tasks = [];
  vi.stubGlobal("setTimeout", (fn: () => void) => tasks.push(fn));
});
afterEach(() => vi.unstubAllGlobals());

describe("loadECharts", () => {
  it("evaluates and registers the library's parts each in a task of its own, once", async () => {
    const { loadECharts } = await import("./echarts-lib");
    let ready = false;
    const first = loadECharts().then(() => (ready = true));
    const again = loadECharts();
    // One step per task: what each task ran, in order.
    const steps: string[][] = [];
    await settle();
    steps.push(seen.splice(0));
    while (tasks.length) {
      tasks.shift()!();
      await settle();
      steps.push(seen.splice(0));
    }
    await first;
    expect(ready).toBe(true);
    expect(steps).toEqual([["core evaluated"], ["use canvas", "series evaluated"], ["use line,bar"], ["components evaluated"], ["use grid,tooltip"]]);
    // Asked again, it is the same library: nothing is loaded or registered twice.
    expect(await again).toBe(await loadECharts());
    expect(seen).toEqual([]);
  });
});
