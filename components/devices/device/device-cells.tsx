"use client";

import { BatteryFullIcon, BatteryLowIcon, BatteryMediumIcon, BatteryWarningIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { DictText } from "@/components/kit/table/cells";
import { WifiSignal } from "@/components/kit/wifi-signal";
import { Badge } from "@/components/ui/badge";
import { DEVICE_STATUS, isStale, signalLevel, type Device } from "@/lib/contract/device/device";
import { cn } from "@/lib/utils";

const TONE: Record<number, string> = {
  [DEVICE_STATUS.online]: "bg-emerald-500",
  [DEVICE_STATUS.offline]: "bg-red-500",
  [DEVICE_STATUS.inactive]: "bg-muted-foreground/50",
};

/** Online / offline / inactive with a dot, and "stale" when online but silent for two cycles. */
export function DeviceStatusCell({ row }: { row: Pick<Device, "status" | "lastReportTime" | "reportCycle"> }) {
  const t = useTranslations("devices.device");
  const status = Number(row.status);
  const stale = isStale(row, Date.now());
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap" data-testid="device-status" data-status={status}>
      <span className={cn("size-2 rounded-full", TONE[status] ?? TONE[DEVICE_STATUS.inactive])} aria-hidden />
      <DictText dict="deviceStatus" value={status} />
      {stale && (
        <Badge variant="outline" className="border-amber-500/60 px-1 py-0 text-[10px] text-amber-700 dark:text-amber-300" title={t("staleHint")}>
          {t("stale")}
        </Badge>
      )}
    </span>
  );
}

export function BatteryCell({ value }: { value: number | null }) {
  if (value === null || value === undefined) return <span className="text-muted-foreground">-</span>;
  const Icon = value < 10 ? BatteryWarningIcon : value < 35 ? BatteryLowIcon : value < 70 ? BatteryMediumIcon : BatteryFullIcon;
  return (
    <span className={cn("inline-flex items-center gap-1 tabular-nums", value < 20 && "text-destructive")}>
      <Icon className="size-4" aria-hidden />
      {Math.round(value)}%
    </span>
  );
}

export function SignalCell({ dbm }: { dbm: number | null }) {
  return (
    <span className="inline-flex items-center gap-1 tabular-nums" title={dbm === null ? undefined : `${dbm} dBm`}>
      <WifiSignal level={signalLevel(dbm)} className="size-4" />
      <span className="text-xs text-muted-foreground">{dbm === null ? "-" : dbm}</span>
    </span>
  );
}
