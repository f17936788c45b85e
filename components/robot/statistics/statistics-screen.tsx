"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { DownloadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { DataTable, PageFrame, SearchBar, urlDate, urlId, useDict, dictLabel, useSession, useUrlPatch, type SearchConfig, type UrlValue } from "@/components/kit";
import type { TableColumn } from "@/components/kit/table/data-table";
import { LazyChart } from "@/components/kit/chart/lazy-chart";
import { exportCall, useCall } from "@/lib/api/call";
import type { AnyCall } from "@/lib/contract/call";
import { statisticsApi, type StatisticsQuery } from "@/lib/contract/robot/record";
import { formatDateTime } from "@/lib/format";
import { TRACKS } from "../track/track-options";
import { STAT_VIEWS, type StatKind, type StatRow } from "./statistics-views";

const SEARCH: SearchConfig = {
  searchType: 2,
  items: [
    { prop: "range", prop1: "startTime", prop2: "endTime", type: "date2", label: "range" },
    { prop: "trackId", type: "select2", label: "track", remote: TRACKS },
  ],
};

const READERS: Record<keyof StatisticsQuery, UrlValue> = { startTime: urlDate, endTime: urlDate, trackId: urlId, deviceId: urlId };

/** The URL's filter, read as the lists read theirs (zod loads later, with the first form): a bad value is dropped, never sent. */
function filterOf(params: URLSearchParams): StatisticsQuery {
  return Object.fromEntries(Object.entries(READERS).flatMap(([k, read]) => {
    const v = read(params.get(k) ?? undefined);
    return v === undefined ? [] : [[k, v]];
  })) as StatisticsQuery;
}

/**
 * One of the four robot statistics pages (core §2: per point, per task, timeouts, per robot): the
 * filter (time, track) in the URL, a chart and the table of the same rows, and the Excel export of
 * the same call.
 */
export function StatisticsScreen({ kind }: { kind: StatKind }) {
  const t = useTranslations("robot.statistics");
  const view = STAT_VIEWS[kind];
  const calls = statisticsApi[kind];
  const { projId } = useSession();
  const { params, go } = useUrlPatch();
  const filter = React.useMemo(() => filterOf(params), [params]);
  const query = React.useMemo(() => Object.fromEntries(params.entries()), [params]);
  const { data, error, isLoading, mutate } = useCall(calls.rows as AnyCall, projId ? filter : null);
  const rows = React.useMemo(() => (data ?? []) as StatRow[], [data]);
  const patrol = useDict("patrolStatus");
  const [busy, setBusy] = React.useState(false);

  const columns = React.useMemo<TableColumn<StatRow>[]>(
    () =>
      view.columns.map((key) => ({
        id: key,
        header: t(`fields.${key}`),
        cell: ({ row }: { row: { original: StatRow } }) => {
          const v = row.original[key];
          if (key === "patrolStatus") return dictLabel(patrol, v);
          if (/Time$/.test(key)) return v ? formatDateTime(v) : "-";
          return v === null || v === undefined ? "-" : String(v);
        },
      })),
    [view, t, patrol],
  );
  const layout = React.useMemo(() => Object.fromEntries(view.columns.map((k) => [k, /Name$/.test(k) ? { minWidth: 160 } : /Time$/.test(k) ? { width: 190, kind: "time" } : { width: 110, align: "right" as const }])), [view]);
  const option = React.useMemo(() => view.chart(rows, (k) => t(`fields.${k}`), (v) => formatDateTime(v)), [view, rows, t]);

  const download = async () => {
    setBusy(true);
    try {
      await exportCall(calls.export, filter, `${t(kind)}.xlsx`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame>
      <div className="flex flex-col gap-3" data-testid={`robot-statistics-${kind}`}>
        <SearchBar config={SEARCH} query={query} label={(k) => t(k)} onSearch={(f) => go(Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v === null || v === undefined || v === "" ? null : String(v)])))} />
        <Card>
          <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
            <CardTitle className="text-sm">{t(`charts.${kind}`)}</CardTitle>
            <Button size="sm" variant="outline" onClick={download} disabled={busy || !projId} data-testid="statistics-export">
              <DownloadIcon className="size-4" />
              {t("export")}
            </Button>
          </CardHeader>
          <CardContent className="p-2">
            {isLoading ? (
              <Skeleton className="h-[300px]" />
            ) : rows.length ? (
              <LazyChart option={option} height={300} ariaLabel={t(`charts.${kind}`)} testId="statistics-chart" />
            ) : (
              <p className="flex h-[300px] items-center justify-center text-sm text-muted-foreground">{projId ? t("empty") : t("chooseProject")}</p>
            )}
          </CardContent>
        </Card>
        <div className="rounded-md border bg-card p-3" data-testid="statistics-table">
          <DataTable columns={columns} layout={layout} rows={rows} getRowId={(r) => String(r[view.key])} loading={isLoading} error={!!error} onRetry={() => mutate()} height={420} texts={{ empty: projId ? t("empty") : t("chooseProject") }} />
        </div>
      </div>
    </PageFrame>
  );
}
