"use client";

import { defineResource, resourcePage } from "@/components/kit";
import { product, productApi, type Product } from "@/lib/contract/device/product";

export const productInfoHref = (id: number) => `/productSet/productInfo?id=${id}`;

/** Products (core §3): the name opens the product's page (functions, connections, sub-products, topics). */
export const productResource = defineResource<Product>({
  entity: product,
  calls: productApi,
  // At 1440 px in English (issue 40) the category and monitoring type hold their longest words ("Horizontal displacement"),
  // and what the product's page shows gives way, in this order.
  columns: {
    prodName: { type: "click", onClick: (row, ui) => ui.navigate(productInfoHref(row.id)) },
    prodCategory: { width: 140 },
    monitorType: { width: 210 },
    createTime: { dropOrder: 1 },
    activeCycle: { dropOrder: 2 },
    dataFormat: { dropOrder: 3 },
    netType: { dropOrder: 4 },
    functionCount: { dropOrder: 5 },
  },
  form: {
    columns: 2,
    placeholders: ["prodName", "prodModel"],
    fields: { gatewayType: { show: (v) => v.prodType === "gateway", required: true }, prodType: { type: "radio" }, verifyType: { type: "radio" } },
  },
  rowActions: [{ key: "info", label: "actions.info", onClick: (row, ui) => ui.navigate(productInfoHref(row.id)) }, "edit", "del"],
  toolbar: ["add", "batchDelete"],
});

export const ProductList = resourcePage(productResource);
