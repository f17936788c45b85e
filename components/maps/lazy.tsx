"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

/** Loaders of the map widgets: their code (and any map library) arrives when one first mounts. */
const loading = () => <Skeleton className="h-[400px] w-full rounded-md" />;

export const DeviceLocationMap = dynamic(() => import("./device-location-map").then((m) => m.DeviceLocationMap), { ssr: false, loading });
export const DeviceListMap = dynamic(() => import("./device-list-map").then((m) => m.DeviceListMap), { ssr: false, loading });
export const PolygonDrawMap = dynamic(() => import("./polygon-draw-map").then((m) => m.PolygonDrawMap), { ssr: false, loading });
export const DisplayMap = dynamic(() => import("./display-map").then((m) => m.DisplayMap), { ssr: false, loading });
export const AddressPicker = dynamic(() => import("./address-picker").then((m) => m.AddressPicker), { ssr: false, loading });

