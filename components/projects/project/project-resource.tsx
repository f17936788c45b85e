"use client";

import { defineResource, resourcePage } from "@/components/kit";
import { locationField } from "@/components/maps";
import { project, projectApi, type Project } from "@/lib/contract/project";
import { multilingualField } from "@/components/kit/form/multilingual-input";

/** The projects list (core §3): search, table, paging, create / edit / view / delete, export, import. */
export const projectResource = defineResource<Project>({
  entity: project,
  calls: projectApi,
  columns: { prjName: { type: "click" } },
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
