"use client";

import * as React from "react";
import { MinusIcon, PlusIcon, LocateIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";
import { useBoxObserver } from "@/components/ui/box-observer";
import type { LngLat } from "@/lib/contract/geo";
import { fitView, fromScreen, graticule, nearestWithin, pan, polygonAt, popupPlace, scaleBar, toScreen, zoomAt, type Point, type View } from "./geo";
import { MarkerIcon, markerOffset } from "./marker-icon";
import { fitPadding, type SurfaceProps } from "./surface";

/** A drag shorter than this is a click. */
const CLICK_SLOP_PX = 4;
/** Clicking this close to the first vertex of a draft closes it. */
const CLOSE_RADIUS_PX = 10;
/** Grid labels and panels keep this far from the bottom and right edges, where the scale and zoom buttons are. */
const LABEL_CLEARANCE_PX = 48;
/** Room a popup needs above its marker before it is measured; with less it flips below. */
const POPUP_ROOM_PX = 180;
/** A marker's panel: its gap from the marker, the room it wants to the marker's right, the narrowest it gets. */
const PANEL_GAP_PX = 20;
const PANEL_ROOM_PX = 224;
const PANEL_MIN_PX = 128;

/**
 * Where a marker's panel goes: to its right while that side has a panel's room (the buttons' edge
 * kept clear), else to the side with more; it is at most as wide as that side (a longer name is cut short).
 */
export function panelPlace(x: number, width: number): { onLeft: boolean; maxWidth: number } {
  const right = width - x - LABEL_CLEARANCE_PX - PANEL_GAP_PX;
  const left = x - PANEL_GAP_PX;
  const onLeft = right < PANEL_ROOM_PX && left > right;
  return { onLeft, maxWidth: Math.max(PANEL_MIN_PX, onLeft ? left : right) };
}
/** Width used before the box is measured (and in tests, where nothing is laid out). */
const FALLBACK_WIDTH = 800;

function useBoxSize(ref: React.RefObject<HTMLDivElement | null>, fallbackHeight: number) {
  const [size, setSize] = React.useState({ width: FALLBACK_WIDTH, height: fallbackHeight });
  useBoxObserver(ref, (el) => setSize({ width: el.clientWidth || FALLBACK_WIDTH, height: el.clientHeight || fallbackHeight }));
  return size;
}

const key = (p: LngLat | null | undefined) => (p ? `${p.lng},${p.lat}` : "");

/** Screen pixels per layout pixel: above 1 when an ancestor is CSS-scaled (a data screen on 4K). */
const cssScale = (el: HTMLElement, r: DOMRect) => (el.clientWidth ? r.width / el.clientWidth : 1) || 1;

/**
 * The map without tiles: a Web Mercator coordinate grid (the tile maps' own projection, so zoom
 * levels match) with pan (drag, arrow keys), zoom (wheel, +/−), markers, polygons, the drawing
 * draft, a popup and a scale bar. Used without a key and whenever Google cannot load.
 */
export function CoordinateCanvas(props: SurfaceProps) {
  const { center, zoom, fit, focus, markers = [], polygons = [], draft, popup, crosshair, onMapClick, onMarkerClick, onPolygonClick, overlay, ariaLabel, testId } = props;
  const t = useTranslations("maps.canvas");
  const box = React.useRef<HTMLDivElement>(null);
  const height = typeof props.height === "number" ? props.height : 400;
  const size = useBoxSize(box, height);
  const padding = fitPadding(markers);
  const start = React.useCallback(() => fitView(fit ?? [], size.width, size.height, { center, zoom }, padding), [fit, size.width, size.height, center, zoom, padding]);
  const [camera, setCamera] = React.useState<Pick<View, "center" | "zoom">>(() => start());
  const view: View = { ...camera, width: size.width, height: size.height };

  // Fit when the box gets its real size and when the points to fit change; a resize after the
  // user moved the map keeps their view.
  const fitKey = (fit ?? []).map(key).join(";");
  const touched = React.useRef(false);
  const fittedFor = React.useRef<string | null>(null);
  React.useEffect(() => {
    if (touched.current && fittedFor.current === fitKey) return;
    fittedFor.current = fitKey;
    touched.current = false;
    setCamera(start());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refits when the points or the size change, not on every new `fit` array (`start` reads the rest)
  }, [fitKey, size.width, size.height]);
  // Pointer moves can outrun renders: the latest view is kept in a ref as well.
  const viewRef = React.useRef(view);
  viewRef.current = view;
  const move = (v: Pick<View, "center" | "zoom">) => {
    touched.current = true;
    viewRef.current = { ...viewRef.current, center: v.center, zoom: v.zoom };
    setCamera({ center: v.center, zoom: v.zoom });
  };

  const focusKey = key(focus);
  React.useEffect(() => {
    if (focus) setCamera((c) => ({ ...c, center: focus }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `focusKey` stands for `focus`
  }, [focusKey]);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  const moveRef = React.useRef(move);
  moveRef.current = move;
  React.useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      const k = cssScale(el, r);
      moveRef.current(zoomAt(viewRef.current, viewRef.current.zoom + (e.deltaY < 0 ? 1 : -1), { x: (e.clientX - r.left) / k, y: (e.clientY - r.top) / k }));
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, []);

  const drag = React.useRef<{ x: number; y: number; moved: boolean; id: number } | null>(null);
  const lastDragMoved = React.useRef(false);
  const local = (e: { clientX: number; clientY: number }): Point => {
    const el = box.current;
    if (!el) return { x: e.clientX, y: e.clientY };
    const r = el.getBoundingClientRect();
    const k = cssScale(el, r);
    return { x: (e.clientX - r.left) / k, y: (e.clientY - r.top) / k };
  };

  const onPointerDown = (e: React.PointerEvent) => {
    if (e.button !== 0 || (e.target as Element).closest("[data-map-ui]")) return;
    drag.current = { x: e.clientX, y: e.clientY, moved: false, id: e.pointerId };
  };
  const onPointerMove = (e: React.PointerEvent) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    const el = box.current;
    const k = el ? cssScale(el, el.getBoundingClientRect()) : 1;
    const dx = (e.clientX - d.x) / k;
    const dy = (e.clientY - d.y) / k;
    if (!d.moved && Math.hypot(dx, dy) < CLICK_SLOP_PX) return;
    if (!d.moved) box.current?.setPointerCapture?.(e.pointerId);
    d.moved = true;
    d.x = e.clientX;
    d.y = e.clientY;
    move(pan(viewRef.current, dx, dy));
  };
  const onPointerUp = () => {
    lastDragMoved.current = !!drag.current?.moved;
    drag.current = null;
  };

  const onClick = (e: React.MouseEvent) => {
    if (lastDragMoved.current) {
      lastDragMoved.current = false;
      return;
    }
    if ((e.target as Element).closest("[data-map-ui]")) return;
    const p = local(e);
    if (draft && draft.path.length >= 1 && nearestWithin([toScreen(view, draft.path[0])], p, CLOSE_RADIUS_PX) === 0) {
      onMapClick?.(draft.path[0]);
      return;
    }
    if (onPolygonClick) {
      const hit = polygonAt(view, polygons, p);
      if (hit) return onPolygonClick(hit.id);
    }
    onMapClick?.(fromScreen(view, p));
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    const step = 80;
    const moves: Record<string, [number, number]> = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    let next: View | null = null;
    if (moves[e.key]) next = pan(view, ...moves[e.key]);
    else if (e.key === "+" || e.key === "=") next = zoomAt(view, view.zoom + 1);
    else if (e.key === "-") next = zoomAt(view, view.zoom - 1);
    if (!next) return;
    e.preventDefault();
    move(next);
  };

  const zoomBy = (d: number) => move(zoomAt(view, view.zoom + d));

  // The popup is placed by its measured size (a longer address or status makes it taller), so it never runs out of the map.
  const popupRef = React.useRef<HTMLDivElement>(null);
  const [popupSize, setPopupSize] = React.useState({ width: 0, height: 0 });
  const hasPopup = !!popup;
  React.useLayoutEffect(() => {
    const el = popupRef.current;
    if (!el) return;
    const read = () => setPopupSize((s) => (s.width === el.offsetWidth && s.height === el.offsetHeight ? s : { width: el.offsetWidth, height: el.offsetHeight }));
    read();
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasPopup]);
  const popupAt = (p: Point): React.CSSProperties => ({ left: p.x, top: p.y });

  const grid = graticule(view);
  const scale = scaleBar(view);
  const screen = (p: LngLat) => toScreen(view, p);
  const ring = (path: LngLat[]) => path.map((q) => `${screen(q).x},${screen(q).y}`).join(" ");

  return (
    <div
      ref={box}
      role="application"
      aria-label={ariaLabel}
      aria-roledescription={t("label")}
      tabIndex={0}
      data-testid={testId}
      data-zoom={view.zoom}
      className={cn(
        "relative touch-none overflow-hidden rounded-md border bg-[oklch(0.97_0.01_230)] outline-none select-none focus-visible:ring-2 focus-visible:ring-ring dark:bg-[oklch(0.24_0.02_250)]",
        crosshair ? "cursor-crosshair" : "cursor-grab active:cursor-grabbing",
      )}
      style={{ height: props.height ?? height }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      <svg className="absolute inset-0 size-full text-foreground" aria-hidden>
        <g stroke="currentColor" strokeOpacity={0.1}>
          {grid.lngs.map((lng) => {
            const x = screen({ lng, lat: view.center.lat }).x;
            return <line key={`x${lng}`} x1={x} x2={x} y1={0} y2={size.height} />;
          })}
          {grid.lats.map((lat) => {
            const y = screen({ lng: view.center.lng, lat }).y;
            return <line key={`y${lat}`} x1={0} x2={size.width} y1={y} y2={y} />;
          })}
        </g>
        <g fill="currentColor" fillOpacity={0.45} fontSize={10}>
          {grid.lngs.map((lng) => {
            const x = screen({ lng, lat: view.center.lat }).x;
            // Clear of the zoom buttons in the bottom-right corner.
            return x < size.width - LABEL_CLEARANCE_PX ? (
              <text key={`tx${lng}`} x={x + 3} y={size.height - 30}>
                {lng.toFixed(grid.decimals)}°
              </text>
            ) : null;
          })}
          {grid.lats.map((lat) => {
            const y = screen({ lng: view.center.lng, lat }).y;
            // Clear of the longitude labels and the scale bar along the bottom.
            return y < size.height - LABEL_CLEARANCE_PX ? (
              <text key={`ty${lat}`} x={4} y={y - 3}>
                {lat.toFixed(grid.decimals)}°
              </text>
            ) : null;
          })}
        </g>
        {polygons.map((p) => (
          <polygon
            key={p.id}
            data-polygon={p.id}
            points={ring(p.path)}
            fill={p.color}
            fillOpacity={p.fading ? 0.05 : 0.2}
            stroke={p.color}
            strokeWidth={p.width}
            strokeOpacity={p.fading ? 0.3 : 0.9}
            strokeLinejoin="round"
            className="transition-opacity"
          />
        ))}
        {draft && draft.path.length > 0 && (
          <g data-testid="polygon-draft">
            <polyline points={ring(draft.path)} fill="none" stroke={draft.color} strokeWidth={draft.width} strokeDasharray="6 4" strokeLinejoin="round" />
            {draft.path.map((q, i) => (
              <circle key={i} cx={screen(q).x} cy={screen(q).y} r={i === 0 ? 6 : 4} fill={i === 0 ? draft.color : "white"} stroke={draft.color} strokeWidth={2} />
            ))}
          </g>
        )}
      </svg>

      {markers.map((m) => {
        const at = screen(m.position);
        const off = markerOffset(m);
        return (
          <div key={m.id} className="absolute" style={{ left: at.x, top: at.y }} data-marker={m.id}>
            <button
              type="button"
              data-map-ui
              title={m.title}
              aria-label={m.title}
              className="absolute block rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring"
              style={{ transform: `translate(${off.left}, ${off.top})` }}
              onClick={() => onMarkerClick?.(m.id)}
            >
              <MarkerIcon marker={m} />
            </button>
            {m.panel && <MarkerPanel place={panelPlace(at.x, size.width)}>{m.panel}</MarkerPanel>}
          </div>
        );
      })}

      {popup && (
        <div ref={popupRef} data-map-ui className="absolute z-10" style={popupAt(popupPlace(screen(popup.at), popupSize, size, POPUP_ROOM_PX))} role="dialog" aria-label={ariaLabel}>
          {popup.content}
        </div>
      )}

      {overlay && (
        <div data-map-ui className="absolute top-2 right-2 left-2 z-20 flex flex-wrap items-start gap-2 [&>*]:pointer-events-auto pointer-events-none">
          {overlay}
        </div>
      )}

      <div data-map-ui className="absolute right-2 bottom-2 z-20 flex flex-col overflow-hidden rounded-md border bg-background/95 shadow-sm">
        <CanvasButton label={t("zoomIn")} onClick={() => zoomBy(1)} disabled={view.zoom >= 20}>
          <PlusIcon className="size-4" />
        </CanvasButton>
        <CanvasButton label={t("zoomOut")} onClick={() => zoomBy(-1)} disabled={view.zoom <= 3}>
          <MinusIcon className="size-4" />
        </CanvasButton>
        <CanvasButton label={t("reset")} onClick={() => setCamera(start())}>
          <LocateIcon className="size-4" />
        </CanvasButton>
      </div>

      <div className="pointer-events-none absolute bottom-2 left-2 z-10 text-[10px] text-muted-foreground" data-testid="map-scale">
        <div className="border-x border-b border-current" style={{ width: scale.px, height: 5 }} />
        {scale.metres >= 1000 ? t("kilometres", { n: scale.metres / 1000 }) : t("metres", { n: scale.metres })}
      </div>
    </div>
  );
}

function MarkerPanel({ place, children }: { place: ReturnType<typeof panelPlace>; children: React.ReactNode }) {
  return (
    <div data-map-ui className={cn("absolute top-0 -translate-y-1/2", place.onLeft ? "right-5" : "left-5")} style={{ maxWidth: place.maxWidth }}>
      {children}
    </div>
  );
}

function CanvasButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: React.ReactNode }) {
  return (
    <button type="button" aria-label={label} title={label} disabled={disabled} onClick={onClick} className="flex size-8 items-center justify-center border-b last:border-b-0 hover:bg-accent disabled:opacity-40">
      {children}
    </button>
  );
}
