"use client";

import { useTranslations } from "next-intl";
import { useCall } from "@/lib/api/call";
import { robotConsoleApi } from "@/lib/contract/robot/control";
import { markAt } from "@/lib/contract/robot/track";
import { useZodLoaded } from "@/lib/zod-ready";
import { FloorPlanMarker } from "@/components/robot/floor-plan-marker";
import { TrackBar } from "./track-bar";

/**
 * The robot on its track's map (the floor-plan marker, as on the task screen): the track of its running
 * task or of its plans, its points, and the robot placed between their marks by its position in metres
 * (which the console's live values move). A robot with no track yet shows its position as a bar in metres.
 */
export function RobotTrackMap({ deviceId, position, pointId }: { deviceId: number; position: number | null; pointId: number | null }) {
  const t = useTranslations("robotControl");
  const track = useCall(robotConsoleApi.track, { deviceId });
  // The marks are read by the contract's rule: placed once zod has loaded.
  const checked = useZodLoaded();
  if (track.data === undefined) return <div className="aspect-video w-full max-w-[calc(40vh*16/9)] animate-pulse rounded bg-muted" />;
  if (track.data === null)
    return (
      <div>
        <TrackBar position={position} />
        <p className="mt-2 text-xs text-muted-foreground" data-testid="no-track">
          {t("noTrack")}
        </p>
      </div>
    );
  const points = track.data.pointList;
  const robot = position === null || !checked ? null : markAt(points, position);
  const at = points.find((p) => p.id === pointId);
  return (
    <div data-testid="robot-track-map">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-x-3 text-sm">
        <span className="font-medium">
          {t("track")} · {track.data.trackInfo.trackName}
        </span>
        <span className="tabular-nums text-muted-foreground" data-testid="track-metres">
          {position === null ? "—" : t("metres", { m: Math.round(position * 10) / 10 })}
          {at ? ` · ${at.pointName}` : ""}
        </span>
      </div>
      {/* The map keeps its 800 × 450 design shape; capped by the screen's height so the pad stays in view. */}
      <div className="mx-auto max-w-[calc(40vh*16/9)]">
        <FloorPlanMarker map={track.data.trackInfo.trackMap} points={points} robot={robot} label={position === null ? t("track") : t("positionOf", { m: Math.round(position * 10) / 10, length: track.data.trackInfo.trackLength })} />
      </div>
      {position !== null && !robot ? <p className="mt-2 text-xs text-muted-foreground">{t("noMarks")}</p> : null}
    </div>
  );
}
