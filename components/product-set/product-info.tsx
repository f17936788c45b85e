"use client";

import * as React from "react";
import useSWR from "swr";
import { z } from "zod";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { defineResource, InfoView, ResourcePage, type InfoItem, type ResourceUi } from "@/components/kit";
import { DictText } from "@/components/kit/table/cells";
import { PageFrame } from "@/components/shell/page-frame";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { api, swrFetcher } from "@/lib/api/fetcher";
import { pageQuery } from "@/lib/contract/common";
import { connect, product, type Connect, type FunctionRow, type Product } from "@/lib/contract/device/product";
import { examplePayload } from "@/lib/contract/device/examples";
import { productTopics } from "@/lib/contract/device/topics";
import { formatDateTime } from "@/lib/format";
import { CatalogPicker } from "./pickers";
import { ProductFunctions } from "./prod-function-resource";

/** A list fixed to this product (`key` = its id), whatever the URL says. */
const fixed = (key: string, id: number) => pageQuery.extend({ [key]: z.literal(id).default(id).catch(id) });

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

/** The product's connections (prodConnect): bound from the connection list, unbound here. */
function connectionsResource(productId: number) {
  return defineResource<Connect>({
    entity: connect,
    api: "device/prodConnect",
    perm: "dev:product",
    endpoints: { info: false, add: false, upd: false, del: false, export: false },
    schemas: { query: fixed("productId", productId) },
    search: false,
    form: false,
    detail: false,
    rowActions: [{ key: "unbind", label: "actions.unbind", perm: "dev:product:upd", confirm: "confirmUnbind", danger: true, onClick: (row, ui) => api.post("device/prodConnect/del", { productId, connectIds: [row.id] }).then(ui.refresh) }],
    toolbar: [{ key: "bind", label: "actions.bindConnect", perm: "dev:product:upd", onClick: (ui) => ui.setParam("pick", "connect") }],
    slots: { dialogs: (ui) => <Linked kind="connect" ui={ui} bind={(ids) => api.post("device/prodConnect/add", { productId, connectIds: ids })} /> },
  });
}

/** A gateway's sub-products (bind / unBind). */
function subProductsResource(gatewayId: number) {
  return defineResource<Product>({
    entity: product,
    api: "device/product",
    perm: "dev:product",
    endpoints: { info: false, add: false, upd: false, del: false, export: false },
    schemas: { query: fixed("subOf", gatewayId) },
    search: false,
    form: false,
    detail: false,
    rowActions: [{ key: "unbind", label: "actions.unbind", perm: "dev:product:upd", confirm: "confirmUnbind", danger: true, onClick: (row, ui) => api.post("device/product/unBind", { gatewayId, subIds: [row.id] }).then(ui.refresh) }],
    toolbar: [{ key: "bind", label: "actions.bindSub", perm: "dev:product:upd", onClick: (ui) => ui.setParam("pick", "subProduct") }],
    slots: { dialogs: (ui) => <Linked kind="subProduct" ui={ui} bind={(ids) => api.post("device/product/bind", { gatewayId, subIds: ids })} /> },
  });
}

function Overview({ p }: { p: Product }) {
  const t = useTranslations("product.product.fields");
  const dict = (name: string, value: unknown) => <DictText dict={name} value={value} />;
  const items: InfoItem[] = [
    { label: t("prodName"), value: p.prodName },
    { label: t("id"), value: p.id, side: "right" },
    { label: t("prodModel"), value: p.prodModel || "-" },
    { label: t("prodCategory"), value: dict("prodCategory", p.prodCategory), side: "right" },
    { label: t("prodType"), value: dict("prodType", p.prodType) },
    { label: t("netType"), value: dict("netType", p.netType), side: "right" },
    { label: t("dataFormat"), value: dict("dataFormat", p.dataFormat) },
    { label: t("gatewayType"), value: p.gatewayType ? dict("gatewayType", p.gatewayType) : "-", side: "right" },
    { label: t("verifyType"), value: dict("verifyType", p.verifyType) },
    { label: t("activeCycle"), value: p.activeCycle, side: "right" },
    { label: t("monitorType"), value: p.monitorType ? dict("monitorKind", p.monitorType) : "-" },
    { label: t("createTime"), value: formatDateTime(p.createTime), side: "right" },
    { label: t("description"), value: p.description || "-", side: "full" },
  ];
  return <InfoView items={items} />;
}

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

function Body({ id }: { id: number }) {
  const t = useTranslations("product.info");
  const { data, error } = useSWR<Product>(["device/product/info", { id }], swrFetcher, { shouldRetryOnError: false });
  const connections = React.useMemo(() => connectionsResource(id), [id]);
  const subs = React.useMemo(() => subProductsResource(id), [id]);
  if (error) return <p className="p-6 text-sm text-muted-foreground">{t("notFound")}</p>;
  if (!data) return <Skeleton className="h-40 w-full" />;
  return (
    <Tabs defaultValue="overview">
      <TabsList>
        <TabsTrigger value="overview">{t("tabs.overview")}</TabsTrigger>
        <TabsTrigger value="functions" data-testid="tab-functions">
          {t("tabs.functions")} ({data.functionCount})
        </TabsTrigger>
        <TabsTrigger value="connections">{t("tabs.connections")}</TabsTrigger>
        {data.prodType === "gateway" && (
          <TabsTrigger value="subs">
            {t("tabs.subs")} ({data.subCount})
          </TabsTrigger>
        )}
        <TabsTrigger value="topics">{t("tabs.topics")}</TabsTrigger>
      </TabsList>
      <TabsContent value="overview">
        <Card>
          <CardContent className="pt-4">
            <Overview p={data} />
          </CardContent>
        </Card>
      </TabsContent>
      <TabsContent value="functions">
        <ProductFunctions productId={id} />
      </TabsContent>
      <TabsContent value="connections">
        <ResourcePage resource={connections} />
      </TabsContent>
      {data.prodType === "gateway" && (
        <TabsContent value="subs">
          <ResourcePage resource={subs} />
        </TabsContent>
      )}
      <TabsContent value="topics">
        <Topics productId={id} />
      </TabsContent>
    </Tabs>
  );
}

/** /productSet/productInfo?id= : a product with its functions, connections, sub-products and topics. */
export function ProductInfoView() {
  const id = useSearchParams().get("id");
  const t = useTranslations("product.info");
  return (
    <PageFrame back="/productSet/product">{id && /^\d+$/.test(id) ? <Body id={Number(id)} /> : <p className="p-6 text-sm text-muted-foreground">{t("notFound")}</p>}</PageFrame>
  );
}
