"use client";

import type * as React from "react";
import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

/** Loaders of the map widgets: their code (and any map library) arrives when one first mounts. */
const loading = () => <Skeleton className="absolute inset-0 rounded-md" />;

/**
 * A map keeps its height from the first paint: until its code arrives a skeleton fills the box, so
 * the page below it does not move when the map appears (CLS).
 */
function reserved<P extends { height?: number | string }>(Part: React.ComponentType<P>, defaultHeight = 400) {
  function ReservedMap(props: P) {
    return (
      <div className="relative" style={{ minHeight: props.height ?? defaultHeight }} data-map-box>
        <Part {...props} />
      </div>
    );
  }
  return ReservedMap;
}

export const DeviceLocationMap = reserved(dynamic(() => import("./device-location-map").then((m) => m.DeviceLocationMap), { ssr: false, loading }));
export const DeviceListMap = reserved(dynamic(() => import("./device-list-map").then((m) => m.DeviceListMap), { ssr: false, loading }));
export const PolygonDrawMap = reserved(dynamic(() => import("./polygon-draw-map").then((m) => m.PolygonDrawMap), { ssr: false, loading }));
export const DisplayMap = reserved(dynamic(() => import("./display-map").then((m) => m.DisplayMap), { ssr: false, loading }));
export const AddressPicker = reserved(dynamic(() => import("./address-picker").then((m) => m.AddressPicker), { ssr: false, loading }), 320);
