"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";
import { devicePosition, formatCoord, type MapDevice } from "./geo";
import type { SurfaceMarker } from "./surface";
import { Clipped } from "@/components/kit/clipped";

const isWarning = (d: MapDevice) => Number(d.warnStatus) === 2;

/** What a device's marker and card say: its open alarm's level, offline, a warning, or normal. */
function useDeviceState() {
  const t = useTranslations("maps.device");
  return React.useCallback(
    (d: MapDevice): { text: string; tone: "alarm" | "offline" | "warning" | "normal"; color?: string | null } => {
      if (d.alarm) return { text: t("alarm", { level: d.alarm.levelName ?? "" }), tone: "alarm", color: d.alarm.levelColor };
      if (d.offline) return { text: t("offline"), tone: "offline" };
      if (isWarning(d)) return { text: t("warning"), tone: "warning" };
      return { text: t("normal"), tone: "normal" };
    },
    [t],
  );
}

/** A device as a map marker, or null when it has no usable position. */
export function useDeviceMarker() {
  const t = useTranslations("maps.device");
  const stateOf = useDeviceState();
  return React.useCallback(
    (d: MapDevice, panel?: React.ReactNode): SurfaceMarker | null => {
      const position = devicePosition(d);
      if (!position) return null;
      const state = stateOf(d);
      return {
        id: d.id,
        position,
        warning: isWarning(d),
        alarmColor: d.alarm ? (d.alarm.levelColor ?? "") : null,
        offline: !!d.offline,
        rotation: d.direction,
        title: t("marker", { name: d.deviceName, status: state.text }),
        panel,
      };
    },
    [t, stateOf],
  );
}

/** The marker info card (widgets §2): name, longitude, latitude, address, and status. */
export function DeviceCard({ device, children }: { device: MapDevice; children?: React.ReactNode }) {
  const t = useTranslations("maps.device");
  const p = devicePosition(device);
  const state = useDeviceState()(device);
  const tone = { alarm: "", offline: "text-muted-foreground", warning: "text-destructive", normal: "text-emerald-600 dark:text-emerald-400" }[state.tone];
  const rows: [string, React.ReactNode][] = [
    [t("longitude"), p ? formatCoord(p.lng) : "-"],
    [t("latitude"), p ? formatCoord(p.lat) : "-"],
    [t("address"), device.deviceAddr || "-"],
    [
      t("status"),
      <span key="s" className={cn("font-medium", tone)} style={state.color ? { color: state.color } : undefined} data-testid="device-card-status" data-tone={state.tone}>
        {state.text}
      </span>,
    ],
  ];
  return (
    <div className="w-60 rounded-md border bg-popover p-3 text-xs text-popover-foreground shadow-lg" data-testid="device-card">
      <Clipped as="div" text={device.deviceName} className="mb-2 text-sm font-medium" />
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {rows.map(([k, v]) => (
          <React.Fragment key={k}>
            <dt className="text-muted-foreground">{k}</dt>
            <dd className="break-words">{v}</dd>
          </React.Fragment>
        ))}
      </dl>
      {children}
    </div>
  );
}

/** The display map's live panel: the device's latest values. */
export function LivePanel({ device }: { device: MapDevice }) {
  const t = useTranslations("maps.device");
  const list = device.dataList ?? [];
  return (
    <div
      className={cn("min-w-32 rounded-md border bg-background/90 px-2 py-1 text-[11px] leading-tight shadow-sm backdrop-blur", isWarning(device) && "border-destructive/60")}
      data-testid="live-panel"
    >
      <div className="mb-0.5 truncate font-medium" title={device.deviceName}>
        {device.deviceName}
      </div>
      {list.length ? (
        list.map((d) => (
          <div key={d.paramName} className="flex justify-between gap-3">
            <span className="text-muted-foreground">{d.paramName}</span>
            <span className="tabular-nums">{d.dataValue ?? "-"}</span>
          </div>
        ))
      ) : (
        <div className="text-muted-foreground">{t("noData")}</div>
      )}
    </div>
  );
}

/** The device whose card is open: a marker click opens it (and reports it), a map click closes it. */
export function useDeviceCard(devices: MapDevice[], onDeviceClick?: (d: MapDevice) => void, footer?: (d: MapDevice) => React.ReactNode) {
  const [active, setActive] = React.useState<MapDevice["id"] | null>(null);
  const current = devices.find((d) => d.id === active);
  const at = current && devicePosition(current);
  return {
    onMarkerClick: (id: MapDevice["id"]) => {
      const d = devices.find((x) => x.id === id);
      if (!d) return;
      setActive(id);
      onDeviceClick?.(d);
    },
    onMapClick: () => setActive(null),
    popup: current && at ? { at, content: <DeviceCard device={current}>{footer?.(current)}</DeviceCard>, onClose: () => setActive(null) } : null,
  };
}
