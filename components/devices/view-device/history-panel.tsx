"use client";

import * as React from "react";
import { useLocale, useTranslations } from "next-intl";
import { ChartPanel } from "@/components/kit";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useCall } from "@/lib/api/call";
import { HISTORY_RAW_LIMIT, deviceDataApi } from "@/lib/contract/device/device-data";
import { formatDateTime } from "@/lib/format";
import { alarmRuleApi, definitionLines } from "@/lib/contract/alarm/rule";
import { alarmMarkLine, yBounds } from "@/components/monitoring/chart-options";
import { chartable, dayRange, formatValue, PERIODS, periodRange, rangeDays, type Period, type TimeRange } from "./device-data-view";

type EChartsOption = import("echarts").EChartsOption;
const TABLE_SIZES = [20, 50, 100];

/**
 * One property's history: quick ranges (1 h … 1 y, ending now) or whole days, drawn as a line
 * (averaged per hour / day / month by the cloud for long ranges) and listed newest first.
 */
export function HistoryPanel({ deviceId }: { deviceId: number }) {
  const t = useTranslations("devices.viewDevice.history");
  const locale = useLocale();
  const props = useCall(deviceDataApi.realTime, { id: deviceId });
  const options = React.useMemo(() => (props.data?.values ?? []).filter(chartable), [props.data]);
  const [picked, setPicked] = React.useState<string | null>(null);
  const identifier = picked ?? options[0]?.identifier ?? null;
  const prop = options.find((o) => o.identifier === identifier);
  const [period, setPeriod] = React.useState<Period | null>("24h");
  const [range, setRange] = React.useState<TimeRange>(() => periodRange("24h", Date.now()));
  const pick = (p: Period) => {
    setPeriod(p);
    setRange(periodRange(p, Date.now()));
  };
  const history = useCall(deviceDataApi.history, identifier ? { id: deviceId, identifiers: identifier, startTime: range.from, endTime: range.to } : null, { keepPreviousData: true, shouldRetryOnError: false });
  const points = React.useMemo(() => history.data?.series.find((s) => s.identifier === identifier)?.points ?? [], [history.data, identifier]);
  const unit = prop?.unit ?? "";
  // The alarm rules' lines on this property (warning, alarm, control…), each in its level's colour — as the monitoring screens and the alarm page draw them.
  const rules = useCall(alarmRuleApi.alarmLines, identifier ? { deviceId, identifier, statType: "not" } : null);
  const lines = React.useMemo(() => definitionLines(rules.data ?? []), [rules.data]);

  const option = React.useMemo<EChartsOption>(
    () => ({
      grid: { left: 56, right: 24, top: 32, bottom: 64 },
      tooltip: { trigger: "axis", valueFormatter: (v) => `${typeof v === "number" ? v.toLocaleString(locale, { maximumFractionDigits: 4 }) : v}${unit ? ` ${unit}` : ""}` },
      xAxis: { type: "time" },
      yAxis: { type: "value", name: unit, scale: true, ...(yBounds([{ id: "v", name: "", unit, data: points }], lines) ?? {}) },
      dataZoom: [{ type: "inside" }, { type: "slider", height: 20, bottom: 16 }],
      series: [
        {
          type: "line",
          name: prop?.funcName ?? identifier ?? "",
          data: points,
          showSymbol: points.length < 60,
          sampling: "lttb",
          connectNulls: false,
          ...(lines.length && { markLine: alarmMarkLine(lines) }),
        },
      ],
    }),
    [points, prop, identifier, unit, locale, lines],
  );

  const [page, setPage] = React.useState({ current: 1, size: TABLE_SIZES[0] });
  React.useEffect(() => setPage((p) => ({ ...p, current: 1 })), [history.data]);
  const newest = React.useMemo(() => [...points].reverse(), [points]);
  const rows = newest.slice((page.current - 1) * page.size, page.current * page.size);

  if (props.data && !options.length) return <p className="p-6 text-center text-sm text-muted-foreground">{t("noNumeric")}</p>;
  return (
    <div className="flex flex-col gap-4" data-testid="history">
      <ChartPanel
        title={t("title")}
        testId="history-chart"
        selects={[{ key: "property", label: t("property"), dict: options.map((o) => ({ label: o.funcName, value: o.identifier })), value: identifier, onChange: (v) => setPicked(v === null ? null : String(v)) }]}
        range={{
          value: rangeDays(range),
          onChange: ([a, b]) => {
            const r = dayRange(a, b);
            if (!r) return;
            setPeriod(null);
            setRange(r);
          },
          quick: [],
        }}
        toolbar={
          <div className="flex gap-0.5" role="group" aria-label={t("title")}>
            {(Object.keys(PERIODS) as Period[]).map((p) => (
              <Button key={p} size="sm" className="h-7 px-2" variant={period === p ? "default" : "ghost"} onClick={() => pick(p)} data-period={p} aria-pressed={period === p}>
                {t(`range.${p}`)}
              </Button>
            ))}
          </div>
        }
        loading={!identifier || (!history.data && !history.error)}
        error={!!history.error && !history.data}
        onRetry={() => history.mutate()}
        empty={!!history.data && !points.length}
        option={option}
        height={340}
      />
      {history.data && points.length > 0 && (
        <Card>
          <CardHeader className="flex flex-row flex-wrap items-center gap-2 space-y-0">
            <CardTitle className="mr-auto text-base">{t("table")}</CardTitle>
            <span className="text-xs text-muted-foreground" data-testid="history-bucket">
              {t(`bucket.${history.data.bucket}`)}
            </span>
          </CardHeader>
          <CardContent className="flex flex-col gap-2">
            {history.data.truncated && <p className="text-xs text-amber-600 dark:text-amber-400">{t("truncated", { count: HISTORY_RAW_LIMIT })}</p>}
            <Table data-testid="history-table">
              <TableHeader>
                <TableRow>
                  <TableHead>{t("time")}</TableHead>
                  <TableHead className="text-right">
                    {prop?.funcName}
                    {unit && ` (${unit})`}
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map(([ms, value]) => (
                  <TableRow key={ms}>
                    <TableCell className="tabular-nums">{formatDateTime(ms)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatValue({ num: value, txt: null, labels: history.data!.bucket === "raw" ? (prop?.labels ?? null) : null }, locale)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pagination page={page.current} size={page.size} total={newest.length} pageSizes={TABLE_SIZES} onChange={(current, size) => setPage({ current, size })} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
