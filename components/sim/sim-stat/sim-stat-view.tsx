"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ChartPanel, PageFrame, useSession, type DayRange } from "@/components/kit";
import { LoadError } from "@/components/kit/load-error";
import { quickRange } from "@/components/kit/resource/search-rules";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useCall } from "@/lib/api/call";
import { daysBetween, simCardApi, USAGE_RANGE_DAYS, type SimStat, type UsageChart } from "@/lib/contract/sim/card";
import { SIM_CARRIERS } from "@/lib/contract/sim/enums";
import { formatDateTime } from "@/lib/format";
import { menuTrail } from "@/lib/shell/menu";
import { cn } from "@/lib/utils";
import { PoolRunOut } from "../sim/pool-run-out";
import { UsageBar } from "../sim/usage-bar";

type EChartsOption = import("echarts").EChartsOption;

const LIST = "/sim/sim";
const listHref = (q?: Record<string, string>) => (q ? `${LIST}?${new URLSearchParams(q)}` : LIST);
const cardHref = (id: number) => `/sim/simInfo?id=${id}`;
const mb = (n: number) => n.toLocaleString(undefined, { maximumFractionDigits: 2 });
const ALL = "all";

/** The counts, each opening the card list with its filter where the list has one. */
const TILES: { key: keyof SimStat; query?: Record<string, string>; tone?: "warn" | "bad" }[] = [
  { key: "total", query: {} },
  { key: "expiring7", query: { expiring: "7" }, tone: "warn" },
  { key: "expiring30", query: { expiring: "30" } },
  { key: "expired", tone: "bad" },
  { key: "overQuota", query: { overQuota: "1" }, tone: "warn" },
  { key: "split", query: { imeiStatus: "SPLIT" }, tone: "warn" },
  { key: "offlineUsing", tone: "warn" },
  { key: "reconnectLoop", tone: "bad" },
];

/** The 30 days up to yesterday, the platform's: carriers report use a day late (T+1). */
const defaultRange = (): DayRange => quickRange("last30Days", new Date(Date.now() - 86_400_000));

/** Whether the range is one the cloud answers (1 to 31 days), else why not, in the reader's language. */
export function rangeError(range: DayRange, t: (key: "endBeforeStart") => string, tv: (key: "usageRange", v: { max: number }) => string): string | null {
  const n = daysBetween(range[0], range[1]);
  if (Number.isNaN(n) || n < 1) return t("endBeforeStart");
  return n > USAGE_RANGE_DAYS ? tv("usageRange", { max: USAGE_RANGE_DAYS }) : null;
}

function pie(rows: { name: string; value: number }[]): EChartsOption {
  return {
    tooltip: { trigger: "item", formatter: "{b}: {c} ({d}%)" },
    legend: { type: "scroll", bottom: 0 },
    series: [{ type: "pie", radius: ["40%", "68%"], center: ["50%", "45%"], avoidLabelOverlap: true, label: { formatter: "{b}\n{c}" }, data: rows }],
  };
}

function Tiles({ stat, mayList }: { stat: SimStat; mayList: boolean }) {
  const t = useTranslations("sim.stat.tiles");
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-8" data-testid="sim-stat-tiles">
      {TILES.map(({ key, query, tone }) => {
        const n = stat[key] as number;
        const body = (
          <>
            <span className="text-xs text-muted-foreground">{t(key)}</span>
            <span className={cn("text-2xl font-semibold tabular-nums", n > 0 && tone === "warn" && "text-amber-600 dark:text-amber-400", n > 0 && tone === "bad" && "text-destructive")}>{n.toLocaleString()}</span>
          </>
        );
        const box = "flex flex-col gap-1 rounded-lg border bg-card p-3";
        return mayList && query ? (
          <Link key={key} href={listHref(key === "total" ? undefined : query)} className={cn(box, "transition-colors hover:bg-muted")} data-testid={`sim-stat-${key}`}>
            {body}
          </Link>
        ) : (
          <div key={key} className={box} data-testid={`sim-stat-${key}`}>
            {body}
          </div>
        );
      })}
    </div>
  );
}

/** The tenant's use per day over a range of at most 31 days (one carrier's, or all), the totals and the cards that used the most. */
function UsagePanel({ mayList }: { mayList: boolean }) {
  const t = useTranslations("sim.stat");
  const tu = useTranslations("sim.usage");
  const tv = useTranslations("validation.sim");
  const tc = useTranslations("enums.simCarrier");
  const [range, setRange] = React.useState<DayRange>(defaultRange);
  const [carrier, setCarrier] = React.useState<string | null>(null);
  const error = rangeError(range, tu, tv);
  const { data, error: failed, isLoading, mutate } = useCall(simCardApi.useChart, error ? null : { startDate: range[0], endDate: range[1], ...(carrier ? { carrier: carrier as (typeof SIM_CARRIERS)[number] } : {}) });
  const carriers = React.useMemo(() => [{ value: ALL, label: t("allCarriers") }, ...SIM_CARRIERS.map((c) => ({ value: c, label: tc(c) }))], [t, tc]);
  const option = React.useMemo<EChartsOption | undefined>(
    () =>
      data && {
        tooltip: { trigger: "axis" },
        grid: { left: 48, right: 16, top: 24, bottom: 32, containLabel: true },
        xAxis: { type: "category", data: data.days.map((d) => d.day.slice(5)) },
        yAxis: { type: "value", name: "MB" },
        series: [{ type: "bar", name: tu("daily"), data: data.days.map((d) => d.usedMb) }],
      },
    [data, tu],
  );
  return (
    <div className="flex flex-col gap-3">
      <ChartPanel
        title={t("usage")}
        testId="sim-stat-usage"
        range={{ value: range, onChange: setRange, quick: ["last7Days", "last30Days"] }}
        selects={[{ key: "sim-stat-carrier", label: t("carrier"), dict: carriers, value: carrier ?? ALL, onChange: (v) => setCarrier(v === ALL || v === null ? null : String(v)) }]}
        loading={!error && isLoading}
        error={!error && !!failed}
        onRetry={() => void mutate()}
        empty={!error && !!data && data.totalMb === 0}
        option={option}
        height={280}
      >
        {error ? (
          <p role="alert" className="flex h-[280px] items-center justify-center px-4 text-center text-sm text-destructive" data-testid="sim-stat-range-error">
            {error}
          </p>
        ) : undefined}
      </ChartPanel>
      {data && !error && <UsageSummary data={data} mayList={mayList} />}
    </div>
  );
}

function UsageSummary({ data, mayList }: { data: UsageChart; mayList: boolean }) {
  const t = useTranslations("sim.stat");
  const tu = useTranslations("sim.usage");
  const tc = useTranslations("enums.simCarrier");
  const tf = useTranslations("sim.card.fields");
  const top = data.top ?? [];
  return (
    <Card data-testid="sim-stat-top">
      <CardHeader className="flex flex-row flex-wrap items-baseline gap-x-4 gap-y-1 space-y-0">
        <CardTitle className="mr-auto text-base">{t("top")}</CardTitle>
        <p className="text-sm tabular-nums" data-testid="sim-stat-use-total">
          {tu("total", { mb: mb(data.totalMb) })}
          {data.months.length > 1 && ` · ${data.months.map((m) => `${m.month}: ${mb(m.usedMb)} MB`).join(" · ")}`}
        </p>
        <p className="w-full text-xs text-muted-foreground" data-testid="sim-stat-as-of">
          {data.usageAsOf ? tu("asOf", { day: data.usageAsOf }) : t("notReported")}
        </p>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {top.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{t("topNone")}</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead className="w-10">#</TableHead>
                <TableHead>{tf("iccid")}</TableHead>
                <TableHead>{tf("carrier")}</TableHead>
                <TableHead>{tf("deviceName")}</TableHead>
                <TableHead className="text-right">{t("usedInRange")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {top.map((r, i) => (
                <TableRow key={r.id} data-testid="sim-stat-top-row">
                  <TableCell className="tabular-nums text-muted-foreground">{i + 1}</TableCell>
                  <TableCell className="font-mono">
                    {mayList ? (
                      <Link href={cardHref(r.id)} className="text-primary hover:underline">
                        {r.iccid}
                      </Link>
                    ) : (
                      r.iccid
                    )}
                  </TableCell>
                  <TableCell>{tc(r.carrier as never)}</TableCell>
                  <TableCell className="max-w-48 truncate">{r.deviceName ?? "-"}</TableCell>
                  <TableCell className="text-right tabular-nums">{mb(r.usedMb)} MB</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function Pools({ stat }: { stat: SimStat }) {
  const t = useTranslations("sim.stat");
  const tp = useTranslations("sim.alarm.pools");
  const tc = useTranslations("enums.simCarrier");
  return (
    <Card data-testid="sim-stat-pools">
      <CardHeader>
        <CardTitle className="text-base">{t("pools")}</CardTitle>
        <p className="text-xs text-muted-foreground">{tp("runOutHint")}</p>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {stat.pools.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{tp("none")}</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{tp("pool")}</TableHead>
                <TableHead>{t("carrier")}</TableHead>
                <TableHead>{tp("cards")}</TableHead>
                <TableHead>{tp("used")}</TableHead>
                <TableHead>{tp("runOut")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {stat.pools.map((p) => (
                <TableRow key={p.id} data-testid="sim-stat-pool">
                  <TableCell className="font-medium">{p.poolCode}</TableCell>
                  <TableCell>{tc(p.carrier as never)}</TableCell>
                  <TableCell className="tabular-nums">{p.cards}</TableCell>
                  <TableCell>
                    <UsageBar used={p.usedMb} quota={p.quotaMb} pct={p.usagePct} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap tabular-nums" data-testid="sim-stat-pool-run-out">
                    <PoolRunOut days={p.runOutDays} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * SIM statistics (/sim/simStat, issue 37; core §7 `simCard/stat`, `useChart`): the cards' counts
 * (expiring, over quota, SPLIT, using while offline, reconnect loops), by status and carrier, the
 * tenant's use over a chosen range of at most 31 days with the cards that used the most, and the
 * pools' use and run-out. A count, a slice or a card opens the card list or the card's page for
 * those who may open them.
 */
export function SimStatView() {
  const t = useTranslations("sim.stat");
  const ts = useTranslations("enums.simStatus");
  const tc = useTranslations("enums.simCarrier");
  const tsync = useTranslations("sim.sync");
  const router = useRouter();
  const { menus } = useSession();
  const mayList = React.useMemo(() => menuTrail(menus, LIST).length > 0, [menus]);
  const { data: stat, error, mutate } = useCall(simCardApi.stat, {});
  const byStatus = React.useMemo(() => stat && pie(stat.byStatus.map((r) => ({ name: ts(r.status as never), value: r.count }))), [stat, ts]);
  const byCarrier = React.useMemo(() => stat && pie(stat.byCarrier.map((r) => ({ name: tc(r.carrier as never), value: r.count }))), [stat, tc]);
  const open = (q: Record<string, string>) => mayList && router.push(listHref(q));
  const run = stat?.lastSync;
  return (
    <PageFrame>
      <div className="flex flex-col gap-3" data-testid="sim-stat">
        {error && !stat ? (
          <LoadError onRetry={() => void mutate()} testId="sim-stat-error" />
        ) : !stat ? (
          <Skeleton className="h-24" />
        ) : (
          <>
            <Tiles stat={stat} mayList={mayList} />
            <p className="text-xs text-muted-foreground" data-testid="sim-stat-sync">
              {run ? tsync("last", { time: formatDateTime(run.startTime), seen: run.seen, changed: run.changed, errors: run.errors, seconds: Math.round((run.durationMs ?? 0) / 1000) }) : tsync("never")}
              {stat.simulated && ` · ${tsync("simulated")}`}
            </p>
            <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
              <ChartPanel title={t("byStatus")} testId="sim-stat-by-status" empty={stat.total === 0} option={byStatus} height={280} onItemClick={(e) => open({ status: stat.byStatus[e.dataIndex]?.status ?? "" })} />
              <ChartPanel title={t("byCarrier")} testId="sim-stat-by-carrier" empty={stat.total === 0} option={byCarrier} height={280} onItemClick={(e) => open({ carrier: stat.byCarrier[e.dataIndex]?.carrier ?? "" })} />
            </div>
          </>
        )}
        <UsagePanel mayList={mayList} />
        {stat && <Pools stat={stat} />}
      </div>
    </PageFrame>
  );
}
