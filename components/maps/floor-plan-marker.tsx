"use client";

import * as React from "react";
import { BotIcon, CrosshairIcon, HouseIcon, ImageOffIcon, MapPinIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { fileUrl } from "@/lib/file-url";
import { cn } from "@/lib/utils";
import type { Point } from "./geo";
import { PLAN, parseMarkPosition, toDesign, toPlanPixels, type PlanPoint } from "./floor-plan";

export type FloorPlanMarkerProps = {
  /** The track map image: a stored path or a URL (trackInfo.trackMap). */
  image?: string | null;
  /** Display width in pixels; the 800×450 design is scaled to it. */
  width: number;
  points?: PlanPoint[];
  /** The marker placed by clicking, in design units. */
  value?: Point | null;
  /** Given: a click places the marker and reports x / y in design units. */
  onPick?: (p: Point) => void;
  onPointClick?: (point: PlanPoint) => void;
  /** The robot's position in design units. */
  robot?: Point | null;
  activePointId?: PlanPoint["id"] | null;
  className?: string;
  /** The points' labels (e.g. larger on a wall screen). */
  labelClassName?: string;
};

const ICON = PLAN.iconPx;

/**
 * The floor-plan marker widget (widgets §2): a plan image with its points (type 1 a location pin,
 * others a home icon), the robot, and — when `onPick` is given — a marker placed by clicking.
 */
export function FloorPlanMarker({ image, width, points = [], value, onPick, onPointClick, robot, activePointId, className, labelClassName }: FloorPlanMarkerProps) {
  const t = useTranslations("maps.plan");
  const height = (width * PLAN.height) / PLAN.width;
  const place = (e: React.MouseEvent<HTMLDivElement>) => {
    if (!onPick || (e.target as Element).closest("[data-plan-point]")) return;
    const r = e.currentTarget.getBoundingClientRect();
    onPick(toDesign({ x: e.clientX - r.left, y: e.clientY - r.top }, width));
  };
  const at = (p: Point) => {
    const px = toPlanPixels(p, width);
    return { left: px.x, top: px.y };
  };
  return (
    <div
      role={onPick ? "button" : "img"}
      aria-label={t("label")}
      tabIndex={onPick ? 0 : undefined}
      data-testid="floor-plan"
      className={cn("relative overflow-hidden rounded-md border bg-muted", onPick && "cursor-crosshair", className)}
      style={{ width, height }}
      onClick={place}
    >
      {image ? (
        <img src={fileUrl(image)} alt="" draggable={false} className="pointer-events-none absolute inset-0 size-full object-fill select-none" />
      ) : (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm text-muted-foreground">
          <ImageOffIcon className="size-6" />
          {t("noImage")}
        </div>
      )}
      {points.map((p) => {
        const pos = parseMarkPosition(p.markPosition);
        if (!pos) return null;
        const pin = Number(p.pointType) === 1;
        const Icon = pin ? MapPinIcon : HouseIcon;
        const name = t("point", { name: p.name ?? String(p.id) });
        return (
          <button
            key={p.id}
            type="button"
            data-plan-point={p.id}
            title={name}
            aria-label={name}
            className={cn("absolute flex items-center justify-center text-primary drop-shadow", activePointId === p.id && "text-destructive")}
            style={{ ...at(pos), width: ICON, height: ICON, transform: pin ? "translate(-50%, -100%)" : "translate(-50%, -50%)", ...(p.color && activePointId !== p.id ? { color: p.color } : {}) }}
            onClick={() => onPointClick?.(p)}
          >
            <Icon style={{ width: ICON, height: ICON }} fill={pin ? "currentColor" : "none"} stroke={pin ? "white" : "currentColor"} strokeWidth={pin ? 1.5 : 2.25} />
            {p.label && (
              <span
                data-plan-label
                // Near the right edge the label sits left of the marker, so it stays on the plan.
                className={cn(
                  "pointer-events-none absolute top-1/2 -translate-y-1/2 rounded bg-black/70 px-1.5 py-0.5 text-xs leading-tight whitespace-nowrap text-white tabular-nums",
                  pos.x > PLAN.width * 0.7 ? "right-full mr-1" : "left-full ml-1",
                  labelClassName,
                )}
              >
                {p.label}
              </span>
            )}
          </button>
        );
      })}
      {value && (
        <span data-testid="plan-picked" className="pointer-events-none absolute -translate-x-1/2 -translate-y-1/2 text-destructive" style={at(value)} title={t("picked", value)}>
          <CrosshairIcon style={{ width: ICON, height: ICON }} strokeWidth={2.5} />
        </span>
      )}
      {robot && (
        <span data-testid="plan-robot" className="pointer-events-none absolute -translate-x-1/2 -translate-y-1/2" style={at(robot)} title={t("robot")}>
          <span className="absolute inset-0 rounded-full bg-emerald-500/40 motion-safe:animate-ping" />
          <span className="relative flex items-center justify-center rounded-full bg-emerald-600 text-white shadow" style={{ width: ICON + 4, height: ICON + 4 }}>
            <BotIcon className="size-3.5" />
          </span>
        </span>
      )}
    </div>
  );
}
