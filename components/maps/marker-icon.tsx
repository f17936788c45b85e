"use client";

import { BellRingIcon, MapPinIcon, Navigation2Icon, TriangleAlertIcon, WifiOffIcon } from "lucide-react";
import { cn } from "@/lib/utils";
import { MAP } from "./geo";
import type { SurfaceMarker } from "./surface";

/** Arrows (a direction is known) sit on their point; pins stand on it. */
const markerAnchor = (m: Pick<SurfaceMarker, "rotation">) => (m.rotation === null || m.rotation === undefined ? "bottom" : "center");

/** A pin is a square turned 45°: its tip reaches this far below its box. */
const PIN_TIP_PX = Math.round((MAP.markerPx * (Math.SQRT2 - 1)) / 2);

/** CSS offsets that put the marker's anchor on its point (translate of the marker box). */
export const markerOffset = (m: Pick<SurfaceMarker, "rotation">) =>
  markerAnchor(m) === "center" ? { left: "-50%", top: "-50%" } : { left: "-50%", top: `calc(-100% - ${PIN_TIP_PX}px)` };

const validColour = (c: string | null | undefined) => (c && /^#[0-9a-f]{6}$/i.test(c) ? c : null);

/**
 * A device marker, 30 px (widgets §9): a pin, an arrow turned by `rotation`; an open alarm in its
 * level's colour with a bell, an offline device grey with a crossed-out signal, red for warnings.
 */
export function MarkerIcon({ marker, active }: { marker: SurfaceMarker; active?: boolean }) {
  const arrow = markerAnchor(marker) === "center";
  const alarm = marker.alarmColor !== undefined && marker.alarmColor !== null ? (validColour(marker.alarmColor) ?? "#e5484d") : null;
  const offline = !alarm && marker.offline;
  const warning = !alarm && !offline && marker.warning;
  const Icon = arrow ? Navigation2Icon : alarm ? BellRingIcon : offline ? WifiOffIcon : warning ? TriangleAlertIcon : MapPinIcon;
  const turn = arrow ? `rotate(${marker.rotation}deg)` : "rotate(-45deg)";
  return (
    <span className="relative block" style={{ width: MAP.markerPx, height: MAP.markerPx }} data-warning={warning || undefined} data-alarm={alarm ?? undefined} data-offline={offline || undefined}>
      {(warning || alarm) && <span className={cn("absolute inset-0 rounded-full motion-safe:animate-ping", !alarm && "bg-destructive/40")} style={alarm ? { backgroundColor: `${alarm}66` } : undefined} aria-hidden />}
      <span
        className={cn(
          "relative flex size-full items-center justify-center rounded-full border-2 border-white shadow-md dark:border-neutral-900",
          alarm ? "text-white" : offline ? "bg-muted-foreground text-background" : warning ? "bg-destructive text-white" : "bg-primary text-primary-foreground",
          active && "ring-2 ring-ring ring-offset-1",
          !arrow && "rounded-bl-none",
        )}
        style={{ transform: turn, ...(alarm ? { backgroundColor: alarm } : {}) }}
      >
        <Icon className="size-4" style={arrow ? undefined : { transform: "rotate(45deg)" }} fill={arrow ? "currentColor" : "none"} aria-hidden />
      </span>
    </span>
  );
}
