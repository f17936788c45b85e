"use client";

import dynamic from "next/dynamic";
import { defineResource, deferredDialogs, resourcePage } from "@/components/kit";
import { permsOf } from "@/lib/contract/call";
import { pointGroup, pointGroupApi, pointGroupUpdate, type PointGroup } from "@/lib/contract/monitoring/point-group";

// The sort dialog and the form's device field (both drag lists) are not in the list's first load.
const SortDialog = deferredDialogs(() => import("./point-sort-dialog").then((m) => m.SortDialog));
const PointDevicesField = dynamic(() => import("./point-devices-field").then((m) => m.PointDevicesField));

export const pointDetailsHref = (id: number) => `/pointCorrelation/pointDetails?id=${id}`;
const inclinometer = (v: Record<string, unknown>) => v.monitorKind === "inclinometer";
const laser = (v: Record<string, unknown>) => v.monitorKind === "tilt";

/** Measurement points (point correlation, core §3 / §5), in the chosen project. */
export const pointResource = defineResource<PointGroup>({
  entity: pointGroup,
  calls: pointGroupApi,
  schemas: { update: pointGroupUpdate },
  // At 1440 px in English (issue 40) the creation time gives way, then the zero type.
  columns: { groupName: { type: "click", onClick: (row, ui) => ui.navigate(pointDetailsHref(row.id)) }, createTime: { dropOrder: 1 }, zeroType: { dropOrder: 2 } },
  form: {
    columns: 2,
    placeholders: ["groupName"],
    fields: {
      zeroType: { type: "radio" },
      deviceIds: { type: "custom", full: true, render: (p) => <PointDevicesField {...p} /> },
      holePosition: { show: inclinometer },
      holeDepth: { show: inclinometer },
      unitLength: { show: inclinometer },
      laserDistance: { show: laser },
      refAngleX: { show: laser },
      refAngleY: { show: laser },
    },
  },
  rowActions: [{ key: "details", label: "details", onClick: (row, ui) => ui.navigate(pointDetailsHref(row.id)) }, "edit", "del"],
  toolbar: ["add", "export", "batchDelete", { key: "sort", label: "saveSort", perm: permsOf(pointGroupApi.sort)[0], variant: "outline", onClick: (ui) => ui.setParam("sort", 1) }],
  slots: { dialogs: (ui) => <SortDialog ui={ui} /> },
});

export const PointCorrelationList = resourcePage(pointResource);
