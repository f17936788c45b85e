"use client";

import type * as React from "react";
import { useTranslations } from "next-intl";
import type { PolygonArea } from "@/lib/contract/geo";
import { LivePanel, useDeviceCard, useDeviceMarker } from "./device-card";
import { MAP, type MapDevice } from "./geo";
import { MapSurface } from "./map-surface";
import type { SurfaceMarker } from "./surface";

export type DisplayMapProps = {
  /** The latest devices: pass new data as it arrives and the panels follow. */
  devices: MapDevice[];
  polygons?: (Pick<PolygonArea, "id" | "path"> & Partial<Pick<PolygonArea, "color" | "width">>)[];
  onDeviceClick?: (device: MapDevice) => void;
  /** Extra content under the info card (e.g. a "switch to this project" button). */
  cardFooter?: (device: MapDevice) => React.ReactNode;
  center?: { lng: number; lat: number };
  height?: number | string;
};

/**
 * Devices with live info panels and the site's polygons (widgets §2): markers turn by
 * `direction`, warning markers for warnStatus 2, polygons #FF6700 at width 6 unless they say.
 */
export function DisplayMap({ devices, polygons = [], onDeviceClick, cardFooter, center, height }: DisplayMapProps) {
  const t = useTranslations("maps.canvas");
  const toMarker = useDeviceMarker();
  const markers = devices.map((d) => toMarker(d, <LivePanel device={d} />)).filter((m): m is SurfaceMarker => m !== null);
  const shapes = polygons.map((p) => ({ id: p.id, path: p.path, color: p.color ?? MAP.polygonColor, width: p.width ?? MAP.displayPolygonWidth }));
  const card = useDeviceCard(devices, onDeviceClick, cardFooter);
  return (
    <MapSurface
      ariaLabel={t("label")}
      testId="display-map"
      center={center ?? MAP.center}
      zoom={MAP.zoom}
      fit={[...markers.map((m) => m.position), ...shapes.flatMap((s) => s.path)]}
      height={height}
      markers={markers}
      polygons={shapes}
      {...card}
    />
  );
}
