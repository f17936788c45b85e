"use client";

import { defineResource, resourcePage } from "@/components/kit";
import { objModel, objModelApi, type ObjModel } from "@/lib/contract/device/product";

const infoHref = (id: number) => `/productSet/objModelInfo?id=${id}`;

/** Object models (basic / advanced): named sets of functions applied to products. */
export const objModelResource = defineResource<ObjModel>({
  entity: objModel,
  calls: objModelApi,
  columns: { modelName: { type: "click", onClick: (row, ui) => ui.navigate(infoHref(row.id)) } },
  form: { fields: { modelType: { type: "radio" } }, defaults: { modelType: 1 } },
  rowActions: [{ key: "info", label: "actions.info", onClick: (row, ui) => ui.navigate(infoHref(row.id)) }, "edit", "del"],
  toolbar: ["add", "batchDelete"],
});

export const ObjModelList = resourcePage(objModelResource);
