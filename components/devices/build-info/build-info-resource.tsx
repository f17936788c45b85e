"use client";

import { type CustomFieldProps, defineResource, remoteOptions, resourcePage, SelectField } from "@/components/kit";
import { useCall } from "@/lib/api/call";
import { buildInfo, buildInfoApi, type BuildInfo } from "@/lib/contract/device/build-info";
import { projectApi } from "@/lib/contract/project";

/** The projects, for the search item and the form's select alike. */
const PROJECTS = remoteOptions(projectApi.list, "prjName", "id", { size: 9999 });

/** The devices of the chosen project (none until a project is chosen). */
function DeviceSelect({ field, id, disabled, invalid, form }: CustomFieldProps) {
  const projectId = form.watch("projectId");
  const { data } = useCall(buildInfoApi.deviceList, projectId ? { projectId } : null);
  const options = (data ?? []).map((d) => ({ value: d.id, label: `${d.deviceName} (${d.deviceSn})` }));
  return <SelectField id={id} options={options} value={field.value} onChange={(v) => field.onChange(v === "" ? null : Number(v))} disabled={disabled || !projectId} invalid={invalid} />;
}

/**
 * Construction records (/constructionRecord): installation and maintenance visits per project and
 * device, with personnel, summary, dates and up to 100 photos uploaded with progress.
 */
export const buildInfoResource = defineResource<BuildInfo>({
  entity: buildInfo,
  calls: buildInfoApi,
  search: { items: { projectId: { type: "select2", remote: PROJECTS }, deviceId: false } },
  // At 1440 px in English (issue 40) the creation time, then the warranty deadline give way: the record's details show both.
  columns: { createTime: { dropOrder: 1 }, warrantyDate: { dropOrder: 2 } },
  form: {
    columns: 2,
    width: 820,
    placeholders: ["personnel"],
    fields: {
      // A device belongs to one project: choosing another project drops it.
      projectId: { type: "select", required: true, remote: PROJECTS, onValue: (_, form) => form.setValue("deviceId", null) },
      deviceId: { type: "custom", render: (p) => <DeviceSelect {...p} /> },
      photos: { hint: "hints.photos" },
    },
    defaults: { buildType: 1 },
  },
  rowActions: ["view", "edit", "del"],
  toolbar: ["add", "export", "batchDelete"],
});

export const BuildInfoList = resourcePage(buildInfoResource);
