"use client";

import { defineResource, resourcePage } from "@/components/kit";
import { product, productApi, type Product } from "@/lib/contract/device/product";

export const productInfoHref = (id: number) => `/productSet/productInfo?id=${id}`;

/** Products (core §3): the name opens the product's page (functions, connections, sub-products, topics). */
export const productResource = defineResource<Product>({
  entity: product,
  calls: productApi,
  columns: { prodName: { type: "click", onClick: (row, ui) => ui.navigate(productInfoHref(row.id)) } },
  form: {
    columns: 2,
    placeholders: ["prodName", "prodModel"],
    fields: { gatewayType: { show: (v) => v.prodType === "gateway", required: true }, prodType: { type: "radio" }, verifyType: { type: "radio" } },
  },
  rowActions: [{ key: "info", label: "actions.info", onClick: (row, ui) => ui.navigate(productInfoHref(row.id)) }, "edit", "del"],
  toolbar: ["add", "batchDelete"],
});

export const ProductList = resourcePage(productResource);
