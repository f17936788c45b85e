"use client";

import * as React from "react";
import { toast } from "@/lib/toast";
import { useTranslations } from "next-intl";
import type { LngLat, PolygonArea } from "@/lib/contract/geo";
import { Button } from "@/components/ui/button";
import { MAP, canClose } from "./geo";
import { MapSurface } from "./map-surface";
import { MapNote, Segmented } from "./map-toolbar";

export type PolygonTool = "draw" | "erase" | "none";

export type PolygonDrawMapProps = {
  value: PolygonArea[];
  onChange: (polygons: PolygonArea[]) => void;
  center?: LngLat;
  color?: string;
  width?: number;
  defaultTool?: PolygonTool;
  height?: number | string;
};

let drawn = 0;
/** An id for a new polygon until it is saved (crypto.randomUUID needs a secure context). */
const newPolygonId = () => `new-${Date.now().toString(36)}-${++drawn}`;

const same = (a: LngLat, b: LngLat) => a.lng === b.lng && a.lat === b.lat;

/**
 * Polygon drawing (widgets §2, §4, §5). Draw: clicks add points; the first point or "Finish"
 * closes the polygon, which needs at least three points or is dropped with a warning. Erase: a
 * clicked polygon fades and is removed 300 ms later. None: the map only pans and zooms.
 */
export function PolygonDrawMap({ value, onChange, center = MAP.center, color = MAP.polygonColor, width = MAP.polygonWidth, defaultTool = "draw", height }: PolygonDrawMapProps) {
  const t = useTranslations("maps.polygon");
  const [tool, setTool] = React.useState<PolygonTool>(defaultTool);
  const [draft, setDraft] = React.useState<LngLat[]>([]);
  const [erasing, setErasing] = React.useState<Set<PolygonArea["id"]>>(new Set());
  // The latest polygons for timers that fire after later changes.
  const latest = React.useRef(value);
  latest.current = value;
  const timers = React.useRef<ReturnType<typeof setTimeout>[]>([]);
  React.useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const finish = (path: LngLat[]) => {
    setDraft([]);
    if (!canClose(path)) {
      toast.warning(t("tooFew"));
      return;
    }
    onChange([...latest.current, { id: newPolygonId(), path, color, width }]);
  };

  const erase = (id: PolygonArea["id"]) => {
    if (erasing.has(id)) return;
    setErasing((s) => new Set(s).add(id));
    timers.current.push(
      setTimeout(() => {
        onChange(latest.current.filter((p) => p.id !== id));
        setErasing((s) => {
          const next = new Set(s);
          next.delete(id);
          return next;
        });
      }, MAP.eraseDelayMs),
    );
  };

  const switchTool = (next: PolygonTool) => {
    // Leaving draw mode closes what was drawn, by the same rule.
    if (tool === "draw" && draft.length) finish(draft);
    setTool(next);
  };

  return (
    <MapSurface
      ariaLabel={t("tools")}
      testId="polygon-draw-map"
      center={center}
      zoom={MAP.drawZoom}
      height={height}
      crosshair={tool === "draw"}
      polygons={value.map((p) => ({ ...p, fading: erasing.has(p.id) }))}
      draft={tool === "draw" && draft.length ? { path: draft, color, width } : null}
      onMapClick={(p) => {
        if (tool !== "draw") return;
        if (draft.length && same(p, draft[0])) finish(draft);
        else setDraft((d) => [...d, p]);
      }}
      onPolygonClick={tool === "erase" ? erase : undefined}
      overlay={
        <>
          <Segmented
            label={t("tools")}
            value={tool}
            onChange={switchTool}
            options={(["draw", "erase", "none"] as const).map((v) => ({ value: v, label: t(v) }))}
          />
          {tool === "draw" && draft.length > 0 && (
            <span className="inline-flex gap-1">
              <Button size="sm" className="h-7" onClick={() => finish(draft)}>
                {t("finish")}
              </Button>
              <Button size="sm" variant="outline" className="h-7 bg-background" onClick={() => setDraft((d) => d.slice(0, -1))}>
                {t("undo")}
              </Button>
              <Button size="sm" variant="outline" className="h-7 bg-background" onClick={() => setDraft([])}>
                {t("cancel")}
              </Button>
            </span>
          )}
          <MapNote>
            {tool === "draw" ? (draft.length ? t("points", { count: draft.length }) : t("hintDraw")) : tool === "erase" ? t("hintErase") : t("count", { count: value.length })}
          </MapNote>
        </>
      }
    />
  );
}
