"use client";

import { defineResource, resourcePage } from "@/components/kit";
import { lazyParts } from "@/components/kit/lazy-parts";
import { point, pointApi, type InspectionPoint } from "@/lib/contract/robot/point";
import { POINT_TYPE } from "@/lib/contract/robot/enums";
import { TRACKS } from "../track/track-options";
import { multilingualField } from "@/components/kit/form/multilingual-input";

const { MarkField } = lazyParts(() => import("./mark-field"), ["MarkField"]);

/** Inspection points (/robot/point): on a track, placed on its map; their items on /robot/inspectionItem. */
export const pointResource = defineResource<InspectionPoint>({
  entity: point,
  calls: pointApi,
  search: { items: { trackId: { type: "select2", remote: TRACKS } } },
  // At 1440 px (issue 40) the creation time gives way.
  columns: { pointName: { type: "click", minWidth: 140, onClick: (row, ui) => ui.navigate(`/robot/inspectionItem?pointId=${row.id}`) }, createTime: { dropOrder: 1 } },
  form: {
    columns: 2,
    width: 900,
    placeholders: ["pointName"],
    fields: {
      pointName: multilingualField,
      trackId: { type: "select", remote: TRACKS, required: true },
      pointType: { type: "radio" },
      markPosition: { type: "custom", render: (p) => <MarkField {...p} />, full: true, required: true },
      photos: { hint: "hints.photos" },
    },
    defaults: { pointType: POINT_TYPE.inspection, sort: 0, dwellSec: 10, photos: [] },
  },
  rowActions: ["view", "edit", "del"],
  toolbar: ["add", "batchDelete"],
});

export const PointList = resourcePage(pointResource);
