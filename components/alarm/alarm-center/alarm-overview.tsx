"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { useCall } from "@/lib/api/call";
import type { CallInput } from "@/lib/contract/call";
import { alarmCoreApi, type AlarmRecord } from "@/lib/contract/alarm/alarm-center";
import { ChartPanel, type DayRange, type ResourceUi } from "@/components/kit";
import { quickRange } from "@/components/kit/resource/search-rules";
import { cn } from "@/lib/utils";
import { LevelBadge } from "../level-badge";

type Params = Record<string, string | number>;
/** The list's filters as call parameters, without paging and without `drop` (the count's own dimension). */
const filtersOf = (query: Record<string, unknown>, drop: string): Params =>
  Object.fromEntries(Object.entries(query).filter(([k, v]) => !["current", "size", "sortField", "sortOrder", drop].includes(k) && v !== undefined && v !== null && v !== "") as [string, string | number][]);

/** Level counts (`levelNums`) under the list's filters: a chip per level (its name, then its count — no level number beside the count to misread), a click narrows the list to it. */
export function LevelCounts({ ui }: { ui: ResourceUi<AlarmRecord> }) {
  const t = useTranslations("alarm.alarmCentre");
  const { data } = useCall(alarmCoreApi.levelNums, filtersOf(ui.query, "levelNum") as CallInput<typeof alarmCoreApi.levelNums>, { keepPreviousData: true });
  const active = ui.query.levelNum === undefined || ui.query.levelNum === null || ui.query.levelNum === "" ? null : Number(ui.query.levelNum);
  if (!data?.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="alarm-level-counts">
      <span className="text-muted-foreground">{t("levelCounts")}</span>
      {data.map((l) => (
        <button
          key={String(l.levelNum)}
          type="button"
          onClick={() => ui.setFilters({ levelNum: active === l.levelNum ? null : l.levelNum })}
          className={cn("flex items-center gap-1.5 rounded-md border px-2 py-1 transition-colors hover:bg-accent", active === l.levelNum && "border-primary ring-1 ring-primary")}
          aria-pressed={active === l.levelNum}
          data-testid="alarm-level-count"
          aria-label={t("levelCount", { level: l.levelName ?? String(l.levelNum ?? "-"), count: l.count })}
        >
          <LevelBadge name={l.levelName ?? String(l.levelNum ?? "-")} color={l.levelColor} />
          <span className="font-semibold tabular-nums">{l.count}</span>
        </button>
      ))}
    </div>
  );
}

/** Alarms per day and level (`statistics`), stacked in the levels' colours. */
function Statistics() {
  const t = useTranslations("alarm.alarmCentre");
  const [range, setRange] = React.useState<DayRange>(() => quickRange("last30Days", new Date()));
  const valid = range[0] && range[1] && range[0] <= range[1];
  const { data, error, isLoading, mutate } = useCall(alarmCoreApi.statistics, valid ? { startTime: range[0], endTime: range[1] } : null, { keepPreviousData: true });
  const option = React.useMemo(
    () =>
      data && {
        tooltip: { trigger: "axis" as const },
        legend: { top: 0 },
        grid: { left: 40, right: 16, top: 32, bottom: 24 },
        xAxis: { type: "category" as const, data: data.days.map((d) => d.slice(5)) },
        yAxis: { type: "value" as const, minInterval: 1 },
        series: data.levels.map((l) => ({ type: "bar" as const, stack: "alarms", name: l.levelName ?? t("noLevel"), itemStyle: l.levelColor ? { color: l.levelColor } : undefined, data: l.counts })),
      },
    [data, t],
  );
  return (
    <ChartPanel
      title={t("statistics")}
      range={{ value: range, onChange: setRange }}
      loading={isLoading && !data}
      error={!!error && !data}
      onRetry={() => mutate()}
      empty={!!data && data.levels.length === 0}
      option={option || undefined}
      height={220}
      testId="alarm-statistics"
    />
  );
}

/** Above the alarm list: the level counts and the statistics chart. */
export function AlarmOverview({ ui }: { ui: ResourceUi<AlarmRecord> }) {
  return (
    <div className="flex flex-col gap-3">
      <Statistics />
      <LevelCounts ui={ui} />
    </div>
  );
}
