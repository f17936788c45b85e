"use client";

import { defineResource, resourcePage } from "@/components/kit";
import { battery, type Battery } from "@/lib/contract/device/battery";

/** Battery models (/battery): voltages, capacity and up to 5 images; xlsx import (`importBattery`). */
export const batteryResource = defineResource<Battery>({
  entity: battery,
  endpoints: { import: "device/battery/importBattery" },
  form: {
    columns: 2,
    placeholders: ["batteryName"],
    fields: { images: { hint: "hints.images" } },
    defaults: { batteryType: 0 },
  },
  rowActions: ["view", "edit", "del"],
  toolbar: ["add", "import", "export", "batchDelete"],
});

export const BatteryList = resourcePage(batteryResource);
