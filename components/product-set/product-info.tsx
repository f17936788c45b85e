"use client";

import * as React from "react";
import useSWR from "swr";
import { useTranslations } from "next-intl";
import { defineResource, type ResourceUi } from "@/components/kit";
import { defineDetail, DetailPage, NestedList } from "@/components/kit/detail/define-detail";
import { api, swrFetcher } from "@/lib/api/fetcher";
import { pageQuery } from "@/lib/contract/common";
import { connect, product, type Connect, type FunctionRow, type Product } from "@/lib/contract/device/product";
import { examplePayload } from "@/lib/contract/device/examples";
import { productTopics } from "@/lib/contract/device/topics";
import { CatalogPicker } from "./pickers";
import { productFunctionResource } from "./prod-function-resource";

function Linked<R extends Record<string, unknown>>({ kind, ui, bind }: { kind: "connect" | "subProduct"; ui: ResourceUi<R>; bind: (ids: (number | string)[]) => Promise<unknown> }) {
  const close = () => ui.setParam("pick", null);
  return (
    <CatalogPicker
      kind={kind}
      params={kind === "subProduct" ? { notSubOf: Number(ui.query.subOf) } : undefined}
      open={ui.param("pick") === kind}
      onOpenChange={(o) => !o && close()}
      onConfirm={async (ids) => {
        if (ids.length) await bind(ids);
        close();
        await ui.refresh();
      }}
    />
  );
}

/** The product's connections (prodConnect), narrowed to it by the detail: bound from the connection list, unbound here. */
const connectionsResource = defineResource<Connect>({
  entity: connect,
  api: "device/prodConnect",
  perm: "dev:product",
  endpoints: { info: false, add: false, upd: false, del: false, export: false },
  schemas: { query: pageQuery },
  search: false,
  form: false,
  detail: false,
  rowActions: [{ key: "unbind", label: "actions.unbind", perm: "dev:product:upd", confirm: "confirmUnbind", danger: true, onClick: (row, ui) => api.post("device/prodConnect/del", { productId: ui.query.productId, connectIds: [row.id] }).then(ui.refresh) }],
  toolbar: [{ key: "bind", label: "actions.bindConnect", perm: "dev:product:upd", onClick: (ui) => ui.setParam("pick", "connect") }],
  slots: { dialogs: (ui) => <Linked kind="connect" ui={ui} bind={(ids) => api.post("device/prodConnect/add", { productId: ui.query.productId, connectIds: ids })} /> },
});

/** A gateway's sub-products (bind / unBind), narrowed to it by the detail (`subOf`). */
const subProductsResource = defineResource<Product>({
  entity: product,
  api: "device/product",
  perm: "dev:product",
  endpoints: { info: false, add: false, upd: false, del: false, export: false },
  schemas: { query: pageQuery },
  search: false,
  form: false,
  detail: false,
  rowActions: [{ key: "unbind", label: "actions.unbind", perm: "dev:product:upd", confirm: "confirmUnbind", danger: true, onClick: (row, ui) => api.post("device/product/unBind", { gatewayId: ui.query.subOf, subIds: [row.id] }).then(ui.refresh) }],
  toolbar: [{ key: "bind", label: "actions.bindSub", perm: "dev:product:upd", onClick: (ui) => ui.setParam("pick", "subProduct") }],
  slots: { dialogs: (ui) => <Linked kind="subProduct" ui={ui} bind={(ids) => api.post("device/product/bind", { gatewayId: ui.query.subOf, subIds: ids })} /> },
});

/** The product's MQTT topics and, per function, an example payload that fits its thing model. */
function Topics({ productId }: { productId: number }) {
  const t = useTranslations("product.topics");
  const { data } = useSWR<FunctionRow[]>(["device/prodFunction/list", { productId }], swrFetcher);
  const topics = productTopics(productId);
  return (
    <div className="space-y-4" data-testid="topics">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th className="py-1 font-normal">{t("direction")}</th>
            <th className="py-1 font-normal">{t("topic")}</th>
            <th className="py-1 font-normal">{t("purpose")}</th>
          </tr>
        </thead>
        <tbody>
          {[...topics.up.map((x) => ({ ...x, dir: "up" })), ...topics.down.map((x) => ({ ...x, dir: "down" }))].map((x) => (
            <tr key={x.topic} className="border-t">
              <td className="py-1.5">{t(x.dir)}</td>
              <td className="py-1.5 font-mono text-xs">{x.topic}</td>
              <td className="py-1.5">{t(`channels.${x.channel.replace("/", "_")}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm font-medium">{t("examples")}</p>
      {(data ?? []).map((fn) => {
        const ex = examplePayload(fn);
        return (
          <div key={fn.id} className="rounded-md border p-2">
            <p className="text-sm">
              {fn.funcName} <span className="font-mono text-xs text-muted-foreground">{fn.identifier}</span> → <span className="font-mono text-xs">{[...topics.up, ...topics.down].find((x) => x.channel === ex.channel)?.topic}</span>
            </p>
            <pre className="mt-1 overflow-x-auto rounded bg-muted p-2 text-xs">{JSON.stringify(ex.payload, null, 2)}</pre>
          </div>
        );
      })}
    </div>
  );
}

/** The product's functions: their resource carries the product id (form defaults, TDL, pickers). */
function Functions({ productId }: { productId: number }) {
  const resource = React.useMemo(() => productFunctionResource(productId), [productId]);
  return <NestedList resource={resource} filter={{ productId }} />;
}

const productDetail = defineDetail<Product>({
  ns: "product",
  info: "device/product/info",
  back: "/productSet/product",
  title: (p) => p.prodName,
  testId: "product-info",
  sections: [
    {
      key: "basic",
      rows: [
        { prop: "prodName", label: "product.fields.prodName" },
        { prop: "id", label: "product.fields.id" },
        { prop: "prodModel", label: "product.fields.prodModel" },
        { prop: "prodCategory", label: "product.fields.prodCategory", type: "dict", dict: "prodCategory" },
        { prop: "prodType", label: "product.fields.prodType", type: "dict", dict: "prodType" },
        { prop: "netType", label: "product.fields.netType", type: "dict", dict: "netType" },
        { prop: "dataFormat", label: "product.fields.dataFormat", type: "dict", dict: "dataFormat" },
        { prop: "gatewayType", label: "product.fields.gatewayType", type: "dict", dict: "gatewayType" },
        { prop: "verifyType", label: "product.fields.verifyType", type: "dict", dict: "verifyType" },
        { prop: "activeCycle", label: "product.fields.activeCycle" },
        { prop: "monitorType", label: "product.fields.monitorType", type: "dict", dict: "monitorKind" },
        { prop: "createTime", label: "product.fields.createTime", type: "time" },
        { prop: "description", label: "product.fields.description", full: true },
      ],
    },
  ],
  tabs: [
    { key: "functions", label: "info.tabs.functions", render: (p) => <Functions productId={p.id} /> },
    { key: "connections", label: "info.tabs.connections", list: { resource: connectionsResource, filter: (p) => ({ productId: p.id }) } },
    { key: "subs", label: "info.tabs.subs", render: (p, { t }) => (p.prodType === "gateway" ? <NestedList resource={subProductsResource} filter={{ subOf: p.id }} /> : <p className="p-6 text-sm text-muted-foreground">{t("info.subsGatewayOnly")}</p>) },
    { key: "topics", label: "info.tabs.topics", render: (p) => <Topics productId={p.id} /> },
  ],
});

/** /productSet/productInfo?id= : a product with its functions, connections, sub-products and topics. */
export function ProductInfoView() {
  return <DetailPage detail={productDetail} />;
}
