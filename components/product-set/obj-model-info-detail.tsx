"use client";

import dynamic from "next/dynamic";
import { defineResource, urlFixed } from "@/components/kit";
import { defineDetail, DetailPage } from "@/components/kit/detail/define-detail";
import { call } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { objModel, objModelApi, objModelFunction, objModelFunctionApi, type FunctionRow, type ObjModel } from "@/lib/contract/device/product";
import { functionColumns } from "./function-columns";
import { functionDefaults, functionFormFields } from "./function-form";
import { OwnerFunctions } from "./owner-functions";

// The library picker (a dialog) loads when it first opens.
const CatalogPicker = dynamic(() => import("./pickers").then((m) => m.CatalogPicker));

/** The functions of one object model. */
function modelFunctionsResource(modelId: number) {
  return defineResource<FunctionRow>({
    entity: objModelFunction,
    calls: objModelFunctionApi,
    query: { modelId: urlFixed(modelId) },
    // The model is fixed by the detail: no search box for it.
    search: { items: { modelId: false } },
    columns: functionColumns,
    form: { columns: 2, width: 860, fields: functionFormFields, defaults: { ...functionDefaults, modelId }, toForm: (row) => ({ ...row, modelId }), toBody: (values, _mode, row) => ({ ...values, modelId, ...(row && { id: row.id }) }) },
    detail: false,
    rowActions: ["edit", "del"],
    toolbar: ["add", { key: "bindLibrary", label: "actions.bindLibrary", perm: permsOf(objModelFunctionApi.addList)[0], variant: "outline", onClick: (ui) => ui.setParam("pick", "objFunction") }, "batchDelete"],
    slots: { dialogs: (ui) => <CatalogPicker kind="objFunction" ui={ui} bind={(ids) => call(objModelFunctionApi.addList, { modelId, functionIds: ids })} /> },
  });
}

const objModelDetail = defineDetail<ObjModel>({
  entity: objModel,
  info: objModelApi.info,
  back: "/productSet/objModel",
  rows: { functionCount: false },
  sections: [{ key: "functions", render: (m, { refresh }) => <OwnerFunctions owner="modelId" id={m.id} resource={modelFunctionsResource} onChange={refresh} /> }],
});

/** /productSet/objModelInfo?id= : an object model and its functions. */
export function ObjModelInfoView() {
  return <DetailPage detail={objModelDetail} />;
}
