"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { LazyChart } from "@/components/kit";
import { DateInput } from "@/components/ui/date-input";
import { Label } from "@/components/ui/label";
import { useCall } from "@/lib/api/call";
import { daysBetween, simCardApi, USAGE_RANGE_DAYS, type SimCard } from "@/lib/contract/sim/card";

type EChartsOption = import("echarts").EChartsOption;

const shift = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * A card's use per day over a range of at most 31 days (core §9), ending on the day the carrier has
 * reported (T+1): the bars, the total and month totals, and the run-out forecast at the last 7
 * days' rate. A longer range is refused here with the cloud's rule and message.
 */
export function UsageChart({ card }: { card: SimCard }) {
  const t = useTranslations("sim.usage");
  const tv = useTranslations("validation.sim");
  const end0 = card.usageAsOf ?? new Date().toISOString().slice(0, 10);
  const [range, setRange] = React.useState({ startDate: shift(end0, -29), endDate: end0 });
  const n = daysBetween(range.startDate, range.endDate);
  const error = n < 1 ? t("endBeforeStart") : n > USAGE_RANGE_DAYS ? tv("usageRange", { max: USAGE_RANGE_DAYS }) : null;
  const { data } = useCall(simCardApi.useChart, error ? null : { id: card.id, ...range });
  const option = React.useMemo<EChartsOption | null>(
    () =>
      data
        ? {
        tooltip: { trigger: "axis" },
        grid: { left: 48, right: 16, top: 24, bottom: 32, containLabel: true },
        xAxis: { type: "category", data: data.days.map((d) => d.day.slice(5)) },
        yAxis: { type: "value", name: "MB" },
        series: [{ type: "bar", name: t("daily"), data: data.days.map((d) => d.usedMb) }],
      }
        : null,
    [data, t],
  );
  return (
    <div className="flex flex-col gap-3" data-testid="sim-usage-chart">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <Label htmlFor="sim-usage-start">{t("start")}</Label>
          <DateInput id="sim-usage-start" value={range.startDate} onChange={(e) => e.target.value && setRange((r) => ({ ...r, startDate: e.target.value }))} />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="sim-usage-end">{t("end")}</Label>
          <DateInput id="sim-usage-end" value={range.endDate} onChange={(e) => e.target.value && setRange((r) => ({ ...r, endDate: e.target.value }))} />
        </div>
        <p className="text-sm text-muted-foreground" data-testid="sim-as-of">
          {t("asOf", { day: card.usageAsOf ?? "-" })}
        </p>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive" data-testid="sim-usage-error">
          {error}
        </p>
      ) : (
        <>
          {option && <LazyChart option={option} height={260} />}
          {data && (
            <p className="text-sm" data-testid="sim-usage-total">
              {t("total", { mb: data.totalMb.toLocaleString(undefined, { maximumFractionDigits: 2 }) })}
              {data.months.length > 1 && ` · ${data.months.map((m) => `${m.month}: ${m.usedMb.toLocaleString(undefined, { maximumFractionDigits: 2 })} MB`).join(" · ")}`}
              {data.runOutDays !== null && ` · ${t("runOut", { days: data.runOutDays })}`}
            </p>
          )}
        </>
      )}
    </div>
  );
}
