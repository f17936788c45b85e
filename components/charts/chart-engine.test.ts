import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FromEngine } from "./chart-engine";
import { formatter, toMessage } from "./chart-formatters";

// ECharts faked: the engine's own work is what is tested here (the drawing is ECharts', seen in the e2e specs).
const made = vi.hoisted(() => [] as FakeChart[]);
type FakeChart = ReturnType<typeof fakeChart>;
function fakeChart(canvas: unknown, theme: unknown, opts: unknown) {
  const handlers = new Map<string, (e: unknown) => void>();
  const zrHandlers = new Map<string, (e: unknown) => void>();
  const chart = {
    canvas,
    theme,
    opts,
    group: "",
    options: [] as { option: Record<string, unknown>; opts: unknown }[],
    dispatched: [] as [string, Record<string, unknown>][],
    handlers,
    zrHandlers,
    disposed: false,
    proxy: {} as { setCursor?: (c: string) => void },
    on: (name: string, fn: (e: unknown) => void) => handlers.set(name, fn),
    getZr: () => ({ on: (name: string, fn: (e: unknown) => void) => zrHandlers.set(name, fn), handler: { proxy: chart.proxy, dispatch: (name: string, e: Record<string, unknown>) => chart.dispatched.push([name, e]) } }),
    setOption: (option: Record<string, unknown>, opts: unknown) => chart.options.push({ option, opts }),
    resize: vi.fn(),
    containPixel: (_: string, at: number[]) => at[0] > 10,
    convertFromPixel: (_: unknown, at: number[]) => [at[0] * 1000, at[1] / 10],
    dispose: () => (chart.disposed = true),
  };
  return chart;
}
vi.mock("./echarts-core", () => ({
  RENDERER: "canvas",
  use: () => undefined,
  connect: vi.fn(),
  init: (canvas: unknown, theme: unknown, opts: unknown) => {
    const c = fakeChart(canvas, theme, opts);
    made.push(c);
    return c;
  },
}));

const { chartEngine } = await import("./chart-engine");
let out: FromEngine[] = [];
let handle: ReturnType<typeof chartEngine>;
beforeEach(() => {
  out = [];
  made.length = 0;
  handle = chartEngine((m) => out.push(m));
});
const start = (id = 1, group?: string) => handle({ type: "init", id, canvas: "canvas" as unknown as OffscreenCanvas, width: 300, height: 200, dpr: 2, dark: true, group });

describe("the chart engine (in the worker)", () => {
  it("makes a chart on the canvas it is handed and draws the option with its formatters made again, the tooltip kept inside", () => {
    start(1, "time-charts");
    const [chart] = made;
    expect(chart).toMatchObject({ canvas: "canvas", theme: "dark", opts: { width: 300, height: 200, devicePixelRatio: 2 }, group: "time-charts" });
    handle({ type: "option", id: 1, option: toMessage({ tooltip: { valueFormatter: formatter("decimals") }, series: [{ name: "s", data: [[1, 2]] }] }), notMerge: false });
    const { option, opts } = chart.options[0];
    expect(opts).toEqual({ notMerge: false });
    const tooltip = option.tooltip as { confine: boolean; valueFormatter: (v: number) => string };
    expect(tooltip.confine).toBe(true);
    expect(tooltip.valueFormatter(2.00049)).toBe("2");
  });

  it("hands the page's pointer to ECharts' handler, and answers clicks, the tooltip and the cursor", () => {
    start(7);
    const [chart] = made;
    handle({ type: "option", id: 7, option: { series: [{ name: "Settlement", data: [[10, 1.5], { value: [20, 2.5] }] }] }, notMerge: true });
    handle({ type: "pointer", id: 7, name: "mousemove", x: 40, y: 50 });
    expect(chart.dispatched[0][0]).toBe("mousemove");
    expect(chart.dispatched[0][1]).toMatchObject({ zrX: 40, zrY: 50, offsetX: 40, offsetY: 50 });
    // A data item, then a spot of the plot (in axis coordinates), then one outside the grid (nothing).
    chart.handlers.get("click")!({ seriesId: "a", seriesIndex: 0, dataIndex: 1, value: [20, 2.5] });
    chart.zrHandlers.get("click")!({ offsetX: 30, offsetY: 40 });
    chart.zrHandlers.get("click")!({ offsetX: 5, offsetY: 40 });
    expect(out.filter((m) => m.type === "click").map((m) => m.type === "click" && m.click)).toEqual([
      { seriesId: "a", seriesIndex: 0, dataIndex: 1, value: [20, 2.5] },
      { dataIndex: -1, value: [30000, 4] },
    ]);
    chart.handlers.get("showTip")!({ dataByCoordSys: [{ dataByAxis: [{ value: 20, seriesDataIndices: [{ seriesIndex: 0, dataIndex: 1 }] }] }] });
    chart.handlers.get("hideTip")!({});
    expect(out.filter((m) => m.type === "tip")).toEqual([
      { type: "tip", id: 7, tip: { axisValue: 20, items: [{ name: "Settlement", value: 2.5 }] } },
      { type: "tip", id: 7, tip: null },
    ]);
    // An item's tooltip (a pie's slice): the slice by its own name.
    start(8);
    handle({ type: "option", id: 8, option: { series: [{ type: "pie", data: [{ name: "China Mobile", value: 12 }] }] }, notMerge: true });
    made[1].handlers.get("showTip")!({ seriesIndex: 0, dataIndex: 0 });
    expect(out.at(-1)).toEqual({ type: "tip", id: 8, tip: { axisValue: "", items: [{ name: "China Mobile", value: 12 }] } });
    chart.proxy.setCursor!("pointer");
    expect(out.at(-1)).toEqual({ type: "cursor", id: 7, cursor: "pointer" });
  });

  it("resizes and disposes a chart by its id; a failing step is answered, not thrown", () => {
    start(1);
    start(2);
    handle({ type: "resize", id: 2, width: 640, height: 300 });
    expect(made[1].resize).toHaveBeenCalledWith({ width: 640, height: 300 });
    expect(made[0].resize).not.toHaveBeenCalled();
    handle({ type: "dispose", id: 1 });
    expect(made[0].disposed).toBe(true);
    // A chart gone hears nothing more.
    handle({ type: "resize", id: 1, width: 1, height: 1 });
    expect(made[0].resize).not.toHaveBeenCalled();
    made[1].setOption = () => {
      throw new Error("bad option");
    };
    handle({ type: "option", id: 2, option: {}, notMerge: true });
    expect(out.at(-1)).toEqual({ type: "failed", id: 2, message: "bad option" });
  });
});
