"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { dictLabel, useDict } from "@/components/kit";
import { LoadError } from "@/components/kit/load-error";
import type { DeviceStates, KindPoint } from "@/lib/contract/monitoring/analysis";
import type { MonitorDef } from "@/lib/contract/monitoring/monitors";
import { round } from "@/lib/contract/monitoring/compute";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import { SideCard } from "@/components/kit/side-card";

/** 1 inactive, 2 online, 3 offline. */
const TONES: Record<number, "success" | "secondary" | "warning"> = { 1: "secondary", 2: "success", 3: "warning" };

/** The kind's points with their devices: state, last report and the latest values of the first measures. */
export function PointList({ def, points, states, error, onRetry, selected, onSelect }: {
  def: MonitorDef;
  points: KindPoint[] | undefined;
  /** The kind's devices by state (devManageStat), shown under the title. */
  states?: DeviceStates;
  error: boolean;
  onRetry: () => void;
  selected: { point: number | null; device: number | null };
  onSelect: (point: number, device: number) => void;
}) {
  const t = useTranslations("monitoring");
  const statuses = useDict("deviceStatus");
  const shown = def.measures.slice(0, 2);
  return (
    <SideCard title={t("screen.points")} href="/pointCorrelation/page" linkLabel={t("screen.managePoints")} testId="point-list" className="space-y-3">
        {states && (
          <p className="text-xs tabular-nums text-muted-foreground" data-testid="device-states">
            {t("screen.states", states)}
          </p>
        )}
        {/* Until the points are in (the server's render too, where nothing is loading yet): their place. */}
        {!points && !error ? (
          <Skeleton className="h-40" />
        ) : error ? (
          <LoadError onRetry={onRetry} />
        ) : !points?.length ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{t("screen.noPoints")}</p>
        ) : (
          points.map((p) => (
            <section key={p.id} aria-label={p.groupName}>
              <h3 className="mb-1 text-sm font-medium">{p.groupName}</h3>
              <ul className="space-y-1">
                {p.devices.map((d) => {
                  const active = selected.point === p.id && selected.device === d.id;
                  return (
                    <li key={d.id}>
                      <button
                        type="button"
                        data-testid="point-device"
                        aria-pressed={active}
                        onClick={() => onSelect(p.id, d.id)}
                        className={cn("w-full rounded-md border px-2 py-1.5 text-left text-xs transition-colors hover:bg-accent", active && "border-primary bg-primary-light-9")}
                      >
                        <span className="flex items-center justify-between gap-2">
                          <span className="truncate font-medium">{d.deviceName}</span>
                          <Badge variant={TONES[d.status] ?? "secondary"} className="h-5 px-1.5 text-[10px]">
                            {dictLabel(statuses, d.status)}
                          </Badge>
                        </span>
                        <span className="mt-0.5 flex flex-wrap gap-x-3 text-muted-foreground">
                          {shown.map((m) => {
                            const v = d.latest[m.identifier];
                            return (
                              <span key={m.identifier} className="tabular-nums">
                                {t(`measures.${m.identifier}`)} {v ? `${round(v.value, m.decimals)}${m.unit}` : "—"}
                              </span>
                            );
                          })}
                        </span>
                        <span className="block text-muted-foreground">
                          {t("screen.lastReport")} {d.lastReportTime ? formatDateTime(d.lastReportTime) : t("screen.never")}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))
        )}
    </SideCard>
  );
}
