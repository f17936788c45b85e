"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { ListIcon, MapIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ResourceUi } from "@/components/kit";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { Device, deviceApi } from "@/lib/contract/device/device";

export const viewDeviceHref = (id: number) => `/devices/viewDevice?id=${id}`;

/** The page call the list makes: the project's devices, or (allDevices) every tenant's. */
export type DevicePage = typeof deviceApi.page | typeof deviceApi.pageAdmin;

/** The map and its calls (the devices' open alarms) load when the map is first shown. */
const DevicesMap = dynamic(() => import("./devices-map").then((m) => m.DevicesMap), { ssr: false, loading: () => <Skeleton className="h-[578px] w-full rounded-md" /> });

/** List or map (`?display=map`): the map shows every device the search finds, a marker opens its card. */
export function DeviceListOrMap<Row extends Device>({ ui, table, page }: { ui: ResourceUi<Row>; table: React.ReactNode; page: DevicePage }) {
  const t = useTranslations("devices.device");
  const map = ui.param("display") === "map";
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex justify-end">
        <div role="group" aria-label={t("display.label")} className="inline-flex rounded-md border p-0.5">
          <Button size="sm" variant={map ? "ghost" : "secondary"} className="h-7" aria-pressed={!map} onClick={() => ui.setParam("display", null)} data-testid="display-list">
            <ListIcon />
            {t("display.list")}
          </Button>
          <Button size="sm" variant={map ? "secondary" : "ghost"} className="h-7" aria-pressed={map} onClick={() => ui.setParam("display", "map")} data-testid="display-map">
            <MapIcon />
            {t("display.map")}
          </Button>
        </div>
      </div>
      {map ? <DevicesMap query={ui.query} page={page} /> : table}
    </div>
  );
}
