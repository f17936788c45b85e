"use client";

import * as React from "react";
import { useLocale, useTranslations } from "next-intl";
import { LoadError } from "@/components/kit/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import type { RealTimeData } from "@/lib/contract/device/device-data";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import { CHANGE_HIGHLIGHT_MS, changedIdentifiers, formatValue, REALTIME_REFRESH_MS } from "./device-data-view";
import { useRealTime } from "./use-real-time";
import { Clipped } from "@/components/kit/clipped";

/** The identifiers that got a new value in the last read, cleared after a moment. */
function useChanged(data: RealTimeData | undefined) {
  const prev = React.useRef<Map<string, string | null> | null>(null);
  const [changed, setChanged] = React.useState<ReadonlySet<string>>(new Set());
  React.useEffect(() => {
    if (!data) return;
    const fresh = changedIdentifiers(prev.current, data.values);
    prev.current = new Map(data.values.map((v) => [v.identifier, v.ts]));
    // A read soon after a change cancels that change's timer (the effect's cleanup): end it here.
    setChanged(new Set(fresh));
    if (!fresh.length) return;
    const timer = setTimeout(() => setChanged(new Set()), CHANGE_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [data]);
  return changed;
}

/**
 * The newest value of every property of the device's thing model, as tiles, read again every few
 * seconds: the previous values stay until the new ones arrive (no flicker), and a value that
 * changed glows briefly.
 */
export function RealtimePanel({ deviceId }: { deviceId: number }) {
  const t = useTranslations("devices.viewDevice.realtime");
  const locale = useLocale();
  const { data, error, mutate, live } = useRealTime(deviceId);
  const changed = useChanged(data);
  if (!data) return error ? <LoadError onRetry={() => mutate()} /> : <Skeleton className="h-40" />;
  if (!data.values.length) return <p className="p-6 text-center text-sm text-muted-foreground">{t("noProperties")}</p>;
  return (
    <div className="flex flex-col gap-3" data-testid="realtime" data-live={live || undefined}>
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        <span className={cn("size-2 rounded-full", error ? "bg-destructive" : "animate-pulse bg-emerald-500")} aria-hidden />
        {live ? t("pushed") : t("live", { seconds: REALTIME_REFRESH_MS / 1000 })}
      </p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
        {data.values.map((v) => (
          <div
            key={v.identifier}
            data-identifier={v.identifier}
            data-changed={changed.has(v.identifier) || undefined}
            className={cn("rounded-lg border bg-card p-3 transition-colors duration-1000", changed.has(v.identifier) && "border-primary bg-primary/10 duration-150")}
          >
            <div className="flex items-baseline justify-between gap-2">
              <Clipped text={v.funcName} className="text-sm font-medium" />
              <span className="shrink-0 font-mono text-xs text-muted-foreground">{v.identifier}</span>
            </div>
            <div className="mt-2 flex items-baseline gap-1">
              <span className={cn("text-2xl font-semibold tabular-nums", v.ts === null && "text-muted-foreground")} data-testid="realtime-value">
                {v.ts === null ? t("none") : formatValue(v, locale)}
              </span>
              {v.ts !== null && v.unit && <span className="text-sm text-muted-foreground">{v.unit}</span>}
            </div>
            <div className="mt-1 text-xs text-muted-foreground tabular-nums">{v.ts ? formatDateTime(v.ts) : "\u00a0"}</div>
          </div>
        ))}
      </div>
    </div>
  );
}
