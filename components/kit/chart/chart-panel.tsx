"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useDict } from "../dict/use-dict";
import { SelectField } from "../form/select-field";
import { LoadError } from "../load-error";
import type { DictRef } from "../resource/define-resource";
import type { QuickRange } from "../resource/search-rules";
import { QuickRanges } from "../search/quick-ranges";

import { LazyChart, preloadChart } from "./lazy-chart";
import { DayInputs, TimeBar, ZoneName } from "./time-bar";
import type { DayRange } from "./time-range";
import type { ChartTimeState } from "./use-chart-time";

// The chart component (and with it ECharts) loads when a panel first has something to draw.
type EChartsOption = import("echarts").EChartsOption;
type ChartClick = import("@/components/charts/echart").ChartClick;

export type { DayRange };

export type ChartSelect = {
  key: string;
  label: string;
  /** Options: a dictionary name or an inline list (query type, value type…). */
  dict: DictRef;
  value: string | number | null;
  onChange: (value: string | number | null) => void;
};

export type ChartPanelProps = {
  title: React.ReactNode;
  /** Whole days only, with the search bar's quick ranges (ending on the tenant's today): charts by day. */
  range?: { value: DayRange; onChange: (range: DayRange) => void; quick?: QuickRange[] };
  /** A time chart's time (`useChartTime`): spans ending now, days, the zone and auto-refresh. */
  time?: ChartTimeState;
  selects?: ChartSelect[];
  /** Buttons at the right of the header (export…). */
  toolbar?: React.ReactNode;
  loading?: boolean;
  error?: boolean;
  onRetry?: () => void;
  /** Nothing to draw (shown instead of an empty chart). */
  empty?: boolean;
  /** The chart; or `children` for another body. */
  option?: EChartsOption;
  children?: React.ReactNode;
  height?: number;
  /** Accessible name of the chart (default the title when it is text). */
  ariaLabel?: string;
  testId?: string;
  /** A click on a data item of the chart (a curve's point, a bar). */
  onItemClick?: (e: ChartClick) => void;
};

function PanelSelect({ select }: { select: ChartSelect }) {
  const options = useDict(select.dict);
  return (
    <label className="flex items-center gap-1.5 text-sm">
      <span className="whitespace-nowrap text-muted-foreground">{select.label}</span>
      <SelectField id={`chart-${select.key}`} className="h-8 w-auto min-w-36 max-w-72" options={options} value={select.value ?? ""} onChange={(v) => select.onChange(v === "" ? null : v)} clearable={false} />
    </label>
  );
}

/**
 * The frame of a monitoring chart: title, time range with quick ranges, query / value type
 * selects, a toolbar, and loading / error / empty states around the body, where an ECharts chart
 * mounts lazily (no ECharts in the first load of a page).
 */
export function ChartPanel({ title, range, time, selects, toolbar, loading, error, onRetry, empty, option, children, height = 320, ariaLabel, testId, onItemClick }: ChartPanelProps) {
  const tk = useTranslations("kit");
  // The chart's code and ECharts load beside the panel's data, not after it.
  React.useEffect(() => preloadChart(), []);
  const box = { height };
  const body = loading ? (
    <Skeleton style={box} data-testid="chart-loading" />
  ) : error ? (
    <LoadError style={box} onRetry={onRetry} testId="chart-error" />
  ) : empty ? (
    <p style={box} className="flex items-center justify-center text-sm text-muted-foreground" data-testid="chart-empty">
      {tk("table.empty")}
    </p>
  ) : (
    (children ?? (option && (
      <LazyChart option={option} height={height} onItemClick={onItemClick} ariaLabel={ariaLabel ?? (typeof title === "string" ? title : undefined)} />
    )))
  );
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex flex-row flex-wrap items-center gap-3 space-y-0">
        <CardTitle className="mr-auto min-w-0 text-base break-words">{title}</CardTitle>
        {selects?.map((s) => (
          <PanelSelect key={s.key} select={s} />
        ))}
        {range && (
          // On a phone the quick ranges (and on the narrowest, the end date) wrap below.
          <div className="flex flex-wrap items-center gap-1" data-testid="chart-range">
            <DayInputs value={range.value} onChange={range.onChange} />
            <QuickRanges kinds={range.quick} onPick={range.onChange} />
            <ZoneName />
          </div>
        )}
        {time && <TimeBar state={time} />}
        {toolbar && <div className="flex flex-wrap items-center gap-2">{toolbar}</div>}
      </CardHeader>
      <CardContent className="p-2">{body}</CardContent>
    </Card>
  );
}
