"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { useDeviceCard, useDeviceMarker } from "./device-card";
import { MAP, type MapDevice } from "./geo";
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
  const markers = devices.map((d) => toMarker(d)).filter((m): m is SurfaceMarker => m !== null);
  const unplaced = devices.length - markers.length;
  const card = useDeviceCard(devices, onDeviceClick, cardFooter);
  return (
    <MapSurface
      ariaLabel={t("name")}
      testId="device-list-map"
      center={MAP.center}
      zoom={MAP.zoom}
      fit={markers.map((m) => m.position)}
      height={height}
      markers={markers}
      {...card}
      overlay={unplaced > 0 ? <MapNote>{t("unplaced", { count: unplaced })}</MapNote> : null}
    />
  );
}
