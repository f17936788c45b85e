"use client";

import { defineResource, remoteOptions, resourcePage, urlId } from "@/components/kit";
import { device, deviceApi, type AdminDevice } from "@/lib/contract/device/device";
import { tenantApi } from "@/lib/contract/system/tenant";
import { BatteryCell, DeviceStatusCell, SignalCell } from "../device/device-cells";
import { DeviceListOrMap } from "../device/device-map-view";

/**
 * Every tenant's devices for platform administrators (core §2 /devices/allDevices, `pageAdmin`):
 * the device list's columns and search with the tenant beside the name, read-only (devices are
 * managed by their tenant), as a list or on the map.
 */
export const allDevicesResource = defineResource<AdminDevice>({
  entity: device,
  // Across tenants and projects: no project to choose, nothing to change.
  needsProject: false,
  schemas: { create: undefined, update: undefined },
  query: { tenantId: urlId },
  // Its page call names the screen that reads it: without that menu the page says so, asking nothing.
  calls: { page: deviceApi.pageAdmin },
  endpoints: { info: false, del: false },
  search: {
    items: {
      tenantId: { prop: "tenantId", label: "fields.tenantName", type: "select2", remote: remoteOptions(tenantApi.page, "name", "id", { current: 1, size: 9999 }) },
      productId: false,
      spaceId: false,
    },
  },
  columns: {
    tenantName: { prop: "tenantName", label: "fields.tenantName", minWidth: 140 },
    id: false,
    status: { type: "custom", width: 130, render: (row) => <DeviceStatusCell row={row} /> },
    lastReportTime: { width: 180 },
    battery: { render: (row) => <BatteryCell value={row.battery} /> },
    // As the device list: what the device page shows gives way in a narrow box.
    signal: { width: 110, dropOrder: 2, render: (row) => <SignalCell dbm={row.signal} /> },
    firmwareVersion: { dropOrder: 1 },
    enableStatus: { type: "dict", dropOrder: 3 },
  },
  form: false,
  detail: false,
  slots: { main: (ui, table) => <DeviceListOrMap ui={ui} table={table} page={deviceApi.pageAdmin} /> },
});

export const AllDevicesList = resourcePage(allDevicesResource);
