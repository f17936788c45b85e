"use client";

import { deferredDialogs, defineResource, resourcePage, type ResourceUi } from "@/components/kit";
import { call } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { PATROL_STATUS, PATROL_STATUSES } from "@/lib/contract/robot/enums";
import { task, taskApi, type InspectionTask } from "@/lib/contract/robot/task";
import { TRACKS } from "../track/track-options";

/** The robot-position dialog (`?where=<id>`), loaded after the list (`deferredDialogs`). */
const RobotPositionDialog = deferredDialogs(() => import("./robot-position").then((m) => m.RobotPositionDialog));

const running = (r: InspectionTask) => r.patrolStatus === PATROL_STATUS.running;

/** Inspection tasks (/robot/task): status tabs, the robot's live position on the track's map while a task runs (`?where=`), stop a running one. */
export const taskResource = defineResource<InspectionTask>({
  entity: task,
  calls: taskApi,
  tabs: { prop: "patrolStatus", dict: "patrolStatus", items: ["", ...PATROL_STATUSES.map(String)].map((name) => (name ? { name } : { name, label: "all" })) },
  search: { items: { trackId: { type: "select2", remote: TRACKS }, patrolStatus: false, schemeId: false, deviceId: false } },
  columns: {
    taskName: { type: "click", minWidth: 200, onClick: (row, ui) => ui.navigate(`/robot/inspectionRecord?taskId=${row.id}`) },
    patrolStatus: { width: 110, tones: { "0": "secondary", "1": "warning", "2": "success", "3": "default", "4": "destructive" } },
    // At 1440 px (issue 40) these give way, in this order: the task's inspection records show them all.
    runStatus: { width: 100, dropOrder: 6 },
    trackName: { dropOrder: 5 },
    startTime: { dropOrder: 4 },
    endTime: { dropOrder: 3 },
    pointTotal: { width: 80, align: "center", dropOrder: 2 },
    pointDone: { width: 90, align: "center", dropOrder: 1 },
    abnormalCount: { width: 80, align: "center" },
  },
  rowActions: [
    { key: "where", label: "where", show: running, onClick: (row, ui) => ui.setParam("where", row.id) },
    { key: "stop", label: "stop", perm: permsOf(taskApi.stop)[0], danger: true, confirm: "confirmStop", show: running, onClick: async (row: InspectionTask, ui: ResourceUi<InspectionTask>) => (await call(taskApi.stop, { id: row.id }), ui.refresh()) },
    { builtin: "del", show: (r) => !running(r) },
  ],
  toolbar: ["batchDelete"],
  slots: { dialogs: (ui) => <RobotPositionDialog ui={ui} /> },
  refreshInterval: (rows) => (rows.some(running) ? 5000 : 0),
});

export const TaskList = resourcePage(taskResource);
