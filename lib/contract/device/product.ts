import { z } from "zod";
import { defineEntity, rowName, type RowOf } from "../entity";
import { i18nField } from "../i18n-text";
import { codeRequired, integerIn, optional, selectRequired, text } from "../validation";
import { functionFields, oneOf, paramSchema, refineFunction, thingFunction, type ThingFunction } from "./thing-model";
import { PROD_TYPES, NET_TYPES, DATA_FORMATS, GATEWAY_TYPES, VERIFY_TYPES, OBJ_MODEL_TYPES, CONNECT_TYPES, METHOD_TYPES, MONITOR_KINDS } from "./enums";

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

const maybe = <const T extends readonly [string, ...string[]]>(values: T) => optional(z.enum(values, { error: "validation.invalidOption" }));

const dbId = z.coerce.number({ error: "validation.required" }).int().positive().max(2_147_483_647);
const ids = z.array(dbId).min(1, "validation.minItems").max(500, "validation.maxItems");

/** What a product and a product copy both describe. */
const productSpecFields = {
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
function refineProduct(v: Record<string, unknown>, ctx: z.RefinementCtx) {
  if (v.prodType === "gateway" && !v.gatewayType) ctx.addIssue({ code: "custom", path: ["gatewayType"], message: "validation.select" });
}

const createTime = { kind: "datetime", readOnly: true, column: "createdAt", sort: true, search: "range", range: ["startTime", "endTime"] } as const;
const count = { kind: "number", readOnly: true, form: false, export: false } as const;

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

/** The function library (objFunction). */
export const objFunction = defineEntity({
  ns: "product.function",
  api: "device/objFunction", perm: "dev:objFunction",
  fields: { id: { kind: "id", readOnly: true, form: false }, ...functionFields, createTime },
  refine: refineFunction,
});

/** A product's function (prodFunction); the product is chosen on the page, not in the form. */
export const prodFunction = defineEntity({
  ns: "product.function",
  api: "device/prodFunction", perm: "dev:prodFunction",
  fields: {
    id: { kind: "id", readOnly: true, form: false },
    productId: { schema: dbId, kind: "id", search: "eq", form: false, list: false },
    prodName: { kind: "text", readOnly: true, label: "fields.prodName" },
    ...functionFields,
    createTime,
  },
  refine: refineFunction,
});

/** An object model's function. */
export const objModelFunction = defineEntity({
  ns: "product.function",
  api: "device/objModel/func", perm: "dev:objModel",
  fields: {
    id: { kind: "id", readOnly: true, form: false },
    modelId: { schema: dbId, kind: "id", search: "eq", form: false, list: false },
    ...functionFields,
    createTime,
  },
  refine: refineFunction,
});

/** A function row as the console receives it: the stored definition plus its row's keys. */
export type FunctionRow = ThingFunction & { id: number; createTime: string; productId?: number; prodName?: string; modelId?: number };

/** Object model (objModel): 1 basic, 2 advanced. */
export const objModel = defineEntity({
  ns: "product.objModel",
  api: "device/objModel", perm: "dev:objModel",
  fields: {
    modelName: rowName(64),
    id: { kind: "id", readOnly: true, form: false },
    modelType: { schema: oneOf(OBJ_MODEL_TYPES), kind: "select", dict: "objModelType", search: "eq" },
    description: { schema: text(200), kind: "textarea", full: true },
    functionCount: count,
    createTime,
  },
});
export type ObjModel = RowOf<typeof objModel.fields>;

/** Connection (comm connect): BASE reaches an address, FUNCTION calls a product function. */
export const connect = defineEntity({
  ns: "product.connect",
  api: "comm/connect", perm: "comm:connect",
  fields: {
    connectName: rowName(64),
    id: { kind: "id", readOnly: true, form: false },
    connectCode: { schema: codeRequired, search: "contains" },
    connectType: { schema: oneOf(CONNECT_TYPES), kind: "select", dict: "connectType", search: "eq" },
    methodType: { schema: oneOf(METHOD_TYPES), kind: "select", dict: "methodType", search: "eq" },
    netType: { schema: maybe(NET_TYPES), kind: "select", dict: "netType" },
    address: { schema: text(200) },
    port: { schema: optional(integerIn(1, 65_535)), kind: "number", min: 1, max: 65_535, list: false },
    functionIdentifier: { schema: optional(codeRequired), list: false },
    params: { schema: z.array(paramSchema).max(50, "validation.maxItems").default([]), kind: "custom", list: false, export: false, form: false },
    description: { schema: text(200), kind: "textarea", list: false, full: true },
    createTime,
  },
  refine: (v, ctx) => {
    if (v.methodType === "BASE" && !v.address) ctx.addIssue({ code: "custom", path: ["address"], message: "validation.required" });
    if (v.methodType === "FUNCTION" && !v.functionIdentifier) ctx.addIssue({ code: "custom", path: ["functionIdentifier"], message: "validation.required" });
  },
});
export type Connect = RowOf<typeof connect.fields>;

/** Product copy (prodCopy): a template with a snapshot of its functions. */
export const prodCopy = defineEntity({
  ns: "product.prodCopy",
  api: "device/prodCopy", perm: "dev:prodCopy",
  fields: {
    copyName: rowName(64),
    id: { kind: "id", readOnly: true, form: false },
    ...productSpecFields,
    functions: { schema: z.array(thingFunction).max(500, "validation.maxItems").default([]), kind: "custom", list: false, form: false, export: false, detail: false },
    functionCount: count,
    /** platform (offered to every tenant, read-only to them) or own. */
    owner: { kind: "select", dict: "copyOwner", readOnly: true },
    subscribed: { kind: "switch", readOnly: true },
    createTime,
  },
  refine: refineProduct,
});
export type ProdCopy = Omit<RowOf<typeof prodCopy.fields>, "functions" | "subscribed"> & { functions: ThingFunction[]; subscribed: boolean };

/* ---------- the extra calls of core §7 ---------- */

export const productIdQuery = z.object({ productId: dbId });
export const modelIdQuery = z.object({ modelId: dbId });
/** bind / unBind: sub-products of a gateway. */
export const subProdBody = z.object({ gatewayId: dbId, subIds: ids });
/** prodFunction addList: library functions copied into a product. */
export const addFunctionsBody = z.object({ productId: dbId, functionIds: ids });
/** objModel functions addList: library functions copied into an object model. */
export const addModelFunctionsBody = z.object({ modelId: dbId, functionIds: ids });
/** objProd add: an object model's functions copied into products. */
export const objProdBody = z.object({ modelId: dbId, productIds: ids });
/** prodConnect / objConnect add and del. */
export const prodConnectBody = z.object({ productId: dbId, connectIds: ids });
export const objConnectBody = z.object({ modelId: dbId, connectIds: ids });
/** addFuncByTDL: the TDL file's text, checked by the cloud (not JSON, unknown types … each named). */
export const TDL_MAX_CHARS = 1_000_000;
export const tdlImportBody = z.object({ productId: dbId, content: z.string({ error: "validation.required" }).min(1, "validation.required").max(TDL_MAX_CHARS, "validation.maxLength") });
/** addCopyNorm: a product saved as a copy. */
export const addCopyNormBody = z.object({ productId: dbId, copyName: text(64) });
export const copyIdBody = z.object({ copyId: dbId });

/** One refused function of a TDL import. */
export type TdlError = { index: number; identifier: string | null; field: string; msg: string };
export type TdlImportResult = { added: number };
