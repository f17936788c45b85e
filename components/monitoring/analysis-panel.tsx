"use client";

import * as React from "react";
import useSWR from "swr";
import { useTranslations } from "next-intl";
import { DownloadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ChartPanel } from "@/components/kit/chart/chart-panel";
import { useChartTime } from "@/components/kit/chart/use-chart-time";
import { ReadingsTable } from "@/components/kit/chart/readings-table";
import { useDict } from "@/components/kit";
import type { TableColumn } from "@/components/kit/table/data-table";
import { call, exportCall, useCall } from "@/lib/api/call";
import type { StatType } from "@/lib/contract/alarm/enums";
import { alarmLinesCall, definitionLines } from "@/lib/contract/alarm/alarm-lines";
import { CHART_MAX_POINTS, monitoringApi, type KindPoint, type PointDevice } from "@/lib/contract/monitoring/analysis";
import { alarmLines as numericLines, type AlarmLine, type TimePoint } from "@/lib/contract/monitoring/compute";
import type { QueryType, ShowValue, ValueType } from "@/lib/contract/monitoring/enums";
import type { MonitorDef } from "@/lib/contract/monitoring/monitors";
import { lineOption, nearestTime, windOption, type ChartSeries } from "./chart-options";
import { DeviceConfigButton } from "./device-config-dialog";
import { InitValues } from "./init-values";
import { InitialNote } from "./initial-note";
import { formatDate } from "@/lib/format";
import { LazyChart } from "@/components/kit/chart/lazy-chart";

type Row = { t: number } & Record<string, number | null>;
// One empty list for every render, so the chart option (and its zoom) stays put.
const NO_LINES: readonly AlarmLine[] = [];
/** The alarm rules' stat type that compares the figure a chart shows (0 cumulative change, 1 collected value, 2 rate per day). */
const STAT_OF_SHOW: Record<ShowValue, StatType> = { 0: "total", 1: "not", 2: "dayRate" };

/**
 * A device's analysis on a monitoring screen: range and query / value / show selects, the chart
 * (alarm lines from the point's thresholds and the `alarmLines` given), the same numbers as a
 * table and as an Excel export, and — clicking a chart point — the values at that time with the
 * set-initial-value buttons.
 */
export function AnalysisPanel({ def, point, device, alarmLines = NO_LINES, onChanged }: { def: MonitorDef; point: KindPoint; device: PointDevice; alarmLines?: readonly AlarmLine[]; onChanged: () => void }) {
  const t = useTranslations("monitoring");
  const time = useChartTime({ span: "30d" });
  const [queryType, setQueryType] = React.useState<QueryType>(1);
  const [valueType, setValueType] = React.useState<ValueType>(1);
  const [showValue, setShowValue] = React.useState<ShowValue>(def.showValues[0]);
  const [clicked, setClicked] = React.useState<number | null>(null);
  const [exporting, setExporting] = React.useState(false);
  const showOptions = useDict("showValue").filter((o) => def.showValues.includes(Number(o.value) as ShowValue));

  const bounds = time.bounds;
  const body = { monitorKind: def.kind, deviceId: device.id, groupId: point.id, startTime: bounds?.from ?? 0, endTime: bounds?.to ?? 0, queryType, valueType, showValue };
  const view = useSWR(bounds ? ["monitoring:view", JSON.stringify(body)] : null, () => call(monitoringApi.view, body), { keepPreviousData: true });
  React.useEffect(() => setClicked(null), [device.id]);
  // A month of readings (the chart, its table) renders in a transition once it arrives, in slices
  // React yields between, not as one long task in the data's own (issue 41, blocking time).
  const data = React.useDeferredValue(view.data);
  const arriving = data !== view.data;

  const name = (id: string) => t(`measures.${id}`);
  const series: ChartSeries[] = React.useMemo(
    () => (data?.series ?? []).map((s) => ({ id: s.id, name: name(s.id), unit: s.unit, data: s.data, bar: def.measures.find((m) => m.identifier === s.id)?.bar })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `name` only translates; a new function each render must not recompute the series
    [data, def],
  );
  // The alarm rules' definitions on the first series' property, for the figure shown — the same ones alarmCenterInfo draws.
  const identifier = series[0]?.id;
  const rules = useCall(alarmLinesCall, identifier ? { deviceId: device.id, identifier, statType: STAT_OF_SHOW[showValue] } : null);
  const ruleLines = React.useMemo(() => definitionLines(rules.data ?? []), [rules.data]);
  // The device's own alarm range (device configuration) beside the point's.
  const own = device.config ?? {};
  const lines = React.useMemo(
    () => [
      ...numericLines([
        { value: point.alarmMax, label: t("screen.alarmMax") },
        { value: point.alarmMin, label: t("screen.alarmMin") },
        { value: own.alarmMax, label: t("screen.deviceAlarmMax") },
        { value: own.alarmMin, label: t("screen.deviceAlarmMin") },
      ]),
      ...ruleLines,
      ...alarmLines,
    ],
    [point.alarmMax, point.alarmMin, own.alarmMax, own.alarmMin, ruleLines, alarmLines, t],
  );
  const changing = series.filter((s) => def.measures.find((m) => m.identifier === s.id)?.change);
  // The structural readings share an axis; others (temperature…) start hidden in the legend.
  const selected = changing.length ? Object.fromEntries(series.filter((s) => !changing.includes(s)).map((s) => [`${s.name} (${s.unit})`, false])) : undefined;
  const option = React.useMemo(() => lineOption(series, { alarmLines: lines, selected }), [series, lines]); // eslint-disable-line react-hooks/exhaustive-deps -- `selected` is derived from `series`; a new object each render must not rebuild the chart
  const empty = !view.isLoading && !arriving && !series.some((s) => s.data.length);
  const sampled = data?.series.some((s) => s.sampled);

  const rows = React.useMemo<Row[]>(() => {
    const byTime = new Map<number, Row>();
    for (const s of series) for (const [time, v] of s.data) (byTime.get(time) ?? byTime.set(time, { t: time } as Row).get(time)!)[s.id] = v;
    return [...byTime.values()].sort((a, b) => b.t - a.t);
  }, [series]);
  const columns = React.useMemo(
    () =>
      series.map<TableColumn<Row>>((s) => ({
        id: s.id,
        header: `${s.name}${s.unit ? ` (${s.unit})` : ""}`,
        cell: ({ row }) => {
          const v = row.original[s.id];
          return v === null || v === undefined ? "—" : v;
        },
      })),
    [series],
  );

  const onExport = async () => {
    setExporting(true);
    try {
      await exportCall(monitoringApi.export, body, `${def.kind}.xlsx`);
    } catch {
      // The export has told the user.
    } finally {
      setExporting(false);
    }
  };

  const initial = data && changing[0] ? data.initial[changing[0].id] : undefined;
  const clickable = def.measures.some((m) => m.change);

  return (
    <div className="space-y-3">
      <ChartPanel
        title={t("screen.analysis", { name: device.deviceName })}
        testId="monitor-chart"
        time={time}
        selects={[
          { key: "queryType", label: t("screen.queryType"), dict: "queryType", value: queryType, onChange: (v) => setQueryType((Number(v) || 1) as QueryType) },
          ...(queryType === 1 ? [] : [{ key: "valueType", label: t("screen.valueType"), dict: "valueType", value: valueType, onChange: (v: string | number | null) => setValueType((Number(v) || 1) as ValueType) }]),
          ...(def.showValues.length > 1 ? [{ key: "showValue", label: t("screen.showValue"), dict: showOptions, value: showValue, onChange: (v: string | number | null) => setShowValue((v === null ? def.showValues[0] : Number(v)) as ShowValue) }] : []),
        ]}
        toolbar={
          <>
            <DeviceConfigButton point={point} device={device} onSaved={onChanged} />
            <Button size="sm" variant="outline" onClick={onExport} disabled={exporting || empty} data-testid="monitor-export">
              <DownloadIcon className="size-4" />
              {exporting ? t("screen.exporting") : t("screen.export")}
            </Button>
          </>
        }
        loading={(view.isLoading || arriving) && !data}
        error={!!view.error && !view.data}
        onRetry={() => view.mutate()}
        empty={empty}
        option={def.view === "weather" ? undefined : option}
        height={360}
        onItemClick={clickable ? (e) => Array.isArray(e.value) && typeof e.value[0] === "number" && setClicked(nearestTime(changing[0]?.data ?? [], e.value[0])) : undefined}
      >
        {def.view === "weather" && !empty ? <WeatherGrid series={series} /> : undefined}
      </ChartPanel>
      <p className="px-1 text-xs text-muted-foreground" data-testid="monitor-reference">
        {data?.zeroType === 0 ? t("screen.zeroAbsolute") : initial ? <InitialNote initial={initial} /> : clickable ? t("screen.noInitial") : null}
        {sampled && <span className="ml-2">{t("screen.sampled", { max: CHART_MAX_POINTS })}</span>}
      </p>
      {data?.rolledUpBefore ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200" data-testid="monitor-rolled-up">
          {t("screen.rolledUp", { date: formatDate(data.rolledUpBefore) })}
        </p>
      ) : null}
      {clickable && <InitValues deviceId={device.id} groupId={point.id} time={clicked} group={def.view === "tilt"} onSet={() => (view.mutate(), onChanged())} />}
      <ReadingsTable timeHeader={t("table.time")} columns={columns} rows={rows} loading={view.isLoading} />
    </div>
  );
}

/**
 * The analysis before the screen's points are in: the chart's card at its final size, the reference
 * line and the initial values' card with its hint, rendered with the page (on the server) so the
 * screen paints its frame at once and does not move when the device's analysis replaces it.
 */
export function AnalysisFrame({ def }: { def: MonitorDef }) {
  const t = useTranslations("monitoring");
  const clickable = def.measures.some((m) => m.change);
  return (
    <div className="space-y-3" aria-busy="true" data-testid="monitor-frame">
      {/* The header keeps the controls' height (h-8), as the device's panel has them. */}
      <ChartPanel title={t("screen.analysis", { name: t(`kinds.${def.kind}`) })} toolbar={<span className="h-8" aria-hidden />} loading height={360} />
      <p className="px-1 text-xs text-muted-foreground" aria-hidden>
        &nbsp;
      </p>
      {clickable && <InitValues deviceId={0} groupId={null} time={null} group={def.view === "tilt"} onSet={() => undefined} />}
    </div>
  );
}

/** Weather (widgets §5): one small chart per item; wind direction as arrows, rainfall as bars. */
function WeatherGrid({ series }: { series: ChartSeries[] }) {
  const options = React.useMemo(() => series.filter((s) => s.data.length).map((s) => ({ s, option: s.id === "windDirection" ? windOption(s.name, s.data as TimePoint[]) : lineOption([s]) })), [series]);
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {options.map(({ s, option }) => (
        <div key={s.id}>
          <p className="px-2 text-sm font-medium">
            {s.name}
            {s.unit && <span className="text-muted-foreground"> ({s.unit})</span>}
          </p>
          <LazyChart option={option} height={220} ariaLabel={s.name} />
        </div>
      ))}
    </div>
  );
}
