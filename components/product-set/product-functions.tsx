"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { defineResource, type ResourceUi, type ToolbarAction, urlFixed } from "@/components/kit";
import { Button } from "@/components/ui/button";
import { z } from "zod";
import { call, exportCall } from "@/lib/api/call";
import { ApiError } from "@/lib/api/fetcher";
import { zodReady } from "@/lib/zod-ready";
import { permsOf } from "@/lib/contract/call";
import { objProdApi, prodFunctionApi, tdlError, type FunctionRow, type TdlError } from "@/lib/contract/device/product";
import { functionColumns } from "./function-columns";
import { functionDefaults, functionFormFields } from "./function-form";
import { functionBase } from "./function-base";

// The TDL errors and the library pickers open from the product's functions tab only.
const KitDialog = dynamic(() => import("@/components/kit/dialogs/kit-dialog").then((m) => m.KitDialog));
const CatalogPicker = dynamic(() => import("./pickers").then((m) => m.CatalogPicker));

// A refusal of a TDL file lists its refused functions in `data`; any other refusal is a message.
const tdlErrors = z.array(tdlError).min(1);

function TdlImport({ productId, ui }: { productId: number; ui: ResourceUi<FunctionRow> }) {
  const t = useTranslations("product.function");
  const input = React.useRef<HTMLInputElement>(null);
  const [errors, setErrors] = React.useState<{ msg: string; list: TdlError[] } | null>(null);
  const read = async (file: File) => {
    try {
      const res = await call(prodFunctionApi.addFuncByTDL, { productId, content: await file.text() }, { silent: true });
      toast.success(t("tdl.imported", { n: res.added }));
      await ui.refresh();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      await zodReady();
      const list = tdlErrors.safeParse(e.data);
      if (list.success) setErrors({ msg: e.message, list: list.data });
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
  { key: "bindLibrary", label: "actions.bindLibrary", perm: permsOf(prodFunctionApi.addList)[0], variant: "outline", onClick: (ui) => ui.setParam("pick", "objFunction") },
  { key: "applyModel", label: "actions.applyModel", perm: permsOf(objProdApi.add)[0], variant: "outline", onClick: (ui) => ui.setParam("pick", "objModel") },
  { key: "exportTdl", label: "tdl.export", variant: "outline", onClick: () => exportCall(prodFunctionApi.jsonTDL, { productId }, "TDL.json") },
  { key: "importTdl", perm: permsOf(prodFunctionApi.addFuncByTDL)[0], render: (ui) => <TdlImport productId={productId} ui={ui} /> },
];

function Pickers({ productId, ui }: { productId: number; ui: ResourceUi<FunctionRow> }) {
  return (
    <>
      <CatalogPicker kind="objFunction" ui={ui} bind={(ids) => call(prodFunctionApi.addList, { productId, functionIds: ids })} />
      <CatalogPicker kind="objModel" multiple={false} ui={ui} bind={(ids) => call(objProdApi.add, { modelId: ids[0], productIds: [productId] })} />
    </>
  );
}

/** A product's functions: written here, bound from the library or an object model, or imported from TDL. */
export function productFunctionResource(productId: number) {
  return defineResource<FunctionRow>({
    ...functionBase,
    // The list is this product's: the product filter is fixed, whatever the URL says.
    query: { productId: urlFixed(productId) },
    search: { items: { productId: false } },
    columns: { ...functionColumns, prodName: false },
    form: { columns: 2, width: 860, fields: functionFormFields, defaults: { ...functionDefaults, productId }, toForm: (row) => ({ ...row, productId }), toBody: (values, _mode, row) => ({ ...values, productId, ...(row && { id: row.id }) }) },
    toolbar: ["add", ...actionsFor(productId), "batchDelete"],
    slots: { dialogs: (ui) => <Pickers productId={productId} ui={ui} /> },
  });
}
