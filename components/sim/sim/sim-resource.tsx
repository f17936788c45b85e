"use client";

import Link from "next/link";
import { deferredDialogs, defineResource, remoteOptions, resourcePage, type ResourceUi, urlText } from "@/components/kit";
import { permsOf } from "@/lib/contract/call";
import { simCard, simCardApi, type SimCard } from "@/lib/contract/sim/card";
import { simCustApi } from "@/lib/contract/sim/customer";
import { PRODUCTS, batchOf, type BatchKind } from "./sim-batch";
import { SIM_STATUS_TONES } from "./status-badge";
import { SyncBar } from "./sync-bar";
import { UsageBar } from "./usage-bar";

/** Batch renewals, tags and state changes (`?batch=`, `?simState=`), loaded after the list (`deferredDialogs`). */
const SimBatchDialogs = deferredDialogs(() => import("./sim-dialogs").then((m) => m.SimBatchDialogs));

const CUSTOMERS = remoteOptions(simCustApi.list, "custName", "id", { size: 9999 });
export const simInfoHref = (id: number) => `/sim/simInfo?id=${id}`;
const UPD = permsOf(simCardApi.renewal)[0];
const STATE = permsOf(simCardApi.setState)[0];

/** A batch action: on the selected cards, or on the ICCIDs pasted into the search. */
const batch = (key: BatchKind) => ({
  key,
  label: `batch.${key}.title`,
  perm: UPD,
  onClick: (ui: ResourceUi<SimCard>) => {
    const b = batchOf(ui);
    if (!b.ids.length && !b.iccids.length) return void ui.confirm(ui.t("batch.none"));
    ui.setParam("batch", key);
  },
});

/**
 * SIM cards (/sim/sim): filters by carrier, status, plan, customer, tag, expiry within 7 / 30 days,
 * over 80 % of quota, the last digits of the ICCID or a pasted list of ICCIDs; a usage bar with the
 * day the use is known to (T+1); batch renewal, renewal cancel, tags and state changes (a card's
 * state from its row too); import and export; the
 * carrier sync's state and "sync now" above the list.
 */
export const simResource = defineResource<SimCard>({
  entity: simCard,
  calls: simCardApi,
  query: { tag: urlText(32), expiring: urlText(2), overQuota: urlText(1), iccidList: urlText(20_000) },
  search: {
    keywordPlaceholder: "search.iccid",
    items: {
      productId: { type: "select2", remote: PRODUCTS },
      customerId: { type: "select2", remote: CUSTOMERS },
      tag: { prop: "tag", label: "fields.tags", type: "input" },
      expiring: { prop: "expiring", label: "search.expiring", type: "select", dict: "simExpiring" },
      overQuota: { prop: "overQuota", label: "search.overQuota", type: "select", dict: "simYes" },
      iccidList: { prop: "iccidList", label: "search.iccidList", type: "input", placeholder: "search.iccidListHint" },
    },
  },
  columns: {
    iccid: {
      minWidth: 200,
      render: (row) => (
        <Link href={simInfoHref(row.id)} className="font-mono text-primary hover:underline" data-testid="sim-link">
          {row.iccid}
        </Link>
      ),
    },
    status: { tones: SIM_STATUS_TONES },
    // At 1440 px in English (issue 40) the carrier and the usage hold their text ("China Mobile", "1,688.37 / 1,024 MB · 164.88%"),
    // and these give way, in this order: the card's page shows them all.
    carrier: { width: 130 },
    usageAsOf: { dropOrder: 1 },
    renewal: { dropOrder: 2 },
    imeiStatus: { dropOrder: 3 },
    cardType: { dropOrder: 4 },
    custName: { dropOrder: 5 },
    prodName: { dropOrder: 6 },
    expireAt: { dropOrder: 7 },
    msisdn: { dropOrder: 8 },
    usedMb: { label: "fields.usage", minWidth: 230, render: (row) => <UsageBar used={row.usedMb} quota={row.quotaMb} pct={row.usagePct} /> },
    quotaMb: false,
    usagePct: false,
  },
  form: {
    columns: 2,
    placeholders: ["iccid"],
    fields: {
      iccid: { disabled: (mode) => mode === "edit" },
      productId: { type: "select", remote: PRODUCTS },
      customerId: { type: "select", remote: CUSTOMERS },
      deviceId: { type: "select", remote: remoteOptions(simCardApi.devices, "deviceName", "id") },
    },
    defaults: { cardType: "SINGLE" },
  },
  rowActions: [
    { key: "view", label: "kit.actions.view", onClick: (row, ui) => ui.navigate(simInfoHref(row.id)) },
    "edit",
    // A retired or cancelled card is closed at its carrier: no state to change.
    { key: "state", label: "batch.state.title", perm: STATE, show: (row) => row.status !== "retired" && row.status !== "cancelled", onClick: (row, ui) => ui.setParam("simState", row.id) },
    "del",
  ],
  toolbar: ["add", "import", "export", "batchDelete", batch("renew"), batch("cancel"), batch("tags"), { ...batch("state"), perm: STATE }],
  slots: { top: (ui) => <SyncBar ui={ui} />, dialogs: (ui) => <SimBatchDialogs ui={ui} /> },
});

export const SimList = resourcePage(simResource);
