"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { DeviceCard, useDeviceMarker } from "./device-card";
import { MAP, devicePosition, type MapDevice } from "./geo";
import { MapSurface, useHasTiles } from "./map-surface";
import { LayerToggle, MapNote } from "./map-toolbar";

export type DeviceLocationMapProps = { device: MapDevice; height?: number | string };

/** One device on the map with its info card open (widgets §2) and a vector / satellite toggle. */
export function DeviceLocationMap({ device, height }: DeviceLocationMapProps) {
  const t = useTranslations("maps.device");
  const toMarker = useDeviceMarker();
  const hasTiles = useHasTiles();
  const [open, setOpen] = React.useState(true);
  const [satellite, setSatellite] = React.useState(false);
  const position = devicePosition(device);
  const marker = toMarker(device);
  return (
    <MapSurface
      ariaLabel={device.deviceName}
      testId="device-location-map"
      center={position ?? MAP.center}
      zoom={MAP.zoom}
      focus={position}
      height={height}
      satellite={satellite}
      markers={marker ? [marker] : []}
      onMarkerClick={() => setOpen((o) => !o)}
      popup={open && position ? { at: position, content: <DeviceCard device={device} />, onClose: () => setOpen(false) } : null}
      overlay={
        <>
          <LayerToggle satellite={satellite} onChange={setSatellite} hasTiles={hasTiles} />
          {!position && <MapNote>{t("noPosition")}</MapNote>}
        </>
      }
    />
  );
}
