"use client";

import * as React from "react";
import { Home, MapPin, Bot } from "lucide-react";
import { FLOOR_PLAN, parseMark, type MarkXY } from "@/lib/contract/robot/track";
import { POINT_TYPE } from "@/lib/contract/robot/enums";
import { fileUrl } from "@/lib/file-url";
import { useZodLoaded } from "@/lib/zod-ready";

export type FloorPlanPoint = { id: number | string; markPosition: string; pointType: number; pointName?: string };

/**
 * The floor-plan marker (widgets §2, §9): a track's map at 800 × 450 design units scaled to the
 * width it is given, its points (type 1 a location icon, other types a home icon, 20 px), the
 * robot's position when given, and — when `onPlace` is given — a click places the marker and
 * reports x / y in design units. The control pages reuse it to show the robot moving.
 */
export function FloorPlanMarker({ map, points = [], robot, value, onPlace, width, label }: { map: string; points?: FloorPlanPoint[]; robot?: MarkXY | null; value?: MarkXY | null; onPlace?: (xy: MarkXY) => void; width?: number; label?: string }) {
  const box = React.useRef<HTMLDivElement>(null);
  // The marks are checked by their contract's rule: they are drawn once zod has loaded.
  const checking = !useZodLoaded();
  const place = (e: React.MouseEvent<HTMLDivElement>) => {
    if (!onPlace || !box.current) return;
    const r = box.current.getBoundingClientRect();
    const x = Math.round(((e.clientX - r.left) / r.width) * FLOOR_PLAN.width);
    const y = Math.round(((e.clientY - r.top) / r.height) * FLOOR_PLAN.height);
    onPlace({ x: Math.min(FLOOR_PLAN.width, Math.max(0, x)), y: Math.min(FLOOR_PLAN.height, Math.max(0, y)) });
  };
  const at = (m: MarkXY) => ({ left: `${(m.x / FLOOR_PLAN.width) * 100}%`, top: `${(m.y / FLOOR_PLAN.height) * 100}%` });
  const icon = FLOOR_PLAN.icon;
  return (
    <div
      ref={box}
      role={onPlace ? "button" : "img"}
      aria-label={label}
      data-testid="floor-plan"
      onClick={place}
      className={`relative w-full overflow-hidden rounded border bg-muted ${onPlace ? "cursor-crosshair" : ""}`}
      style={{ aspectRatio: `${FLOOR_PLAN.width} / ${FLOOR_PLAN.height}`, maxWidth: width }}
    >
      {map ? <img src={fileUrl(map)} alt="" className="absolute inset-0 h-full w-full select-none object-fill" draggable={false} /> : null}
      {points.map((p) => {
        const m = checking ? null : parseMark(p.markPosition);
        if (!m) return null;
        const Icon = p.pointType === POINT_TYPE.inspection ? MapPin : Home;
        return (
          <span key={p.id} title={p.pointName} className="pointer-events-none absolute -translate-x-1/2 -translate-y-full text-sky-600 drop-shadow" style={at(m)}>
            <Icon size={icon} strokeWidth={2.5} />
          </span>
        );
      })}
      {value ? (
        <span className="pointer-events-none absolute -translate-x-1/2 -translate-y-full text-red-600 drop-shadow" style={at(value)} data-testid="floor-plan-value">
          <MapPin size={icon} strokeWidth={3} />
        </span>
      ) : null}
      {robot ? (
        <span className="pointer-events-none absolute -translate-x-1/2 -translate-y-1/2 rounded-full bg-amber-500 p-0.5 text-white shadow transition-all duration-500" style={at(robot)} data-testid="floor-plan-robot">
          <Bot size={icon - 4} />
        </span>
      ) : null}
    </div>
  );
}
