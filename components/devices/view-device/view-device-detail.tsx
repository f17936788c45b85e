"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { deriveDetailRows, DetailRows, type DetailRow } from "@/components/kit";
import { defineDetail, DetailPage } from "@/components/kit/detail/define-detail";
import { useDict, dictLabel } from "@/components/kit/dict/use-dict";
import { DeviceLocationMap } from "@/components/maps";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useCall } from "@/lib/api/call";
import { DEVICE_STATUS, device, deviceApi, isStale, type Device } from "@/lib/contract/device/device";
import { deviceDataApi } from "@/lib/contract/device/device-data";
import { formatDateTime } from "@/lib/format";
import { lazyParts } from "@/components/kit/lazy-parts";
import { usePadCapable } from "@/components/linkage/pad-capable";
import { ConnectionCard } from "./connection-card";
import { useRealTime } from "./use-real-time";
import { rejectsResource, STATUS_TONES, statusLogResource } from "./device-logs";
import { OpenAlarmsBadge, useOpenAlarms } from "@/components/alarm/device-alarms";
import { RealtimePanel } from "./realtime-panel";
import { useDeviceSimShown } from "@/components/sim/device-sim/use-device-sim";

/** The bound SIM card, loaded when the section is shown (those who may open the SIM list). */
const DeviceSimCard = dynamic(() => import("@/components/sim/device-sim/device-sim-card").then((m) => m.DeviceSimCard));
/** The pad, loaded when the device's thing model offers it. */
const LinkagePad = dynamic(() => import("@/components/linkage/linkage-pad").then((m) => m.LinkagePad));
/**
 * The tabs after the first, each loaded when it opens: the history's chart panel, the cycle's form,
 * the alarm list's columns and steps, the firmware's OTA contract are not in the page's first load.
 */
const { HistoryPanel } = lazyParts(() => import("./history-panel"), ["HistoryPanel"]);
const { CyclePanel } = lazyParts(() => import("@/components/devices/ops/cycle-panel"), ["CyclePanel"]);
const { DeviceAlarmList } = lazyParts(() => import("@/components/alarm/device-alarm-list"), ["DeviceAlarmList"]);
const { FirmwarePanel } = lazyParts(() => import("@/components/ota/device-firmware/firmware-panel"), ["FirmwarePanel"]);

/** The device's fields, labelled by the device list's messages (`devices.device.fields.*`). */
const rows = deriveDetailRows<Device>(device).map((r) => ({ ...r, label: `device.${r.label}` }));
const STATE = new Set(["status", "enableStatus", "battery", "signal", "lastReportTime"]);
const POSITION = new Set(["longitude", "latitude", "altitude"]);
const basicRows = rows.filter((r) => !STATE.has(r.prop) && !POSITION.has(r.prop));
const stateRows: DetailRow<Device>[] = rows.filter((r) => STATE.has(r.prop) && r.prop !== "status");
const positionRows = rows.filter((r) => POSITION.has(r.prop));
const viewHref = (id: number) => `/devices/viewDevice?id=${id}`;

function StatusBadge({ status, testId }: { status: number; testId?: string }) {
  const options = useDict("deviceStatus");
  return (
    <Badge variant={STATUS_TONES[String(status) as keyof typeof STATUS_TONES] ?? "default"} data-testid={testId}>
      {dictLabel(options, status)}
    </Badge>
  );
}

/**
 * Online state, battery, signal and last report, kept live from the real-time read (the row of the
 * info call is read once), with a stale mark when an online device stopped sending, and the last
 * online / offline changes.
 */
function StateCard({ row }: { row: Device }) {
  const t = useTranslations("devices.viewDevice");
  const tl = useTranslations("devices");
  const { data } = useRealTime(row.id);
  const log = useCall(deviceDataApi.statusLog, { id: row.id, current: 1, size: 5 }, { refreshInterval: 30_000 });
  const live: Device = data ? { ...row, status: String(data.status), lastReportTime: data.lastReportTime ?? row.lastReportTime } : row;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <StatusBadge status={Number(live.status)} testId="device-status" />
        {isStale(live, Date.now()) && (
          <Badge variant="warning" data-testid="device-stale">
            {t("stale")}
          </Badge>
        )}
        <OpenAlarmsBadge deviceId={row.id} withLevel />
      </div>
      <DetailRows rows={stateRows} row={live} label={(k) => tl(k)} columns={1} />
      {!!log.data?.records.length && (
        <ol className="flex flex-col gap-1 border-t pt-2 text-xs" aria-label={t("tabs.statusLog")}>
          {log.data.records.map((r) => (
            <li key={r.id} className="flex items-center justify-between gap-2">
              <span className="tabular-nums text-muted-foreground">{formatDateTime(r.at)}</span>
              <StatusBadge status={r.status} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** The linkage pad of a device whose thing model has its service; inert while the device is offline. */
function ControlCard({ row }: { row: Device }) {
  const { data } = useRealTime(row.id);
  const status = data ? data.status : Number(row.status);
  return <LinkagePad deviceId={row.id} disabled={status === DEVICE_STATUS.online ? null : "offline"} />;
}

/** The device on the map with its newest values in the info card, which names its open alarm's level while it has one. */
function LocationCard({ row }: { row: Device }) {
  const t = useTranslations("devices.viewDevice");
  const tl = useTranslations("devices");
  const { data } = useRealTime(row.id);
  const alarm = useOpenAlarms(row.id);
  if (row.longitude === null || row.latitude === null) return <p className="py-8 text-center text-sm text-muted-foreground">{t("location.none")}</p>;
  const dataList = (data?.values ?? []).filter((v) => v.ts !== null).slice(0, 4).map((v) => ({ paramName: v.funcName, dataValue: v.num !== null ? `${v.num}${v.unit ? ` ${v.unit}` : ""}` : v.txt }));
  return (
    <div className="flex flex-col gap-2">
      <DeviceLocationMap
        device={{ id: row.id, deviceName: row.deviceName, deviceLongitude: row.longitude, deviceLatitude: row.latitude, dataList, alarm, offline: (data?.status ?? Number(row.status)) === DEVICE_STATUS.offline }}
        // Room for the open info card below the centred marker, its last row included (240 px cut it).
        height={320}
      />
      <DetailRows rows={positionRows} row={row} label={(k) => tl(k)} columns={1} />
    </div>
  );
}

/** A gateway's sub-devices (`subDeviceList`), each linking to its own page. */
function SubDevices({ row }: { row: Device }) {
  const t = useTranslations("devices");
  const { data, isLoading } = useCall(deviceApi.subDevices, { id: row.id });
  if (!data?.length) return <p className="p-6 text-center text-sm text-muted-foreground">{isLoading ? "…" : t("viewDevice.subDevices.empty")}</p>;
  return (
    <Table data-testid="sub-devices">
      <TableHeader>
        <TableRow>
          {(["deviceName", "deviceSn", "channelNo", "status", "lastReportTime"] as const).map((k) => (
            <TableHead key={k}>{t(`device.fields.${k}`)}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.map((d) => (
          <TableRow key={d.id}>
            <TableCell>
              <Link className="text-primary hover:underline" href={viewHref(d.id)}>
                {d.deviceName}
              </Link>
            </TableCell>
            <TableCell className="font-mono text-xs">{d.deviceSn}</TableCell>
            <TableCell>{d.channelNo ?? "-"}</TableCell>
            <TableCell>
              <StatusBadge status={Number(d.status)} />
            </TableCell>
            <TableCell className="tabular-nums">{formatDateTime(d.lastReportTime)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const viewDeviceDetail = defineDetail<Device>({
  ns: "devices",
  info: deviceApi.info,
  back: "/devices/device",
  title: (d) => d.deviceName,
  testId: "view-device",
  sections: [
    { key: "basic", title: "viewDevice.sections.basic", rows: basicRows, span: 2 },
    { key: "state", title: "viewDevice.sections.state", render: (row) => <StateCard row={row} />, span: 1 },
    { key: "connection", title: "viewDevice.sections.connection", render: (row) => <ConnectionCard device={row} />, span: 2 },
    { key: "location", title: "viewDevice.sections.location", render: (row) => <LocationCard row={row} />, span: 1 },
    // The cards shown once a call says so come last: appearing, they move no card already on screen.
    { key: "control", title: "viewDevice.sections.control", useShown: (row) => usePadCapable(row.id) === true, render: (row) => <ControlCard row={row} />, span: 1 },
    { key: "sim", title: "viewDevice.sections.sim", useShown: (row) => useDeviceSimShown(row.id), render: (row) => <DeviceSimCard deviceId={row.id} />, span: 1 },
  ],
  tabs: [
    { key: "realtime", label: "viewDevice.tabs.realtime", render: (row) => <RealtimePanel deviceId={row.id} /> },
    { key: "history", label: "viewDevice.tabs.history", render: (row) => <HistoryPanel deviceId={row.id} /> },
    { key: "alarms", label: "viewDevice.tabs.alarms", badge: (row) => <OpenAlarmsBadge deviceId={row.id} />, render: (row) => <DeviceAlarmList deviceId={row.id} /> },
    { key: "cycle", label: "viewDevice.tabs.cycle", render: (row) => <CyclePanel deviceId={row.id} /> },
    { key: "subDevices", label: "viewDevice.tabs.subDevices", render: (row) => <SubDevices row={row} /> },
    { key: "rejects", label: "viewDevice.tabs.rejects", list: { resource: rejectsResource, filter: (row) => ({ id: row.id }) } },
    { key: "statusLog", label: "viewDevice.tabs.statusLog", list: { resource: statusLogResource, filter: (row) => ({ id: row.id }) } },
    { key: "firmware", label: "viewDevice.tabs.firmware", render: (row) => <FirmwarePanel deviceId={row.id} /> },
  ],
});

/** /devices/viewDevice?id= : one device — its fields and state, MQTT access, location, live values, history and logs. */
export function ViewDeviceDetail() {
  return <DetailPage detail={viewDeviceDetail} />;
}
