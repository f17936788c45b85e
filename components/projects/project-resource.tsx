"use client";

import { defineResource, ResourcePage, useAreaTree, areaPath, joinAreaNames } from "@/components/kit";
import { locationField } from "@/components/maps";
import { projectBody, projectQuery, projectUpdate, type Project } from "@/lib/contract/project";

/** "Province / City / District" of a project's area code. */
function AreaText({ code }: { code: string | null | undefined }) {
  const tree = useAreaTree();
  const path = areaPath(tree, code);
  return <>{path.length ? joinAreaNames(path) : code || "-"}</>;
}

/** The projects list (core §3): search, table, paging, create / edit / view / delete, export, import. */
export const projectResource = defineResource<Project>({
  ns: "projects.project",
  api: "device/project",
  perm: "dev:project",
  // The cloud's import adds projects, so it asks for the add permission (there is no import code).
  perms: { import: "dev:project:add" },
  schemas: { query: projectQuery, create: projectBody, update: projectUpdate },
  search: {
    keyword: "prjName",
    keywordPlaceholder: "placeholders.prjName",
    items: [
      { prop: "prjName", label: "fields.prjName" },
      { prop: "prjType", type: "select", label: "fields.prjType", dict: "prjType" },
      { prop: "contactName", label: "fields.contactName" },
      { prop: "createTime", prop1: "startTime", prop2: "endTime", type: "date2", label: "fields.createTime" },
    ],
  },
  columns: [
    { prop: "prjName", label: "fields.prjName", type: "click", minWidth: 180, sortable: true },
    { prop: "id", label: "fields.id", width: 90 },
    { prop: "prjType", label: "fields.prjType", type: "dict", dict: "prjType", width: 110 },
    { prop: "contactName", label: "fields.contactName", width: 110 },
    { prop: "contactPhone", label: "fields.contactPhone", width: 130 },
    { prop: "areaCode", label: "fields.area", minWidth: 180, render: (p) => <AreaText code={p.areaCode} /> },
    { prop: "prjAddress", label: "fields.prjAddress", minWidth: 180 },
    { prop: "createTime", label: "fields.createTime", type: "time", width: 170, sortable: true },
  ],
  form: {
    columns: 2,
    defaults: { prjName: "", prjType: "", contactName: "", contactPhone: "", areaCode: "", prjAddress: "", prjLongitude: "", prjLatitude: "", images: [] },
    fields: [
      { name: "prjName", label: "fields.prjName", required: true, placeholder: "placeholders.prjName", full: true },
      { name: "prjType", label: "fields.prjType", type: "select", dict: "prjType" },
      { name: "contactName", label: "fields.contactName", placeholder: "placeholders.contactName" },
      { name: "contactPhone", label: "fields.contactPhone", placeholder: "placeholders.contactPhone" },
      { name: "areaCode", label: "fields.area", type: "cascader" },
      { name: "prjAddress", label: "fields.prjAddress", placeholder: "placeholders.prjAddress", full: true },
      { name: "prjLongitude", label: "fields.prjLongitude", type: "number", min: -180, max: 180, floatNum: 6, placeholder: "placeholders.prjLongitude" },
      { name: "prjLatitude", label: "fields.prjLatitude", type: "number", min: -90, max: 90, floatNum: 6, placeholder: "placeholders.prjLatitude" },
      { name: "location", label: "sections.location", type: "custom", render: locationField({ lng: "prjLongitude", lat: "prjLatitude", address: "prjAddress", area: "areaCode" }) },
    ],
  },
  detail: [
    { prop: "prjName", label: "fields.prjName" },
    { prop: "id", label: "fields.id" },
    { prop: "prjType", label: "fields.prjType", type: "dict", dict: "prjType" },
    { prop: "contactName", label: "fields.contactName" },
    { prop: "contactPhone", label: "fields.contactPhone" },
    { prop: "createTime", label: "fields.createTime", type: "time" },
    { prop: "areaCode", label: "fields.area", type: "slot", render: (p) => <AreaText code={p.areaCode} /> },
    { prop: "prjAddress", label: "fields.prjAddress" },
    { prop: "prjLongitude", label: "fields.prjLongitude" },
    { prop: "prjLatitude", label: "fields.prjLatitude" },
    { prop: "images", label: "fields.images", type: "images", full: true },
  ],
  rowActions: ["view", "edit", "del"],
  toolbar: ["add", "export", "import", "batchDelete"],
  multiple: true,
});

export function ProjectList() {
  return <ResourcePage resource={projectResource} />;
}
