import type { DataAnalysis, LevelRef } from "@/lib/contract/screen/monitor-screen";

type EChartsOption = import("echarts").EChartsOption;

/** Colours for what has none of its own (an alarm without a level, products). */
export const SCREEN_COLORS = ["#38bdf8", "#34d399", "#fbbf24", "#f472b6", "#a78bfa", "#fb923c", "#22d3ee", "#a3e635", "#f87171", "#94a3b8"];
const AXIS = { axisLine: { lineStyle: { color: "#2b4a6f" } }, axisLabel: { color: "#9fc3ea", fontSize: 15 }, splitLine: { lineStyle: { color: "#16304f" } } } as const;
const TOOLTIP = { backgroundColor: "#0b1f3a", borderColor: "#2b6cb0", textStyle: { color: "#e2efff", fontSize: 15 } } as const;

/** What the screen's bar charts share: the axis tooltip over a shadow, the legend on top. */
const BARS = { tooltip: { trigger: "axis", axisPointer: { type: "shadow" }, ...TOOLTIP }, legend: { top: 0, textStyle: { color: "#cfe3ff", fontSize: 15 } } } as const;

/** Horizontal bars, a row per category (given bottom-up), counts along x, the names cut at `labelWidth`. */
function horizontalBars(categories: string[], layout: { right: number; top: number; labelWidth: number }, series: EChartsOption["series"]): EChartsOption {
  return {
    ...BARS,
    grid: { left: 12, right: layout.right, top: layout.top, bottom: 8, containLabel: true },
    xAxis: { type: "value", minInterval: 1, ...AXIS },
    yAxis: { type: "category", data: categories, ...AXIS, axisLabel: { ...AXIS.axisLabel, width: layout.labelWidth, overflow: "truncate" } },
    series,
  };
}

/** A level's label: the tenant's name, else "level n", else "no level". */
export function levelLabel(l: LevelRef, t: (key: "levelN" | "noLevel", values?: { n: number }) => string): string {
  return l.levelName ?? (l.levelNum === null ? t("noLevel") : t("levelN", { n: l.levelNum }));
}
const colorOf = (l: LevelRef, i: number) => l.color ?? SCREEN_COLORS[(i + 5) % SCREEN_COLORS.length];

/** Open alarms per level: a ring with the total in the middle. */
export function levelRing(levels: DataAnalysis["levels"], label: (l: LevelRef) => string, totalLabel: string): EChartsOption {
  const total = levels.reduce((n, l) => n + l.open, 0);
  return {
    tooltip: { trigger: "item", ...TOOLTIP },
    legend: { orient: "vertical", right: 8, top: "middle", textStyle: { color: "#cfe3ff", fontSize: 16 }, itemGap: 14 },
    title: { text: String(total), subtext: totalLabel, left: "31%", top: "38%", textAlign: "center", textStyle: { color: "#f8fafc", fontSize: 36, fontWeight: "bold" }, subtextStyle: { color: "#9fc3ea", fontSize: 15 } },
    series: [
      {
        type: "pie",
        radius: ["52%", "76%"],
        center: ["32%", "50%"],
        avoidLabelOverlap: true,
        label: { show: false },
        itemStyle: { borderColor: "#071a33", borderWidth: 3 },
        data: levels.map((l, i) => ({ name: label(l), value: l.open, itemStyle: { color: colorOf(l, i) } })),
      },
    ],
  };
}

/** Alarms raised per day and level: stacked bars, the days as MM-DD. */
export function trendBars(trend: DataAnalysis["trend"], label: (l: LevelRef) => string): EChartsOption {
  return {
    ...BARS,
    grid: { left: 44, right: 16, top: 40, bottom: 28 },
    xAxis: { type: "category", data: trend.days.map((d) => d.slice(5)), ...AXIS, axisLabel: { ...AXIS.axisLabel, fontSize: 13 } },
    yAxis: { type: "value", minInterval: 1, ...AXIS },
    series: trend.series.map((s, i) => ({ type: "bar", stack: "alarms", name: label(s), data: s.counts, itemStyle: { color: colorOf(s, i) }, barMaxWidth: 18 })),
  };
}

/** Devices per product, most at the top: online and the rest stacked, the largest `max` and the others summed. */
export function typeBars(types: DataAnalysis["deviceTypes"], names: { online: string; other: string; others: string }, max = 14): EChartsOption {
  // "Others" only when it stands for two or more products.
  const head = types.length > max + 1 ? types.slice(0, max) : types;
  const tail = types.slice(head.length);
  const rows = [...head, ...(tail.length ? [{ name: names.others, count: tail.reduce((n, t) => n + t.count, 0), online: tail.reduce((n, t) => n + t.online, 0) }] : [])].reverse();
  const bar = { type: "bar", stack: "devices", barMaxWidth: 18 } as const;
  return horizontalBars(rows.map((r) => r.name), { right: 36, top: 36, labelWidth: 170 }, [
    { ...bar, name: names.online, data: rows.map((r) => r.online), itemStyle: { color: "#34d399" } },
    { ...bar, name: names.other, data: rows.map((r) => ({ value: r.count - r.online, label: { formatter: String(r.count) } })), itemStyle: { color: "#64748b", borderRadius: [0, 4, 4, 0] }, label: { show: true, position: "right", color: "#e2efff", fontSize: 14 } },
  ]);
}

/** Projects by alarms in the trend's days: horizontal bars, most at the top, open alarms beside. */
export function rankingBars(ranking: DataAnalysis["ranking"], names: { alarms: string; open: string }, max = 10): EChartsOption {
  const rows = ranking.slice(0, max).reverse();
  return horizontalBars(rows.map((r) => r.prjName), { right: 48, top: 40, labelWidth: 260 }, [
    { type: "bar", name: names.alarms, data: rows.map((r) => r.alarms), barMaxWidth: 20, itemStyle: { color: "#38bdf8", borderRadius: [0, 4, 4, 0] }, label: { show: true, position: "right", color: "#e2efff", fontSize: 15 } },
    { type: "bar", name: names.open, data: rows.map((r) => r.alarmOpen), barMaxWidth: 20, itemStyle: { color: "#f97316", borderRadius: [0, 4, 4, 0] }, label: { show: true, position: "right", color: "#e2efff", fontSize: 15 } },
  ]);
}
