"use client";

import { defineResource, resourcePage } from "@/components/kit";
import { simCust, simCustApi, type SimCust } from "@/lib/contract/sim/customer";

/** Customers (/sim/simClient): whom cards go to, with how many cards each holds. */
export const simClientResource = defineResource<SimCust>({
  entity: simCust,
  calls: simCustApi,
  columns: { cardCount: { render: (row, ui) => <button type="button" className="text-primary hover:underline" onClick={() => ui.navigate(`/sim/sim?customerId=${row.id}`)}>{row.cardCount}</button> } },
  form: { columns: 1, placeholders: ["custName"] },
  rowActions: ["view", "edit", "del"],
  toolbar: ["add", "export", "batchDelete"],
});

export const SimClientList = resourcePage(simClientResource);
