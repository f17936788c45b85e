"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { MultiSelectField, type CustomFieldProps } from "@/components/kit";
import { SortableList } from "@/components/kit/sortable-list";
import { useCall } from "@/lib/api/call";
import type { MonitorKind } from "@/lib/contract/device/product";
import { pointGroupApi } from "@/lib/contract/monitoring/point-group";

/**
 * The devices of a point: chosen among the project's devices of the point's monitor type, then
 * put in order by dragging (an inclinometer's units from the hole position down).
 */
export function PointDevicesField({ field, id, form, disabled, invalid }: CustomFieldProps) {
  const t = useTranslations("monitoring.point");
  const kind = form.watch("monitorKind") as string | undefined;
  const devices = useCall(pointGroupApi.devices, kind ? { monitorKind: kind as MonitorKind } : null);
  const value: number[] = Array.isArray(field.value) ? field.value.map(Number) : [];
  const options = (devices.data ?? []).map((d) => ({ value: d.id, label: `${d.deviceName} (${d.deviceSn})` }));
  const byId = new Map((devices.data ?? []).map((d) => [d.id, d]));
  const getId = React.useCallback((n: number) => n, []);
  return (
    <div className="space-y-2">
      <MultiSelectField
        id={id}
        options={options}
        value={value}
        disabled={disabled || !kind}
        invalid={invalid}
        placeholder={!kind ? t("chooseKind") : devices.data && !devices.data.length ? t("noDevices") : t("placeholders.devices")}
        onChange={(v) => field.onChange(v.map(Number))}
      />
      {value.length > 1 && (
        <div>
          <p className="mb-1 text-xs text-muted-foreground">{t("devicesOrder")}</p>
          <SortableList items={value} getId={getId} disabled={disabled} onSort={(ids) => field.onChange(ids.map(Number))} render={(n) => <span className="text-sm">{byId.get(n)?.deviceName ?? n}</span>} />
        </div>
      )}
    </div>
  );
}
