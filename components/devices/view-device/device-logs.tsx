"use client";

import { defineResource } from "@/components/kit";
import { pageQuery } from "@/lib/contract/common";
import type { RejectRow, StatusLogRow } from "@/lib/contract/device/device-data";

/** Tones of the online state: online green, offline red, inactive grey. */
export const STATUS_TONES = { "1": "secondary", "2": "success", "3": "destructive" } as const;

const readOnly = { info: false, add: false, upd: false, del: false, export: false, import: false, template: false, openOrClose: false } as const;

/** The device's refused messages (`device_rejects`), narrowed to it by the detail (`id`). */
export const rejectsResource = defineResource<RejectRow>({
  ns: "devices.viewDevice.rejects",
  api: "device/device",
  endpoints: { page: "device/device/rejectPage", ...readOnly },
  schemas: { query: pageQuery },
  columns: [
    { prop: "at", label: "at", type: "time", width: 170 },
    { prop: "topic", label: "topic", minWidth: 220, render: (r) => <span className="font-mono text-xs break-all">{r.topic}</span> },
    { prop: "identifier", label: "identifier", width: 120 },
    { prop: "reason", label: "reason", minWidth: 220 },
    { prop: "payload", label: "payload", minWidth: 200, render: (r) => <code className="font-mono text-xs break-all">{r.payload ?? "-"}</code> },
  ],
});

/** The device's online / offline changes (`device_status_log`). */
export const statusLogResource = defineResource<StatusLogRow>({
  ns: "devices.viewDevice.statusLog",
  api: "device/device",
  endpoints: { page: "device/device/statusLogPage", ...readOnly },
  schemas: { query: pageQuery },
  columns: [
    { prop: "at", label: "at", type: "time", width: 200 },
    { prop: "status", label: "status", type: "status", dict: "deviceStatus", tones: STATUS_TONES },
  ],
});
