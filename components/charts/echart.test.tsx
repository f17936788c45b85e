// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import type { EChartsOption } from "echarts";
import { renderIntl } from "@/tests/intl";
import { stubResizeObserver } from "@/tests/resize-observer";
import type { FromEngine, ToEngine } from "./chart-engine";
import { FORMATTER, formatter } from "./chart-formatters";
import { EChart } from "./echart";

// The chart worker, faked: what the page asked of it, and a way to answer. The page keeps one worker for all its charts.
const posted: ToEngine[] = [];
class FakeWorker {
  static instance: FakeWorker;
  onmessage: ((e: { data: FromEngine }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: URL) {
    FakeWorker.instance = this;
  }
  postMessage(m: ToEngine) {
    posted.push(m);
  }
}
const answer = (m: FromEngine) => act(() => FakeWorker.instance.onmessage?.({ data: m }));
/** The messages of one kind, the canvas left out (a stand-in in jsdom). */
const sent = <T extends ToEngine["type"]>(type: T) => posted.filter((m): m is Extract<ToEngine, { type: T }> => m.type === type);

let observer: ReturnType<typeof stubResizeObserver>;
beforeEach(() => {
  posted.length = 0;
  vi.stubGlobal("Worker", FakeWorker);
  // jsdom cannot tell what is in view: a chart starts at once.
  vi.stubGlobal("IntersectionObserver", undefined);
  Object.defineProperty(HTMLCanvasElement.prototype, "transferControlToOffscreen", { configurable: true, value: () => ({ offscreen: true }) });
  observer = stubResizeObserver();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (HTMLCanvasElement.prototype as { transferControlToOffscreen?: unknown }).transferControlToOffscreen;
});

const show = (ui: React.ReactNode) => renderIntl(ui, { timeZone: "Asia/Shanghai" });
const line = (data: number[]): EChartsOption => ({ tooltip: { valueFormatter: formatter("decimals") }, series: [{ type: "line", name: "s", data }] });

describe("EChart, drawn in the chart worker", () => {
  it("hands its canvas to the worker and gives the option there: the page never runs ECharts", () => {
    const view = show(<EChart option={line([1, 2])} testId="c" />);
    expect(String(FakeWorker.instance.url)).toMatch(/engine-worker\.ts/);
    const [init] = sent("init");
    expect(init).toMatchObject({ canvas: { offscreen: true }, width: 0, height: 0, dark: false });
    expect(init.group).toBeUndefined();
    expect(view.container.querySelector("canvas")).not.toBeNull();
    const [first] = sent("option");
    expect(first.id).toBe(init.id);
    expect(first.notMerge).toBe(false);
    // The formatter crosses as its name; the page's primary colour comes first in the palette.
    const option = first.option as EChartsOption & { tooltip: Record<string, unknown> };
    expect(option.tooltip.valueFormatter).toEqual({ [FORMATTER]: "decimals", args: [] });
    expect((option.color as string[])[0]).toBe("#409eff");
    expect(option.series).toEqual(line([1, 2]).series);
  });

  it("a new option replaces the chart's; a chart gone is disposed and its canvas taken away", () => {
    const view = show(<EChart option={line([1])} />);
    view.rerender(<EChart option={line([1, 2, 3])} />);
    const options = sent("option");
    expect(options.map((o) => o.notMerge)).toEqual([false, true]);
    expect((options[1].option as EChartsOption).series).toEqual(line([1, 2, 3]).series);
    const { id } = sent("init")[0];
    view.unmount();
    expect(sent("dispose")).toEqual([{ type: "dispose", id }]);
    expect(document.querySelector("canvas")).toBeNull();
  });

  it("a time chart joins the screen's group and does not animate; its click and tooltip read the tenant's clock", async () => {
    const at = Date.UTC(2026, 0, 1, 0, 0, 0);
    const clicks: unknown[] = [];
    show(<EChart option={{ xAxis: { type: "time" }, series: [{ type: "line", name: "s", data: [[at, 1.23456]] }] }} onItemClick={(c) => clicks.push(c)} />);
    const [init] = sent("init");
    expect(init.group).toBe("time-charts");
    const option = sent("option")[0].option as EChartsOption & { series: { data: number[][] }[] };
    expect(option.animation).toBe(false);
    // Drawn in the zone's wall clock (UTC+8); a click answers the real instant.
    const drawn = option.series[0].data[0][0];
    expect(drawn).toBe(at + 8 * 3600_000);
    await answer({ type: "click", id: init.id, click: { dataIndex: -1, value: [drawn, 1] } });
    expect(clicks).toEqual([{ dataIndex: -1, value: [at, 1] }]);
    await answer({ type: "tip", id: init.id, tip: { axisValue: drawn, items: [{ name: "s", value: 1.23456 }] } });
    expect(screen.getByTestId("chart-tip").textContent).toBe("2026-01-01 08:00:00 · s 1.235");
    await answer({ type: "tip", id: init.id, tip: null });
    expect(screen.getByTestId("chart-tip").textContent).toBe("");
  });

  it("the pointer over the chart reaches the worker by ECharts' names; the worker sets the cursor", async () => {
    const view = show(<EChart option={line([1, 2])} />);
    const canvas = view.container.querySelector("canvas")!;
    fireEvent(canvas, new MouseEvent("pointermove"));
    fireEvent.click(canvas);
    fireEvent(canvas, new MouseEvent("pointerleave"));
    // A second finger is not a second pointer of the chart.
    const second = new MouseEvent("pointermove");
    Object.defineProperty(second, "isPrimary", { value: false });
    fireEvent(canvas, second);
    // A click is one whatever its event says of the pointer (Chromium's click need not be the primary pointer's).
    const click = new MouseEvent("click");
    Object.defineProperty(click, "isPrimary", { value: false });
    fireEvent(canvas, click);
    expect(sent("pointer").map((p) => p.name)).toEqual(["mousemove", "click", "mouseout", "click"]);
    await answer({ type: "cursor", id: sent("init")[0].id, cursor: "pointer" });
    expect(canvas.style.cursor).toBe("pointer");
  });

  it("the observer's first report, at the size the chart was made at, lays nothing out again; a change of size does", async () => {
    show(<EChart option={line([1, 2])} />);
    await observer.layOut();
    expect(sent("resize")).toEqual([]);
    const box = observer.observed[0];
    Object.defineProperty(box, "clientWidth", { configurable: true, value: 640 });
    await observer.resized(box);
    expect(sent("resize")).toMatchObject([{ width: 640, height: 0 }]);
  });

  it("says it failed when the worker does, or when its option holds a function no formatter made", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    show(<EChart option={{ series: [{ type: "line", data: [1] }], tooltip: { formatter: () => "x" } }} testId="bad" />);
    expect(sent("option")).toEqual([]);
    expect(screen.getByTestId("bad").textContent).toMatch(/Failed|失败/);
    cleanup();
    show(<EChart option={line([1])} testId="good" />);
    await answer({ type: "failed", id: sent("init").at(-1)!.id, message: "boom" });
    expect(screen.getByTestId("good").textContent).toMatch(/Failed|失败/);
  });
});
