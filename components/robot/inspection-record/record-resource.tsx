"use client";

import { defineResource, resourcePage } from "@/components/kit";
import { record, recordApi, type InspectionRecord } from "@/lib/contract/robot/record";
import { TRACKS } from "../track/track-options";

/** Inspection records (/robot/inspectionRecord): filter by time, track, point and result; each opens its view with photos, values and the alarm raised. */
export const recordResource = defineResource<InspectionRecord>({
  entity: record,
  calls: recordApi,
  search: { items: { trackId: { type: "select2", remote: TRACKS }, taskId: false, pointId: false, deviceId: false } },
  columns: {
    itemName: { minWidth: 140 },
    inspectStatus: { width: 100, tones: { "0": "success", "1": "destructive" } },
    value: { width: 100 },
    recordTime: { width: 170 },
    // At 1440 px (issue 40) the unit, then the item type give way: the record's page shows both.
    unit: { dropOrder: 1 },
    itemType: { dropOrder: 2 },
  },
  rowActions: [{ key: "view", label: "view", onClick: (row, ui) => ui.navigate(`/robot/inspectionRecord/viewInspectionRecord?id=${row.id}`) }],
  toolbar: ["export"],
});

export const RecordList = resourcePage(recordResource);
