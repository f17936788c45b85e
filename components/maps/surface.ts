import type { ReactNode } from "react";
import type { LngLat } from "@/lib/contract/geo";

/**
 * What every map widget asks of a map surface. Two surfaces implement it: the Google map (with a
 * key) and the plain coordinate canvas (without one, or while Google cannot load), so a widget is
 * written once and behaves the same on both.
 */
export type SurfaceMarker = {
  id: string | number;
  position: LngLat;
  title: string;
  warning?: boolean;
  /** An open alarm: the marker takes its level's colour (before `warning` and `offline`). */
  alarmColor?: string | null;
  /** A device that stopped reporting: a grey marker, apart from an alarm. */
  offline?: boolean;
  /** Degrees clockwise from north: the marker becomes an arrow pointing that way. */
  rotation?: number | null;
  /** Always-visible panel beside the marker (the display map's live values). */
  panel?: ReactNode;
};

/** Room (px) kept around fitted points: a marker's always-visible panel needs more than a bare marker. */
export const fitPadding = (markers: readonly SurfaceMarker[] = []) => (markers.some((m) => m.panel) ? 140 : 48);

type SurfacePolygon = { id: string | number; path: LngLat[]; color: string; width: number; fading?: boolean };

/** Administrative names (for the adcode) and the formatted address of a place. */
export type Place = { address: string; position: LngLat; names: string[] };
export type Suggestion = { id: string; text: string; secondary?: string };

/** Geocoding, reverse geocoding and autocomplete: only the Google surface provides one. */
export type Geocoder = {
  suggest: (query: string) => Promise<Suggestion[]>;
  place: (suggestionId: string) => Promise<Place | null>;
  reverse: (p: LngLat) => Promise<Place | null>;
};

export type SurfaceProps = {
  /** Start view; `fit` (when given) wins and shows all those points. */
  center: LngLat;
  zoom: number;
  /** Compared by value: a new array with the same points does not refit. */
  fit?: LngLat[];
  /** Pans here whenever it changes (a picked place, a chosen device). */
  focus?: LngLat | null;
  markers?: SurfaceMarker[];
  polygons?: SurfacePolygon[];
  /** The polyline being drawn and whether clicking its first vertex closes it. */
  draft?: { path: LngLat[]; color: string; width: number } | null;
  popup?: { at: LngLat; content: ReactNode; onClose: () => void } | null;
  satellite?: boolean;
  crosshair?: boolean;
  onMapClick?: (p: LngLat) => void;
  onMarkerClick?: (id: SurfaceMarker["id"]) => void;
  /** Given only when polygons take clicks (erase mode); otherwise clicks go through to the map. */
  onPolygonClick?: (id: SurfacePolygon["id"]) => void;
  /** Called with a geocoder once one is available (Google only). */
  onGeocoder?: (g: Geocoder | null) => void;
  /** Toolbars of the widget, drawn over the map's top-left corner. */
  overlay?: ReactNode;
  height?: number | string;
  ariaLabel: string;
  testId?: string;
};
