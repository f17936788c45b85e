"use client";

import * as React from "react";
import Link from "next/link";
import useSWR from "swr";
import { useLocale, useTranslations } from "next-intl";
import { Bell, Cpu, FolderKanban, ListTodo, Siren, type LucideIcon } from "lucide-react";
import { silentSwrFetcher } from "@/lib/api/fetcher";
import type { HomeProject, HomeSummary } from "@/lib/contract/home";
import { LoadError } from "@/components/kit/load-error";
import { DisplayMap } from "@/components/maps/lazy";
import type { MapDevice } from "@/components/maps/geo";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { trendOption } from "./trend-option";

const EChart = React.lazy(() => import("@/components/charts/echart").then((m) => ({ default: m.EChart })));

/** The figures follow the devices without a reload, at the console's polling pace (core §9). */
const REFRESH_MS = 60_000;
const CHART_HEIGHT = 300;

export type HomeLinks = Partial<Record<"projects" | "devices" | "alarms" | "todos" | "messages", string>>;

export type HomeDashboardProps = {
  /** The summary as the server read it for the first paint; null when that call failed. */
  initial: HomeSummary | null;
  inbox: { todos: number; messages: number };
  /** Where each figure leads, only for the screens the user's menu holds. */
  links: HomeLinks;
};

/** A project as a display-map marker: warning while it has open alarms, its device counts as the live panel. */
export function projectMarker(p: HomeProject, labels: { online: string; offline: string; openAlarms: string }): MapDevice {
  return {
    id: p.id,
    deviceName: p.prjName,
    deviceLongitude: p.lng,
    deviceLatitude: p.lat,
    deviceAddr: p.prjAddress,
    warnStatus: p.openAlarms > 0 ? 2 : 1,
    dataList: [
      { paramName: labels.online, dataValue: p.online },
      { paramName: labels.offline, dataValue: p.offline },
      { paramName: labels.openAlarms, dataValue: p.openAlarms },
    ],
  };
}

/**
 * A tenant user's home (issue 19): projects, devices by status, open alarms by level, to-dos and
 * messages, the last 7 days of alarms and received values, and the projects on the display map.
 */
export function HomeDashboard({ initial, inbox, links }: HomeDashboardProps) {
  const t = useTranslations("home");
  const { data, error, mutate } = useSWR<HomeSummary>("stat/home/summary", silentSwrFetcher, { fallbackData: initial ?? undefined, refreshInterval: REFRESH_MS, revalidateOnMount: !initial });
  if (!data) {
    return error ? (
      <LoadError onRetry={() => mutate()} className="rounded-lg border bg-card p-5" testId="home-load-failed" />
    ) : (
      <Skeleton className="h-40 w-full" />
    );
  }
  return (
    <div className="space-y-4" data-testid="home-dashboard">
      <Figures summary={data} inbox={inbox} links={links} />
      {data.projectNums === 0 ? (
        <p className="rounded-lg border bg-card p-5 text-sm text-muted-foreground" data-testid="home-no-projects">
          {t("noProjects")}
        </p>
      ) : (
        <section className="grid gap-4 xl:grid-cols-2">
          <TrendCard days={data.days} />
          <ProjectsMap projects={data.projects} total={data.projectNums} />
        </section>
      )}
    </div>
  );
}

function Tile({ href, icon: Icon, label, value, testId, children }: { href?: string; icon: LucideIcon; label: string; value: React.ReactNode; testId: string; children?: React.ReactNode }) {
  const body = (
    <>
      <span className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-light-9 text-primary dark:bg-accent">
          <Icon className="size-5" />
        </span>
        <span className="min-w-0">
          <span className="block text-2xl leading-tight font-semibold tabular-nums" data-value>
            {value}
          </span>
          <span className="text-sm text-muted-foreground">{label}</span>
        </span>
      </span>
      {children}
    </>
  );
  const cls = "flex flex-col gap-3 rounded-lg border bg-card p-4";
  return href ? (
    <Link href={href} className={cn(cls, "transition-colors hover:border-primary")} data-testid={testId}>
      {body}
    </Link>
  ) : (
    <div className={cls} data-testid={testId}>
      {body}
    </div>
  );
}

function Figures({ summary, inbox, links }: { summary: HomeSummary; inbox: HomeDashboardProps["inbox"]; links: HomeLinks }) {
  const t = useTranslations("home.figures");
  const { devices } = summary;
  const openAlarms = summary.alarmLevels.reduce((n, l) => n + l.count, 0);
  const parts = [
    { key: "online", n: devices.online, cls: "bg-emerald-500" },
    { key: "offline", n: devices.offline, cls: "bg-rose-500" },
    { key: "inactive", n: devices.inactive, cls: "bg-muted-foreground/40" },
  ] as const;
  return (
    <section className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
      <Tile href={links.projects} icon={FolderKanban} label={t("projects")} value={summary.projectNums} testId="home-projects" />
      <Tile href={links.devices} icon={Cpu} label={t("devices")} value={devices.total} testId="home-devices">
        <span className="flex h-2 overflow-hidden rounded-full bg-muted" aria-label={t("onlineOf", { online: devices.online, total: devices.total })} role="img">
          {devices.total > 0 && parts.map((p) => (p.n ? <span key={p.key} className={p.cls} style={{ width: `${(p.n / devices.total) * 100}%` }} /> : null))}
        </span>
        <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
          {parts.map((p) => (
            <span key={p.key} className="inline-flex items-center gap-1" data-status={p.key}>
              <span className={cn("size-2 rounded-full", p.cls)} aria-hidden />
              {t(p.key)} <span className="font-medium text-foreground tabular-nums">{p.n}</span>
            </span>
          ))}
        </span>
      </Tile>
      <Tile href={links.alarms} icon={Siren} label={t("openAlarms")} value={openAlarms} testId="home-alarms">
        {summary.alarmLevels.length ? (
          <span className="flex flex-wrap gap-1.5">
            {summary.alarmLevels.map((l) => (
              <span key={`${l.levelNum}-${l.levelName}`} className="inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs" data-level={l.levelNum ?? ""}>
                <span className="size-2 rounded-full" style={{ background: l.color ?? "currentColor" }} aria-hidden />
                {l.levelName || (l.levelNum ? t("level", { num: l.levelNum }) : t("noLevel"))}
                <span className="font-medium tabular-nums">{l.count}</span>
              </span>
            ))}
          </span>
        ) : (
          <span className="text-xs text-muted-foreground">{t("noOpenAlarms")}</span>
        )}
      </Tile>
      <InboxTiles inbox={inbox} links={links} />
    </section>
  );
}

/** Pending to-dos and unread messages: on every home, the platform's included. */
export function InboxTiles({ inbox, links }: Pick<HomeDashboardProps, "inbox" | "links">) {
  const t = useTranslations("shell.home");
  return (
    <>
      <Tile href={links.todos} icon={ListTodo} label={t("pendingTodos")} value={inbox.todos} testId="home-todos" />
      <Tile href={links.messages} icon={Bell} label={t("unreadMessages")} value={inbox.messages} testId="home-messages" />
    </>
  );
}

function Card({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <section className="rounded-lg border bg-card p-4" data-testid={testId}>
      <h2 className="mb-2 font-medium">{title}</h2>
      {children}
    </section>
  );
}

function TrendCard({ days }: { days: HomeSummary["days"] }) {
  const t = useTranslations("home.trend");
  const locale = useLocale();
  const option = React.useMemo(() => trendOption(days, { alarms: t("alarms"), values: t("values") }, locale), [days, t, locale]);
  const quiet = days.every((d) => d.alarms === 0 && d.values === 0);
  return (
    <Card title={t("title")} testId="home-trend">
      <React.Suspense fallback={<Skeleton className="w-full" style={{ height: CHART_HEIGHT }} />}>
        <EChart option={option} height={CHART_HEIGHT} ariaLabel={t("title")} testId="home-trend-chart" />
      </React.Suspense>
      {quiet && <p className="mt-1 text-center text-xs text-muted-foreground">{t("quiet")}</p>}
      {/* The figures behind the chart, for screen readers and the tests. */}
      <table className="sr-only">
        <thead>
          <tr>
            <th />
            <th>{t("alarms")}</th>
            <th>{t("values")}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day} data-day={d.day}>
              <th>{d.day}</th>
              <td>{d.alarms}</td>
              <td>{d.values}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function ProjectsMap({ projects, total }: { projects: HomeProject[]; total: number }) {
  const t = useTranslations("home.map");
  const labels = { online: t("online"), offline: t("offline"), openAlarms: t("openAlarms") };
  const markers = projects.map((p) => projectMarker(p, labels));
  const unplaced = total - projects.length;
  return (
    <Card title={t("title")} testId="home-map">
      {markers.length ? <DisplayMap devices={markers} height={CHART_HEIGHT} /> : <p className="flex items-center justify-center rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground" style={{ height: CHART_HEIGHT }}>{t("noPosition")}</p>}
      {markers.length > 0 && unplaced > 0 && <p className="mt-1 text-xs text-muted-foreground">{t("unplaced", { count: unplaced })}</p>}
    </Card>
  );
}
