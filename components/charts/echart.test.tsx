// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup } from "@testing-library/react";
import type { EChartsOption } from "echarts";
import { renderIntl } from "@/tests/intl";
import { stubResizeObserver } from "@/tests/resize-observer";
import { EChart } from "./echart";

// A fake ECharts: what the charts were made with and given, in the order of the steps.
const lib = vi.hoisted(() => ({ steps: [] as string[], options: [] as { chart: number; option: unknown; opts: unknown }[] }));
vi.mock("./echarts-lib", () => ({
  loadECharts: async () => ({ connect: () => undefined, init }),
}));
function init() {
  const chart = lib.steps.filter((s) => s.startsWith("init")).length;
  lib.steps.push(`init ${chart}`);
  return {
    on: () => undefined,
    getZr: () => ({ on: () => undefined }),
    // The size the chart was made at: its box's (jsdom lays nothing out: 0 × 0).
    getWidth: () => 0,
    getHeight: () => 0,
    resize: () => lib.steps.push(`resize ${chart}`),
    dispose: () => lib.steps.push(`dispose ${chart}`),
    setOption: (option: unknown, opts: unknown) => {
      lib.steps.push(`option ${chart}`);
      lib.options.push({ chart, option, opts });
    },
  };
}

// The tasks the charts ask for, run one at a time by the test.
let tasks: (() => void)[] = [];
let observer: ReturnType<typeof stubResizeObserver>;
beforeEach(async () => {
  // Loaded once before the timers are taken over: the charts' imports of it then settle at once.
  await import("./echarts-lib");
  tasks = [];
  vi.stubGlobal("setTimeout", (fn: () => void) => tasks.push(fn));
  observer = stubResizeObserver();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  lib.steps = [];
  lib.options = [];
});

const line = (data: number[]): EChartsOption => ({ series: [{ type: "line", data }] });
const show = (ui: React.ReactNode) => renderIntl(ui, { timeZone: "Asia/Shanghai" });
/** Everything but tasks: the library's import and the promises between steps. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};
/** Lets the library's import settle, then runs the next task asked for (one step of one chart). */
const nextTask = () =>
  act(async () => {
    await settle();
    tasks.shift()?.();
    await settle();
  });

describe("EChart starting in turns", () => {
  it("makes the chart, then gives it its option, each in a task of its own: never in the render's task", async () => {
    const option = line([1, 2]);
    show(<EChart option={option} />);
    // Nothing in the render's own task.
    expect(lib.steps).toEqual([]);
    await nextTask();
    expect(lib.steps).toEqual(["init 0"]);
    await nextTask();
    expect(lib.steps).toEqual(["init 0", "option 0"]);
    // The first frame is drawn on the next animation frame, not in this task; the option is the chart's own.
    expect(lib.options[0].opts).toEqual({ lazyUpdate: true });
    expect((lib.options[0].option as EChartsOption).series).toEqual(option.series);
  });

  it("a chart whose option changes before its turn is given the newest option, once", async () => {
    const first = line([1]);
    const newest = line([1, 2, 3]);
    const view = show(<EChart option={first} />);
    view.rerender(<EChart option={newest} />);
    for (let i = 0; i < 3; i++) await nextTask();
    expect(lib.options).toHaveLength(1);
    expect((lib.options[0].option as EChartsOption).series).toEqual(newest.series);
    // A later change replaces the option in a task of its own (drawn on the next frame), the newest once.
    view.rerender(<EChart option={first} />);
    view.rerender(<EChart option={line([4])} />);
    expect(lib.options).toHaveLength(1);
    await nextTask();
    await nextTask();
    expect(lib.options).toHaveLength(2);
    expect(lib.options[1].opts).toEqual({ notMerge: true, lazyUpdate: true });
    expect((lib.options[1].option as EChartsOption).series).toEqual(line([4]).series);
  });

  it("a chart gone before its turn is never made", async () => {
    const view = show(<EChart option={line([1])} />);
    view.unmount();
    for (let i = 0; i < 3; i++) await nextTask();
    expect(lib.steps).toEqual([]);
  });

  it("a time chart does not animate unless its option says so; other charts keep ECharts' animation", async () => {
    const timed: EChartsOption = { xAxis: { type: "time" }, series: [{ type: "line", data: [[Date.UTC(2026, 0, 1), 1]] }] };
    const view = show(<EChart option={timed} />);
    for (let i = 0; i < 2; i++) await nextTask();
    expect((lib.options[0].option as EChartsOption).animation).toBe(false);
    view.rerender(<EChart option={{ ...timed, animation: true }} />);
    await nextTask();
    expect((lib.options[1].option as EChartsOption).animation).toBe(true);
    view.unmount();
    show(<EChart option={line([1, 2])} />);
    for (let i = 0; i < 2; i++) await nextTask();
    expect((lib.options[2].option as EChartsOption).animation).toBeUndefined();
  });

  it("the observer's first report, at the size the chart was made at, lays nothing out again; a change of size does", async () => {
    show(<EChart option={line([1, 2])} />);
    for (let i = 0; i < 2; i++) await nextTask();
    await observer.layOut();
    expect(lib.steps).toEqual(["init 0", "option 0"]);
    const box = observer.observed[0];
    Object.defineProperty(box, "clientWidth", { configurable: true, value: 640 });
    await observer.resized(box);
    expect(lib.steps).toEqual(["init 0", "option 0", "resize 0"]);
  });
});
