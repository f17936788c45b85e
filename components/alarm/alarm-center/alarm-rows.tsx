"use client";

import { call } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { alarmCoreApi, type AlarmRecord, type StatusNums } from "@/lib/contract/alarm/alarm-center";
import { ALARM_STATUS } from "@/lib/contract/alarm/enums";
import { nextStatus } from "@/lib/contract/alarm/workflow";
import type { ColumnTweaks, ResourceUi, RowAction } from "@/components/kit";
import { LevelBadge } from "../level-badge";
import { alarmHref } from "../alarm-href";
import { WorkflowDialog } from "../lazy-workflow-dialog";

/** What every list of alarms shares (the alarm centre, a device's alarm tab): tabs, columns, the workflow's row steps. */

const STATUS_TABS = ["", ...Object.values(ALARM_STATUS).map(String)];
/** The list's tabs by status, counted by `statusNums` with the list's filters. */
export const statusTabs = { prop: "status", dict: "alarmStatus", items: STATUS_TABS.map((name) => (name ? { name } : { name, label: "tabs.all" })), countCall: alarmCoreApi.statusNums, counts: (n: StatusNums) => n };
const can = (r: AlarmRecord, step: Parameters<typeof nextStatus>[1]) => r.status !== null && nextStatus(r.status, step) !== null;
/** Accepting, closing and clearing: the handler's code (the one `close` takes). */
const HANDLE = permsOf(alarmCoreApi.close)[0];

async function oper(ui: ResourceUi<AlarmRecord>, r: AlarmRecord, operType: "accept" | "clear", question: string) {
  if (!(await ui.confirm(ui.t(question, { name: r.alarmName ?? "" })))) return;
  await call(alarmCoreApi.oper, { id: r.id, operType });
  await ui.refresh();
}

/** Closing with a reason, opened through the URL (`?close=<id>`). */
export function CloseDialog({ ui }: { ui: ResourceUi<AlarmRecord> }) {
  const id = Number(ui.param("close"));
  if (!Number.isInteger(id) || id <= 0) return null;
  return <WorkflowDialog action="close" target={{ kind: "alarm", id }} onClose={() => ui.setParam("close", null)} onDone={ui.refresh} />;
}

/**
 * In a box too narrow for every column (the English alarm centre at 1440 px without a chosen project) the type
 * leaves first, then the count: the alarm's page shows both, and a manual alarm also shows by its delete action.
 */
export const alarmColumns: ColumnTweaks<AlarmRecord> = {
  alarmName: { type: "click", minWidth: 180, onClick: (r, ui) => ui.navigate(alarmHref(r)) },
  levelNum: { render: (r) => <LevelBadge num={r.levelNum} name={r.levelName} color={r.levelColor} /> },
  status: { tones: { "1": "destructive", "2": "warning", "3": "default", "4": "success", "8": "secondary" } },
  alarmType: { dropOrder: 1 },
  count: { dropOrder: 2 },
  // The latest value under the one that raised the alarm: on one line "41.698 → 40.927" was clipped to "41.698 …" among the names at 1440 px.
  value: {
    width: 100,
    render: (r) =>
      r.value === null ? "-" : r.latestValue !== null && r.latestValue !== r.value ? (
        <span className="inline-flex flex-col items-end leading-tight">
          <span>{r.value}</span>
          <span className="text-muted-foreground text-xs">→ {r.latestValue}</span>
        </span>
      ) : (
        r.value
      ),
  },
};

export const workflowActions: RowAction<AlarmRecord>[] = [
  { key: "view", label: "actions.view", onClick: (r, ui) => ui.navigate(alarmHref(r)) },
  { key: "accept", label: "actions.accept", perm: HANDLE, show: (r) => can(r, "accept"), onClick: (r, ui) => oper(ui, r, "accept", "confirmAccept") },
  { key: "close", label: "actions.close", perm: HANDLE, show: (r) => can(r, "close"), onClick: (r, ui) => ui.setParam("close", r.id as number) },
  { key: "clear", label: "actions.clear", perm: HANDLE, danger: true, show: (r) => can(r, "clear"), onClick: (r, ui) => oper(ui, r, "clear", "confirmClear") },
];

