"use client";

import * as React from "react";
import Link from "next/link";
import useSWR from "swr";
import { useTranslations } from "next-intl";
import { DeviceListMap, type MapDevice } from "@/components/maps";
import { swrFetcher } from "@/lib/api/fetcher";
import type { CallAnswer } from "@/lib/contract/call";
import { useCall } from "@/lib/api/call";
import { openByDeviceCall } from "@/lib/contract/alarm/open-alarms";
import { DEVICE_STATUS } from "@/lib/contract/device/device";
import { formatDateTime } from "@/lib/format";
import { DeviceStatusCell } from "./device-cells";
import { viewDeviceHref, type DevicePage } from "./device-map-view";

/** Markers on one map at most: beyond this the search should narrow the list. */
const MAP_LIMIT = 2000;

/** The list's filters as request parameters (paging and dialog keys left out). */
function filtersOf(query: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(query)) {
    if (["current", "size", "display", "act"].includes(k) || v === undefined || v === null || v === "") continue;
    out[k] = Array.isArray(v) ? v.join(",") : (v as string | number);
  }
  return out;
}

/** Every device the list's search finds on one map, with their open alarms; a marker opens its card. */
export function DevicesMap({ query, page }: { query: Record<string, unknown>; page: DevicePage }) {
  const t = useTranslations("devices.device");
  const params = React.useMemo(() => ({ ...filtersOf(query), current: 1, size: MAP_LIMIT }), [query]);
  // The list's filters as the URL holds them (strings), sent as its page call's query.
  const { data } = useSWR<CallAnswer<DevicePage>>([page.path, params], swrFetcher, { refreshInterval: 30_000 });
  const rows = React.useMemo(() => data?.records ?? [], [data]);
  const byId = React.useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);
  // The open alarms of the devices shown: an alarm and being offline are marked apart.
  const placed = React.useMemo(() => rows.filter((r) => r.longitude !== null && r.latitude !== null).map((r) => r.id), [rows]);
  const { data: open } = useCall(openByDeviceCall, placed.length ? { deviceIds: placed } : null, { refreshInterval: 30_000 });
  const devices = React.useMemo<MapDevice[]>(() => {
    const alarmOf = new Map((open ?? []).map((a) => [a.deviceId, a]));
    return rows.map((r) => ({
      id: r.id,
      deviceName: r.deviceName,
      deviceLongitude: r.longitude,
      deviceLatitude: r.latitude,
      alarm: alarmOf.get(r.id) ?? null,
      offline: Number(r.status) === DEVICE_STATUS.offline,
    }));
  }, [rows, open]);
  return (
    <div className="rounded-md border bg-card p-2" data-testid="devices-map">
      <DeviceListMap
        devices={devices}
        height={560}
        cardFooter={(d) => {
          const row = byId.get(Number(d.id));
          if (!row) return null;
          return (
            <div className="mt-2 flex flex-col gap-1 border-t pt-2">
              <div className="flex justify-between gap-2">
                <span className="text-muted-foreground">{t("fields.deviceSn")}</span>
                <span className="font-mono">{row.deviceSn}</span>
              </div>
              <div className="flex justify-between gap-2">
                <span className="text-muted-foreground">{t("fields.status")}</span>
                <DeviceStatusCell row={row} />
              </div>
              <div className="flex justify-between gap-2">
                <span className="text-muted-foreground">{t("fields.lastReportTime")}</span>
                <span className="tabular-nums">{formatDateTime(row.lastReportTime)}</span>
              </div>
              <Link href={viewDeviceHref(row.id)} className="self-end text-primary hover:underline">
                {t("actions.view")}
              </Link>
            </div>
          );
        }}
      />
      {data && data.total > MAP_LIMIT && <p className="px-1 pt-2 text-xs text-muted-foreground">{t("display.limited", { shown: MAP_LIMIT, total: data.total })}</p>}
    </div>
  );
}
