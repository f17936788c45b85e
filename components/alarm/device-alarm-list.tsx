"use client";

import { defineResource } from "@/components/kit";
import { NestedList } from "@/components/kit/detail/define-detail";
import { alarmCoreApi, alarmRecord, type AlarmRecord } from "@/lib/contract/alarm/alarm-center";
import { alarmColumns, CloseDialog, statusTabs, workflowActions } from "./alarm-center/alarm-rows";

/**
 * A device's alarms (its page's alarm tab, narrowed by `deviceId`): the same columns and workflow
 * steps as the alarm centre, without its figures, device column and manual alarms.
 */
const deviceAlarmsResource = defineResource<AlarmRecord>({
  entity: alarmRecord,
  calls: { page: alarmCoreApi.page, info: alarmCoreApi.info },
  tabs: statusTabs,
  search: { keyword: "alarmName", items: { status: false, alarmType: false, levelNum: false } },
  slots: { dialogs: (ui) => <CloseDialog ui={ui} /> },
  columns: { ...alarmColumns, deviceName: false },
  rowActions: workflowActions,
  rowName: (r) => r.alarmName ?? "",
});

/** The alarm tab of a device's page: a module of its own, loaded when the tab opens (the lists' columns and workflow steps are not in the page's first load). */
export function DeviceAlarmList({ deviceId }: { deviceId: number }) {
  return <NestedList resource={deviceAlarmsResource} filter={{ deviceId }} />;
}
