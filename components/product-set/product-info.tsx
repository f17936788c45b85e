"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { defineResource } from "@/components/kit";
import { defineDetail, DetailPage } from "@/components/kit/detail/define-detail";
import { call, useCall } from "@/lib/api/call";
import { permsOf, type AnyCall } from "@/lib/contract/call";
import { connect, prodConnectApi, prodFunctionApi, product, productApi, type Connect, type Product } from "@/lib/contract/device/product";
import { examplePayload } from "@/lib/contract/device/examples";
import { productTopics } from "@/lib/contract/device/topics";
import { OwnerFunctions } from "./owner-functions";
import { productFunctionResource } from "./product-functions";

/** The catalogue picker (a list in a dialog) loads with the tab of a bound list, not with the page. */
const CatalogPicker = dynamic(() => import("./pickers").then((m) => m.CatalogPicker));

type Ids = (number | string)[];
// The list's query, where the detail put the product (`productId`, `subOf`).
type Query = Record<string, unknown>;

/**
 * The lists the detail narrows to the product, unbound row by row and bound through a catalogue
 * picker: the product's connections (prodConnect add / del, by `productId`) and a gateway's
 * sub-products (bind / unBind, by `subOf`; the picker offers only products not already its own).
 */
const LINKS = {
  connect: {
    entity: connect,
    page: prodConnectApi.page,
    bind: prodConnectApi.add,
    unbind: prodConnectApi.del,
    bindLabel: "actions.bindConnect",
    pickerParams: () => undefined,
    body: (q: Query, ids: Ids) => ({ productId: q.productId, connectIds: ids }),
  },
  subProduct: {
    entity: product,
    page: productApi.page,
    bind: productApi.bind,
    unbind: productApi.unBind,
    bindLabel: "actions.bindSub",
    pickerParams: (q: Query) => ({ notSubOf: Number(q.subOf) }),
    body: (q: Query, ids: Ids) => ({ gatewayId: q.subOf, subIds: ids }),
  },
};
type Kind = keyof typeof LINKS;

// The list's SWR keys sit under its page's path (what a refresh revalidates), not under the listed entity's own.
const under = (c: AnyCall) => c.path.slice(0, c.path.lastIndexOf("/"));

function linkedResource<R extends Record<string, unknown>>(kind: Kind) {
  const o = LINKS[kind];
  const link = (q: Query, ids: Ids, bind: boolean) => call(bind ? o.bind : o.unbind, o.body(q, ids));
  return defineResource<R>({
    entity: o.entity,
    api: under(o.page),
    calls: { page: o.page },
    schemas: {},
    search: false,
    form: false,
    detail: false,
    rowActions: [{ key: "unbind", label: "actions.unbind", perm: permsOf(o.unbind)[0], confirm: "confirmUnbind", danger: true, onClick: (row, ui) => link(ui.query, [row.id as number], false).then(ui.refresh) }],
    toolbar: [{ key: "bind", label: o.bindLabel, perm: permsOf(o.bind)[0], onClick: (ui) => ui.setParam("pick", kind) }],
    slots: { dialogs: (ui) => <CatalogPicker kind={kind} params={o.pickerParams(ui.query)} ui={ui} bind={(ids) => link(ui.query, ids, true)} /> },
  });
}

const connectionsResource = linkedResource<Connect>("connect");
const subProductsResource = linkedResource<Product>("subProduct");

/** The product's MQTT topics and, per function, an example payload that fits its thing model. */
function Topics({ productId }: { productId: number }) {
  const t = useTranslations("product.topics");
  const { data } = useCall(prodFunctionApi.list, { productId });
  const topics = productTopics(productId);
  return (
    <div className="space-y-4" data-testid="topics">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-muted-foreground">
            {(["direction", "topic", "purpose"] as const).map((k) => <th key={k} className="py-1 font-normal">{t(k)}</th>)}
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

const productDetail = defineDetail<Product>({
  entity: product,
  info: productApi.info,
  back: "/productSet/product",
  // The counts label their tabs.
  rows: { functionCount: false, subCount: false },
  tabs: [
    { key: "functions", label: "info.tabs.functions", count: (p) => p.functionCount, render: (p, { refresh }) => <OwnerFunctions owner="productId" id={p.id} resource={productFunctionResource} onChange={refresh} /> },
    { key: "connections", label: "info.tabs.connections", list: { resource: connectionsResource, filter: (p) => ({ productId: p.id }) } },
    { key: "subs", label: "info.tabs.subs", show: (p) => p.prodType === "gateway", count: (p) => p.subCount, list: { resource: subProductsResource, filter: (p) => ({ subOf: p.id }) } },
    { key: "topics", label: "info.tabs.topics", render: (p) => <Topics productId={p.id} /> },
  ],
});

/** /productSet/productInfo?id= : a product with its functions, connections, sub-products and topics. */
export function ProductInfoView() {
  return <DetailPage detail={productDetail} />;
}
