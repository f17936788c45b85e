"use client";

import { defineResource, resourcePage } from "@/components/kit";
import { locationField } from "@/components/maps";
import { project, projectApi, type Project } from "@/lib/contract/project";
import { multilingualField } from "@/components/kit/form/multilingual-input";

/** The projects list (core §3): search, table, paging, create / edit / view / delete, export, import. */
export const projectResource = defineResource<Project>({
  entity: project,
  calls: projectApi,
  // At 1440 px (issue 40) the region holds "浙江省 / 杭州市 / 滨江区", and the counts, the creation time and the
  // contact's phone give way, in this order: the project's details show them.
  columns: {
    prjName: { type: "click" },
    areaCode: { width: 220 },
    spaceNums: { dropOrder: 1 },
    deviceNums: { dropOrder: 2 },
    createTime: { dropOrder: 3 },
    contactPhone: { dropOrder: 4 },
  },
  form: {
    columns: 2,
    placeholders: true,
    // After the coordinates: pick them (and the address and area) on a map.
    fields: { prjName: multilingualField, prjLatitude: {}, location: { label: "sections.location", type: "custom", full: true, render: locationField({ lng: "prjLongitude", lat: "prjLatitude", address: "prjAddress", area: "areaCode" }) } },
  },
  rowActions: ["view", "edit", "del"],
  toolbar: ["add", "export", "import", "batchDelete"],
});

export const ProjectList = resourcePage(projectResource);
