"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import type { PolygonArea } from "@/lib/contract/geo";
import { DeviceCard, LivePanel, useDeviceMarker } from "./device-card";
import { MAP, devicePosition, type MapDevice } from "./geo";
import { MapSurface } from "./map-surface";
import type { SurfaceMarker } from "./surface";

export type DisplayMapProps = {
  /** The latest devices: pass new data as it arrives and the panels follow. */
  devices: MapDevice[];
  polygons?: (Pick<PolygonArea, "id" | "path"> & Partial<Pick<PolygonArea, "color" | "width">>)[];
  onDeviceClick?: (device: MapDevice) => void;
  center?: { lng: number; lat: number };
  height?: number | string;
};

/**
 * Devices with live info panels and the site's polygons (widgets §2): markers turn by
 * `direction`, warning markers for warnStatus 2, polygons #FF6700 at width 6 unless they say.
 */
export function DisplayMap({ devices, polygons = [], onDeviceClick, center, height }: DisplayMapProps) {
  const t = useTranslations("maps.canvas");
  const toMarker = useDeviceMarker();
  const [active, setActive] = React.useState<MapDevice["id"] | null>(null);
  const markers = devices.map((d) => toMarker(d, <LivePanel device={d} />)).filter((m): m is SurfaceMarker => m !== null);
  const shapes = polygons.map((p) => ({ id: p.id, path: p.path, color: p.color ?? MAP.polygonColor, width: p.width ?? MAP.displayPolygonWidth }));
  const fitKey = [...markers.map((m) => m.position), ...shapes.flatMap((s) => s.path)].map((p) => `${p.lng},${p.lat}`).join(";");
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const fit = React.useMemo(() => [...markers.map((m) => m.position), ...shapes.flatMap((s) => s.path)], [fitKey]);
  const current = devices.find((d) => d.id === active);
  const at = current && devicePosition(current);
  return (
    <MapSurface
      ariaLabel={t("label")}
      testId="display-map"
      center={center ?? MAP.center}
      zoom={MAP.zoom}
      fit={fit}
      height={height}
      markers={markers}
      polygons={shapes}
      onMarkerClick={(id) => {
        const d = devices.find((x) => x.id === id);
        if (!d) return;
        setActive(id);
        onDeviceClick?.(d);
      }}
      onMapClick={() => setActive(null)}
      popup={current && at ? { at, content: <DeviceCard device={current} />, onClose: () => setActive(null) } : null}
    />
  );
}
