"use client";

import * as React from "react";
import useSWR from "swr";
import { useTranslations } from "next-intl";
import { DownloadIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { dictLabel, PageFrame, useDict } from "@/components/kit";
import { ChartPanel } from "@/components/kit/chart/chart-panel";
import { ReadingsTable } from "@/components/kit/chart/readings-table";
import { LoadError } from "@/components/kit/load-error";
import type { TableColumn } from "@/components/kit/table/data-table";
import { lineOption } from "@/components/monitoring/chart-options";
import { call, exportCall, useCall } from "@/lib/api/call";
import { BETON_RECORDS } from "@/lib/contract/device/beton-rule";
import { CONCRETE_CHART_DEVICES, concreteApi, type ConcreteRecord } from "@/lib/contract/device/concrete";
import { cn } from "@/lib/utils";
import { SideCard } from "@/components/kit/side-card";

type Metric = "strength" | "maturity" | "temp";
const UNITS: Record<Metric, string> = { strength: "MPa", maturity: "°C·h", temp: "°C" };

/**
 * The concrete page (/operationMonitoring/beton, issue 16): the project's maturity loggers, the
 * chosen ones' strength, maturity or temperature curves under their calibration rules (latest
 * 500 records each, core §9), the focused logger's records as a table, and the download of the
 * chosen loggers.
 */
export function ConcreteScreen() {
  const t = useTranslations("deviceOps.concrete");
  const tm = useTranslations("monitoring.screen");
  const statuses = useDict("deviceStatus");
  const list = useCall(concreteApi.devices, {});
  const [chosen, setChosen] = React.useState<number[] | null>(null);
  const [focus, setFocus] = React.useState<number | null>(null);
  const [metric, setMetric] = React.useState<Metric>("strength");
  const [busy, setBusy] = React.useState(false);
  const ids = chosen ?? list.data?.slice(0, 3).map((d) => d.id) ?? [];
  const focused = focus !== null && ids.includes(focus) ? focus : (ids[0] ?? null);

  // The curves are a POST (the chosen ids), cached under their own key.
  const chart = useSWR(ids.length ? ["concrete:chart", ids.join(",")] : null, () => call(concreteApi.chart, { deviceIds: ids }), { keepPreviousData: true });
  const records = useCall(concreteApi.records, focused !== null ? { deviceId: focused } : null);

  const toggle = (id: number) => {
    const next = ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id].slice(-CONCRETE_CHART_DEVICES);
    setChosen(next);
    setFocus(id);
  };
  const metrics = React.useMemo(() => (["strength", "maturity", "temp"] as const).map((m) => ({ value: m, label: t(m) })), [t]);
  const option = React.useMemo(
    () => lineOption((chart.data ?? []).map((s) => ({ id: String(s.deviceId), name: s.deviceName, unit: UNITS[metric], data: s.records.flatMap((r) => (r[metric] === null ? [] : [[r.t, r[metric]] as [number, number]])) }))),
    [chart.data, metric],
  );
  const empty = !chart.isLoading && !(chart.data ?? []).some((s) => s.records.length);
  const focusedSeries = chart.data?.find((s) => s.deviceId === focused);
  const columns = React.useMemo<TableColumn<ConcreteRecord>[]>(
    () => [
      { id: "temp", header: t("temp"), cell: ({ row }) => row.original.temp },
      { id: "maturity", header: t("maturity"), cell: ({ row }) => row.original.maturity },
      { id: "strength", header: t("strength"), cell: ({ row }) => row.original.strength ?? "—" },
    ],
    [t],
  );
  const onDownload = async () => {
    setBusy(true);
    try {
      await exportCall(concreteApi.download, { deviceIds: ids }, `${t("title")}.xlsx`);
    } catch {
      // exportCall() has told the user.
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame>
      <div className="grid gap-3 lg:grid-cols-[280px_minmax(0,1fr)]">
        <SideCard title={t("devices")} href="/devices/calibrationRules" linkLabel={tm("betonRules")} testId="concrete-devices" className="space-y-1">
            <p className="pb-1 text-xs text-muted-foreground">{t("pick", { max: CONCRETE_CHART_DEVICES })}</p>
            {list.isLoading ? (
              <Skeleton className="h-40" />
            ) : list.error ? (
              <LoadError onRetry={() => list.mutate()} />
            ) : !list.data?.length ? (
              <p className="py-6 text-center text-sm text-muted-foreground">{t("noDevices")}</p>
            ) : (
              list.data.map((d) => (
                <button
                  key={d.id}
                  type="button"
                  data-testid="concrete-device"
                  aria-pressed={ids.includes(d.id)}
                  onClick={() => toggle(d.id)}
                  className={cn("w-full rounded-md border px-2 py-1.5 text-left text-xs transition-colors hover:bg-accent", ids.includes(d.id) && "border-primary bg-primary-light-9", focused === d.id && "ring-1 ring-primary")}
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="truncate font-medium">{d.deviceName}</span>
                    <Badge variant={d.status === 2 ? "success" : "secondary"} className="h-5 px-1.5 text-[10px]">
                      {dictLabel(statuses, d.status)}
                    </Badge>
                  </span>
                  <span className="block truncate text-muted-foreground">{d.ruleName ?? t("noRule")}</span>
                </button>
              ))
            )}
        </SideCard>
        <div className="space-y-3">
          <ChartPanel
            title={t("chart")}
            testId="concrete-chart"
            selects={[{ key: "metric", label: t("metric"), dict: metrics, value: metric, onChange: (v) => setMetric((v as Metric) ?? "strength") }]}
            toolbar={
              <Button size="sm" variant="outline" onClick={onDownload} disabled={busy || !ids.length} data-testid="concrete-download">
                <DownloadIcon className="size-4" />
                {busy ? t("downloading") : t("download")}
              </Button>
            }
            loading={chart.isLoading && !chart.data}
            error={!!chart.error && !chart.data}
            onRetry={() => chart.mutate()}
            empty={empty}
            option={option}
            height={360}
          />
          {focusedSeries && (
            <p className="px-1 text-xs text-muted-foreground" data-testid="concrete-rule">
              {focusedSeries.deviceName}: {focusedSeries.ruleName ?? t("noRule")}
              {focusedSeries.calibration && ` · ${t("calibration", { a: focusedSeries.calibration.a, b: focusedSeries.calibration.b, datum: focusedSeries.datumTemp })}`}
            </p>
          )}
          <ReadingsTable title={t("records", { count: BETON_RECORDS, name: focusedSeries?.deviceName ?? "—" })} timeHeader={t("time")} columns={columns} rows={records.data ?? []} loading={records.isLoading} />
        </div>
      </div>
    </PageFrame>
  );
}
