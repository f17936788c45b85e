"use client";

/**
 * Wifi signal strength as 0–4 bars (widgets §2). Values outside 0–4 are clamped.
 *
 *   <WifiSignal level={device.signalLevel} />
 */
import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";

export const signalBars = (level: number | null | undefined) => Math.min(4, Math.max(0, Math.round(Number(level) || 0)));

export function WifiSignal({ level, className }: { level: number | null | undefined; className?: string }) {
  const t = useTranslations("widgets.wifi");
  const n = signalBars(level);
  // Arcs from the innermost (1) to the outermost (4) around a dot at the bottom.
  const arcs = ["M9.2 15.2a4 4 0 0 1 5.6 0", "M6.3 12.3a8 8 0 0 1 11.4 0", "M3.5 9.4a12 12 0 0 1 17 0", "M0.9 6.5a16 16 0 0 1 22.2 0"];
  return (
    <svg viewBox="0 0 24 24" className={cn("size-5", className)} role="img" aria-label={t("label", { n })} data-level={n} fill="none" strokeWidth={2} strokeLinecap="round">
      <circle cx="12" cy="19" r="1.6" className={n > 0 ? "fill-primary" : "fill-muted-foreground/40"} />
      {arcs.map((d, i) => (
        <path key={d} d={d} className={i < n ? "stroke-primary" : "stroke-muted-foreground/30"} />
      ))}
    </svg>
  );
}
