"use client";

import { defineResource, type ColumnSpec } from "@/components/kit";
import type { AnyCall } from "@/lib/contract/call";
import { deviceDataApi, type RejectRow, type StatusLogRow } from "@/lib/contract/device/device-data";

/** Tones of the online state: online green, offline red, inactive grey. */
export const STATUS_TONES = { "1": "secondary", "2": "success", "3": "destructive" } as const;

/**
 * A read-only log of the device, paged by its declared call, its labels under
 * `devices.viewDevice.<log>`; the detail narrows it to the device (`id`).
 */
function deviceLog<R extends Record<string, unknown>>(log: "rejects" | "statusLog", page: AnyCall, columns: ColumnSpec<R>[]) {
  return defineResource<R>({
    ns: `devices.viewDevice.${log}`,
    // The SWR keys revalidated after a change: the page call's own.
    api: page.path,
    endpoints: { page: page.path, info: false, add: false, upd: false, del: false },
    schemas: {},
    columns,
  });
}

/** The device's refused messages (`device_rejects`). */
export const rejectsResource = deviceLog<RejectRow>("rejects", deviceDataApi.rejects, [
  { prop: "at", label: "at", type: "time", width: 170 },
  { prop: "topic", label: "topic", minWidth: 220, render: (r) => <span className="font-mono text-xs break-all">{r.topic}</span> },
  { prop: "identifier", label: "identifier", width: 120 },
  { prop: "reason", label: "reason", minWidth: 220 },
  { prop: "payload", label: "payload", minWidth: 200, render: (r) => <code className="font-mono text-xs break-all">{r.payload ?? "-"}</code> },
]);

/** The device's online / offline changes (`device_status_log`). */
export const statusLogResource = deviceLog<StatusLogRow>("statusLog", deviceDataApi.statusLog, [
  { prop: "at", label: "at", type: "time", width: 200 },
  { prop: "status", label: "status", type: "status", dict: "deviceStatus", tones: STATUS_TONES },
]);
