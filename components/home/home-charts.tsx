"use client";

import * as React from "react";
import { useLocale, useTranslations } from "next-intl";
import type { HomeProject, HomeSummary } from "@/lib/contract/home";
import { DisplayMap } from "@/components/maps/lazy";
import { MapKeyNoticeStyle } from "@/components/maps/key-notice";
import { ArrowRightLeft } from "lucide-react";
import { Button } from "@/components/ui/button";
import { projectMarker } from "@/components/maps/geo";
import { LazyChart } from "@/components/kit/chart/lazy-chart";
import { useChooseProject } from "@/components/shell/project-selector";
import { useShell } from "@/components/shell/shell-context";
import { trendOption } from "./trend-option";

const CHART_HEIGHT = 300;

/** The home's 7-day chart and projects map, side by side on a wide screen. */
export function HomeCharts({ summary }: { summary: HomeSummary }) {
  return (
    <section className="grid gap-4 xl:grid-cols-2">
      <TrendCard days={summary.days} />
      <ProjectsMap projects={summary.projects} total={summary.projectNums} />
    </section>
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
      <LazyChart option={option} height={CHART_HEIGHT} ariaLabel={t("title")} testId="home-trend-chart" />
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

/** The project card's way into the project: the console switches to it (the home then shows it chosen). */
function SwitchToProject({ id }: { id: number }) {
  const t = useTranslations("home.map");
  const { projId } = useShell();
  const { choose, pending } = useChooseProject();
  if (id === projId) return <p className="mt-2 text-muted-foreground" data-testid="home-map-current">{t("current")}</p>;
  return (
    <Button type="button" size="sm" variant="outline" className="mt-2 w-full" disabled={pending} onClick={() => choose(id)} data-testid="home-map-switch">
      <ArrowRightLeft className="size-4" />
      {t("switch")}
    </Button>
  );
}

function ProjectsMap({ projects, total }: { projects: HomeProject[]; total: number }) {
  const t = useTranslations("home.map");
  const labels = { online: t("online"), offline: t("offline"), openAlarms: t("openAlarms") };
  const markers = projects.map((p) =>
    projectMarker(p, p.openAlarms, [
      { paramName: labels.online, dataValue: p.online },
      { paramName: labels.offline, dataValue: p.offline },
      { paramName: labels.openAlarms, dataValue: p.openAlarms },
    ]),
  );
  const unplaced = total - projects.length;
  return (
    <Card title={t("title")} testId="home-map">
      {/* A glance, not a workspace: "tiles need a key" is a caption on the map, not a note that arrives under it and moves the page. */}
      {markers.length ? (
        <MapKeyNoticeStyle value="caption">
          <DisplayMap devices={markers} height={CHART_HEIGHT} cardFooter={(d) => <SwitchToProject id={Number(d.id)} />} />
        </MapKeyNoticeStyle>
      ) : <p className="flex items-center justify-center rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground" style={{ height: CHART_HEIGHT }}>{t("noPosition")}</p>}
      {markers.length > 0 && unplaced > 0 && <p className="mt-1 text-xs text-muted-foreground">{t("unplaced", { count: unplaced })}</p>}
    </Card>
  );
}
