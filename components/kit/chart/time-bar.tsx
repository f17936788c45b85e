"use client";

import { useTimeZone, useTranslations } from "next-intl";
import { DateInput } from "@/components/ui/date-input";
import { cn } from "@/lib/utils";
import { knownZone, zoneLabel } from "@/lib/time-zone";
import { SelectField } from "../form/select-field";
import { boundsDays, DEFAULT_SPANS, REFRESH, type DayRange, type Refresh } from "./time-range";
import type { ChartTimeState } from "./use-chart-time";

/** The zone the picker's days and the chart's axis are in, named beside the picker (issue 40). */
export function ZoneName({ className }: { className?: string }) {
  const t = useTranslations("kit.chart");
  const zone = knownZone(useTimeZone());
  return (
    <span className={cn("text-xs whitespace-nowrap text-muted-foreground", className)} data-testid="chart-zone" title={t("zoneHint")}>
      {zoneLabel(zone)}
    </span>
  );
}

/** Two day inputs: a range of whole days of the tenant's zone. */
export function DayInputs({ value, onChange }: { value: DayRange; onChange: (range: DayRange) => void }) {
  const tk = useTranslations("kit.search");
  return (
    <>
      <DateInput className="h-8 w-36 px-2" aria-label={tk("start")} value={value[0]} max={value[1] || undefined} onChange={(e) => onChange([e.target.value, value[1]])} />
      <span className="text-muted-foreground">–</span>
      <DateInput className="h-8 w-36 px-2" aria-label={tk("end")} value={value[1]} min={value[0] || undefined} onChange={(e) => onChange([value[0], e.target.value])} />
    </>
  );
}

/**
 * A chart's time: spans ending now (24 h, 7 d, 30 d, 1 y), the absolute day picker showing the days
 * of whatever is chosen, the zone's name, and auto-refresh (off, 30 s, 1 min, 5 min) for spans.
 */
export function TimeBar({ state }: { state: ChartTimeState }) {
  const t = useTranslations("kit.chart");
  const { time, setTime, bounds, refresh, setRefresh } = state;
  const span = "span" in time ? time.span : null;
  const days: DayRange = "days" in time ? time.days : bounds ? boundsDays(bounds) : ["", ""];
  const refreshOptions = (Object.keys(REFRESH) as Refresh[]).map((r) => ({ value: r, label: t(`refresh.${r}`) }));
  return (
    <div className="flex flex-wrap items-center gap-1" data-testid="chart-range">
      <div className="flex gap-0.5" role="group" aria-label={t("spans")}>
        {(state.spans ?? DEFAULT_SPANS).map((s) => (
          <button
            key={s}
            type="button"
            data-span={s}
            aria-pressed={span === s}
            onClick={() => setTime({ span: s })}
            className={cn("h-7 rounded px-2 text-xs whitespace-nowrap", span === s ? "bg-primary text-primary-foreground" : "text-primary hover:bg-primary-light-9")}
          >
            {t(`span.${s}`)}
          </button>
        ))}
      </div>
      <DayInputs value={days} onChange={(d) => setTime({ days: d })} />
      <ZoneName />
      <label className="flex items-center gap-1 text-sm" title={span ? undefined : t("refreshSpansOnly")}>
        <span className="whitespace-nowrap text-muted-foreground">{t("refreshLabel")}</span>
        <SelectField id="chart-refresh" className="h-8 w-24" options={refreshOptions} value={span ? refresh : "off"} onChange={(v) => setRefresh((v || "off") as Refresh)} clearable={false} disabled={!span} />
      </label>
    </div>
  );
}
