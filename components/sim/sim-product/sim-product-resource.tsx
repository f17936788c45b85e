"use client";

import { defineResource, resourcePage } from "@/components/kit";
import { simProd, simProdApi, type SimProd } from "@/lib/contract/sim/product";

/** Product categories (/sim/simProduct): carriers' plans, price per period (two decimals, thousands separators), quota. */
export const simProductResource = defineResource<SimProd>({
  entity: simProd,
  calls: simProdApi,
  form: { columns: 2, placeholders: ["prodName"], defaults: { period: "month" } },
  rowActions: ["view", "edit", "del"],
  toolbar: ["add", "export", "batchDelete"],
});

export const SimProductList = resourcePage(simProductResource);
