"use client";

import * as React from "react";
import { useLocale, useTranslations } from "next-intl";
import { displayZone } from "@/lib/format";
import type { DeviceTotals, LatestAlarm, LevelRef } from "@/lib/contract/screen/monitor-screen";
import { cn } from "@/lib/utils";
import { PanelNote } from "./panel";
import { levelLabel } from "./screen-options";
import { Clipped } from "@/components/kit/clipped";

/** A figure legible across a room: the number large, its label under it. */
export function Stat({ label, value, tone = "sky", testId }: { label: string; value: React.ReactNode; tone?: "sky" | "emerald" | "amber" | "rose" | "slate"; testId?: string }) {
  const tones = { sky: "text-sky-300", emerald: "text-emerald-300", amber: "text-amber-300", rose: "text-rose-300", slate: "text-slate-300" };
  return (
    <div className="flex min-w-0 flex-col items-center justify-center rounded-md border border-sky-500/15 bg-sky-950/30 px-3 py-2" data-testid={testId}>
      <div className={cn("text-[40px] leading-tight font-bold tabular-nums", tones[tone])}>{value}</div>
      <div className="truncate text-base text-sky-200/75">{label}</div>
    </div>
  );
}

/** Devices by state, with the share online as a bar. */
export function DeviceStats({ totals }: { totals: DeviceTotals }) {
  const t = useTranslations("dataScreen.devices");
  const rate = totals.total ? Math.round((100 * totals.online) / totals.total) : 0;
  return (
    <div className="flex h-full flex-col gap-3" data-testid="device-stats">
      <div className="grid grid-cols-4 gap-2">
        <Stat label={t("total")} value={totals.total} testId="devices-total" />
        <Stat label={t("online")} value={totals.online} tone="emerald" testId="devices-online" />
        <Stat label={t("offline")} value={totals.offline} tone="rose" />
        <Stat label={t("inactive")} value={totals.inactive} tone="slate" />
      </div>
      <div className="flex items-center gap-3 text-lg">
        <span className="shrink-0 text-sky-200/80">{t("onlineRate")}</span>
        <div className="h-3 flex-1 overflow-hidden rounded-full bg-sky-950">
          <div className="h-full rounded-full bg-gradient-to-r from-emerald-500 to-emerald-300" style={{ width: `${rate}%` }} />
        </div>
        <span className="w-16 text-right font-semibold text-emerald-300 tabular-nums">{rate}%</span>
      </div>
    </div>
  );
}

/** The label function of alarm levels for a screen's charts and lists. */
export function useLevelLabel() {
  const t = useTranslations("dataScreen.levels");
  return React.useCallback((l: LevelRef) => levelLabel(l, (key, values) => t(key, values)), [t]);
}

/** Rows that fit the latest-alarms panel without scrolling; more and the list scrolls on its own. */
const STILL_ROWS = 6;

/**
 * The newest alarms, scrolling slowly upwards when there are more than fit (twice over, so the
 * loop has no seam); still for people who ask for reduced motion, and while hovered.
 */
export function LatestAlarms({ alarms }: { alarms: LatestAlarm[] }) {
  const t = useTranslations("dataScreen.latest");
  const te = useTranslations("enums.alarmStatus");
  const locale = useLocale();
  const label = useLevelLabel();
  if (!alarms.length) return <PanelNote testId="latest-empty">{t("empty")}</PanelNote>;
  const scrolls = alarms.length > STILL_ROWS;
  const time = (ms: number) => new Date(ms).toLocaleString(locale, { month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hour12: false, timeZone: displayZone() });
  const row = (a: LatestAlarm, copy: number) => (
    <li key={`${copy}-${a.id}`} aria-hidden={copy === 1 || undefined} className="grid grid-cols-[auto_1fr_auto] items-center gap-x-3 border-b border-sky-500/10 py-2.5 text-base">
      <span className="rounded px-2 py-0.5 text-sm font-semibold text-slate-950" style={{ background: a.color ?? "#94a3b8" }}>
        {label(a)}
      </span>
      <Clipped text={a.alarmName} className="text-sky-50" />
      <span className="text-sm text-sky-200/70 tabular-nums">{time(a.triggeredAt)}</span>
      <span className="col-start-2 truncate text-sm text-sky-200/60">
        {[a.prjName, a.deviceName].filter(Boolean).join(" · ") || "-"}
      </span>
      <span className="text-right text-sm text-amber-200/80">{te(String(a.status) as never)}</span>
    </li>
  );
  return (
    <div className="group h-full overflow-hidden" data-testid="latest-alarms">
      <ul className={cn(scrolls && "animate-[screen-scroll_var(--scroll-s)_linear_infinite] group-hover:[animation-play-state:paused] motion-reduce:animate-none")} style={{ "--scroll-s": `${alarms.length * 3}s` } as React.CSSProperties}>
        {alarms.map((a) => row(a, 0))}
        {scrolls && alarms.map((a) => row(a, 1))}
      </ul>
    </div>
  );
}
