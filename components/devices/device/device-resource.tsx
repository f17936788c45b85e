"use client";

import { toast } from "@/lib/toast";
import { deferredDialogs, defineResource, remoteOptions, resourcePage, type ResourceUi } from "@/components/kit";
import { locationField } from "@/components/maps";
import { call } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { device, deviceApi, type Device, type DeviceAdded } from "@/lib/contract/device/device";
import { productLookupApi } from "@/lib/contract/device/product-lookup";
import { spaceApi } from "@/lib/contract/device/space";
import { projectApi } from "@/lib/contract/project";
import { BatteryCell, DeviceStatusCell, SignalCell } from "./device-cells";
import { showCredentials } from "./credentials-store";
import { DeviceListOrMap, viewDeviceHref } from "./device-map-view";
import { multilingualField } from "@/components/kit/form/multilingual-input";

// The row dialogs (small forms) and the credentials dialog load after the list.
const DeviceDialogs = deferredDialogs(() => import("./device-dialogs").then((m) => m.DeviceDialogs));

/** Opens one of the row dialogs (`?act=<dialog>.<id>`, see device-dialogs). */
const openAct = (ui: ResourceUi<Device>, act: "bind" | "sn" | "delData", row: Device) => ui.setParam("act", `${act}.${row.id}`);

const PICK = { current: 1, size: 9999 };
export const PRODUCT_OPTIONS = remoteOptions(productLookupApi.list, "prodName", "id");
const PROJECT_OPTIONS = remoteOptions(projectApi.list, "prjName", "id", PICK);
const SPACE_OPTIONS = remoteOptions(spaceApi.page, "spaceName", "id", PICK);

async function resetSecret(row: Device) {
  showCredentials(await call(deviceApi.resetSecret, { id: row.id }));
}

async function unbindGateway(row: Device, ui: ResourceUi<Device>) {
  await call(deviceApi.unBind, { ids: [row.id] });
  toast.success(ui.t("done.unbound"));
  await ui.refresh();
}

/**
 * The devices of the selected project (core §2 /devices/device): search by name, SN, product,
 * space, status; status with a stale mark, battery, signal, firmware, last report; add / edit with
 * a map picker, enable / disable, gateway binding, SN change, a new secret, data deletion, delete,
 * import and export; a list / map switch. A new or reset secret is shown once in the credentials dialog.
 */
export const deviceResource = defineResource<Device>({
  entity: device,
  calls: deviceApi,
  search: {
    items: { productId: { type: "select2", remote: PRODUCT_OPTIONS }, spaceId: { type: "select2", remote: SPACE_OPTIONS } },
  },
  columns: {
    deviceName: { type: "click", minWidth: 150, onClick: (row, ui) => ui.navigate(viewDeviceHref(row.id)) },
    id: false,
    deviceSn: { width: 130 },
    status: { type: "custom", width: 130, render: (row) => <DeviceStatusCell row={row} /> },
    lastReportTime: { width: 180 },
    // At 1440 px in English (issue 40) the firmware, signal and space give way, in that order: the device page shows them.
    spaceName: { width: 110, dropOrder: 3 },
    battery: { render: (row) => <BatteryCell value={row.battery} /> },
    signal: { width: 110, dropOrder: 2, render: (row) => <SignalCell dbm={row.signal} /> },
    firmwareVersion: { dropOrder: 1 },
  },
  form: {
    columns: 2,
    placeholders: ["deviceName", "deviceSn", "deviceModel", "gatewaySn", "channelNo", "reportCycle", "drawingNo", "firmwareVersion"],
    fields: {
      deviceName: multilingualField,
      productId: { remote: PRODUCT_OPTIONS },
      projectId: { remote: PROJECT_OPTIONS, hint: "hints.project" },
      spaceId: { remote: SPACE_OPTIONS },
      // After the coordinates: pick them on a map.
      altitude: {},
      location: { label: "fields.location", type: "custom", full: true, render: locationField({ lng: "longitude", lat: "latitude" }) },
    },
    onSaved: (answer, mode) => {
      if (mode === "create") showCredentials((answer as DeviceAdded).credentials);
    },
  },
  rowActions: [
    "edit",
    { key: "bindGateway", label: "actions.bindGateway", perm: permsOf(deviceApi.bind)[0], onClick: (row, ui) => openAct(ui, "bind", row) },
    { key: "unbindGateway", label: "actions.unbindGateway", perm: permsOf(deviceApi.unBind)[0], confirm: "confirms.unbind", show: (row) => !!row.gatewaySn, onClick: unbindGateway },
    { key: "updSn", label: "actions.updSn", perm: permsOf(deviceApi.updSn)[0], onClick: (row, ui) => openAct(ui, "sn", row) },
    { key: "resetSecret", label: "actions.resetSecret", perm: permsOf(deviceApi.resetSecret)[0], confirm: "confirms.resetSecret", onClick: resetSecret },
    { key: "delData", label: "actions.delData", perm: permsOf(deviceApi.delData)[0], danger: true, onClick: (row, ui) => openAct(ui, "delData", row) },
    "del",
  ],
  inlineActions: 1,
  toolbar: ["add", "import", "export", "batchDelete"],
  slots: {
    main: (ui, table) => <DeviceListOrMap ui={ui} table={table} page={deviceApi.page} />,
    dialogs: (ui) => <DeviceDialogs ui={ui} />,
  },
});

export const DeviceList = resourcePage(deviceResource);
