"use client";

import { useLocale, useTranslations } from "next-intl";
import { displayZone } from "@/lib/format";
import { Panel, PanelNote } from "@/components/data-screen";
import type { PointData } from "@/lib/contract/scene/scene";
import { cn } from "@/lib/utils";
import { formatValue, pointColor } from "./point-format";
import { Clipped } from "@/components/kit/clipped";

/** The configured points with their newest value, its time and the alarm state, legible at 3 m. */
export function HousePointsPanel({ points, className }: { points: PointData[] | undefined; className?: string }) {
  const t = useTranslations("scene.screen");
  const locale = useLocale();
  const time = (ms: number | null) => (ms === null ? "-" : new Date(ms).toLocaleString(locale, { hour12: false, month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", timeZone: displayZone() }));
  return (
    <Panel title={t("points")} className={className} bodyClassName="overflow-y-auto p-0" testId="house-points" extra={points ? points.length : undefined}>
      {points && points.length === 0 && <PanelNote testId="house-no-points">{t("noPoints")}</PanelNote>}
      {points && points.length > 0 && (
        <ul className="divide-y divide-sky-500/15">
          {points.map((p) => {
            const value = formatValue(p.value, p.unit);
            const color = pointColor(p);
            return (
              <li key={`${p.deviceId}:${p.identifier}`} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 px-4 py-2.5" data-testid="house-point">
                <div className="min-w-0">
                  <Clipped as="div" text={p.deviceName} className="text-lg text-sky-50" />
                  <div className="truncate text-base text-sky-300/70">{p.name}</div>
                </div>
                <div className="text-right">
                  <div className={cn("text-2xl font-semibold tabular-nums", !value && "text-sky-300/50")} style={value ? { color } : undefined} data-testid="house-point-value">
                    {value ?? t("noValue")}
                  </div>
                  <div className="flex items-center justify-end gap-2 text-sm text-sky-300/70 tabular-nums">
                    {time(p.time)}
                    <span className="rounded px-1.5 py-0.5 text-sm font-medium" style={{ color, backgroundColor: `${color}26` }}>
                      {p.alarm ? `${p.alarm.levelName ?? t("alarm")} ×${p.alarm.count}` : t("normal")}
                    </span>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
