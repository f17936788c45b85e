"use client";

import { type CustomFieldProps, defineResource, remoteOptions, resourcePage, SelectField } from "@/components/kit";
import { useCall } from "@/lib/api/call";
import { productApi, type FunctionRow } from "@/lib/contract/device/product";
import { functionBase } from "./function-base";
import { functionColumns } from "./function-columns";
import { functionDefaults, functionFormFields } from "./function-form";

/** The product a function goes into, on the page of all product functions. */
function ProductSelect({ field, disabled, invalid }: CustomFieldProps) {
  const { data } = useCall(productApi.list, {});
  const options = (data ?? []).map((p) => ({ value: p.id, label: p.prodName }));
  return <SelectField id="field-productId" options={options} value={field.value} onChange={field.onChange} disabled={disabled} invalid={invalid} clearable={false} />;
}

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
