"use client";

import * as React from "react";
import useSWR from "swr";
import { z } from "zod";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { defineResource, InfoView, ResourcePage, type ResourceUi } from "@/components/kit";
import { DictText } from "@/components/kit/table/cells";
import { PageFrame } from "@/components/shell/page-frame";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { api, swrFetcher } from "@/lib/api/fetcher";
import { objModel, objModelFunction, type FunctionRow, type ObjModel } from "@/lib/contract/device/product";
import { functionColumns } from "./function-columns";
import { functionDefaults, functionFormFields } from "./function-form";
import { CatalogPicker } from "./pickers";

const infoHref = (id: number) => `/productSet/objModelInfo?id=${id}`;

/** Object models (basic / advanced): named sets of functions applied to products. */
export const objModelResource = defineResource<ObjModel>({
  entity: objModel,
  api: "device/objModel",
  perm: "dev:objModel",
  endpoints: { export: false },
  search: { keyword: "modelName", keywordPlaceholder: "placeholders.modelName" },
  columns: { modelName: { type: "click", onClick: (row, ui) => ui.navigate(infoHref(row.id)) } },
  form: { fields: { modelType: { type: "radio" } }, defaults: { modelType: 1 } },
  rowActions: [{ key: "info", label: "actions.info", onClick: (row, ui) => ui.navigate(infoHref(row.id)) }, "edit", "del"],
  toolbar: ["add", "batchDelete"],
  multiple: true,
  rowName: (r) => r.modelName,
});

export function ObjModelList() {
  return <ResourcePage resource={objModelResource} />;
}

function LibraryPicker({ modelId, ui }: { modelId: number; ui: ResourceUi<FunctionRow> }) {
  const close = () => ui.setParam("pick", null);
  return (
    <CatalogPicker
      kind="objFunction"
      open={ui.param("pick") === "objFunction"}
      onOpenChange={(o) => !o && close()}
      onConfirm={async (ids) => {
        if (ids.length) await api.post("device/objModel/func/addList", { modelId, functionIds: ids });
        close();
        await ui.refresh();
      }}
    />
  );
}

/** The functions of one object model. */
function modelFunctionsResource(modelId: number) {
  return defineResource<FunctionRow>({
    entity: objModelFunction,
    api: "device/objModel/func",
    perm: "dev:objModel",
    perms: { add: "dev:objModel:upd", del: "dev:objModel:upd" },
    endpoints: { info: false, export: false },
    schemas: { query: objModelFunction.query.extend({ modelId: z.literal(modelId).default(modelId).catch(modelId) }) },
    search: { keyword: "funcName", keywordPlaceholder: "placeholders.funcName" },
    columns: functionColumns,
    form: { columns: 2, width: 860, fields: functionFormFields, defaults: { ...functionDefaults, modelId }, toForm: (row) => ({ ...row, modelId }), toBody: (values, _mode, row) => ({ ...values, modelId, ...(row && { id: row.id }) }) },
    detail: false,
    rowActions: ["edit", "del"],
    toolbar: ["add", { key: "bindLibrary", label: "actions.bindLibrary", perm: "dev:objModel:upd", variant: "outline", onClick: (ui) => ui.setParam("pick", "objFunction") }, "batchDelete"],
    multiple: true,
    rowName: (r) => r.funcName,
    slots: { dialogs: (ui) => <LibraryPicker modelId={modelId} ui={ui} /> },
  });
}

function Body({ id }: { id: number }) {
  const t = useTranslations("product.objModel");
  const { data, error } = useSWR<ObjModel>(["device/objModel/info", { id }], swrFetcher, { shouldRetryOnError: false });
  const functions = React.useMemo(() => modelFunctionsResource(id), [id]);
  if (error) return <p className="p-6 text-sm text-muted-foreground">{t("notFound")}</p>;
  if (!data) return <Skeleton className="h-24 w-full" />;
  return (
    <div className="space-y-4">
      <Card>
        <CardContent className="pt-4">
          <InfoView
            items={[
              { label: t("fields.modelName"), value: data.modelName },
              { label: t("fields.modelType"), value: <DictText dict="objModelType" value={data.modelType} />, side: "right" },
              { label: t("fields.description"), value: data.description || "-", side: "full" },
            ]}
          />
        </CardContent>
      </Card>
      <ResourcePage resource={functions} />
    </div>
  );
}

/** /productSet/objModelInfo?id= : an object model and its functions. */
export function ObjModelInfoView() {
  const id = useSearchParams().get("id");
  const t = useTranslations("product.objModel");
  return <PageFrame back="/productSet/objModel">{id && /^\d+$/.test(id) ? <Body id={Number(id)} /> : <p className="p-6 text-sm text-muted-foreground">{t("notFound")}</p>}</PageFrame>;
}
