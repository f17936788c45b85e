import { z } from "zod";
import { defineCall, typed } from "../call";
import { defineEntity, rowName, type RowOf } from "../entity";
import { i18nField } from "../i18n-text";
import { integerIn, oneOf, optional, selectRequired, text } from "../validation";
import { PROD_TYPES, NET_TYPES, DATA_FORMATS, GATEWAY_TYPES, VERIFY_TYPES, MONITOR_KINDS } from "./enums";

/**
 * The product entity and the product pickers' call, apart from the rest of the product catalogue
 * (`product.ts`: functions, object models, connections, copies and the thing model behind them)
 * because the device list and the alarm rules pick products at first paint and carry no more.
 * `product.ts` spreads `productLookupApi` into `productApi`: one declaration.
 */

/** Screens that read the product catalogue: its own, and those that pick products or functions. */
export const PRODUCT_READERS = [
  "/productSet/product",
  "/productSet/prodFunctionSet",
  "/productSet/objModel",
  "/productSet/objFunction",
  "/productSet/connect",
  "/prodCopy/prodCopyList",
  "/devices/device",
  "/devices/allDevices",
  "/alarm/alarmRule",
  "/linkage",
  "/OTAUpdate",
];

export type MonitorKind = (typeof MONITOR_KINDS)[number];
/** Product active cycle in minutes (core §5). */
export const ACTIVE_CYCLE = { min: 1, max: 10_000 } as const;

export const maybe = <const T extends readonly [string, ...string[]]>(values: T) => optional(z.enum(values, { error: "validation.invalidOption" }));

/** What a product and a product copy both describe. */
export const productSpecFields = {
  prodModel: { schema: text(64), search: "contains" },
  prodCategory: { schema: selectRequired(z.string().max(32)), kind: "select", dict: "prodCategory", search: "eq" },
  prodType: { schema: oneOf(PROD_TYPES), kind: "select", dict: "prodType", search: "eq" },
  netType: { schema: oneOf(NET_TYPES), kind: "select", dict: "netType", search: "eq" },
  dataFormat: { schema: oneOf(DATA_FORMATS), kind: "select", dict: "dataFormat" },
  gatewayType: { schema: maybe(GATEWAY_TYPES), kind: "select", dict: "gatewayType", list: false },
  verifyType: { schema: oneOf(VERIFY_TYPES), kind: "select", dict: "verifyType", list: false },
  activeCycle: { schema: integerIn(ACTIVE_CYCLE.min, ACTIVE_CYCLE.max).default(60), kind: "number", min: ACTIVE_CYCLE.min, max: ACTIVE_CYCLE.max },
  monitorType: { schema: maybe(MONITOR_KINDS), kind: "select", dict: "monitorKind", search: "eq" },
  description: { schema: text(200), kind: "textarea", list: false, full: true },
} as const;

/** A gateway names its protocol (Modbus or LoRa); other products have none. */
export function refineProduct(v: Record<string, unknown>, ctx: z.RefinementCtx) {
  if (v.prodType === "gateway" && !v.gatewayType) ctx.addIssue({ code: "custom", path: ["gatewayType"], message: "validation.select" });
}

export const createTime = { kind: "datetime", readOnly: true, column: "createdAt", sort: true, search: "range", range: ["startTime", "endTime"] } as const;
export const count = { kind: "number", readOnly: true, form: false, export: false } as const;

/** Product (core §3): name, model, category, network, gateway protocol, data format, authentication, active cycle. */
export const product = defineEntity({
  ns: "product.product",
  api: "device/product", perm: "dev:product",
  fields: {
    prodName: rowName(64),
    id: { kind: "id", readOnly: true, form: false },
    ...productSpecFields,
    functionCount: count,
    subCount: { ...count, list: false },
    createTime,
    i18n: i18nField,
  },
  refine: refineProduct,
});
export type Product = RowOf<typeof product.fields>;
export type ProductBody = z.infer<typeof product.body>;
export const productLookupApi = {
  /** Every product, filtered (the product pickers); a filter left out is no filter. */
  list: defineCall({ kind: "get", path: "device/product/list", input: product.filters.partial(), answer: typed<Product[]>(), access: { menu: PRODUCT_READERS } }),
};
