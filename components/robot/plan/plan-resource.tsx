"use client";

import { defineResource, remoteOptions, resourcePage, type ResourceUi } from "@/components/kit";
import { lazyParts } from "@/components/kit/lazy-parts";
import { call } from "@/lib/api/call";
import type { CallInput } from "@/lib/contract/call";
import { permsOf } from "@/lib/contract/call";
import { deviceApi } from "@/lib/contract/device/device";
import { PLAN_ENABLED, PUBLISH_STATUS, REPETITION, WORK_MODE } from "@/lib/contract/robot/enums";
import { plan, planApi, PLAN_DURATION_H, type Plan } from "@/lib/contract/robot/plan";
import { TRACKS } from "../track/track-options";
import { multilingualField } from "@/components/kit/form/multilingual-input";

/** The cycle's cron picker, loaded with the form's first cycle field. */
const { CronPicker } = lazyParts(() => import("@/components/kit/cron-picker"), ["CronPicker"]);

const ROBOTS = remoteOptions(deviceApi.page, "deviceName", "id", { current: 1, size: 9999 });
const act = <C extends typeof planApi.publish | typeof planApi.revoke>(c: C, input: (r: Plan) => CallInput<C>) => async (row: Plan, ui: ResourceUi<Plan>) => {
  await call(c, input(row));
  await ui.refresh();
};
const published = (r: Plan) => r.publishStatus === PUBLISH_STATUS.published || r.publishStatus === PUBLISH_STATUS.publishing;
const enable = (status: number) => async (row: Plan, ui: ResourceUi<Plan>) => {
  await call(planApi.enable, { id: row.id, enableStatus: status });
  await ui.refresh();
};

/**
 * Inspection plans (/robot/plan): a track, a robot, repeat on a cycle or once, start later than now;
 * publish / revoke, terminate / enable, each confirmed; edited and deleted only while unpublished.
 */
export const planResource = defineResource<Plan>({
  entity: plan,
  calls: planApi,
  search: { items: { trackId: { type: "select2", remote: TRACKS }, deviceId: false, enableStatus: false } },
  columns: {
    schemeName: { minWidth: 160 },
    // At 1440 px (issue 40) these give way, in this order: the plan's details show them all.
    schemeNo: { dropOrder: 1 },
    createTime: { dropOrder: 2 },
    endTime: { dropOrder: 3 },
    taskCount: { dropOrder: 4 },
    duration: { dropOrder: 5 },
    repetition: { dropOrder: 6 },
    publishStatus: { dropOrder: 7, width: 110, tones: { "0": "secondary", "1": "success", "2": "warning", "3": "destructive" } },
    schemeStatus: { width: 110 },
    enableStatus: { width: 100 },
  },
  form: {
    columns: 2,
    width: 900,
    placeholders: ["schemeName"],
    fields: {
      schemeName: multilingualField,
      trackId: { type: "select", remote: TRACKS, required: true },
      deviceId: { type: "select", remote: ROBOTS, required: true },
      repetition: { type: "radio" },
      workMode: { type: "radio" },
      startTime: { type: "text", required: true },
      endTime: { type: "text" },
      cycle: { type: "custom", render: (p) => <CronPicker value={(p.field.value as string) ?? ""} onChange={p.field.onChange} disabled={p.disabled} />, show: (v) => Number(v.repetition) === REPETITION.repeat, full: true },
    },
    defaults: { repetition: REPETITION.repeat, workMode: WORK_MODE.standard, duration: PLAN_DURATION_H.default, cycle: "0 0 * * * ? *" },
  },
  rowActions: [
    { key: "publish", label: "publish", perm: permsOf(planApi.publish)[0], confirm: "confirmPublish", show: (r) => !published(r), onClick: act(planApi.publish, (r) => ({ id: r.id })) },
    { key: "revoke", label: "revoke", perm: permsOf(planApi.revoke)[0], confirm: "confirmRevoke", show: published, onClick: act(planApi.revoke, (r) => ({ id: r.id })) },
    { key: "terminate", label: "terminate", perm: permsOf(planApi.enable)[0], danger: true, confirm: "confirmTerminate", show: (r) => r.enableStatus === PLAN_ENABLED.enabled, onClick: enable(PLAN_ENABLED.terminated) },
    { key: "enable", label: "enable", perm: permsOf(planApi.enable)[0], confirm: "confirmEnable", show: (r) => r.enableStatus !== PLAN_ENABLED.enabled, onClick: enable(PLAN_ENABLED.enabled) },
    { builtin: "edit", show: (r) => !published(r) },
    { builtin: "del", show: (r) => !published(r) },
  ],
  inlineActions: 3,
  toolbar: ["add"],
});

export const PlanList = resourcePage(planResource);
