"use client";

import * as React from "react";
import useSWR from "swr";
import { useTranslations } from "next-intl";
import { DownloadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ChartPanel } from "@/components/kit/chart/chart-panel";
import type { Span } from "@/components/kit/chart/time-range";
import { useChartTime } from "@/components/kit/chart/use-chart-time";
import { call, exportCall } from "@/lib/api/call";
import { MAX_PROFILE_TIMES, nearestCurve, profileApi, spreadTimes } from "@/lib/contract/monitoring/depth-profile";
import { formatDateTime } from "@/lib/format";
import { profileOption } from "./chart-options";
import { ProfileCurveTable } from "./profile-curve-table";
import { InitialNote } from "./initial-note";

type ChartClick = import("@/components/charts/echart").ChartClick;

/** A profile compares curves over weeks: longer spans than a time chart's. */
const PROFILE_SPANS: readonly Span[] = ["7d", "30d", "90d", "1y"];
/** The SWR key's head of profile answers: a saved device configuration asks them again. */
export const PROFILE_KEY = "monitoring:profile";
const CURVE_COUNTS = [2, 4, 6, 8, MAX_PROFILE_TIMES].map((n) => ({ value: n, label: String(n) }));
const DIRECTIONS = [
  { value: "a", label: "A" },
  { value: "b", label: "B" },
];

/**
 * The inclinometer's deep-displacement profile (issue 17, stat/rionDipAngle): cumulative
 * displacement against depth at times spread over the chosen range, each against the string's
 * initial reading (before one is set, the first curve's) — computed by the cloud with the
 * string's configuration (unit length and count, hole position). A clicked curve's depths show
 * below, where its reading can become the initial one; the export holds the same numbers.
 */
export function DepthProfilePanel({ deviceId, groupId, deviceName }: { deviceId: number; groupId: number; deviceName: string }) {
  const t = useTranslations("monitoring");
  const time = useChartTime({ span: "90d" }, PROFILE_SPANS);
  const [count, setCount] = React.useState(6);
  const [direction, setDirection] = React.useState<"a" | "b">("a");
  const [picked, setPicked] = React.useState<number | null>(null);
  const [exporting, setExporting] = React.useState(false);
  const bounds = time.bounds;
  const times = React.useMemo(() => (bounds ? spreadTimes(bounds.from, Math.min(Date.now(), bounds.to - 1), count) : []), [bounds, count]);
  const body = { deviceId, groupId, times };
  const view = useSWR(bounds ? [PROFILE_KEY, JSON.stringify(body)] : null, () => call(profileApi.view, body), { keepPreviousData: true });
  const data = view.data;
  const labels = React.useMemo(() => ({ depth: t("profile.depth"), displacement: t("profile.displacement") }), [t]);
  const option = React.useMemo(
    () => (data ? profileOption(data.curves.map((c) => ({ name: formatDateTime(new Date(c.ts)).slice(0, 16), points: c.points.map((p) => ({ depth: p.depth, value: p[direction] })), picked: c.ts === picked })), labels) : undefined),
    [data, direction, labels, picked],
  );
  const cfg = data?.config;
  const curves = data?.curves ?? [];
  const pick = (e: ChartClick) => {
    const i = typeof e.seriesIndex === "number" ? e.seriesIndex : Array.isArray(e.value) ? nearestCurve(curves, direction, [Number(e.value[0]), Number(e.value[1])]) : -1;
    if (curves[i]) setPicked(curves[i].ts);
  };
  const onExport = async () => {
    setExporting(true);
    try {
      await exportCall(profileApi.export, body, "inclinometer.xlsx");
    } catch {
      // The export has told the user.
    } finally {
      setExporting(false);
    }
  };
  return (
    <div className="space-y-1">
      <ChartPanel
        title={t("profile.title", { name: deviceName })}
        testId="depth-profile"
        time={time}
        selects={[
          { key: "direction", label: t("profile.direction"), dict: DIRECTIONS, value: direction, onChange: (v) => setDirection(v === "b" ? "b" : "a") },
          { key: "curves", label: t("profile.curves"), dict: CURVE_COUNTS, value: count, onChange: (v) => setCount(Number(v) || 6) },
        ]}
        toolbar={
          <Button size="sm" variant="outline" onClick={onExport} disabled={exporting || !curves.length} data-testid="profile-export">
            <DownloadIcon className="size-4" />
            {exporting ? t("screen.exporting") : t("screen.export")}
          </Button>
        }
        onItemClick={pick}
        loading={view.isLoading && !data}
        error={!!view.error && !data}
        onRetry={() => view.mutate()}
        empty={!!data && !data.curves.length}
        option={option}
        height={440}
      />
      {cfg && (
        <p className="px-1 text-xs text-muted-foreground" data-testid="profile-reference">
          {data.initial
            ? <InitialNote initial={data.initial} />
            : data.referenceTs !== null && t("profile.reference", { time: formatDateTime(new Date(data.referenceTs)) })}{" "}
          {t(data.configFrom === "device" ? "profile.fromDevice" : "profile.fromPoint", { length: cfg.unitLength, count: cfg.unitCount, depth: cfg.holeDepth })}
        </p>
      )}
      {data && <ProfileCurveTable deviceId={deviceId} curves={curves} picked={picked} onPick={setPicked} onSet={() => view.mutate()} />}
    </div>
  );
}
