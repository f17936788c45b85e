"use client";

import { formatDateTime } from "@/lib/format";
import { alarmCoreApi, alarmRecord, manualUpdate, type AlarmRecord } from "@/lib/contract/alarm/alarm-center";
import { alarmLevelApi } from "@/lib/contract/alarm/level";
import { ALARM_STATUS, ALARM_TYPE } from "@/lib/contract/alarm/enums";
import { deviceApi } from "@/lib/contract/device/device";
import { defineResource, remoteOptions, resourcePage, urlText } from "@/components/kit";
import { AlarmOverview } from "./alarm-overview";
import { alarmColumns, CloseDialog, statusTabs, workflowActions } from "./alarm-rows";
import { RemoteSelect } from "./remote-select";

export { alarmHref } from "../alarm-href";
const isManual = (r: AlarmRecord) => r.alarmType === ALARM_TYPE.manual;

/**
 * /alarm/alarmCenter: the project's alarms by status (tabs with `statusNums`), level counts and
 * statistics above, search by name, level, type, device and time, export; accept, clear and close
 * from the row, manual alarms added, edited and deleted with their attachments (core §9).
 */
export const alarmCenterResource = defineResource<AlarmRecord>({
  entity: alarmRecord,
  calls: { page: alarmCoreApi.page, info: alarmCoreApi.info, add: alarmCoreApi.addManual, upd: alarmCoreApi.updManual, del: alarmCoreApi.delManual, export: alarmCoreApi.exportInfo },
  schemas: { update: manualUpdate },
  query: { deviceName: urlText(64) },
  tabs: statusTabs,
  search: {
    keyword: "alarmName",
    items: {
      status: false,
      levelNum: { type: "select2", remote: remoteOptions(alarmLevelApi.page, "levelName", "levelNum", { current: 1, size: 9999 }) },
      deviceName: { prop: "deviceName", type: "input", label: "fields.deviceName", placeholder: "placeholders.deviceName" },
    },
  },
  slots: { top: (ui) => <AlarmOverview ui={ui} />, dialogs: (ui) => <CloseDialog ui={ui} /> },
  columns: alarmColumns,
  form: {
    width: 820,
    placeholders: ["alarmName"],
    fields: {
      levelId: { required: true, type: "custom", render: (p) => <RemoteSelect {...p} call={alarmLevelApi.page} value="id" label={(r) => `${r.levelName} · ${r.levelNum}`} /> },
      deviceId: { type: "custom", render: (p) => <RemoteSelect {...p} call={deviceApi.picker} value="id" label={(r) => `${r.deviceName} (${r.deviceSn})`} /> },
      triggeredAt: { type: "datetime", hint: "hints.triggeredAt" },
      images: { hint: "hints.images" },
      videos: { hint: "hints.videos" },
      files: { hint: "hints.files" },
    },
    // The stored time as the date-time input shows it (platform time).
    toForm: (r) => ({ ...r, triggeredAt: formatDateTime(r.triggeredAt) }),
  },
  rowActions: [
    ...workflowActions,
    { builtin: "edit", show: (r) => isManual(r) && r.status === ALARM_STATUS.pending },
    { builtin: "del", show: isManual, confirm: "confirmDelete" },
  ],
  rowName: (r) => r.alarmName ?? "",
  toolbar: ["add", "export"],
});

export const AlarmCenterList = resourcePage(alarmCenterResource);

