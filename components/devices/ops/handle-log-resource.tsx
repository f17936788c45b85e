"use client";

import { defineResource, resourcePage } from "@/components/kit";
import { command, COMMAND_STATUS, type Command } from "@/lib/contract/device/command";
import { commandLogApi } from "@/lib/contract/device/instruct";
import { COMMAND_TONES, WAITING_POLL_MS } from "./command-status";

const code = (v: string | null) => <span className="block truncate font-mono text-xs" title={v ?? ""}>{v || "-"}</span>;

/**
 * The handling log (/devices/handleLog): every command sent to a device with its parameters, who
 * sent it, its status and the device's reply. The list looks again every second while a command
 * on it still waits, so a status turns from waiting to success, failed or timeout on its own.
 */
export const handleLogResource = defineResource<Command>({
  entity: command,
  calls: commandLogApi,
  search: { keyword: "deviceName", keywordPlaceholder: "placeholders.keyword", items: { deviceId: false } },
  columns: {
    status: { tones: COMMAND_TONES, width: 96 },
    // At 1440 px in English (issue 40) these give way, in this order: a command's details show them all.
    repeats: { dropOrder: 1 },
    answeredAt: { dropOrder: 2 },
    identifier: { dropOrder: 3 },
    sentByName: { dropOrder: 4 },
    params: { render: (r) => code(r.params) },
    reply: { dropOrder: 5, render: (r) => code(r.reply) },
  },
  detail: { params: { full: true }, reply: { full: true } },
  rowActions: ["view"],
  toolbar: ["export"],
  refreshInterval: (rows) => (rows.some((r) => r.status === COMMAND_STATUS.waiting) ? WAITING_POLL_MS : 0),
});

/** One device's commands (the debugging screen), narrowed by a fixed `deviceId`. */
export const deviceCommandsResource = defineResource<Command>({
  ...handleLogResource,
  columns: handleLogResource.columns.filter((c) => !("prop" in c) || (c.prop !== "deviceName" && c.prop !== "deviceSn")),
  toolbar: [],
  pageSizes: [5, 10, 20],
});

export const HandleLogList = resourcePage(handleLogResource);
