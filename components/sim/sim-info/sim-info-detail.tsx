"use client";

import { PencilIcon } from "lucide-react";
import { defineDetail, DetailPage } from "@/components/kit";
import { permsOf } from "@/lib/contract/call";
import { simCard, simCardApi, type SimCard } from "@/lib/contract/sim/card";
import { SimStatusBadge } from "../sim/status-badge";
import { UsageBar } from "../sim/usage-bar";
import { simRecordResource } from "./sim-records";
import { UsageChart } from "./usage-chart";

/** simInfo (`?id=`): a card's identity, plan and status beside the carrier's raw status, its use by day, its bound device and its records. */
const simDetail = defineDetail<SimCard>({
  entity: simCard,
  info: simCardApi.info,
  back: "sim",
  actions: [{ key: "edit", label: "kit.actions.edit", icon: <PencilIcon />, perm: permsOf(simCardApi.upd)[0], href: (r) => `/sim/sim?edit=${r.id}` }],
  basic: { title: "info.basic", span: 2, badge: (r) => <SimStatusBadge status={r.status} /> },
  rows: {
    usedMb: { type: "slot", render: (r) => <UsageBar used={r.usedMb} quota={r.quotaMb} pct={r.usagePct} /> },
    quotaMb: false,
    usagePct: false,
    deviceName: false,
    deviceSn: false,
    deviceStatus: false,
    lastReportTime: false,
    tags: { type: "slot", render: (r) => (r.tags?.length ? r.tags.join(", ") : "-") },
  },
  sections: [
    {
      key: "device",
      title: "info.device",
      span: 1,
      rows: [
        { prop: "deviceName", label: "fields.deviceName", full: true },
        { prop: "deviceSn", label: "fields.deviceSn", full: true },
        { prop: "deviceStatus", label: "fields.deviceStatus", type: "dict", dict: "deviceStatus", full: true },
        { prop: "lastReportTime", label: "fields.lastReportTime", type: "time", full: true },
        { prop: "imeiStatus", label: "fields.imeiStatus", type: "dict", dict: "simImeiStatus", full: true },
      ],
    },
  ],
  tabs: [
    { key: "usage", label: "info.usage", render: (row) => <UsageChart card={row} /> },
    { key: "records", label: "info.records", list: { resource: simRecordResource, filter: (row) => ({ cardId: row.id }) } },
  ],
});

export function SimInfoView() {
  return <DetailPage detail={simDetail} />;
}
