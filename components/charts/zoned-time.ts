import { zoneOffset } from "@/lib/time-zone";

type EChartsOption = import("echarts").EChartsOption;
type Obj = Record<string, unknown>;

const list = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : v ? [v as Obj] : []);

/** Whether the chart's (first) x axis is a time axis: only then are its times moved into the zone. */
export const hasTimeAxis = (option: EChartsOption) => list(option.xAxis).some((a) => a.type === "time");

/**
 * ECharts draws times in the browser's zone or in UTC, never in another. A time chart is drawn in
 * UTC with every time moved by the tenant zone's offset at that time, so ticks fall on the zone's
 * midnights and hours and the axis, the tooltip and the zoom read the zone's wall clock — the same
 * times the tables beside the chart show, whatever the browser's zone.
 */
export function zonedTimeOption(option: EChartsOption, zone: string): EChartsOption {
  if (!hasTimeAxis(option)) return option;
  const shift = (t: unknown) => (typeof t === "number" ? t + zoneOffset(t, zone) : t);
  const point = (p: unknown): unknown => {
    if (Array.isArray(p)) {
      const moved = p.slice();
      moved[0] = shift(p[0]);
      return moved;
    }
    if (p && typeof p === "object" && Array.isArray((p as Obj).value)) return { ...(p as Obj), value: point((p as Obj).value) };
    return p;
  };
  const mark = (m: unknown): unknown => {
    if (Array.isArray(m)) return m.map(mark);
    if (!m || typeof m !== "object") return m;
    const o = { ...(m as Obj) };
    if ("xAxis" in o) o.xAxis = shift(o.xAxis);
    if (Array.isArray(o.coord)) o.coord = point(o.coord);
    return o;
  };
  const series = list(option.series).map((s) => {
    const out: Obj = { ...s };
    if (Array.isArray(s.data)) out.data = s.data.map(point);
    for (const k of ["markLine", "markArea", "markPoint"] as const) {
      const m = s[k] as Obj | undefined;
      if (m && Array.isArray(m.data)) out[k] = { ...m, data: m.data.map(mark) };
    }
    return out;
  });
  const dataZoom = list(option.dataZoom).map((z) => ({ ...z, startValue: shift(z.startValue), endValue: shift(z.endValue) }));
  return { ...option, useUTC: true, series: series as EChartsOption["series"], ...(option.dataZoom ? { dataZoom: dataZoom as EChartsOption["dataZoom"] } : {}) };
}

/** A drawn (moved) time back to the instant it stands for. */
export function unzonedTime(drawn: number, zone: string): number {
  const guess = drawn - zoneOffset(drawn, zone);
  return drawn - zoneOffset(guess, zone);
}
