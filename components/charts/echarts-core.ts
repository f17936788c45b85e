import { CanvasRenderer } from "echarts/renderers";

/** ECharts' core (zrender, the chart and option model) and the canvas renderer: the first part `echarts-lib` evaluates. */
export { connect, init, use } from "echarts/core";
export const RENDERER = CanvasRenderer;
