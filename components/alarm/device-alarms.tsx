"use client";

import { BellRingIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCall } from "@/lib/api/call";
import { openByDeviceCall, type DeviceOpenAlarms } from "@/lib/contract/alarm/open-alarms";

/** How often a device's open alarms are read again on its page. */
const OPEN_ALARMS_REFRESH_MS = 30_000;

/** A device's open alarms (count and most severe level), or null while it has none. */
export function useOpenAlarms(deviceId: number): DeviceOpenAlarms | null {
  const { data } = useCall(openByDeviceCall, { deviceIds: [deviceId] }, { refreshInterval: OPEN_ALARMS_REFRESH_MS, keepPreviousData: true });
  return data?.find((d) => d.deviceId === deviceId) ?? null;
}

const colourOf = (c: string | null | undefined) => (c && /^#[0-9a-f]{6}$/i.test(c) ? c : "#e5484d");

/** The number of a device's open alarms on its most severe level's colour; nothing while it has none. */
export function OpenAlarmsBadge({ deviceId, withLevel = false }: { deviceId: number; withLevel?: boolean }) {
  const t = useTranslations("alarm.deviceAlarms");
  const open = useOpenAlarms(deviceId);
  if (!open) return null;
  const c = colourOf(open.levelColor);
  const label = t("open", { count: open.count, level: open.levelName ?? String(open.levelNum ?? "") });
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full px-1.5 py-0.5 text-[11px] leading-none font-medium tabular-nums text-white"
      style={{ backgroundColor: c }}
      title={label}
      aria-label={label}
      data-testid="open-alarms"
      data-count={open.count}
      data-level={open.levelNum ?? undefined}
    >
      <BellRingIcon className="size-3" aria-hidden />
      {withLevel ? `${open.levelName ?? ""} · ${open.count}` : open.count}
    </span>
  );
}
