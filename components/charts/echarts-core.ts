import { CanvasRenderer } from "echarts/renderers";

/** ECharts' core (zrender, the chart and option model) and the canvas renderer, as the chart worker (`chart-engine`) draws with them. */
export { connect, init, use } from "echarts/core";
export const RENDERER = CanvasRenderer;
