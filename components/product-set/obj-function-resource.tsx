"use client";

import { defineResource, resourcePage } from "@/components/kit";
import { objFunction, objFunctionApi, type FunctionRow } from "@/lib/contract/device/product";
import { functionColumns } from "./function-columns";
import { functionDefaults, functionFormFields } from "./function-form";

/** The function library (objFunction): functions written once, bound to products and object models. */
export const objFunctionResource = defineResource<FunctionRow>({
  entity: objFunction,
  calls: objFunctionApi,
  columns: functionColumns,
  form: { columns: 2, width: 860, fields: functionFormFields, defaults: functionDefaults },
  detail: false,
  rowActions: ["view", "edit", "del"],
  toolbar: ["add", "batchDelete"],
});

export const ObjFunctionList = resourcePage(objFunctionResource);
