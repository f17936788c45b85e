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

function Linked<R extends Record<string, unknown>>({ kind, ui, bind }: { kind: "connect" | "subProduct"; ui: ResourceUi<R>; bind: (ids: Ids) => Promise<unknown> }) {
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

type Ids = (number | string)[];

/**
 * A list the detail narrows to the product, unbound row by row and bound through a catalogue
 * picker: the product's connections, a gateway's sub-products.
 */
function linkedResource<R extends Record<string, unknown>>(o: {
  entity: typeof connect | typeof product;
  api: string;
  kind: "connect" | "subProduct";
  bindLabel: string;
  link: (ui: ResourceUi<R>, ids: Ids, bind: boolean) => Promise<unknown>;
}) {
  return defineResource<R>({
    entity: o.entity,
    api: o.api,
    perm: "dev:product",
    endpoints: { info: false, add: false, upd: false, del: false, export: false },
    schemas: { query: pageQuery },
    search: false,
    form: false,
    detail: false,
    rowActions: [{ key: "unbind", label: "actions.unbind", perm: "dev:product:upd", confirm: "confirmUnbind", danger: true, onClick: (row, ui) => o.link(ui, [row.id as number], false).then(ui.refresh) }],
    toolbar: [{ key: "bind", label: o.bindLabel, perm: "dev:product:upd", onClick: (ui) => ui.setParam("pick", o.kind) }],
    slots: { dialogs: (ui) => <Linked kind={o.kind} ui={ui} bind={(ids) => o.link(ui, ids, true)} /> },
  });
}

/** The product's connections (prodConnect add / del), narrowed to it by the detail. */
const connectionsResource = linkedResource<Connect>({
  entity: connect,
  api: "device/prodConnect",
  kind: "connect",
  bindLabel: "actions.bindConnect",
  link: (ui, ids, bind) => api.post(`device/prodConnect/${bind ? "add" : "del"}`, { productId: ui.query.productId, connectIds: ids }),
});

/** A gateway's sub-products (bind / unBind), narrowed to it by the detail (`subOf`). */
const subProductsResource = linkedResource<Product>({
  entity: product,
  api: "device/product",
  kind: "subProduct",
  bindLabel: "actions.bindSub",
  link: (ui, ids, bind) => api.post(`device/product/${bind ? "bind" : "unBind"}`, { gatewayId: ui.query.subOf, subIds: ids }),
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
function Functions({ productId, onChange }: { productId: number; onChange: () => unknown }) {
  const resource = React.useMemo(() => productFunctionResource(productId), [productId]);
  return <NestedList resource={resource} filter={{ productId }} onChange={onChange} />;
}

const productDetail = defineDetail<Product>({
  entity: product,
  info: "device/product/info",
  back: "/productSet/product",
  // The counts label their tabs.
  rows: { functionCount: false, subCount: false },
  tabs: [
    { key: "functions", label: "info.tabs.functions", count: (p) => p.functionCount, render: (p, { refresh }) => <Functions productId={p.id} onChange={refresh} /> },
    { key: "connections", label: "info.tabs.connections", list: { resource: connectionsResource, filter: (p) => ({ productId: p.id }) } },
    { key: "subs", label: "info.tabs.subs", show: (p) => p.prodType === "gateway", count: (p) => p.subCount, list: { resource: subProductsResource, filter: (p) => ({ subOf: p.id }) } },
    { key: "topics", label: "info.tabs.topics", render: (p) => <Topics productId={p.id} /> },
  ],
});

/** /productSet/productInfo?id= : a product with its functions, connections, sub-products and topics. */
export function ProductInfoView() {
  return <DetailPage detail={productDetail} />;
}
