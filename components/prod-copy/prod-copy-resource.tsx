"use client";

import * as React from "react";
import useSWR from "swr";
import { toast } from "sonner";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { defineResource, InfoView, ResourcePage, type InfoItem, type ResourceUi } from "@/components/kit";
import { DictText } from "@/components/kit/table/cells";
import { PageFrame } from "@/components/shell/page-frame";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { api, swrFetcher } from "@/lib/api/fetcher";
import { prodCopy, type ProdCopy } from "@/lib/contract/device/product";
import { DataTypeText } from "@/components/product-set/function-columns";
import { CatalogPicker } from "@/components/product-set/pickers";

const infoHref = (id: number) => `/prodCopy/prodCopyInfo?id=${id}`;
/** The platform's copies are read-only to tenants: only a tenant's own can be edited or deleted. */
const own = (r: ProdCopy) => r.owner === "own";

function SubscribePicker({ ui }: { ui: ResourceUi<ProdCopy> }) {
  const t = useTranslations("product.prodCopy");
  const close = () => ui.setParam("pick", null);
  return (
    <CatalogPicker
      kind="prodCopy"
      multiple={false}
      params={{ unsubscribed: 1 }}
      open={ui.param("pick") === "prodCopy"}
      onOpenChange={(o) => !o && close()}
      onConfirm={async (ids) => {
        if (ids.length) {
          await api.post("device/prodCopy/subscribe", { copyId: ids[0] });
          toast.success(t("subscribed"));
        }
        close();
        await ui.refresh();
      }}
    />
  );
}

/** Product copies: templates a tenant subscribes to (a product of its own is made from one). */
export const prodCopyResource = defineResource<ProdCopy>({
  entity: prodCopy,
  api: "device/prodCopy",
  perm: "dev:prodCopy",
  endpoints: { export: false },
  search: { keyword: "copyName", keywordPlaceholder: "placeholders.copyName" },
  columns: { copyName: { type: "click", onClick: (row, ui) => ui.navigate(infoHref(row.id)) }, subscribed: { type: "text", render: (row, ui) => ui.t(row.subscribed ? "yes" : "no") } },
  form: { columns: 2, fields: { gatewayType: { show: (v) => v.prodType === "gateway", required: true }, prodType: { type: "radio" }, verifyType: { type: "radio" } } },
  rowActions: [
    { key: "info", label: "actions.info", onClick: (row, ui) => ui.navigate(infoHref(row.id)) },
    { builtin: "edit", show: own },
    { key: "unsubscribe", label: "actions.unsubscribe", perm: "dev:prodCopy:subscribe", show: (r) => r.subscribed, confirm: "confirmUnsubscribe", onClick: (row, ui) => api.post("device/prodCopy/unsubscribe", { copyId: row.id }).then(ui.refresh) },
    { builtin: "del", show: own },
  ],
  toolbar: ["add", { key: "subscribe", label: "actions.subscribe", perm: "dev:prodCopy:subscribe", variant: "outline", onClick: (ui) => ui.setParam("pick", "prodCopy") }],
  rowName: (r) => r.copyName,
  slots: { dialogs: (ui) => <SubscribePicker ui={ui} /> },
});

export function ProdCopyList() {
  return <ResourcePage resource={prodCopyResource} />;
}

function Body({ id }: { id: number }) {
  const t = useTranslations("product.prodCopy");
  const tf = useTranslations("product.function.fields");
  const { data, error } = useSWR<ProdCopy>(["device/prodCopy/info", { id }], swrFetcher, { shouldRetryOnError: false });
  if (error) return <p className="p-6 text-sm text-muted-foreground">{t("notFound")}</p>;
  if (!data) return <Skeleton className="h-40 w-full" />;
  const dict = (name: string, value: unknown) => <DictText dict={name} value={value} />;
  const items: InfoItem[] = [
    { label: t("fields.copyName"), value: data.copyName },
    { label: t("fields.owner"), value: dict("copyOwner", data.owner), side: "right" },
    { label: t("fields.prodModel"), value: data.prodModel || "-" },
    { label: t("fields.prodType"), value: dict("prodType", data.prodType), side: "right" },
    { label: t("fields.netType"), value: dict("netType", data.netType) },
    { label: t("fields.dataFormat"), value: dict("dataFormat", data.dataFormat), side: "right" },
    { label: t("fields.activeCycle"), value: data.activeCycle },
    { label: t("fields.subscribed"), value: t(data.subscribed ? "yes" : "no"), side: "right" },
    { label: t("fields.description"), value: data.description || "-", side: "full" },
  ];
  return (
    <div className="space-y-4">
      <Card>
        <CardContent className="pt-4">
          <InfoView items={items} />
        </CardContent>
      </Card>
      <Card>
        <CardContent className="pt-4">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-muted-foreground">
                {["funcName", "identifier", "funcType", "dataType"].map((k) => (
                  <th key={k} className="py-1 font-normal">
                    {tf(k)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.functions.map((f) => (
                <tr key={f.identifier} className="border-t">
                  <td className="py-1.5">{f.funcName}</td>
                  <td className="py-1.5 font-mono text-xs">{f.identifier}</td>
                  <td className="py-1.5">{dict("funcType", f.funcType)}</td>
                  <td className="py-1.5">
                    <DataTypeText spec={f.dataType} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
    </div>
  );
}

/** /prodCopy/prodCopyInfo?id= : a product copy and the functions it carries. */
export function ProdCopyInfoView() {
  const id = useSearchParams().get("id");
  const t = useTranslations("product.prodCopy");
  return <PageFrame back="/prodCopy/prodCopyList">{id && /^\d+$/.test(id) ? <Body id={Number(id)} /> : <p className="p-6 text-sm text-muted-foreground">{t("notFound")}</p>}</PageFrame>;
}
