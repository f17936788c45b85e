"use client";

import { defineResource, remoteOptions, resourcePage, type ResourceUi } from "@/components/kit";
import { call } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { REPORT_DATE_TYPE, REPORT_TYPE } from "@/lib/contract/report/enums";
import { reportPlan, reportPlanApi, type ReportPlanRow } from "@/lib/contract/report/plan";
import { reportTemplateApi } from "@/lib/contract/report/template";
import { userApi } from "@/lib/contract/system/user";

const TEMPLATES = remoteOptions(reportTemplateApi.page, "templateName", "id", { current: 1, size: 9999 });
const USERS = remoteOptions(userApi.page, "realname", "id", { current: 1, size: 9999 });
const custom = (v: Record<string, unknown>) => Number(v.dateType) === REPORT_DATE_TYPE.custom;

function switchState(row: ReportPlanRow, state: number, ui: ResourceUi<ReportPlanRow>) {
  return call(reportPlanApi.statusUpd, { id: row.id, state: state as 0 | 1 }).then(() => ui.refresh());
}

/**
 * Report plans (/reportPlan): a template generated weekly or monthly on a day, over whole days or
 * a window of each day, at a time; switched on and off in the list (statusUpd); recipients get
 * the report once it is reviewed.
 */
export const reportPlanResource = defineResource<ReportPlanRow>({
  entity: reportPlan,
  calls: reportPlanApi,
  columns: {
    planName: { minWidth: 160 },
    templateName: { minWidth: 160 },
    reportType: { width: 100 },
    reportDay: { width: 80, align: "center" },
    dateType: { width: 120 },
    runTime: { width: 90 },
    state: { type: "switch1", perm: permsOf(reportPlanApi.statusUpd)[0], onToggle: switchState },
  },
  form: {
    columns: 2,
    width: 820,
    placeholders: ["planName", "startTime", "endTime", "runTime"],
    fields: {
      templateId: { type: "select", remote: TEMPLATES, required: true },
      reportType: { type: "radio", required: true },
      reportDay: { required: true, hint: "hints.reportDay" },
      dateType: { type: "radio", required: true },
      startTime: { show: custom, required: true },
      endTime: { show: custom, required: true },
      runTime: { required: true, hint: "hints.runTime" },
      recipients: { type: "select", multiple: true, remote: USERS, full: true, hint: "hints.recipients" },
      state: { type: "radio" },
    },
    defaults: { reportType: REPORT_TYPE.weekly, reportDay: 1, dateType: REPORT_DATE_TYPE.allDay, runTime: "08:00", recipients: [], state: 1 },
  },
  rowActions: ["edit", "del"],
  toolbar: ["add"],
});

export const ReportPlanList = resourcePage(reportPlanResource);
