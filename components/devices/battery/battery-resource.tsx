"use client";

import { defineResource, resourcePage } from "@/components/kit";
import { battery, batteryApi, type Battery } from "@/lib/contract/device/battery";
import { multilingualField } from "@/components/kit/form/multilingual-input";

/** Battery models (/battery): voltages, capacity and up to 5 images; xlsx import (`importBattery`). */
export const batteryResource = defineResource<Battery>({
  entity: battery,
  calls: batteryApi,
  // At 1440 px in English (issue 40) the type holds "Not rechargeable", and the creation time, then the capacity give way.
  columns: { batteryType: { width: 160 }, createTime: { dropOrder: 1 }, capacity: { dropOrder: 2 } },
  form: {
    columns: 2,
    placeholders: ["batteryName"],
    fields: { batteryName: multilingualField, images: { hint: "hints.images" } },
    defaults: { batteryType: 0 },
  },
  rowActions: ["view", "edit", "del"],
  toolbar: ["add", "import", "export", "batchDelete"],
});

export const BatteryList = resourcePage(batteryResource);
