"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import useSWR from "swr";
import { type CustomFieldProps, defineResource, ResourcePage, resourcePage, type ResourceUi, SelectField, type ToolbarAction, urlFixed } from "@/components/kit";
import type { EntityResourceConfig } from "@/components/kit/resource/define-resource";
import { Button } from "@/components/ui/button";
import { ApiError, api, download, swrFetcher } from "@/lib/api/fetcher";
import { prodFunction, type FunctionRow, type Product, type TdlError } from "@/lib/contract/device/product";
import { functionColumns } from "./function-columns";
import { functionDefaults, functionFormFields } from "./function-form";

// A product's TDL errors and library pickers: dialogs of the product detail, not part of the
// function list's first load.
const KitDialog = dynamic(() => import("@/components/kit/dialogs/kit-dialog").then((m) => m.KitDialog));
const CatalogPicker = dynamic(() => import("./pickers").then((m) => m.CatalogPicker));

/** The product a function goes into, on the page of all product functions. */
function ProductSelect({ field, disabled, invalid }: CustomFieldProps) {
  const { data } = useSWR<Product[]>("device/product/list", swrFetcher);
  const options = (data ?? []).map((p) => ({ value: p.id, label: p.prodName }));
  return <SelectField id="field-productId" options={options} value={field.value} onChange={field.onChange} disabled={disabled} invalid={invalid} clearable={false} />;
}

const base: Pick<EntityResourceConfig<FunctionRow>, "entity" | "api" | "perm" | "detail" | "rowActions"> = {
  entity: prodFunction,
  detail: false,
  rowActions: ["view", "edit", "del"],
};

/** Functions of all products (prodFunctionSet): filter by product, add into a chosen product. */
export const prodFunctionResource = defineResource<FunctionRow>({
  ...base,
  search: { items: { productId: { type: "select2", remote: { url: "device/product/list", labelKey: "prodName", valueKey: "id" } } } },
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

/* ---------- one product's functions (the functions tab of productInfo) ---------- */

function TdlImport({ productId, ui }: { productId: number; ui: ResourceUi<FunctionRow> }) {
  const t = useTranslations("product.function");
  const input = React.useRef<HTMLInputElement>(null);
  const [errors, setErrors] = React.useState<{ msg: string; list: TdlError[] } | null>(null);
  const read = async (file: File) => {
    try {
      const res = await api.post<{ added: number }>("device/prodFunction/addFuncByTDL", { productId, content: await file.text() }, { silent: true });
      toast.success(t("tdl.imported", { n: res.added }));
      await ui.refresh();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (Array.isArray(e.data)) setErrors({ msg: e.message, list: e.data as TdlError[] });
      else toast.error(e.message);
    }
  };
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => input.current?.click()} data-testid="tdl-import">
        {t("tdl.import")}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        className="hidden"
        data-testid="tdl-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) void read(file);
        }}
      />
      <KitDialog open={!!errors} onClose={() => setErrors(null)} title={t("tdl.errorsTitle")} width={640} testId="tdl-errors">
        <p className="mb-2 text-sm">{errors?.msg}</p>
        <ul className="space-y-1 text-sm">
          {errors?.list.map((e) => (
            <li key={e.index} className="text-destructive">
              {t("tdl.errorLine", { index: e.index + 1, identifier: e.identifier ?? "-", field: e.field, msg: e.msg })}
            </li>
          ))}
        </ul>
      </KitDialog>
    </>
  );
}

const actionsFor = (productId: number): ToolbarAction<FunctionRow>[] => [
  { key: "bindLibrary", label: "actions.bindLibrary", perm: "dev:prodFunction:add", variant: "outline", onClick: (ui) => ui.setParam("pick", "objFunction") },
  { key: "applyModel", label: "actions.applyModel", perm: "dev:prodFunction:add", variant: "outline", onClick: (ui) => ui.setParam("pick", "objModel") },
  { key: "exportTdl", label: "tdl.export", variant: "outline", onClick: () => download("device/prodFunction/jsonTDL", { productId }, "TDL.json") },
  { key: "importTdl", perm: "dev:prodFunction:add", render: (ui) => <TdlImport productId={productId} ui={ui} /> },
];

function Pickers({ productId, ui }: { productId: number; ui: ResourceUi<FunctionRow> }) {
  return (
    <>
      <CatalogPicker kind="objFunction" ui={ui} bind={(ids) => api.post("device/prodFunction/addList", { productId, functionIds: ids })} />
      <CatalogPicker kind="objModel" multiple={false} ui={ui} bind={(ids) => api.post("device/objProd/add", { modelId: ids[0], productIds: [productId] })} />
    </>
  );
}

/** A product's functions: written here, bound from the library or an object model, or imported from TDL. */
export function productFunctionResource(productId: number) {
  return defineResource<FunctionRow>({
    ...base,
    // The list is this product's: the product filter is fixed, whatever the URL says.
    query: { productId: urlFixed(productId) },
    search: { items: { productId: false } },
    columns: { ...functionColumns, prodName: false },
    form: { columns: 2, width: 860, fields: functionFormFields, defaults: { ...functionDefaults, productId }, toForm: (row) => ({ ...row, productId }), toBody: (values, _mode, row) => ({ ...values, productId, ...(row && { id: row.id }) }) },
    toolbar: ["add", ...actionsFor(productId), "batchDelete"],
    slots: { dialogs: (ui) => <Pickers productId={productId} ui={ui} /> },
  });
}

export function ProductFunctions({ productId }: { productId: number }) {
  const resource = React.useMemo(() => productFunctionResource(productId), [productId]);
  return <ResourcePage resource={resource} />;
}
