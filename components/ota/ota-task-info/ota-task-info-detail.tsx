"use client";

import { defineDetail, DetailPage } from "@/components/kit/detail/define-detail";
import { DictText } from "@/components/kit/table/cells";
import { call } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { otaTaskApi, type OtaTask } from "@/lib/contract/ota/task-api";
import { OTA_HOLD, OTA_TASK_STATUS as TS } from "@/lib/contract/ota/enums";
import { otaTask } from "@/lib/contract/ota/task";
import { Rollout, TaskDevices } from "./task-devices";

const UPD = permsOf(otaTaskApi.oper)[0];
const open = (r: OtaTask) => r.status === TS.toUpgrade || r.status === TS.upgrading;
const oper = (action: "start" | "pause" | "resume" | "retry") => async (row: OtaTask, ctx: { refresh: () => Promise<unknown> }) => {
  await call(otaTaskApi.oper, { id: row.id, action });
  await ctx.refresh();
};

/**
 * /OTATaskInfo: the rollout at a glance (per status, success %, ETA, first batch → gate → the rest),
 * the task's settings, and its devices with live progress, phase, bytes served, attempts and error,
 * each with its event log; start, pause, resume, retry failed, cancel.
 */
const otaTaskDetail = defineDetail<OtaTask>({
  entity: otaTask,
  info: otaTaskApi.info,
  back: "/OTAUpdate?tab=tasks",
  basic: { title: "info.title" },
  // The package by its name (the id is the form's); a finished task's hold means nothing, so it shows none.
  rows: { deviceIds: false, projectId: false, packageId: false, hold: { type: "slot", render: (r) => (open(r) ? <DictText dict="otaHold" value={r.hold} /> : "-") } },
  // The rollout first: how far it got is what a person opens the page for; the task's settings follow.
  lead: [{ key: "rollout", title: "info.rollout", render: (row, ctx) => <Rollout task={row} refresh={ctx.refresh} /> }],
  tabs: [{ key: "devices", label: "info.device", render: (row, ctx) => <TaskDevices task={row} refresh={ctx.refresh} /> }],
  actions: [
    { key: "start", label: "start", perm: UPD, show: (r) => r.status === TS.toUpgrade, onClick: oper("start") },
    { key: "pause", label: "pause", perm: UPD, show: (r) => open(r) && r.hold === OTA_HOLD.none, onClick: oper("pause") },
    { key: "resume", label: "resume", perm: UPD, show: (r) => open(r) && (r.hold === OTA_HOLD.gate || r.hold === OTA_HOLD.person), onClick: oper("resume") },
    { key: "retry", label: "retry", perm: UPD, show: (r) => r.failCount > 0 && r.status !== TS.cancelled, onClick: oper("retry") },
    { key: "close", label: "close", perm: UPD, show: open, onClick: async (row, ctx) => (await call(otaTaskApi.close, { id: row.id }), ctx.refresh()) },
  ],
  testId: "ota-task-info",
});

export function OtaTaskInfoDetail() {
  return <DetailPage detail={otaTaskDetail} />;
}
