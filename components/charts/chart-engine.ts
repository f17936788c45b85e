import type { ECharts, EChartsOption } from "echarts";
import { connect, init, RENDERER, use as register } from "./echarts-core";
import { SERIES } from "./echarts-series";
import { COMPONENTS } from "./echarts-components";
import { revive } from "./chart-formatters";

/**
 * The console's charts, drawn off the page's main thread (issue 41, total blocking time): ECharts
 * runs in a worker (`engine-worker.ts`) on the canvases the page hands it. Its first drawing of a
 * chart — 0.15–0.3 s on the reference machine, whatever the data — held the page as one task; in the
 * worker the page stays free to scroll, type and click while charts draw. The page forwards the
 * pointer over a chart (`pointer`) and the engine answers what a user did or sees (`click`, `tip`,
 * `cursor`). The tooltip is drawn on the canvas (ECharts' rich-text mode, as there is no DOM here).
 */

export type PointerName = "mousemove" | "mousedown" | "mouseup" | "click" | "mouseout" | "mousewheel";

/** What the page asks of the engine; each names its chart by `id`. */
export type ToEngine =
  | { type: "init"; id: number; canvas: OffscreenCanvas; width: number; height: number; dpr: number; dark: boolean; group?: string }
  /** A whole option (a message: its formatters as stand-ins); the first given is the chart's first frame. */
  | { type: "option"; id: number; option: unknown; notMerge: boolean }
  | { type: "resize"; id: number; width: number; height: number }
  | { type: "pointer"; id: number; name: PointerName; x: number; y: number; wheelDelta?: number }
  | { type: "dispose"; id: number };

/** A click on a data item, or on a spot of the plot (`dataIndex` -1, `value` its axis coordinates); times as drawn. */
export type EngineClick = { seriesId?: string; seriesIndex?: number; dataIndex: number; value: unknown };
/** What the tooltip shows: the axis value (or the item's series) and a value per series. */
export type EngineTip = { axisValue: unknown; items: { name: string; value: unknown }[] };

/** What the engine tells the page. */
export type FromEngine =
  | { type: "click"; id: number; click: EngineClick }
  | { type: "tip"; id: number; tip: EngineTip | null }
  | { type: "cursor"; id: number; cursor: string }
  | { type: "failed"; id: number; message: string };

type Chart = { chart: ECharts; option: EChartsOption };
type Option = { series?: { name?: string; data?: unknown[] }[] | { name?: string; data?: unknown[] } };

register([RENDERER, ...Object.values(SERIES), ...Object.values(COMPONENTS)]);

/** A data item's value as the tooltip reads it: a time series' value is its second coordinate. */
function valueOf(item: unknown): unknown {
  const v = item && typeof item === "object" && !Array.isArray(item) ? (item as { value?: unknown }).value : item;
  return Array.isArray(v) ? v[v.length - 1] : v;
}

/** What a `showTip` shows, read from the option the chart was given (not `getOption()`, which copies all the data). */
function tipOf(option: EChartsOption, e: { dataByCoordSys?: { dataByAxis?: { value: unknown; seriesDataIndices: { seriesIndex: number; dataIndex: number }[] }[] }[]; seriesIndex?: number; dataIndex?: number }): EngineTip | null {
  const series = ([] as { name?: string; data?: unknown[] }[]).concat((option as Option).series ?? []);
  // A named data item (a pie's slice) is read by its own name, any other by its series'.
  const item = (seriesIndex: number, dataIndex: number) => {
    const d = series[seriesIndex]?.data?.[dataIndex];
    const own = d && typeof d === "object" && !Array.isArray(d) ? (d as { name?: unknown }).name : undefined;
    return { name: typeof own === "string" ? own : (series[seriesIndex]?.name ?? ""), value: valueOf(d) };
  };
  const axis = e.dataByCoordSys?.[0]?.dataByAxis?.[0];
  if (axis) return { axisValue: axis.value, items: axis.seriesDataIndices.map((s) => item(s.seriesIndex, s.dataIndex)) };
  if (e.seriesIndex === undefined || e.dataIndex === undefined) return null;
  return { axisValue: series[e.seriesIndex]?.name ?? "", items: [item(e.seriesIndex, e.dataIndex)] };
}

/** The engine: `handle` each message from the page; `post` carries the answers. */
export function chartEngine(post: (m: FromEngine) => void): (m: ToEngine) => void {
  const charts = new Map<number, Chart>();

  function start(m: Extract<ToEngine, { type: "init" }>) {
    const chart = init(m.canvas as unknown as HTMLCanvasElement, m.dark ? "dark" : undefined, { renderer: "canvas", width: m.width, height: m.height, devicePixelRatio: m.dpr });
    charts.set(m.id, { chart, option: {} });
    if (m.group) {
      chart.group = m.group;
      connect(m.group);
    }
    const zr = chart.getZr();
    // No DOM here to set a cursor on: the page sets it on the canvas (the handler's stand-in proxy asks for it).
    (zr.handler as unknown as { proxy: { setCursor?: (c: string) => void } }).proxy.setCursor = (cursor) => post({ type: "cursor", id: m.id, cursor: cursor || "default" });
    chart.on("click", (e) => post({ type: "click", id: m.id, click: { seriesId: e.seriesId ?? undefined, seriesIndex: e.seriesIndex, dataIndex: e.dataIndex, value: e.value } }));
    // A click anywhere on the plot (a dense line draws no symbols, and its stroke is no data
    // item) reports the axis coordinates of the spot, so the page can take the nearest sample.
    zr.on("click", (e) => {
      const at = [e.offsetX, e.offsetY];
      if (!chart.containPixel("grid", at)) return;
      const value = chart.convertFromPixel({ gridIndex: 0 }, at);
      if (Array.isArray(value)) post({ type: "click", id: m.id, click: { dataIndex: -1, value } });
    });
    chart.on("showTip", (e) => post({ type: "tip", id: m.id, tip: tipOf(charts.get(m.id)?.option ?? {}, e as Parameters<typeof tipOf>[1]) }));
    chart.on("hideTip", () => post({ type: "tip", id: m.id, tip: null }));
  }

  return (m) => {
    try {
      if (m.type === "init") return start(m);
      const entry = charts.get(m.id);
      if (!entry) return;
      const { chart } = entry;
      if (m.type === "option") {
        entry.option = revive(m.option) as EChartsOption;
        // The rich-text tooltip is drawn on the canvas: kept inside it.
        const tooltip = entry.option.tooltip;
        chart.setOption(tooltip && !Array.isArray(tooltip) ? { ...entry.option, tooltip: { confine: true, ...tooltip } } : entry.option, { notMerge: m.notMerge });
      } else if (m.type === "resize") chart.resize({ width: m.width, height: m.height });
      else if (m.type === "pointer")
        chart.getZr().handler.dispatch(m.name, {
          type: m.name,
          zrX: m.x,
          zrY: m.y,
          offsetX: m.x,
          offsetY: m.y,
          wheelDelta: m.wheelDelta ?? 0,
          zrDelta: (m.wheelDelta ?? 0) / 120,
          preventDefault() {},
          stopPropagation() {},
        });
      else if (m.type === "dispose") {
        chart.dispose();
        charts.delete(m.id);
      }
    } catch (e) {
      post({ type: "failed", id: m.id, message: e instanceof Error ? e.message : String(e) });
    }
  };
}
