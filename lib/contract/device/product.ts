import { z } from "zod";
import { defineCall, file, typed, type CallAccess } from "../call";
import { idQuery, idsBody } from "../common";
import type { Page } from "../envelope";
import { defineEntity, rowName, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { codeRequired, integerIn, oneOf, optional, text } from "../validation";
import { functionFields, paramSchema, refineFunction, thingFunction, type ThingFunction } from "./thing-model";
import { OBJ_MODEL_TYPES, CONNECT_TYPES, METHOD_TYPES, NET_TYPES } from "./enums";
import { count, createTime, maybe, product, PRODUCT_READERS, productLookupApi, productSpecFields, refineProduct, type Product } from "./product-lookup";

export { ACTIVE_CYCLE, product, PRODUCT_READERS, type MonitorKind, type Product, type ProductBody } from "./product-lookup";

const dbId = z.coerce.number({ error: "validation.required" }).int().positive().max(2_147_483_647);
const ids = z.array(dbId).min(1, "validation.minItems").max(500, "validation.maxItems");

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

/** One refused function of a TDL import (the refusal's `data`, one per function). */
export const tdlError = z.object({ index: z.number().int(), identifier: z.string().nullable(), field: z.string(), msg: z.string() });
export type TdlError = z.infer<typeof tdlError>;

/** A function's update: its id and the whole function again (a function is edited as a whole). */
export const functionUpdate = z.object({ id: dbId }).and(thingFunction);

/** The products page: the contract's filters, and the gateway pickers' narrowing. */
export const productPageQuery = product.query.extend({
  /** The "unsubscribed products" picker: sub-devices not yet bound to this gateway. */
  notSubOf: optional(z.coerce.number().int().positive()),
  /** The sub-products tab: those bound to this gateway. */
  subOf: optional(z.coerce.number().int().positive()),
});

/** The product copies page: the contract's filters, the subscribe picker's and the owner. */
export const prodCopyPageQuery = prodCopy.query.extend({
  /** The "unsubscribed product copies" picker. */
  unsubscribed: optional(z.enum(["0", "1"])),
  /** platform or own (computed from the owning tenant, not a column). */
  owner: optional(z.enum(["platform", "own"])),
});

/* ---------- the calls (core §7) ---------- */

const read: CallAccess = { menu: PRODUCT_READERS };
/** How many rows a write touched. */
const tally = z.number().int().nonnegative();
const deleted = z.object({ deleted: tally });
const added = z.object({ added: tally });

/** product: the catalogue, and a gateway's sub-products (bind / unBind / subProdList). */
export const productApi = {
  page: defineCall({ kind: "get", path: "device/product/page", input: productPageQuery, answer: typed<Page<Product>>(), access: read }),
  ...productLookupApi,
  ...crudCalls(product, { only: ["info", "add", "upd", "del"], read }),
  bind: defineCall({ kind: "post", path: "device/product/bind", input: subProdBody, answer: z.object({ bound: tally }), access: { perm: "dev:product:upd" } }),
  unBind: defineCall({ kind: "post", path: "device/product/unBind", input: subProdBody, answer: z.object({ unbound: tally }), access: { perm: "dev:product:upd" } }),
  subProdList: defineCall({ kind: "get", path: "device/product/subProdList", input: productIdQuery, answer: typed<Product[]>(), access: read }),
};

/** prodFunction: functions of products, written, bound from the library, or read from and written to TDL. */
export const prodFunctionApi = {
  page: defineCall({ kind: "get", path: "device/prodFunction/page", input: prodFunction.query, answer: typed<Page<FunctionRow>>(), access: read }),
  /** A product's functions, in order (the "product functions" picker, the functions tab). */
  list: defineCall({ kind: "get", path: "device/prodFunction/list", input: productIdQuery, answer: typed<FunctionRow[]>(), access: read }),
  info: defineCall({ kind: "get", path: "device/prodFunction/info", input: idQuery, answer: typed<FunctionRow>(), access: read }),
  add: defineCall({ kind: "post", path: "device/prodFunction/add", input: prodFunction.body, answer: typed<FunctionRow>(), access: { perm: "dev:prodFunction:add" } }),
  upd: defineCall({ kind: "post", path: "device/prodFunction/upd", input: functionUpdate, answer: typed<FunctionRow>(), access: { perm: "dev:prodFunction:upd" } }),
  del: defineCall({ kind: "post", path: "device/prodFunction/del", input: idsBody, answer: deleted, access: { perm: "dev:prodFunction:del" } }),
  addList: defineCall({ kind: "post", path: "device/prodFunction/addList", input: addFunctionsBody, answer: added, access: { perm: "dev:prodFunction:add" } }),
  jsonTDL: defineCall({ kind: "export", path: "device/prodFunction/jsonTDL", input: productIdQuery, answer: file, access: read }),
  /** All of the file's functions or none; refused functions come back in the refusal's `data` (`tdlError`). */
  addFuncByTDL: defineCall({ kind: "post", path: "device/prodFunction/addFuncByTDL", input: tdlImportBody, answer: added, access: { perm: "dev:prodFunction:add" } }),
};

/** objFunction: the function library. */
export const objFunctionApi = {
  page: defineCall({ kind: "get", path: "device/objFunction/page", input: objFunction.query, answer: typed<Page<FunctionRow>>(), access: read }),
  info: defineCall({ kind: "get", path: "device/objFunction/info", input: idQuery, answer: typed<FunctionRow>(), access: read }),
  add: defineCall({ kind: "post", path: "device/objFunction/add", input: objFunction.body, answer: typed<FunctionRow>(), access: { perm: "dev:objFunction:add" } }),
  upd: defineCall({ kind: "post", path: "device/objFunction/upd", input: functionUpdate, answer: typed<FunctionRow>(), access: { perm: "dev:objFunction:upd" } }),
  del: defineCall({ kind: "post", path: "device/objFunction/del", input: idsBody, answer: deleted, access: { perm: "dev:objFunction:del" } }),
};

/** objModel: object models, and (func) the functions of one; changing a model's functions changes the model. */
export const objModelApi = crudCalls(objModel, { only: ["page", "info", "add", "upd", "del"], read });
export const objModelFunctionApi = {
  page: defineCall({ kind: "get", path: "device/objModel/func/page", input: objModelFunction.query, answer: typed<Page<FunctionRow>>(), access: read }),
  add: defineCall({ kind: "post", path: "device/objModel/func/add", input: objModelFunction.body, answer: typed<FunctionRow>(), access: { perm: "dev:objModel:upd" } }),
  upd: defineCall({ kind: "post", path: "device/objModel/func/upd", input: functionUpdate, answer: typed<FunctionRow>(), access: { perm: "dev:objModel:upd" } }),
  del: defineCall({ kind: "post", path: "device/objModel/func/del", input: idsBody, answer: deleted, access: { perm: "dev:objModel:upd" } }),
  /** Copies library functions into the model. */
  addList: defineCall({ kind: "post", path: "device/objModel/func/addList", input: addModelFunctionsBody, answer: added, access: { perm: "dev:objModel:upd" } }),
};

/** objProd: products an object model was applied to; applying copies its functions into them, del forgets the link. */
export const objProdApi = {
  page: defineCall({ kind: "get", path: "device/objProd/page", input: modelIdQuery, answer: typed<Page<Product>>(), access: read }),
  add: defineCall({ kind: "post", path: "device/objProd/add", input: objProdBody, answer: z.object({ applied: tally, functions: tally }), access: { perm: "dev:prodFunction:add" } }),
  del: defineCall({ kind: "post", path: "device/objProd/del", input: objProdBody, answer: deleted, access: { perm: "dev:prodFunction:del" } }),
};

/** prodConnect / objConnect: the connections of a product or an object model. */
export const prodConnectApi = {
  page: defineCall({ kind: "get", path: "device/prodConnect/page", input: productIdQuery, answer: typed<Page<Connect>>(), access: read }),
  add: defineCall({ kind: "post", path: "device/prodConnect/add", input: prodConnectBody, answer: z.object({ bound: tally }), access: { perm: "dev:product:upd" } }),
  del: defineCall({ kind: "post", path: "device/prodConnect/del", input: prodConnectBody, answer: deleted, access: { perm: "dev:product:upd" } }),
};
export const objConnectApi = {
  page: defineCall({ kind: "get", path: "device/objConnect/page", input: modelIdQuery, answer: typed<Page<Connect>>(), access: read }),
  add: defineCall({ kind: "post", path: "device/objConnect/add", input: objConnectBody, answer: z.object({ bound: tally }), access: { perm: "dev:objModel:upd" } }),
  del: defineCall({ kind: "post", path: "device/objConnect/del", input: objConnectBody, answer: deleted, access: { perm: "dev:objModel:upd" } }),
};

/** prodCopy: copies (the platform's, read-only to tenants, and the tenant's own), saving a product as one, subscribing. */
export const prodCopyApi = {
  page: defineCall({ kind: "get", path: "device/prodCopy/page", input: prodCopyPageQuery, answer: typed<Page<ProdCopy>>(), access: read }),
  info: defineCall({ kind: "get", path: "device/prodCopy/info", input: idQuery, answer: typed<ProdCopy>(), access: read }),
  add: defineCall({ kind: "post", path: "device/prodCopy/add", input: prodCopy.body, answer: typed<ProdCopy>(), access: { perm: "dev:prodCopy:add" } }),
  upd: defineCall({ kind: "post", path: "device/prodCopy/upd", input: prodCopy.update, answer: typed<ProdCopy>(), access: { perm: "dev:prodCopy:upd" } }),
  del: defineCall({ kind: "post", path: "device/prodCopy/del", input: idsBody, answer: deleted, access: { perm: "dev:prodCopy:del" } }),
  /** Saves a product, with its functions as they are now, as a copy. */
  addCopyNorm: defineCall({ kind: "post", path: "device/prodCopy/addCopyNorm", input: addCopyNormBody, answer: typed<ProdCopy>(), access: { perm: "dev:prodCopy:add" } }),
  /** Gives the tenant its own product made from the copy, functions included. */
  subscribe: defineCall({ kind: "post", path: "device/prodCopy/subscribe", input: copyIdBody, answer: typed<Product>(), access: { perm: "dev:prodCopy:subscribe" } }),
  unsubscribe: defineCall({ kind: "post", path: "device/prodCopy/unsubscribe", input: copyIdBody, answer: z.object({ unsubscribed: tally }), access: { perm: "dev:prodCopy:subscribe" } }),
};
