"use client";

import { toast } from "@/lib/toast";
import { defineResource, operToggle, dictLabel, useDict, type ResourceUi, resourcePage } from "@/components/kit";
import { call } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { pushConfig, pushConfigApi, pushLog, pushLogApi, type PushConfigRow, type PushLogRow } from "@/lib/contract/push/config";
import { HTTP_METHODS, PUSH_DEVICE_SCOPE, type PushMethod } from "@/lib/contract/push/enums";
import { AddressField, DevicesField, HeadersField, PairsText, ParamsField } from "./push-fields";
import { multilingualField } from "@/components/kit/form/multilingual-input";

type V = Record<string, unknown>;
const isHttp = (v: V) => HTTP_METHODS.includes((v.method ?? "POST") as PushMethod);
const STATUS_TONES = { "1": "success", "2": "destructive", "3": "warning" } as const;

/** The data kinds by their names ("Telemetry, Alarms"). */
function DataTypesText({ value }: { value: readonly number[] | null }) {
  const options = useDict("pushData");
  return <>{(value ?? []).map((v) => dictLabel(options, v)).join(", ") || "-"}</>;
}

/** Every attempt of one configuration, newest first (pageLog). */
export const pushLogResource = defineResource<PushLogRow>({
  entity: pushLog,
  calls: pushLogApi,
  schemas: { create: undefined, update: undefined },
  // Inside the view dialog the bar is narrower than the screen: the time range gets half of it.
  search: { items: { configId: false, pushTime: { span: { xs: 24, sm: 24, md: 16, lg: 14 } }, status: { span: { xs: 24, sm: 12, md: 8, lg: 6 } } } },
  form: false,
  detail: false,
  columns: {
    status: { type: "status", tones: STATUS_TONES },
    httpStatus: { width: 100, render: (r) => r.httpStatus ?? "—" },
    final: { width: 100, render: (r, ui) => (r.final ? <span className="text-destructive">{ui.t("finalYes")}</span> : ui.t("finalNo")) },
    error: { minWidth: 220, render: (r) => <span title={r.response ?? undefined}>{r.error ?? r.response ?? "—"}</span> },
  },
  rowActions: [],
  toolbar: [],
});


async function testSend(row: PushConfigRow, ui: ResourceUi<PushConfigRow>) {
  const r = await call(pushConfigApi.test, { id: row.id });
  if (r.status === 1) toast.success(ui.t("testResult.delivered", { ms: r.durationMs }));
  else toast.error(ui.t("testResult.failed", { reason: r.error ?? (r.httpStatus ? `HTTP ${r.httpStatus}` : "—") }));
  await ui.refresh();
}

/**
 * Data push (/devices/dataPush): the project's push configurations — method, address, data,
 * devices, headers (secrets masked), template, encoding — switched on and off in the list (`oper`),
 * a test send per row, and each configuration's attempts in its view.
 */
export const dataPushResource = defineResource<PushConfigRow>({
  entity: pushConfig,
  calls: pushConfigApi,
  columns: {
    pushName: { minWidth: 140 },
    method: { width: 120 },
    address: { minWidth: 220, render: (r) => <span className="font-mono text-xs">{r.address || "KAFKA_BROKERS"}</span> },
    dataTypes: { render: (r) => <DataTypesText value={r.dataTypes} /> },
    enableStatus: { onToggle: operToggle },
    lastStatus: { type: "status", tones: STATUS_TONES, width: 110 },
    // At 1440 px in English (issue 40) the delivery figures give way: the push log shows each delivery.
    lastPushTime: { dropOrder: 3 },
    pending: { width: 90, align: "right", dropOrder: 2 },
    dead: { width: 90, align: "right", dropOrder: 1, render: (r) => (r.dead ? <span className="font-medium text-destructive">{r.dead}</span> : 0) },
  },
  form: {
    columns: 2,
    width: 860,
    placeholders: ["pushName", "topic", "template"],
    fields: {
      pushName: multilingualField,
      method: { required: true, hint: "hints.delivery" },
      address: { type: "custom", render: (p) => <AddressField {...p} />, required: true, hint: "hints.address" },
      topic: { show: (v) => !isHttp(v), required: true },
      dataTypes: { required: true },
      deviceScope: { full: true },
      deviceIds: { type: "custom", render: (p) => <DevicesField {...p} />, full: true, required: true, show: (v) => Number(v.deviceScope) === PUSH_DEVICE_SCOPE.chosen },
      headers: { type: "custom", render: (p) => <HeadersField {...p} />, full: true, show: isHttp, hint: "hints.headers" },
      params: { type: "custom", render: (p) => <ParamsField {...p} />, full: true, show: isHttp },
      template: { hint: "hints.template" },
      encoding: { show: isHttp },
      enableStatus: { type: "radio" },
    },
    defaults: { method: "POST", dataTypes: [1], deviceScope: PUSH_DEVICE_SCOPE.all, deviceIds: [], headers: [], params: [], encoding: "UTF-8", enableStatus: 1 },
  },
  detail: {
    sections: [
      {
        key: "settings",
        rows: [
          { prop: "pushName", label: "fields.pushName" },
          { prop: "method", label: "fields.method", type: "dict", dict: "pushMethod" },
          { prop: "address", label: "fields.address", full: true },
          { prop: "topic", label: "fields.topic" },
          { prop: "dataTypes", label: "fields.dataTypes", render: (r) => <DataTypesText value={r.dataTypes} /> },
          { prop: "deviceScope", label: "fields.deviceScope", type: "dict", dict: "pushDeviceScope" },
          { prop: "encoding", label: "fields.encoding" },
          { prop: "enableStatus", label: "fields.enableStatus", type: "dict", dict: "enableState" },
          { prop: "headers", label: "fields.headers", render: (r) => <PairsText value={r.headers} /> },
          { prop: "params", label: "fields.params", render: (r) => <PairsText value={r.params} /> },
          { prop: "template", label: "fields.template", full: true },
        ],
      },
    ],
    tabs: [{ key: "log", label: "tabs.log", list: { resource: pushLogResource, filter: (r) => ({ configId: r.id }), dialogs: false } }],
  },
  rowActions: [
    { builtin: "view", label: "actions.log" },
    "edit",
    { key: "test", label: "actions.test", perm: permsOf(pushConfigApi.test)[0], onClick: testSend },
    "del",
  ],
  inlineActions: 3,
  toolbar: ["add", "batchDelete"],
});

export const DataPushList = resourcePage(dataPushResource);
