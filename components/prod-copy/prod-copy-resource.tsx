"use client";

import { defineResource, deferredDialogs, resourcePage } from "@/components/kit";
import { call } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { prodCopy, prodCopyApi, type ProdCopy } from "@/lib/contract/device/product";

const SubscribePicker = deferredDialogs(() => import("./subscribe-picker").then((m) => m.SubscribePicker));

const infoHref = (id: number) => `/prodCopy/prodCopyInfo?id=${id}`;
/** The platform's copies are read-only to tenants: only a tenant's own can be edited or deleted. */
const own = (r: ProdCopy) => r.owner === "own";

/** Product copies: templates a tenant subscribes to (a product of its own is made from one). */
export const prodCopyResource = defineResource<ProdCopy>({
  entity: prodCopy,
  calls: prodCopyApi,
  columns: { copyName: { type: "click", onClick: (row, ui) => ui.navigate(infoHref(row.id)) }, subscribed: { type: "text", render: (row, ui) => ui.t(row.subscribed ? "yes" : "no") } },
  form: { columns: 2, fields: { gatewayType: { show: (v) => v.prodType === "gateway", required: true }, prodType: { type: "radio" }, verifyType: { type: "radio" } } },
  rowActions: [
    { key: "info", label: "actions.info", onClick: (row, ui) => ui.navigate(infoHref(row.id)) },
    { builtin: "edit", show: own },
    { key: "unsubscribe", label: "actions.unsubscribe", perm: permsOf(prodCopyApi.unsubscribe)[0], show: (r) => r.subscribed, confirm: "confirmUnsubscribe", onClick: (row, ui) => call(prodCopyApi.unsubscribe, { copyId: row.id }).then(ui.refresh) },
    { builtin: "del", show: own },
  ],
  toolbar: ["add", { key: "subscribe", label: "actions.subscribe", perm: permsOf(prodCopyApi.subscribe)[0], variant: "outline", onClick: (ui) => ui.setParam("pick", "prodCopy") }],
  slots: { dialogs: (ui) => <SubscribePicker ui={ui} /> },
});

export const ProdCopyList = resourcePage(prodCopyResource);
