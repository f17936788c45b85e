"use client";

import { defineResource, remoteOptions, type ResourceUi } from "@/components/kit";
import { lazyParts } from "@/components/kit/lazy-parts";
import { call } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { otaApi } from "@/lib/contract/ota/api";
import { otaTaskApi, type OtaTask } from "@/lib/contract/ota/task-api";
import { OTA_HOLD, OTA_TARGET, OTA_TASK_STATUS, OTA_TASK_TYPE } from "@/lib/contract/ota/enums";
import { otaTask } from "@/lib/contract/ota/task";
import { projectApi } from "@/lib/contract/project";
import { multilingualField } from "@/components/kit/form/multilingual-input";

const { DeviceIdsField, PreviewField, ScheduleField } = lazyParts(() => import("./ota-fields"), ["DeviceIdsField", "PreviewField", "ScheduleField"]);
const PACKAGES = remoteOptions(otaApi.page, "packageName", "id", { current: 1, size: 9999 });

/** The task detail (/OTATaskInfo) of a task. */
export const otaTaskInfoHref = (id: number) => `/OTATaskInfo?id=${id}`;

const UPD = permsOf(otaTaskApi.oper)[0];
const oper = (action: "start" | "pause" | "resume" | "retry") => async (row: OtaTask, ui: ResourceUi<OtaTask>) => {
  await call(otaTaskApi.oper, { id: row.id, action });
  await ui.refresh();
};
const open = (r: OtaTask) => r.status === OTA_TASK_STATUS.toUpgrade || r.status === OTA_TASK_STATUS.upgrading;
const staged = (v: Record<string, unknown>) => !!(v.batchPercent || v.batchCount);

/**
 * Upgrade tasks (/OTAUpdate, second tab): status tabs, create with a dry run, start / pause /
 * resume / retry failed / cancel, and the detail page for the rollout.
 */
export const otaTaskResource = defineResource<OtaTask>({
  entity: otaTask,
  calls: otaTaskApi,
  tabs: { prop: "status", dict: "otaTaskStatus", items: ["", "1", "2", "3", "4"].map((name) => (name ? { name } : { name, label: "info.all" })) },
  search: { items: { packageId: { type: "select2", remote: PACKAGES }, status: false } },
  columns: {
    taskName: { type: "click", minWidth: 160, onClick: (row, ui) => ui.navigate(otaTaskInfoHref(row.id)) },
    packageName: { minWidth: 140 },
    version: { width: 110 },
    status: { width: 110, tones: { "1": "secondary", "2": "warning", "3": "default", "4": "success" } },
    // What gives way first at 1440 px (the counts and the status say how the rollout goes): the type, then the creation time.
    taskType: { width: 110, dropOrder: 1 },
    createTime: { dropOrder: 2 },
    total: { width: 90, align: "center" },
    successCount: { width: 90, align: "center" },
    failCount: { width: 90, align: "center" },
  },
  form: {
    columns: 2,
    width: 900,
    placeholders: ["rate", "maxDownloads", "timeoutMin", "retries", "retryIntervalMin"],
    fields: {
      taskName: multilingualField,
      packageId: { type: "select", remote: PACKAGES, required: true },
      target: { type: "radio", full: true },
      projectId: { type: "select", remote: remoteOptions(projectApi.list, "prjName", "id"), show: (v) => Number(v.target) === OTA_TARGET.project, required: true },
      deviceIds: { type: "custom", render: (p) => <DeviceIdsField {...p} />, show: (v) => Number(v.target) === OTA_TARGET.list, required: true, full: true },
      taskType: { type: "radio" },
      scheduleTime: { type: "custom", render: (p) => <ScheduleField {...p} />, show: (v) => Number(v.taskType) === OTA_TASK_TYPE.scheduled, required: true, full: true },
      gateSuccessPct: { show: staged },
      gateFailPct: { show: staged },
      gateMinDone: { show: staged },
      preview: { type: "custom", label: "preview", render: (p) => <PreviewField {...p} />, full: true },
    },
    defaults: { target: OTA_TARGET.all, taskType: OTA_TASK_TYPE.immediate, deviceIds: [] },
  },
  rowActions: [
    { key: "detail", label: "detail", onClick: (row, ui) => ui.navigate(otaTaskInfoHref(row.id)) },
    { key: "start", label: "start", perm: UPD, show: (r) => r.status === OTA_TASK_STATUS.toUpgrade, onClick: oper("start") },
    { key: "pause", label: "pause", perm: UPD, show: (r) => open(r) && r.hold === OTA_HOLD.none, onClick: oper("pause") },
    { key: "resume", label: "resume", perm: UPD, show: (r) => open(r) && (r.hold === OTA_HOLD.gate || r.hold === OTA_HOLD.person), onClick: oper("resume") },
    { key: "retry", label: "retry", perm: UPD, show: (r) => r.failCount > 0 && r.status !== OTA_TASK_STATUS.cancelled, onClick: oper("retry") },
    { key: "close", label: "close", perm: UPD, danger: true, confirm: "closeConfirm", show: open, onClick: async (row, ui) => (await call(otaTaskApi.close, { id: row.id }), ui.refresh()) },
    { builtin: "edit", show: (r) => r.status === OTA_TASK_STATUS.toUpgrade },
    { builtin: "del", show: (r) => r.status !== OTA_TASK_STATUS.upgrading },
  ],
  inlineActions: 2,
  toolbar: ["add"],
  refreshInterval: (rows) => (rows.some((r) => r.status === OTA_TASK_STATUS.upgrading) ? 5000 : 0),
});
