"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { DeviceCard, useDeviceMarker } from "./device-card";
import { MAP, devicePosition, type MapDevice } from "./geo";
import { MapSurface } from "./map-surface";
import { MapNote } from "./map-toolbar";
import type { SurfaceMarker } from "./surface";

export type DeviceListMapProps = {
  devices: MapDevice[];
  /** A marker click: the caller may open its own device details. */
  onDeviceClick?: (device: MapDevice) => void;
  /** Extra content under the info card (e.g. a "details" link). */
  cardFooter?: (device: MapDevice) => React.ReactNode;
  height?: number | string;
};

/** Many devices, fitted into view; clicking a marker shows its info card and reports it (widgets §2). */
export function DeviceListMap({ devices, onDeviceClick, cardFooter, height }: DeviceListMapProps) {
  const t = useTranslations("maps.device");
  const toMarker = useDeviceMarker();
  const [active, setActive] = React.useState<MapDevice["id"] | null>(null);
  const markers = devices.map((d) => toMarker(d)).filter((m): m is SurfaceMarker => m !== null);
  const fit = React.useMemo(() => markers.map((m) => m.position), [markers.map((m) => `${m.position.lng},${m.position.lat}`).join(";")]); // eslint-disable-line react-hooks/exhaustive-deps
  const unplaced = devices.length - markers.length;
  const current = devices.find((d) => d.id === active);
  const at = current && devicePosition(current);
  return (
    <MapSurface
      ariaLabel={t("name")}
      testId="device-list-map"
      center={MAP.center}
      zoom={MAP.zoom}
      fit={fit}
      height={height}
      markers={markers}
      onMarkerClick={(id) => {
        const d = devices.find((x) => x.id === id);
        if (!d) return;
        setActive(id);
        onDeviceClick?.(d);
      }}
      onMapClick={() => setActive(null)}
      popup={current && at ? { at, content: <DeviceCard device={current}>{cardFooter?.(current)}</DeviceCard>, onClose: () => setActive(null) } : null}
      overlay={unplaced > 0 ? <MapNote>{t("unplaced", { count: unplaced })}</MapNote> : null}
    />
  );
}
