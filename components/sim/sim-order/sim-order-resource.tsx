"use client";

import Link from "next/link";
import { defineResource, remoteOptions, resourcePage } from "@/components/kit";
import { Textarea } from "@/components/ui/textarea";
import { call } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { simCustApi } from "@/lib/contract/sim/customer";
import { simOrder, simOrderApi, type SimOrder } from "@/lib/contract/sim/order";
import { PRODUCTS } from "../sim/sim-batch";

const CUSTOMERS = remoteOptions(simCustApi.list, "custName", "id", { size: 9999 });
export const simOrderInfoHref = (id: number) => `/sim/simOrderInfo?id=${id}`;

/** Orders (/sim/simOrder): cards put on a plan or renewed, with the amount; placed for a pasted list of ICCIDs; cancelled, then deleted. */
export const simOrderResource = defineResource<SimOrder>({
  entity: simOrder,
  calls: simOrderApi,
  search: { keywordPlaceholder: "search.orderNo", items: { productId: { type: "select2", remote: PRODUCTS }, customerId: { type: "select2", remote: CUSTOMERS } } },
  columns: {
    orderNo: {
      render: (row) => (
        <Link href={simOrderInfoHref(row.id)} className="font-mono text-primary hover:underline" data-testid="sim-order-link">
          {row.orderNo}
        </Link>
      ),
    },
    orderStatus: { tones: { "1": "success", "2": "secondary" } },
    // At 1440 px in English (issue 40) these give way, in this order: the order's page shows them all.
    createdBy: { dropOrder: 1 },
    periods: { dropOrder: 2 },
    createTime: { dropOrder: 3 },
    prodName: { dropOrder: 4 },
  },
  form: {
    columns: 2,
    width: 760,
    defaults: { periods: 1, iccids: [] },
    fields: {
      productId: { type: "select", remote: PRODUCTS },
      customerId: { type: "select", remote: CUSTOMERS },
      iccids: {
        type: "custom",
        placeholder: "placeholders.iccids",
        render: ({ field, id, disabled, invalid }) => (
          <Textarea id={id} rows={6} className="font-mono" aria-invalid={invalid} disabled={disabled} value={(field.value ?? []).join("\n")} onChange={(e) => field.onChange(e.target.value.split(/[\s,;]+/).filter(Boolean))} data-testid="sim-order-iccids" />
        ),
      },
    },
  },
  rowActions: [
    { key: "view", label: "kit.actions.view", onClick: (row, ui) => ui.navigate(simOrderInfoHref(row.id)) },
    { key: "cancel", label: "actions.cancel", perm: permsOf(simOrderApi.upd)[0], confirm: "confirm.cancel", show: (row) => row.orderStatus === 1, onClick: async (row, ui) => (await call(simOrderApi.upd, { id: row.id, orderStatus: 2 }), ui.refresh()) },
    { builtin: "del", show: (row) => row.orderStatus === 2 },
  ],
  toolbar: ["add", "export"],
});

export const SimOrderList = resourcePage(simOrderResource);
