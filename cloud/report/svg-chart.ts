import * as echarts from "echarts";

/** One server-side ECharts instance per size, reused for every chart of that size. */
const charts = new Map<string, echarts.ECharts>();

/**
 * A chart drawn by ECharts on the server as SVG (no browser, nothing to wait for). The instance of
 * its size is reused (its option replaced whole): a new one per chart made a 200-point report's
 * HTML a third slower and left more garbage behind. Synchronous, so no two charts share it at once;
 * between charts the instance sleeps (no timer).
 */
export function svgChart(width: number, height: number, option: echarts.EChartsCoreOption): string {
  const key = `${width}x${height}`;
  let chart = charts.get(key);
  if (!chart) charts.set(key, (chart = echarts.init(null, null, { renderer: "svg", ssr: true, width, height })));
  try {
    chart.setOption(option, true);
    return chart.renderToSVGString();
  } finally {
    // setOption wakes zrender's frame loop (a 16 ms timer, even with `ssr` and no animation), which
    // runs until the instance is disposed: kept, it ticked forever and held the process open.
    chart.getZr().animation.stop();
  }
}
