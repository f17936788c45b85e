import type { HomeSummary } from "@/lib/contract/home";

type EChartsOption = import("echarts").EChartsOption;

/** "MM-DD" of a "YYYY-MM-DD" day, as the axis has room for. */
const shortDay = (day: string, locale: string) => (locale === "en" ? `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}` : day.slice(5));

/**
 * The home's 7-day chart: alarms raised as bars on the left axis, values received as a line on the
 * right one (their sizes differ by orders of magnitude, so each keeps its own scale).
 */
export function trendOption(days: HomeSummary["days"], names: { alarms: string; values: string }, locale: string): EChartsOption {
  return {
    tooltip: { trigger: "axis" },
    legend: { top: 0 },
    grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: "category", data: days.map((d) => shortDay(d.day, locale)) },
    yAxis: [
      { type: "value", minInterval: 1, name: names.alarms, nameTextStyle: { align: "left" } },
      { type: "value", minInterval: 1, name: names.values, nameTextStyle: { align: "right" }, splitLine: { show: false } },
    ],
    series: [
      { name: names.alarms, type: "bar", barMaxWidth: 28, yAxisIndex: 0, itemStyle: { color: "#ee6666" }, data: days.map((d) => d.alarms) },
      { name: names.values, type: "line", smooth: true, yAxisIndex: 1, areaStyle: { opacity: 0.12 }, data: days.map((d) => d.values) },
    ],
  };
}
