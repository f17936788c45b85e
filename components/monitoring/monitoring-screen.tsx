"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { Card, CardContent } from "@/components/ui/card";
import { PageFrame } from "@/components/kit";
import { preloadChart } from "@/components/kit/chart/lazy-chart";
import { useUrlPatch } from "@/components/kit/url-param";
import { useCall } from "@/lib/api/call";
import type { MonitorKind } from "@/lib/contract/device/product";
import { monitoringApi } from "@/lib/contract/monitoring/analysis";
import type { AlarmLine } from "@/lib/contract/monitoring/compute";
import { monitorOf } from "@/lib/contract/monitoring/monitors";
import { AnalysisFrame, AnalysisPanel } from "./analysis-panel";
import { DepthProfilePanel } from "./depth-profile-panel";
import { PointList } from "./point-list";
import { RadarCard } from "./radar-card";

/** The concrete screen is the beton kind's whole page: the other kinds' pages do not carry it. */
const ConcreteScreen = dynamic(() => import("@/components/devices/concrete-screen").then((m) => m.ConcreteScreen));

/**
 * One monitoring screen (/operationMonitoring/<kind>), drawn from the kind's definition: the
 * project's points of the kind with their devices' latest values, and the chosen device's
 * analysis (`?point=&device=`, the first device until one is chosen). `alarmLines` are drawn on
 * the chart beside the point's own thresholds (the alarm rules feed them).
 */
export function MonitoringScreen({ kind, alarmLines }: { kind: MonitorKind; alarmLines?: readonly AlarmLine[] }) {
  // Concrete maturity is computed per logger under its calibration rule, not per point.
  if (kind === "beton") return <ConcreteScreen />;
  return <PointsScreen kind={kind} alarmLines={alarmLines} />;
}

function PointsScreen({ kind, alarmLines }: { kind: MonitorKind; alarmLines?: readonly AlarmLine[] }) {
  const t = useTranslations("monitoring");
  const def = monitorOf(kind);
  // The screen is its chart: ECharts loads beside the points' call, not after the device's values.
  React.useEffect(() => preloadChart(), []);
  const list = useCall(monitoringApi.list, { monitorKind: kind }, { refreshInterval: 60_000 });
  const states = useCall(monitoringApi.states, { monitorKind: kind }, { refreshInterval: 60_000, silent: true });
  const { params, go } = useUrlPatch();
  const points = list.data;
  const wantPoint = Number(params.get("point")) || null;
  const wantDevice = Number(params.get("device")) || null;
  const point = points?.find((p) => p.id === wantPoint && p.devices.some((d) => d.id === wantDevice)) ?? points?.find((p) => p.devices.length);
  const device = point?.devices.find((d) => d.id === wantDevice) ?? point?.devices[0];

  return (
    <PageFrame>
      {/* One column below lg that never grows past the screen: the charts' headers wrap inside it. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3 lg:grid-cols-[280px_minmax(0,1fr)]">
        <div className="space-y-3">
          <PointList
            def={def}
            points={points}
            states={states.data}
            error={!!list.error}
            onRetry={() => list.mutate()}
            selected={{ point: point?.id ?? null, device: device?.id ?? null }}
            onSelect={(p, d) => go({ point: String(p), device: String(d) })}
          />
          {def.radar && point && device && <RadarCard point={point} device={device} />}
        </div>
        {point && device ? (
          <div className="space-y-3">
            {def.profile && <DepthProfilePanel key={`profile:${point.id}:${device.id}`} deviceId={device.id} groupId={point.id} deviceName={device.deviceName} />}
            <AnalysisPanel key={`${point.id}:${device.id}`} def={def} point={point} device={device} alarmLines={alarmLines} onChanged={() => list.mutate()} />
          </div>
        ) : !points && !list.error ? (
          <AnalysisFrame def={def} />
        ) : (
          <Card>
            <CardContent className="py-16 text-center text-sm text-muted-foreground">{t("screen.noPoints")}</CardContent>
          </Card>
        )}
      </div>
    </PageFrame>
  );
}
