"use client";

import { useTranslations } from "next-intl";
import { defineResource, deferredDialogs, resourcePage } from "@/components/kit";
import { defineDetail, DetailPage } from "@/components/kit/detail/define-detail";
import { DictText } from "@/components/kit/table/cells";
import { api } from "@/lib/api/fetcher";
import { prodCopy, type ProdCopy } from "@/lib/contract/device/product";
import { DataTypeText } from "@/components/product-set/function-columns";

const SubscribePicker = deferredDialogs(() => import("./subscribe-picker").then((m) => m.SubscribePicker));

const infoHref = (id: number) => `/prodCopy/prodCopyInfo?id=${id}`;
/** The platform's copies are read-only to tenants: only a tenant's own can be edited or deleted. */
const own = (r: ProdCopy) => r.owner === "own";

/** Product copies: templates a tenant subscribes to (a product of its own is made from one). */
export const prodCopyResource = defineResource<ProdCopy>({
  entity: prodCopy,
  api: "device/prodCopy",
  perm: "dev:prodCopy",
  columns: { copyName: { type: "click", onClick: (row, ui) => ui.navigate(infoHref(row.id)) }, subscribed: { type: "text", render: (row, ui) => ui.t(row.subscribed ? "yes" : "no") } },
  form: { columns: 2, fields: { gatewayType: { show: (v) => v.prodType === "gateway", required: true }, prodType: { type: "radio" }, verifyType: { type: "radio" } } },
  rowActions: [
    { key: "info", label: "actions.info", onClick: (row, ui) => ui.navigate(infoHref(row.id)) },
    { builtin: "edit", show: own },
    { key: "unsubscribe", label: "actions.unsubscribe", perm: "dev:prodCopy:subscribe", show: (r) => r.subscribed, confirm: "confirmUnsubscribe", onClick: (row, ui) => api.post("device/prodCopy/unsubscribe", { copyId: row.id }).then(ui.refresh) },
    { builtin: "del", show: own },
  ],
  toolbar: ["add", { key: "subscribe", label: "actions.subscribe", perm: "dev:prodCopy:subscribe", variant: "outline", onClick: (ui) => ui.setParam("pick", "prodCopy") }],
  slots: { dialogs: (ui) => <SubscribePicker ui={ui} /> },
});

export const ProdCopyList = resourcePage(prodCopyResource);

/** The functions a copy carries (read-only: a product made from it gets them). */
function CopyFunctions({ copy }: { copy: ProdCopy }) {
  const tf = useTranslations("product.function.fields");
  return (
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
        {copy.functions.map((f) => (
          <tr key={f.identifier} className="border-t">
            <td className="py-1.5">{f.funcName}</td>
            <td className="py-1.5 font-mono text-xs">{f.identifier}</td>
            <td className="py-1.5">
              <DictText dict="funcType" value={f.funcType} />
            </td>
            <td className="py-1.5">
              <DataTypeText spec={f.dataType} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const prodCopyDetail = defineDetail<ProdCopy>({
  entity: prodCopy,
  info: "device/prodCopy/info",
  back: "/prodCopy/prodCopyList",
  rows: { subscribed: { type: "slot", render: (c) => <YesNo yes={c.subscribed} /> } },
  sections: [{ key: "functions", render: (c) => <CopyFunctions copy={c} /> }],
});

function YesNo({ yes }: { yes: boolean }) {
  const t = useTranslations("product.prodCopy");
  return <>{t(yes ? "yes" : "no")}</>;
}

/** /prodCopy/prodCopyInfo?id= : a product copy and the functions it carries. */
export function ProdCopyInfoView() {
  return <DetailPage detail={prodCopyDetail} />;
}
