"use client";

import { MapPinIcon, Navigation2Icon, TriangleAlertIcon } from "lucide-react";
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

/** A device marker, 30 px (widgets §9): a pin, an arrow turned by `rotation`, red for warnings. */
export function MarkerIcon({ marker, active }: { marker: SurfaceMarker; active?: boolean }) {
  const arrow = markerAnchor(marker) === "center";
  const Icon = arrow ? Navigation2Icon : marker.warning ? TriangleAlertIcon : MapPinIcon;
  return (
    <span className="relative block" style={{ width: MAP.markerPx, height: MAP.markerPx }} data-warning={marker.warning || undefined}>
      {marker.warning && <span className="absolute inset-0 rounded-full bg-destructive/40 motion-safe:animate-ping" aria-hidden />}
      <span
        className={cn(
          "relative flex size-full items-center justify-center rounded-full border-2 border-white shadow-md dark:border-neutral-900",
          marker.warning ? "bg-destructive text-white" : "bg-primary text-primary-foreground",
          active && "ring-2 ring-ring ring-offset-1",
          !arrow && "rounded-bl-none",
        )}
        style={arrow ? { transform: `rotate(${marker.rotation}deg)` } : { transform: "rotate(-45deg)" }}
      >
        <Icon className="size-4" style={arrow ? undefined : { transform: "rotate(45deg)" }} fill={arrow ? "currentColor" : "none"} aria-hidden />
      </span>
    </span>
  );
}
