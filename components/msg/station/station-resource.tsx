"use client";

import { call } from "@/lib/api/call";
import type { RowOf } from "@/lib/contract/entity";
import { stationApi, stationMessage, type StationNums } from "@/lib/contract/message";
import { defineResource, resourcePage } from "@/components/kit";

type StationRow = RowOf<typeof stationMessage.fields>;

const read = async (ids: number[], refresh: () => Promise<unknown>) => {
  await call(stationApi.read, { ids });
  await refresh();
};

/** /msg/station: the signed-in user's in-site messages, unread first in the tabs; opening one reads it. */
export const stationResource = defineResource<StationRow>({
  entity: stationMessage,
  calls: { page: stationApi.page, del: stationApi.del },
  tabs: {
    prop: "readStatus",
    dict: "readStatus",
    items: [{ name: "", label: "tabs.all" }, { name: "0" }, { name: "1" }],
    countCall: stationApi.nums,
    counts: (n: StationNums) => ({ "": n.total, "0": n.unread, "1": n.total - n.unread }),
  },
  search: { keyword: "msgTitle", items: { readStatus: false } },
  columns: {
    msgTitle: { type: "click", minWidth: 240, onClick: (row, ui) => ui.navigate(`/msg/stationInfo?id=${row.id}`) },
    readStatus: { tones: { "0": "warning", "1": "secondary" } },
  },
  rowActions: [
    { key: "read", label: "actions.read", show: (r) => r.readStatus === 0, onClick: (r, ui) => read([r.id as number], ui.refresh) },
    { builtin: "del", confirm: "confirmDelete" },
  ],
  rowName: (r) => r.msgTitle ?? "",
  toolbar: [
    { key: "readSelected", label: "actions.readSelected", needsSelection: true, variant: "outline", onClick: (ui) => read(ui.selected.map((r) => r.id as number), ui.refresh) },
    { key: "readAll", label: "actions.readAll", variant: "outline", onClick: async (ui) => { await call(stationApi.readAll, {}); await ui.refresh(); } },
    "batchDelete",
  ],
});

export const StationList = resourcePage(stationResource);
