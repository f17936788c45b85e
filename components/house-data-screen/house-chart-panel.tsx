"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { Panel, PanelNote, ScreenChart, SCREEN_TEXT } from "@/components/data-screen";
import type { PointSeries } from "@/lib/contract/scene/scene";
import { formatter } from "@/components/charts/chart-formatters";

type EChartsOption = import("echarts").EChartsOption;
const PALETTE = ["#38bdf8", "#facc15", "#4ade80", "#f472b6", "#a78bfa", "#fb923c", "#2dd4bf", "#f87171"];

/**
 * One line per point on a shared time axis (the analysis and the comparison alike), each unit on
 * its own value axis — the first two shown left and right, the rest scaled unseen — so a maturity
 * in °C·h does not flatten an angle in degrees.
 */
export function seriesOption(series: PointSeries[]): EChartsOption {
  const units = [...new Set(series.map((s) => s.unit ?? ""))];
  return {
    color: PALETTE,
    animation: false,
    grid: { left: 64, right: 64, top: 64, bottom: 32 },
    legend: { top: 0, textStyle: SCREEN_TEXT, type: "scroll", pageTextStyle: SCREEN_TEXT },
    tooltip: { trigger: "axis", valueFormatter: formatter("decimals", "-") },
    xAxis: { type: "time", axisLabel: { fontSize: 14, hideOverlap: true }, splitLine: { show: false } },
    yAxis: units.map((unit, i) => ({
      type: "value",
      scale: true,
      show: i < 2,
      position: i === 1 ? "right" : "left",
      name: unit,
      nameTextStyle: { fontSize: 14 },
      axisLabel: { fontSize: 14 },
      splitLine: { show: i === 0, lineStyle: { color: "rgba(56,189,248,0.12)" } },
    })),
    series: series.map((s) => ({ type: "line", name: `${s.deviceName} · ${s.name}${s.unit ? ` (${s.unit})` : ""}`, yAxisIndex: units.indexOf(s.unit ?? ""), showSymbol: false, lineStyle: { width: 2 }, data: s.points })),
  };
}

/** A chart block of the building screen: the given series, or a note saying why there are none. */
export function HouseChartPanel({ title, series, empty, extra, className, testId }: { title: string; series: PointSeries[] | undefined; empty: string; extra?: React.ReactNode; className?: string; testId: string }) {
  const t = useTranslations("scene.screen");
  const option = React.useMemo(() => (series ? seriesOption(series) : null), [series]);
  const hasData = !!series?.some((s) => s.points.length);
  return (
    <Panel title={title} className={className} extra={extra} testId={testId}>
      {series && series.length === 0 && <PanelNote>{empty}</PanelNote>}
      {series && series.length > 0 && !hasData && <PanelNote>{t("noData")}</PanelNote>}
      {option && hasData && <ScreenChart option={option} ariaLabel={title} testId={`${testId}-chart`} />}
    </Panel>
  );
}
