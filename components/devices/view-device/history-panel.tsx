"use client";

import * as React from "react";
import { useLocale, useTranslations } from "next-intl";
import { ChartPanel } from "@/components/kit";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useCall } from "@/lib/api/call";
import { HISTORY_RAW_LIMIT, deviceDataApi } from "@/lib/contract/device/device-data";
import { formatDateTime } from "@/lib/format";
import { alarmLinesCall, definitionLines } from "@/lib/contract/alarm/alarm-lines";
import { useChartTime } from "@/components/kit/chart/use-chart-time";
import type { Span } from "@/components/kit/chart/time-range";
import { lineOption } from "@/components/monitoring/chart-options";
import { chartable, formatValue } from "./device-data-view";

/** A device's raw history is dense: an hour is worth a look too. */
const HISTORY_SPANS: readonly Span[] = ["1h", "24h", "7d", "30d", "1y"];
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
  const time = useChartTime({ span: "24h" }, HISTORY_SPANS);
  const range = time.bounds;
  const history = useCall(deviceDataApi.history, identifier && range ? { id: deviceId, identifiers: identifier, startTime: range.from, endTime: range.to } : null, { keepPreviousData: true, shouldRetryOnError: false });
  const points = React.useMemo(() => history.data?.series.find((s) => s.identifier === identifier)?.points ?? [], [history.data, identifier]);
  const unit = prop?.unit ?? "";
  // The alarm rules' lines on this property (warning, alarm, control…), each in its level's colour — as the monitoring screens and the alarm page draw them.
  const rules = useCall(alarmLinesCall, identifier ? { deviceId, identifier, statType: "not" } : null);
  const lines = React.useMemo(() => definitionLines(rules.data ?? []), [rules.data]);

  // The monitoring charts' option: the first window ends at the newest point (issue 40), with the alarm rules' lines.
  const option = React.useMemo(() => lineOption([{ id: identifier ?? "", name: prop?.funcName ?? identifier ?? "", unit, data: points }], { alarmLines: lines }), [points, prop, identifier, unit, lines]);

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
        time={time}
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
