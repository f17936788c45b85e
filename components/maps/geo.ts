import { MIN_POLYGON_POINTS, type LngLat } from "@/lib/contract/geo";

/** Map constants (widgets §9). */
export const MAP = {
  center: { lng: 113.883831, lat: 22.554986 } as LngLat,
  zoom: 16,
  drawZoom: 17,
  minZoom: 3,
  maxZoom: 20,
  geolocationTimeoutMs: 10_000,
  autocompleteDelayMs: 500,
  markerPx: 30,
  polygonColor: "#FF6700",
  polygonWidth: 3,
  displayPolygonWidth: 6,
  /** Erase mode removes a polygon this long after the click (widgets §4): the click shows first. */
  eraseDelayMs: 300,
} as const;

/** Device (map), widgets §3. */
export type MapDevice = {
  id: string | number;
  deviceName: string;
  deviceLongitude: number | string | null;
  deviceLatitude: number | string | null;
  deviceAddr?: string | null;
  /** 1 normal marker, 2 warning marker. */
  warnStatus?: number | null;
  /** The device's most severe open alarm: its marker and card show the level instead of "normal". */
  alarm?: { levelName: string | null; levelColor: string | null } | null;
  /** The device is offline (shown apart from an alarm). */
  offline?: boolean;
  processFlag?: number | string | null;
  /** Degrees clockwise from north; rotates the marker. */
  direction?: number | null;
  dataList?: { paramName: string; dataValue: string | number | null }[] | null;
};

/** A project as a display-map marker (home, global data screen): warning while it has open alarms, `panel` its live values. */
export function projectMarker(p: { id: number; prjName: string; lng: number | null; lat: number | null; prjAddress?: string | null }, openAlarms: number, panel: NonNullable<MapDevice["dataList"]>): MapDevice {
  return { id: p.id, deviceName: p.prjName, deviceLongitude: p.lng, deviceLatitude: p.lat, deviceAddr: p.prjAddress, warnStatus: openAlarms > 0 ? 2 : 1, dataList: panel };
}

export type Point = { x: number; y: number };

/** A device's position, or null when it has none or it is out of range. */
export function devicePosition(d: Pick<MapDevice, "deviceLongitude" | "deviceLatitude">): LngLat | null {
  if (d.deviceLongitude === null || d.deviceLongitude === "" || d.deviceLatitude === null || d.deviceLatitude === "") return null;
  const lng = Number(d.deviceLongitude);
  const lat = Number(d.deviceLatitude);
  return Number.isFinite(lng) && Number.isFinite(lat) && Math.abs(lng) <= 180 && Math.abs(lat) <= 90 ? { lng, lat } : null;
}

// ---- Web Mercator projection (the tile maps' own, so zoom levels mean the same on both surfaces) ----

const TILE = 256;
/** Web Mercator cuts off the poles here. */
const MAX_LAT = 85.05112878;

const worldSize = (zoom: number) => TILE * 2 ** zoom;

/** Longitude / latitude → world pixels at `zoom` (origin top-left at 180°W, MAX_LAT). */
export function project(p: LngLat, zoom: number): Point {
  const lat = Math.max(-MAX_LAT, Math.min(MAX_LAT, p.lat));
  const s = Math.sin((lat * Math.PI) / 180);
  const size = worldSize(zoom);
  return { x: ((p.lng + 180) / 360) * size, y: (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * size };
}

export function unproject(pt: Point, zoom: number): LngLat {
  const size = worldSize(zoom);
  const lng = (pt.x / size) * 360 - 180;
  const n = Math.PI - (2 * Math.PI * pt.y) / size;
  return { lng: ((((lng + 180) % 360) + 360) % 360) - 180, lat: (180 / Math.PI) * Math.atan(Math.sinh(n)) };
}

/** What a canvas shows: its centre, zoom and pixel size. */
export type View = { center: LngLat; zoom: number; width: number; height: number };

export function toScreen(view: View, p: LngLat): Point {
  const c = project(view.center, view.zoom);
  const q = project(p, view.zoom);
  return { x: q.x - c.x + view.width / 2, y: q.y - c.y + view.height / 2 };
}

export function fromScreen(view: View, pt: Point): LngLat {
  const c = project(view.center, view.zoom);
  return unproject({ x: pt.x - view.width / 2 + c.x, y: pt.y - view.height / 2 + c.y }, view.zoom);
}

const clampZoom = (z: number) => Math.max(MAP.minZoom, Math.min(MAP.maxZoom, z));

/** Moves the view by a drag of (dx, dy) screen pixels. */
export function pan(view: View, dx: number, dy: number): View {
  const c = project(view.center, view.zoom);
  const center = unproject({ x: c.x - dx, y: c.y - dy }, view.zoom);
  return { ...view, center: { lng: center.lng, lat: Math.max(-MAX_LAT, Math.min(MAX_LAT, center.lat)) } };
}

/** Zooms to `zoom` keeping the place under `anchor` (screen pixels) where it is. */
export function zoomAt(view: View, zoom: number, anchor: Point = { x: view.width / 2, y: view.height / 2 }): View {
  const next = clampZoom(zoom);
  const under = fromScreen(view, anchor);
  const moved = toScreen({ ...view, zoom: next }, under);
  return pan({ ...view, zoom: next }, anchor.x - moved.x, anchor.y - moved.y);
}

/** The centre and the largest whole zoom (≤ maxZoom) that show every point with `padding` px around. */
export function fitView(points: readonly LngLat[], width: number, height: number, fallback: Pick<View, "center" | "zoom">, padding = 48): View {
  if (!points.length || width <= 0 || height <= 0) return { ...fallback, width, height };
  const lngs = points.map((p) => p.lng);
  const lats = points.map((p) => p.lat);
  const sw = { lng: Math.min(...lngs), lat: Math.min(...lats) };
  const ne = { lng: Math.max(...lngs), lat: Math.max(...lats) };
  const a = project(sw, 0);
  const b = project(ne, 0);
  const center = unproject({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, 0);
  const spanX = Math.abs(b.x - a.x);
  const spanY = Math.abs(b.y - a.y);
  const room = (px: number) => Math.max(1, px - 2 * padding);
  const fit = Math.min(spanX ? Math.log2(room(width) / spanX) : Infinity, spanY ? Math.log2(room(height) / spanY) : Infinity);
  const zoom = Number.isFinite(fit) ? clampZoom(Math.min(Math.floor(fit), fallback.zoom)) : fallback.zoom;
  return { center, zoom, width, height };
}

// ---- graticule and scale bar for the plain canvas --------------------------------------------

const NICE = [1, 2, 5];

/** The smallest 1-2-5 step ≥ `min`. */
export function niceStep(min: number): number {
  const exp = Math.floor(Math.log10(min));
  for (let e = exp; e <= exp + 1; e++) for (const n of NICE) if (n * 10 ** e >= min) return n * 10 ** e;
  return 10 ** (exp + 1);
}

/** The largest 1-2-5 value ≤ `max`. */
function niceFloor(max: number): number {
  const exp = Math.floor(Math.log10(max));
  for (let e = exp; e >= exp - 1; e--) for (const n of [...NICE].reverse()) if (n * 10 ** e <= max) return n * 10 ** e;
  return 10 ** (exp - 1);
}

/** Grid lines (degrees) across the view at least `minPx` apart, with the decimals their labels need. */
export function graticule(view: View, minPx = 90): { lngs: number[]; lats: number[]; decimals: number } {
  const nw = fromScreen(view, { x: 0, y: 0 });
  const se = fromScreen(view, { x: view.width, y: view.height });
  const degPerPx = 360 / worldSize(view.zoom);
  const step = niceStep(minPx * degPerPx);
  const lines = (from: number, to: number) => {
    const out: number[] = [];
    for (let v = Math.ceil(from / step) * step; v <= to && out.length < 200; v += step) out.push(Number(v.toFixed(10)));
    return out;
  };
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  return { lngs: lines(nw.lng, se.lng), lats: lines(se.lat, nw.lat), decimals };
}

/** A scale bar: a round distance in metres and its length in pixels, at most `maxPx` long. */
export function scaleBar(view: View, maxPx = 100): { metres: number; px: number } {
  const metresPerPx = (156_543.03392 * Math.cos((view.center.lat * Math.PI) / 180)) / 2 ** view.zoom;
  const metres = niceFloor(metresPerPx * maxPx);
  return { metres, px: metres / metresPerPx };
}

// ---- hit-testing and polygon rules ------------------------------------------------------------

/** Ray casting: is `p` inside the ring `ring` (any winding, closed implicitly)? */
export function pointInPolygon(p: Point, ring: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i];
    const b = ring[j];
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** The index of the nearest point within `radius` px of `p`, or -1. */
export function nearestWithin(points: readonly Point[], p: Point, radius: number): number {
  let best = -1;
  let bestD = radius * radius;
  points.forEach((q, i) => {
    const d = (q.x - p.x) ** 2 + (q.y - p.y) ** 2;
    if (d <= bestD) {
      best = i;
      bestD = d;
    }
  });
  return best;
}

/** The topmost (last drawn) polygon under the screen point, or undefined. */
export function polygonAt<T extends { path: readonly LngLat[] }>(view: View, polygons: readonly T[], p: Point): T | undefined {
  for (let i = polygons.length - 1; i >= 0; i--) {
    if (pointInPolygon(p, polygons[i].path.map((q) => toScreen(view, q)))) return polygons[i];
  }
  return undefined;
}

/** Closing a drawn path: it becomes a polygon only with at least three points (widgets §5). */
export const canClose = (path: readonly LngLat[]) => path.length >= MIN_POLYGON_POINTS;

// ---- GPS (WGS-84) → map coordinates (GCJ-02 inside mainland China, as its maps use) ---------------

const A = 6_378_245.0;
const EE = 0.006_693_421_622_965_943;

const outOfChina = (p: LngLat) => p.lng < 72.004 || p.lng > 137.8347 || p.lat < 0.8293 || p.lat > 55.8271;

function shiftLat(x: number, y: number) {
  let r = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  r += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  r += ((20 * Math.sin(y * Math.PI) + 40 * Math.sin((y / 3) * Math.PI)) * 2) / 3;
  r += ((160 * Math.sin((y / 12) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30)) * 2) / 3;
  return r;
}

function shiftLng(x: number, y: number) {
  let r = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  r += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  r += ((20 * Math.sin(x * Math.PI) + 40 * Math.sin((x / 3) * Math.PI)) * 2) / 3;
  r += ((150 * Math.sin((x / 12) * Math.PI) + 300 * Math.sin((x / 30) * Math.PI)) * 2) / 3;
  return r;
}

/** A GPS fix as map coordinates (widgets §7: "GPS converted to map coordinates"); unchanged outside China. */
export function gpsToMap(p: LngLat): LngLat {
  if (outOfChina(p)) return p;
  const radLat = (p.lat / 180) * Math.PI;
  const magic = 1 - EE * Math.sin(radLat) ** 2;
  const sqrtMagic = Math.sqrt(magic);
  const dLat = (shiftLat(p.lng - 105, p.lat - 35) * 180) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI);
  const dLng = (shiftLng(p.lng - 105, p.lat - 35) * 180) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return { lng: p.lng + dLng, lat: p.lat + dLat };
}

/** An area node of the kit's cascader (province / city / district). */
type AreaLike = { code: string; name: string; childrens?: AreaLike[] };

const bareName = (s: string) => s.trim().replace(/(特别行政区|自治区|自治州|自治县|省|市|区|县|盟|旗)$/u, "");

/**
 * The deepest area whose names appear among a geocoder's administrative names (e.g. 广东省, 深圳市,
 * 宝安区): the adcode of a picked address. Empty when the names are not in the tree (other languages
 * or countries); the picker then keeps the area chosen in its cascader.
 */
export function areaCodeOf(tree: readonly AreaLike[] | undefined, names: readonly string[]): string {
  const wanted = new Set(names.map(bareName).filter(Boolean));
  let code = "";
  let level = tree ?? [];
  for (;;) {
    const named = level.find((n) => wanted.has(bareName(n.name)));
    // Municipalities have one unnamed level (市辖区) between the city and its districts.
    const hit = named ?? (code && level.length === 1 ? level[0] : undefined);
    if (!hit) return code;
    if (named) code = hit.code;
    level = hit.childrens ?? [];
  }
}

/** Coordinates shown to people: six decimals (about 0.1 m), as the forms keep them. */
/** Clearance of a popup from its marker: above, clear of the pin (its 30 px and tip); below, of the anchor. */
const POPUP_ABOVE_PX = 40;
const POPUP_BELOW_PX = 12;
/** A popup keeps this far inside the map's edges. */
const POPUP_EDGE_PX = 4;

/**
 * Where a popup of `card`'s size goes for a marker at `at` in a box (its top-left corner): above the
 * marker when it fits there, else below it, else as near below as the box allows; centred on the
 * marker across, moved in from the sides. Unmeasured (0 × 0) it goes above when at least `room` px
 * are above the marker, else below.
 */
export function popupPlace(at: Point, card: { width: number; height: number }, box: { width: number; height: number }, room = 180): Point {
  const above = at.y - POPUP_ABOVE_PX - card.height;
  const below = at.y + POPUP_BELOW_PX;
  const top = !card.height
    ? at.y < room
      ? below
      : above
    : above >= POPUP_EDGE_PX
      ? above
      : below + card.height <= box.height - POPUP_EDGE_PX
        ? below
        : Math.max(POPUP_EDGE_PX, Math.min(below, box.height - POPUP_EDGE_PX - card.height));
  const half = card.width / 2;
  const left = card.width && box.width >= card.width + 2 * POPUP_EDGE_PX ? Math.min(Math.max(at.x - half, POPUP_EDGE_PX), box.width - POPUP_EDGE_PX - card.width) : at.x - half;
  return { x: left, y: top };
}

export const formatCoord = (n: number) => n.toFixed(6);
