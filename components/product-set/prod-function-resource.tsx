"use client";

import { type CustomFieldProps, defineResource, remoteOptions, resourcePage, SelectField } from "@/components/kit";
import type { EntityResourceConfig } from "@/components/kit/resource/define-resource";
import { useCall } from "@/lib/api/call";
import { prodFunction, prodFunctionApi, productApi, type FunctionRow } from "@/lib/contract/device/product";
import { functionColumns } from "./function-columns";
import { functionDefaults, functionFormFields } from "./function-form";

/** The product a function goes into, on the page of all product functions. */
function ProductSelect({ field, disabled, invalid }: CustomFieldProps) {
  const { data } = useCall(productApi.list, {});
  const options = (data ?? []).map((p) => ({ value: p.id, label: p.prodName }));
  return <SelectField id="field-productId" options={options} value={field.value} onChange={field.onChange} disabled={disabled} invalid={invalid} clearable={false} />;
}

/** What the list of all product functions and a product's functions tab (`product-functions.tsx`) share. */
export const functionBase: Pick<EntityResourceConfig<FunctionRow>, "entity" | "calls" | "detail" | "rowActions"> = {
  entity: prodFunction,
  calls: prodFunctionApi,
  detail: false,
  rowActions: ["view", "edit", "del"],
};

/** Functions of all products (prodFunctionSet): filter by product, add into a chosen product. */
export const prodFunctionResource = defineResource<FunctionRow>({
  ...functionBase,
  search: { items: { productId: { type: "select2", remote: remoteOptions(productApi.list, "prodName", "id") } } },
  columns: functionColumns,
  form: {
    columns: 2,
    width: 860,
    fields: { productId: { type: "custom", label: "fields.prodName", required: true, render: (p) => <ProductSelect {...p} />, disabled: (mode) => mode !== "create" }, ...functionFormFields },
    defaults: functionDefaults,
  },
  toolbar: ["add", "batchDelete"],
});

export const ProdFunctionList = resourcePage(prodFunctionResource);
