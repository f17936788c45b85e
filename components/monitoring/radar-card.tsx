"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { KindPoint, PointDevice } from "@/lib/contract/monitoring/analysis";
import { lightSpot, RADAR, round } from "@/lib/contract/monitoring/compute";
import { radarOption } from "./chart-options";
import { LazyChart } from "@/components/kit/chart/lazy-chart";

const num = (v: unknown) => (typeof v === "number" ? v : null);

/**
 * The light-spot radar of a tilt device (widgets §5): its latest angles over the laser distance
 * and reference angles of its own configuration, else its point's.
 */
export function RadarCard({ point, device }: { point: KindPoint; device: PointDevice }) {
  const t = useTranslations("monitoring");
  const ax = device.latest.angleX?.value;
  const ay = device.latest.angleY?.value;
  const own = device.config && num(device.config.laserDistance) !== null ? device.config : null;
  const laserDistance = own ? num(own.laserDistance) : point.laserDistance;
  const ready = laserDistance !== null && ax !== undefined && ay !== undefined;
  const spot = ready ? lightSpot(ax, ay, { laserDistance, refAngleX: (own ? num(own.refAngleX) : point.refAngleX) ?? 0, refAngleY: (own ? num(own.refAngleY) : point.refAngleY) ?? 0 }) : null;
  const label = spot ? t("screen.radarSpot", { x: round(spot.x, 2), y: round(spot.y, 2) }) : "";
  const option = React.useMemo(() => (spot ? radarOption(spot, { spot: label, warn: `${RADAR.warn} mm` }) : null), [spot?.x, spot?.y, label]); // eslint-disable-line react-hooks/exhaustive-deps -- the spot's coordinates, not the object made each render
  if (!spot || !option) return null;
  return (
    <Card data-testid="radar">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{t("screen.radar")}</CardTitle>
      </CardHeader>
      <CardContent className="p-3 pt-0">
        <LazyChart option={option} height={240} ariaLabel={t("screen.radar")} />
        <p className="text-center text-xs tabular-nums text-muted-foreground">{label}</p>
        {spot.out && (
          <p role="alert" className="mt-1 text-center text-xs text-destructive">
            {t("screen.radarOut", { max: RADAR.warn })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
