"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { PanelNote, ScreenFrame, useLiveCall, useLiveData, useScreen } from "@/components/data-screen";
import type { CallAnswer } from "@/lib/contract/call";
import { devPointScreenApi, devSceneModelApi } from "@/lib/contract/scene/api";
import { SCREEN_RANGES } from "@/lib/contract/scene/scene";
import { monitorScreenApi } from "@/lib/contract/screen/monitor-screen";
import type { ScreenBlock } from "@/lib/contract/scene/enums";
import { cn } from "@/lib/utils";
import { HouseChartPanel } from "./house-chart-panel";
import { HousePointsPanel } from "./house-points-panel";
import { HouseScenePanel } from "./house-scene-panel";
import { HouseVideoPanel } from "./house-video-panel";

type Hours = (typeof SCREEN_RANGES)[number];

function RangeSwitch({ value, onChange }: { value: Hours; onChange: (h: Hours) => void }) {
  const t = useTranslations("scene.screen.range");
  return (
    <div className="flex gap-1" role="group">
      {SCREEN_RANGES.map((h) => (
        <button
          key={h}
          type="button"
          aria-pressed={h === value}
          className={cn("rounded px-2 py-0.5 text-sm whitespace-nowrap", h === value ? "bg-sky-500/30 text-sky-50" : "text-sky-300/70 hover:text-sky-100")}
          onClick={() => onChange(h)}
        >
          {t(String(h))}
        </button>
      ))}
    </div>
  );
}

/**
 * houseDataScreen (core §2, issue: data screens): one project — its scene with the devices placed
 * on it, its points' newest values and alarm state, charts of the chosen points, their comparison,
 * and the video area — in the blocks /dataScreenSet chose, refreshed live inside the screens' frame.
 */
export function HouseDataScreen() {
  const t = useTranslations("scene.screen");
  const { projId } = useScreen();
  const [hours, setHours] = React.useState<Hours>(24);
  const on = projId !== null;
  const config = useLiveData<CallAnswer<typeof devSceneModelApi.info>>(on ? [devSceneModelApi.info.path, { projId }] : null);
  const blocks = new Set<ScreenBlock>(config.data?.blocks ?? []);
  const show = (b: ScreenBlock) => blocks.has(b);
  const scene = useLiveData<CallAnswer<typeof devPointScreenApi>>(on && (show("scene") || show("video")) ? [devPointScreenApi.path, { projId }] : null);
  const points = useLiveCall(monitorScreenApi.devicePointData, on && show("points") ? { projId } : null);
  const analysis = useLiveCall(monitorScreenApi.dataAnalysisView, on && show("analysis") ? { projId, hours } : null);
  const comparison = useLiveCall(monitorScreenApi.dataComparisonView, on && show("comparison") ? { projId, hours } : null);

  const left = show("points");
  const middle = show("scene") || show("video");
  const right = show("analysis") || show("comparison");
  let body: React.ReactNode;
  if (!on || !config.data) body = <PanelNote>{on ? t("loading") : t("noProject")}</PanelNote>;
  else if (!left && !middle && !right) body = <PanelNote>{t("noBlocks")}</PanelNote>;
  else
    body = (
      <div className="flex size-full gap-4">
        {left && <HousePointsPanel points={points.data} className="w-[440px] shrink-0" />}
        {middle && (
          <div className="flex min-w-0 flex-1 flex-col gap-4">
            {show("scene") && <HouseScenePanel view={scene.data} className="min-h-0 flex-[2]" />}
            {show("video") && <HouseVideoPanel split={scene.data?.scene?.splitScreen ?? 4} className="min-h-0 flex-1" />}
          </div>
        )}
        {right && (
          <div className={cn("flex min-w-0 flex-col gap-4", middle ? "w-[460px] shrink-0" : "flex-1")}>
            {show("analysis") && <HouseChartPanel title={t("analysis")} series={analysis.data} empty={t("noChartPoints")} extra={<RangeSwitch value={hours} onChange={setHours} />} className="min-h-0 flex-1" testId="house-analysis" />}
            {show("comparison") && <HouseChartPanel title={t("comparison")} series={comparison.data} empty={t("noComparePoints")} className="min-h-0 flex-1" testId="house-comparison" />}
          </div>
        )}
      </div>
    );
  return (
    <ScreenFrame title={t("title")} testId="house-data-screen">
      {body}
    </ScreenFrame>
  );
}
