"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { Panel, PanelNote, ScreenChart, ScreenFrame, useLiveCall } from "@/components/data-screen";
import { Stat, useLevelLabel } from "@/components/data-screen/screen-parts";
import { rankingBars, trendBars, typeBars } from "@/components/data-screen/screen-options";
import { monitorScreenApi } from "@/lib/contract/screen/monitor-screen";

/**
 * globalDataScreen1 (core §2): the tenant's figures in the alternative layout — the projects
 * ranked by alarms, devices by product (online and not), the 30-day alarm trend, under the
 * headline figures. One call (dataAnalysis) feeds it all.
 */
export function GlobalDataScreen1View() {
  const t = useTranslations("dataScreen");
  const { data, failed } = useLiveCall(monitorScreenApi.dataAnalysis, {});
  const label = useLevelLabel();
  const options = React.useMemo(
    () =>
      data && {
        ranking: rankingBars(data.ranking, { alarms: t("ranking.alarms"), open: t("ranking.open") }),
        types: typeBars(data.deviceTypes, { online: t("devices.online"), other: t("types.notOnline"), others: t("types.others") }),
        trend: trendBars(data.trend, label),
      },
    [data, label, t],
  );
  const waiting = <PanelNote testId={failed ? "panel-unavailable" : "panel-loading"}>{t(failed ? "unavailable" : "loading")}</PanelNote>;
  const chart = (name: "ranking" | "types" | "trend", empty?: string) =>
    !options ? waiting : empty ? <PanelNote testId={`${name}-empty`}>{empty}</PanelNote> : <ScreenChart option={options[name]} ariaLabel={t(`panels.${name}`)} />;
  const raised = data ? data.trend.series.reduce((n, s) => n + s.counts.reduce((a, b) => a + b, 0), 0) : null;
  const open = data ? data.levels.reduce((n, l) => n + l.open, 0) : null;

  return (
    <ScreenFrame title={t("global1.title")}>
      <div className="grid h-full grid-cols-[1fr_620px] grid-rows-[120px_1fr_1fr] gap-5">
        <div className="col-span-2 grid grid-cols-5 gap-4" data-testid="kpis">
          <Stat label={t("kpi.projects")} value={data ? data.ranking.length : "-"} testId="kpi-projects" />
          <Stat label={t("kpi.online")} value={data ? `${data.devices.online}/${data.devices.total}` : "-"} tone="emerald" testId="kpi-online" />
          <Stat label={t("kpi.alarms")} value={open ?? "-"} tone={open ? "amber" : "sky"} testId="kpi-alarms" />
          <Stat label={t("kpi.raised")} value={raised ?? "-"} testId="kpi-raised" />
          <Stat label={t("kpi.types")} value={data ? data.deviceTypes.length : "-"} testId="kpi-types" />
        </div>
        <Panel title={t("panels.ranking")} testId="panel-ranking" bodyClassName="p-2">
          {chart("ranking", data?.ranking.length === 0 ? t("map.empty") : undefined)}
        </Panel>
        <Panel title={t("panels.types")} className="row-span-2" testId="panel-types" bodyClassName="p-2">
          {chart("types", data?.deviceTypes.length === 0 ? t("types.empty") : undefined)}
        </Panel>
        <Panel title={t("panels.trend")} testId="panel-trend" bodyClassName="p-2">
          {chart("trend")}
        </Panel>
      </div>
    </ScreenFrame>
  );
}
