import type { AlarmLine, TimePoint } from "@/lib/contract/monitoring/compute";
import { RADAR } from "@/lib/contract/monitoring/compute";
import { formatter, yLabel } from "@/components/charts/chart-formatters";
/** ECharts is loaded only when a chart mounts (the kit's LazyChart): its option type is named, never imported. */
type EChartsOption = import("echarts").EChartsOption;

/** Chart defaults (widgets §9): y labels with at most 3 decimals (`yLabel`), x labels at most 6 characters. */
export { Y_DECIMALS, yLabel } from "@/components/charts/chart-formatters";
export const X_LABEL_MAX = 6;
/** Axis padding around alarm lines (widgets §9), so a line outside the data stays in view. */
export const ALARM_PADDING = 1;

/**
 * The time charts' plot keeps its fixed margins, which hold their labels (x ≤ 6 characters, y ≤ 3
 * decimals): ECharts 6 would otherwise lay every axis out twice, once to estimate whether a label
 * overflows the canvas — a quarter of a month chart's first frame (issue 41, blocking time).
 */
const FIXED_GRID = { outerBoundsMode: "none" } as const;

/** Chart defaults (widgets §9): the zoom window first shows 25 points (32 of a bar chart) — the newest (issue 40). */
export const ZOOM_LAST_INDEX = { line: 24, bar: 31 } as const;

/**
 * The first zoom window of a time chart: the newest 25 points (32 for bars) of its longest series,
 * up to the newest point of any series, by time, so every series is cut at the same moment and the
 * chart opens on today, not on the range's first day. The slider still zooms out to the whole
 * range, where nothing is filtered or sampled away (a spike stays drawn).
 */
export function defaultZoom(series: readonly { data: readonly (readonly [number, unknown])[]; bar?: boolean }[]): { startValue?: number; endValue?: number } {
  const longest = series.reduce<(typeof series)[number] | null>((a, b) => (!a || b.data.length > a.data.length ? b : a), null);
  const last = ZOOM_LAST_INDEX[longest?.bar ? "bar" : "line"];
  if (!longest || longest.data.length <= last + 1) return {};
  const newest = Math.max(...series.map((s) => (s.data.length ? s.data[s.data.length - 1][0] : -Infinity)));
  return { startValue: longest.data[longest.data.length - 1 - last][0], endValue: newest };
}

export type ChartSeries = { id: string; name: string; unit: string; data: TimePoint[]; bar?: boolean };

/** The y range that holds the data and every alarm line, padded. */
export function yBounds(series: readonly ChartSeries[], lines: readonly AlarmLine[]): { min: number; max: number } | null {
  if (!lines.length) return null;
  const values = [...series.flatMap((s) => s.data.map((p) => p[1])), ...lines.map((l) => l.value)];
  return { min: Math.floor(Math.min(...values) - ALARM_PADDING), max: Math.ceil(Math.max(...values) + ALARM_PADDING) };
}

/**
 * Time axis labels by tick level (ECharts picks the level from the zoom): none longer than six
 * characters — `2026`, `11-26`, `08:00`. A tick within a minute has no room for its seconds and
 * goes unlabelled: as `HH:mm` it repeated its minute (a device's first minute showed six `07:29`),
 * and so did the axis' two ends, which ECharts 6 ticks at the data's first and last instants.
 */
export const TIME_LABELS = { year: "{yyyy}", month: "{MM}-{dd}", day: "{MM}-{dd}", hour: "{HH}:{mm}", minute: "{HH}:{mm}", second: "", millisecond: "", none: "{MM}-{dd}" };

/** The time charts' x axis. */
const TIME_AXIS = { type: "time", axisLabel: { formatter: TIME_LABELS, hideOverlap: true } } as const;

/** Dashed threshold lines in their levels' colours, each labelled with its name and value (a series' `markLine`). */
export function alarmMarkLine(lines: readonly AlarmLine[]) {
  return {
    symbol: "none" as const,
    silent: true,
    data: lines.map((l) => ({ yAxis: l.value, name: l.label, lineStyle: { color: l.color, type: "dashed" as const, width: 1.5 }, label: { formatter: `${l.label} ${yLabel(l.value)}`, color: l.color, position: "insideEndTop" as const } })),
  };
}

/**
 * A time line (or bar) chart of several series, with dashed alarm lines on the first series, a
 * zoom slider, and a tooltip with units. Dark mode and the primary colour come from the EChart
 * wrapper.
 */
export function lineOption(series: readonly ChartSeries[], opts: { alarmLines?: readonly AlarmLine[]; selected?: Record<string, boolean> } = {}): EChartsOption {
  const lines = opts.alarmLines ?? [];
  const bounds = yBounds(series, lines);
  const units = new Map(series.map((s) => [s.id, s.unit]));
  const zoom = defaultZoom(series);
  return {
    animation: false,
    grid: { left: 56, right: 24, top: 40, bottom: 64, ...FIXED_GRID },
    // One series: its name is the chart's title already.
    legend: series.length > 1 ? { top: 4, type: "scroll", selected: opts.selected } : { show: false },
    tooltip: {
      trigger: "axis",
      valueFormatter: formatter("decimals"),
    },
    xAxis: TIME_AXIS,
    yAxis: { type: "value", scale: true, ...(bounds ?? {}), axisLabel: { formatter: formatter("decimals") } },
    dataZoom: [
      { type: "inside", filterMode: "none", ...zoom },
      { type: "slider", height: 18, bottom: 8, filterMode: "none", ...zoom },
    ],
    series: series.map((s, i) => ({
      id: s.id,
      name: s.unit ? `${s.name} (${units.get(s.id)})` : s.name,
      type: s.bar ? "bar" : "line",
      showSymbol: s.data.length <= 60,
      symbolSize: 5,
      // Many points: draw them all (no sampling of our own min/max pairs), quickly.
      large: s.data.length > 2000,
      data: s.data,
      ...(i === 0 && lines.length ? { markLine: alarmMarkLine(lines) } : {}),
    })),
  };
}

/** Wind direction as arrows over time (widgets §5 weather): each arrow points where the wind blows to. */
export function windOption(name: string, data: readonly TimePoint[]): EChartsOption {
  const zoom = defaultZoom([{ data }]);
  return {
    animation: false,
    grid: { left: 56, right: 24, top: 24, bottom: 64, ...FIXED_GRID },
    tooltip: { trigger: "item", formatter: formatter("windTip", name) },
    xAxis: TIME_AXIS,
    yAxis: { type: "value", min: 0, max: 360, interval: 90, axisLabel: { formatter: formatter("compass") } },
    dataZoom: [
      { type: "inside", ...zoom },
      { type: "slider", height: 18, bottom: 8, ...zoom },
    ],
    series: [
      {
        id: "windDirection",
        name,
        type: "scatter",
        symbol: "arrow",
        symbolSize: 12,
        // The arrow symbol points up (north); ECharts rotates counter-clockwise.
        data: data.map(([t, v]) => ({ value: [t, v], symbolRotate: -(v + 180) })),
      },
    ],
  };
}

/**
 * The light-spot radar (widgets §5, §9): the spot's X/Y in mm on a polar chart, radius 0–16 with
 * the warning circle at 10; a spot beyond is drawn at the edge (already capped by `lightSpot`).
 */
export function radarOption(spot: { plotted: [number, number]; out: boolean; x: number; y: number }, labels: { spot: string; warn: string }): EChartsOption {
  const [px, py] = spot.plotted;
  const r = Math.min(RADAR.max, Math.hypot(px, py));
  const angle = ((Math.atan2(py, px) * 180) / Math.PI + 360) % 360;
  const circle = (radius: number) => Array.from({ length: 73 }, (_, i) => [radius, i * 5]);
  return {
    animation: false,
    polar: { radius: "80%" },
    angleAxis: { type: "value", min: 0, max: 360, startAngle: 0, clockwise: false, interval: 90, axisLabel: { formatter: formatter("quadrant") } },
    radiusAxis: { min: 0, max: RADAR.max, interval: 4, axisLabel: { formatter: "{value}" } },
    tooltip: { trigger: "item", formatter: labels.spot },
    series: [
      { type: "line", coordinateSystem: "polar", data: circle(RADAR.warn), showSymbol: false, silent: true, lineStyle: { color: "#FF4400", type: "dashed", width: 1 }, name: labels.warn },
      { type: "scatter", coordinateSystem: "polar", data: [[r, angle]], symbolSize: 14, itemStyle: { color: spot.out ? "#FF4400" : undefined }, name: labels.spot },
    ],
  };
}

/** The time of the sample nearest to a clicked time (the click may fall between samples). */
export function nearestTime(data: readonly TimePoint[], time: number): number | null {
  let best: number | null = null;
  for (const [t] of data) if (best === null || Math.abs(t - time) < Math.abs(best - time)) best = t;
  return best;
}

/** A profile curve; `picked` is the one whose depths the table below shows, drawn bolder. */
export type ProfileCurveSeries = { name: string; points: readonly { depth: number; value: number }[]; picked?: boolean };

/**
 * The deep-displacement profile (inclinometer): one curve per time, cumulative displacement on x,
 * depth on y growing downwards from the orifice, so the chart reads like the hole.
 */
export function profileOption(curves: readonly ProfileCurveSeries[], labels: { depth: string; displacement: string }): EChartsOption {
  const deepest = Math.max(0, ...curves.flatMap((c) => c.points.map((p) => p.depth)));
  return {
    animation: false,
    grid: { left: 56, right: 32, top: 60, bottom: 40 },
    legend: { top: 4, type: "scroll" },
    tooltip: {
      trigger: "item",
      formatter: formatter("profileTip", labels.depth, labels.displacement),
    },
    xAxis: { type: "value", name: labels.displacement, nameLocation: "middle", nameGap: 26, scale: true, axisLabel: { formatter: formatter("decimals") } },
    // Inverted: the axis's start is its top, where the name belongs.
    yAxis: { type: "value", name: labels.depth, nameLocation: "start", inverse: true, min: 0, max: Math.ceil(deepest), axisLabel: { formatter: formatter("decimals") } },
    series: curves.map((c) => ({
      name: c.name,
      type: "line",
      showSymbol: c.points.length <= 80,
      symbolSize: c.picked ? 6 : 4,
      lineStyle: { width: c.picked ? 4 : 2 },
      z: c.picked ? 3 : 2,
      data: c.points.map((p) => [p.value, p.depth]),
    })),
  };
}
