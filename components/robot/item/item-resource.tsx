"use client";

import { defineResource, remoteOptions, resourcePage } from "@/components/kit";
import { ITEM_TYPE } from "@/lib/contract/robot/enums";
import { item, itemApi, VALUE_ITEMS, type InspectionItem } from "@/lib/contract/robot/item";
import { pointApi } from "@/lib/contract/robot/point";
import { multilingualField } from "@/components/kit/form/multilingual-input";

const POINTS = remoteOptions(pointApi.page, "pointName", "id", { current: 1, size: 9999 });
const reads = (v: Record<string, unknown>) => VALUE_ITEMS.includes(Number(v.itemType));

/** Inspection items (/robot/inspectionItem, opened from a point): what the robot checks, with the unit and normal range of a value. */
export const itemResource = defineResource<InspectionItem>({
  entity: item,
  calls: itemApi,
  search: { items: { pointId: { type: "select2", remote: POINTS } } },
  form: {
    columns: 2,
    placeholders: ["itemName"],
    fields: { itemName: multilingualField, pointId: { type: "select", remote: POINTS, required: true }, unit: { show: reads }, minValue: { show: reads }, maxValue: { show: reads } },
    defaults: { itemType: ITEM_TYPE.temperature },
  },
  rowActions: ["view", "edit", "del"],
  toolbar: ["add", "batchDelete"],
});

export const ItemList = resourcePage(itemResource);
