"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { DisplayMap, type MapDevice } from "@/components/maps";
import { projectMarker } from "@/components/maps/geo";
import { Panel, PanelNote, ScreenChart, ScreenFrame, useLiveCall, useScreen } from "@/components/data-screen";
import { DeviceStats, LatestAlarms, Stat, useLevelLabel } from "@/components/data-screen/screen-parts";
import { levelRing, trendBars } from "@/components/data-screen/screen-options";
import { monitorScreenApi, type ProjectHealth } from "@/lib/contract/screen/monitor-screen";
import { cn } from "@/lib/utils";

/** The map fills its panel: the body's height in the 1920×1080 design. */
const MAP_HEIGHT = 734;
const GRADE_TONE: Record<string, string> = { A: "text-emerald-300", B: "text-sky-300", C: "text-amber-300", D: "text-rose-300" };

/** What a panel shows before its first answer: loading, or that the call failed (the badge says more). */
function Waiting({ failed }: { failed: boolean }) {
  const t = useTranslations("dataScreen");
  return <PanelNote testId={failed ? "panel-unavailable" : "panel-loading"}>{t(failed ? "unavailable" : "loading")}</PanelNote>;
}

/**
 * globalDataScreen (core §2): the tenant's projects on a map with their state, device totals,
 * open alarms by level and the 30-day trend, the newest alarms scrolling, and each project's
 * monitoring index and health. Every part refreshes on its own and keeps its last answer.
 */
export function GlobalDataScreenView() {
  const t = useTranslations("dataScreen");
  const { projId } = useScreen();
  const index = useLiveCall(monitorScreenApi.monitorIndex, {});
  const health = useLiveCall(monitorScreenApi.healthAssess, {});
  const analysis = useLiveCall(monitorScreenApi.dataAnalysis, {});
  const label = useLevelLabel();

  const healthById = React.useMemo(() => new Map((health.data?.projects ?? []).map((p) => [p.id, p])), [health.data]);
  const ring = React.useMemo(() => analysis.data && levelRing(analysis.data.levels, label, t("levels.open")), [analysis.data, label, t]);
  const trend = React.useMemo(() => analysis.data && trendBars(analysis.data.trend, label), [analysis.data, label]);
  const markers = React.useMemo<MapDevice[]>(
    () =>
      (index.data?.projects ?? []).map((p) => {
        const h = healthById.get(p.id);
        return projectMarker(p, p.alarmOpen, [
          { paramName: t("map.devices"), dataValue: `${p.devices.online} / ${p.devices.total}` },
          { paramName: t("map.alarms"), dataValue: p.alarmOpen },
          { paramName: t("map.index"), dataValue: p.index === null ? "-" : `${p.index}%` },
          { paramName: t("map.health"), dataValue: h?.score == null ? "-" : `${h.score} (${h.grade})` },
        ]);
      }),
    [index.data, healthById, t],
  );
  const unplaced = (index.data?.projects ?? []).filter((p) => p.lng === null || p.lat === null).length;
  const avgHealth = React.useMemo(() => {
    const scored = (health.data?.projects ?? []).filter((p): p is ProjectHealth & { score: number } => p.score !== null);
    return scored.length ? Math.round(scored.reduce((n, p) => n + p.score, 0) / scored.length) : null;
  }, [health.data]);
  const totals = index.data?.totals;

  return (
    <ScreenFrame title={t("global.title")}>
      <div className="grid h-full grid-cols-[480px_1fr_500px] gap-5">
        <div className="grid min-h-0 grid-rows-[200px_300px_1fr] gap-5">
          <Panel title={t("panels.devices")} testId="panel-devices">
            {totals ? <DeviceStats totals={totals.devices} /> : <Waiting failed={index.failed} />}
          </Panel>
          <Panel title={t("panels.levels")} testId="panel-levels" bodyClassName="p-1">
            {ring ? <ScreenChart option={ring} ariaLabel={t("panels.levels")} /> : <Waiting failed={analysis.failed} />}
          </Panel>
          <Panel title={t("panels.trend")} testId="panel-trend" bodyClassName="p-2">
            {trend ? <ScreenChart option={trend} ariaLabel={t("panels.trend")} /> : <Waiting failed={analysis.failed} />}
          </Panel>
        </div>

        <div className="grid min-h-0 grid-rows-[120px_1fr] gap-5">
          <div className="grid grid-cols-5 gap-4" data-testid="kpis">
            <Stat label={t("kpi.projects")} value={index.data ? index.data.projects.length : "-"} testId="kpi-projects" />
            <Stat label={t("kpi.online")} value={totals ? `${totals.devices.online}/${totals.devices.total}` : "-"} tone="emerald" testId="kpi-online" />
            <Stat label={t("kpi.alarms")} value={totals ? totals.alarmOpen : "-"} tone={totals?.alarmOpen ? "amber" : "sky"} testId="kpi-alarms" />
            <Stat label={t("kpi.index")} value={totals?.index == null ? "-" : `${totals.index}%`} testId="kpi-index" />
            <Stat label={t("kpi.health")} value={avgHealth ?? "-"} tone="emerald" testId="kpi-health" />
          </div>
          <Panel
            title={t("panels.map")}
            testId="panel-map"
            extra={unplaced ? t("map.unplaced", { n: unplaced }) : undefined}
            // The map's live panels are sized for a desk; here they are read from across a room.
            bodyClassName="p-2 [&_[data-testid=live-panel]]:px-3 [&_[data-testid=live-panel]]:py-2 [&_[data-testid=live-panel]]:text-[15px] [&_[data-testid=live-panel]]:whitespace-nowrap"
          >
            {index.data ? (
              index.data.projects.length ? (
                <DisplayMap devices={markers} height={MAP_HEIGHT} />
              ) : (
                <PanelNote testId="map-empty">{t("map.empty")}</PanelNote>
              )
            ) : (
              <Waiting failed={index.failed} />
            )}
          </Panel>
        </div>

        <div className="grid min-h-0 grid-rows-[1fr_400px] gap-5">
          <Panel title={t("panels.projects")} testId="panel-projects" bodyClassName="flex flex-col overflow-hidden p-0">
            {index.data ? (
              <>
                <table className="w-full table-fixed text-base">
                  {/* Narrow fixed columns: a long heading (en "Alarm / points") wraps rather than run into the next one. */}
                  <thead className="text-sm leading-tight text-sky-200/70">
                    <tr className="border-b border-sky-500/15">
                      <th className="w-[34%] px-3 py-2 text-left align-bottom font-normal">{t("projects.name")}</th>
                      {(["index", "points", "online"] as const).map((k) => <th key={k} className="px-2 py-2 text-right align-bottom font-normal break-words">{t(`projects.${k}`)}</th>)}
                      <th className="w-[22%] px-3 py-2 text-right align-bottom font-normal">{t("projects.health")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {index.data.projects.map((p) => {
                      const h = healthById.get(p.id);
                      return (
                        <tr key={p.id} className={cn("border-b border-sky-500/10", p.id === projId && "bg-sky-500/10")} data-testid="project-row">
                          <td className="truncate px-3 py-2.5 text-sky-50" title={p.prjName}>
                            {p.alarmOpen > 0 && <span className="mr-2 inline-block size-2.5 rounded-full bg-amber-400 align-middle" aria-label={t("map.alarms")} />}
                            {p.prjName}
                          </td>
                          <td className="px-2 text-right tabular-nums">{p.index === null ? "-" : `${p.index}%`}</td>
                          <td className="px-2 text-right tabular-nums">
                            <span className={p.pointAlarm ? "text-amber-300" : undefined}>{p.pointAlarm}</span>/{p.pointTotal}
                          </td>
                          <td className="px-2 text-right tabular-nums">
                            {p.devices.online}/{p.devices.total}
                          </td>
                          <td className="px-3 text-right whitespace-nowrap tabular-nums">
                            {h?.score == null ? (
                              <span className="text-sky-200/50">{t("health.none")}</span>
                            ) : (
                              <span className={cn("font-semibold", GRADE_TONE[h.grade ?? "D"])}>
                                {h.score} · {h.grade}
                              </span>
                            )}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
                <p className="mt-auto border-t border-sky-500/15 px-3 py-2 text-sm leading-snug text-sky-200/60">{t("health.method")}</p>
              </>
            ) : (
              <Waiting failed={index.failed} />
            )}
          </Panel>
          <Panel title={t("panels.latest")} testId="panel-latest" bodyClassName="py-0">
            {analysis.data ? <LatestAlarms alarms={analysis.data.latestAlarms} /> : <Waiting failed={analysis.failed} />}
          </Panel>
        </div>
      </div>
    </ScreenFrame>
  );
}
