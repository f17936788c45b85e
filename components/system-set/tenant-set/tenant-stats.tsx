"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { useCall } from "@/lib/api/call";
import { tenantApi, type TenantNumStat } from "@/lib/contract/system/tenant";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { LazyChart } from "@/components/kit/chart/lazy-chart";

type EChartsOption = import("echarts").EChartsOption;

const NUMS: (keyof TenantNumStat)[] = ["total", "enabled", "expiring", "expired", "userNums", "projectNums", "deviceNums", "onlineNums"];
const GRID = { left: 40, right: 16, top: 32, bottom: 40, containLabel: true } as const;

function ChartCard({ title, loading, empty, children }: { title: string; loading: boolean; empty: boolean; children: React.ReactNode }) {
  const tk = useTranslations("kit");
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-sm">{title}</CardTitle>
      </CardHeader>
      <CardContent className="p-2">
        {loading ? <Skeleton className="h-[260px]" /> : empty ? <p className="flex h-[260px] items-center justify-center text-sm text-muted-foreground">{tk("table.empty")}</p> : children}
      </CardContent>
    </Card>
  );
}

/** Tenant statistics on the tenant list and the platform's home: counts, new tenants and devices per month, per province, per tenant. */
export function TenantStats() {
  const t = useTranslations("system.tenant.stats");
  const nums = useCall(tenantApi.numStat, {});
  const trend = useCall(tenantApi.trendChart, {});
  const area = useCall(tenantApi.areaChart, {});
  const perTenant = useCall(tenantApi.deviceNums, {});

  const trendOption = React.useMemo<EChartsOption>(
    () => ({
      tooltip: { trigger: "axis" },
      grid: GRID,
      legend: { top: 0 },
      xAxis: { type: "category", data: (trend.data ?? []).map((p) => p.month) },
      // Devices outnumber tenants by far: each keeps its own axis.
      yAxis: [
        { type: "value", minInterval: 1 },
        { type: "value", minInterval: 1, splitLine: { show: false } },
      ],
      series: [
        { name: t("newTenants"), type: "bar", barMaxWidth: 24, data: (trend.data ?? []).map((p) => p.count) },
        { name: t("newDevices"), type: "line", yAxisIndex: 1, smooth: true, areaStyle: { opacity: 0.12 }, data: (trend.data ?? []).map((p) => p.deviceNums) },
      ],
    }),
    [trend.data, t],
  );
  const areaOption = React.useMemo<EChartsOption>(
    () => ({
      tooltip: { trigger: "axis" },
      grid: GRID,
      xAxis: { type: "category", data: (area.data ?? []).map((p) => p.areaName), axisLabel: { interval: 0, rotate: (area.data ?? []).length > 6 ? 30 : 0 } },
      yAxis: { type: "value", minInterval: 1 },
      legend: { top: 0 },
      series: [
        { name: t("projectNums"), type: "bar", barMaxWidth: 24, data: (area.data ?? []).map((p) => p.projectNums) },
        { name: t("tenants"), type: "bar", barMaxWidth: 24, data: (area.data ?? []).map((p) => p.count) },
      ],
    }),
    [area.data, t],
  );
  const perTenantOption = React.useMemo<EChartsOption>(
    () => ({
      tooltip: { trigger: "axis" },
      legend: { top: 0 },
      grid: GRID,
      xAxis: { type: "category", data: (perTenant.data ?? []).map((p) => p.tenantName), axisLabel: { interval: 0, rotate: (perTenant.data ?? []).length > 5 ? 30 : 0 } },
      yAxis: { type: "value", minInterval: 1 },
      series: [
        { name: t("projectNums"), type: "bar", barMaxWidth: 24, data: (perTenant.data ?? []).map((p) => p.projectNums) },
        { name: t("userNums"), type: "bar", barMaxWidth: 24, data: (perTenant.data ?? []).map((p) => p.userNums) },
        { name: t("deviceNums"), type: "bar", barMaxWidth: 24, data: (perTenant.data ?? []).map((p) => p.deviceNums) },
      ],
    }),
    [perTenant.data, t],
  );

  return (
    <section className="space-y-3" data-testid="tenant-stats">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-8">
        {NUMS.map((k) => (
          <Card key={k} className="px-4 py-3" data-stat={k}>
            <p className="text-xs text-muted-foreground">{t(k)}</p>
            {nums.data ? <p className="mt-1 text-2xl font-semibold tabular-nums">{nums.data[k]}</p> : <Skeleton className="mt-1 h-8 w-16" />}
          </Card>
        ))}
      </div>
      <div className="grid gap-3 xl:grid-cols-3">
        <ChartCard title={t("trend")} loading={!trend.data && !trend.error} empty={!trend.data?.length}>
          <LazyChart option={trendOption} height={260} ariaLabel={t("trend")} testId="chart-trend" />
        </ChartCard>
        <ChartCard title={t("area")} loading={!area.data && !area.error} empty={!area.data?.length}>
          <LazyChart option={areaOption} height={260} ariaLabel={t("area")} testId="chart-area" />
        </ChartCard>
        <ChartCard title={t("perTenant")} loading={!perTenant.data && !perTenant.error} empty={!perTenant.data?.length}>
          <LazyChart option={perTenantOption} height={260} ariaLabel={t("perTenant")} testId="chart-per-tenant" />
        </ChartCard>
      </div>
    </section>
  );
}
