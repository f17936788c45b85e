"use client";

import { useTranslations } from "next-intl";

/** A point on the track as the map panel takes it (metres from the start). */
export type TrackPoint = { id: number; name: string; position: number; pointType?: number };
/** The track as the map panel takes it: its map image and length (the floor-plan marker uses the map; the bar the length). */
export type TrackMap = { mapUrl?: string | null; length: number };

/**
 * Where the robot is on its track, as a bar in metres. The floor-plan marker of the data half
 * (800 × 450 design units) takes the same props and replaces this bar where a track map exists.
 */
export function TrackBar({ trackMap, points = [], position }: { trackMap?: TrackMap; points?: TrackPoint[]; position: number | null }) {
  const t = useTranslations("robotControl");
  const length = Math.max(trackMap?.length ?? 0, ...points.map((p) => p.position), position ?? 0, 1);
  const at = (m: number) => `${Math.min(100, Math.max(0, (m / length) * 100))}%`;
  return (
    <div data-testid="track-bar">
      <div className="mb-2 flex items-center justify-between text-sm">
        <span className="font-medium">{t("track")}</span>
        <span className="tabular-nums text-muted-foreground">{position === null ? "—" : t("metres", { m: position })}</span>
      </div>
      <div className="relative h-8" role="img" aria-label={position === null ? t("track") : t("positionOf", { m: position, length })}>
        <div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-muted" />
        {points.map((p) => (
          <span key={p.id} className="absolute top-1/2 size-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-muted-foreground" style={{ left: at(p.position) }} title={p.name} />
        ))}
        {position !== null && <span className="absolute top-1/2 size-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-background bg-primary shadow transition-[left] duration-300" style={{ left: at(position) }} data-testid="track-robot" />}
      </div>
      <div className="mt-1 flex justify-between text-xs tabular-nums text-muted-foreground">
        <span>{t("metres", { m: 0 })}</span>
        <span>{t("metres", { m: Math.round(length * 10) / 10 })}</span>
      </div>
    </div>
  );
}
