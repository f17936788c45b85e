"use client";

import { call } from "@/lib/api/call";
import { formatDateTime } from "@/lib/format";
import { permsOf } from "@/lib/contract/call";
import { alarmCoreApi, alarmRecord, manualUpdate, type AlarmRecord, type StatusNums } from "@/lib/contract/alarm/alarm-center";
import { alarmLevelApi } from "@/lib/contract/alarm/level";
import { ALARM_STATUS, ALARM_TYPE } from "@/lib/contract/alarm/enums";
import { nextStatus } from "@/lib/contract/alarm/workflow";
import { deviceApi } from "@/lib/contract/device/device";
import { defineResource, resourcePage, type ResourceUi, urlText } from "@/components/kit";
import { LevelBadge } from "../level-badge";
import { WorkflowDialog } from "../lazy-workflow-dialog";
import { AlarmOverview } from "./alarm-overview";
import { RemoteSelect } from "./remote-select";

const STATUS_TABS = ["", ...Object.values(ALARM_STATUS).map(String)];
export const alarmHref = (r: Pick<AlarmRecord, "id" | "alarmType">) => `/alarm/alarmCenterInfo?id=${r.id}&type=${r.alarmType === ALARM_TYPE.manual ? "alaManual" : "ala"}`;
const can = (r: AlarmRecord, step: Parameters<typeof nextStatus>[1]) => r.status !== null && nextStatus(r.status, step) !== null;
const isManual = (r: AlarmRecord) => r.alarmType === ALARM_TYPE.manual;
/** Accepting, closing and clearing: the handler's code (the one `close` takes). */
const HANDLE = permsOf(alarmCoreApi.close)[0];

async function oper(ui: ResourceUi<AlarmRecord>, r: AlarmRecord, operType: "accept" | "clear", question: string) {
  if (!(await ui.confirm(ui.t(question, { name: r.alarmName ?? "" })))) return;
  await call(alarmCoreApi.oper, { id: r.id, operType });
  await ui.refresh();
}

/** Closing with a reason, opened through the URL (`?close=<id>`). */
function CloseDialog({ ui }: { ui: ResourceUi<AlarmRecord> }) {
  const id = Number(ui.param("close"));
  if (!Number.isInteger(id) || id <= 0) return null;
  return <WorkflowDialog action="close" target={{ kind: "alarm", id }} onClose={() => ui.setParam("close", null)} onDone={ui.refresh} />;
}

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
  tabs: { prop: "status", dict: "alarmStatus", items: STATUS_TABS.map((name) => (name ? { name } : { name, label: "tabs.all" })), countUrl: alarmCoreApi.statusNums.path, counts: (n: StatusNums) => n },
  search: {
    keyword: "alarmName",
    items: {
      status: false,
      levelNum: { type: "select2", remote: { url: alarmLevelApi.page.path, params: { current: 1, size: 9999 }, labelKey: "levelName", valueKey: "levelNum" } },
      deviceName: { prop: "deviceName", type: "input", label: "fields.deviceName", placeholder: "placeholders.deviceName" },
    },
  },
  slots: { top: (ui) => <AlarmOverview ui={ui} />, dialogs: (ui) => <CloseDialog ui={ui} /> },
  columns: {
    alarmName: { type: "click", minWidth: 180, onClick: (r, ui) => ui.navigate(alarmHref(r)) },
    levelNum: { render: (r) => <LevelBadge num={r.levelNum} name={r.levelName} color={r.levelColor} /> },
    status: { tones: { "1": "destructive", "2": "warning", "3": "default", "4": "success", "8": "secondary" } },
    value: { render: (r) => (r.value === null ? "-" : `${r.value}${r.latestValue !== null && r.latestValue !== r.value ? ` → ${r.latestValue}` : ""}`) },
  },
  form: {
    width: 820,
    placeholders: ["alarmName"],
    fields: {
      levelId: { required: true, type: "custom", render: (p) => <RemoteSelect {...p} url={alarmLevelApi.page.path} value="id" label={(r) => `${r.levelName} · ${r.levelNum}`} /> },
      deviceId: { type: "custom", render: (p) => <RemoteSelect {...p} url={deviceApi.picker.path} value="id" label={(r) => `${r.deviceName} (${r.deviceSn})`} /> },
      triggeredAt: { type: "datetime", hint: "hints.triggeredAt" },
      images: { hint: "hints.images" },
      videos: { hint: "hints.videos" },
      files: { hint: "hints.files" },
    },
    // The stored time as the date-time input shows it (platform time).
    toForm: (r) => ({ ...r, triggeredAt: formatDateTime(r.triggeredAt) }),
  },
  rowActions: [
    { key: "view", label: "actions.view", onClick: (r, ui) => ui.navigate(alarmHref(r)) },
    { key: "accept", label: "actions.accept", perm: HANDLE, show: (r) => can(r, "accept"), onClick: (r, ui) => oper(ui, r, "accept", "confirmAccept") },
    { key: "close", label: "actions.close", perm: HANDLE, show: (r) => can(r, "close"), onClick: (r, ui) => ui.setParam("close", r.id as number) },
    { key: "clear", label: "actions.clear", perm: HANDLE, danger: true, show: (r) => can(r, "clear"), onClick: (r, ui) => oper(ui, r, "clear", "confirmClear") },
    { builtin: "edit", show: (r) => isManual(r) && r.status === ALARM_STATUS.pending },
    { builtin: "del", show: isManual, confirm: "confirmDelete" },
  ],
  rowName: (r) => r.alarmName ?? "",
  toolbar: ["add", "export"],
});

export const AlarmCenterList = resourcePage(alarmCenterResource);
