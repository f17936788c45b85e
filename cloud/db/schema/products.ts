import type { I18nTexts } from "@/lib/contract/i18n-text";
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import type { Param, ThingFunction } from "@/lib/contract/device/thing-model";
import { tenants } from "./identity";

const stamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * The columns every thing-model function has, wherever it lives (library, object model, product):
 * the searchable parts as columns, the whole normalised definition (`ThingFunction`) in `definition`.
 */
const functionColumns = {
  funcName: varchar("func_name", { length: 64 }).notNull(),
  identifier: varchar("identifier", { length: 32 }).notNull(),
  /** 1 property, 2 event, 3 service. */
  funcType: smallint("func_type").notNull(),
  /** A property's data type name (int32 … array); null for events and services. */
  dataType: varchar("data_type", { length: 16 }),
  accessMode: varchar("access_mode", { length: 2 }),
  definition: jsonb("definition").$type<ThingFunction>().notNull(),
  /** The name in every language (the definition's `i18n`, kept beside `funcName` for selects that name a property). */
  i18n: jsonb("i18n").$type<I18nTexts>(),
};

/**
 * Products (core §3): what a device is. `prodType` device / gateway / subDevice, `netType` mqtt /
 * kafka / tcp / http, `dataFormat` json / JL / modbus, `gatewayType` Modbus / LoRa (gateways only),
 * `verifyType` secret / none, `activeCycle` minutes (1–10000) after which a silent device is offline.
 * `monitorType` names the monitoring screen of a sensor product (tilt, beton, … core §2). Devices
 * point at a product by id; MQTT topics carry that id.
 */
export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    prodName: varchar("prod_name", { length: 64 }).notNull(),
    prodModel: varchar("prod_model", { length: 64 }),
    prodCategory: varchar("prod_category", { length: 32 }).notNull(),
    prodType: varchar("prod_type", { length: 16 }).notNull(),
    netType: varchar("net_type", { length: 16 }).notNull(),
    dataFormat: varchar("data_format", { length: 16 }).notNull(),
    gatewayType: varchar("gateway_type", { length: 16 }),
    verifyType: varchar("verify_type", { length: 16 }).notNull(),
    activeCycle: integer("active_cycle").notNull().default(60),
    monitorType: varchar("monitor_type", { length: 32 }),
    description: varchar("description", { length: 200 }),
    /** The product copy it was subscribed from, if any. */
    copyId: integer("copy_id"),
    createdBy: integer("created_by"),
    /** Multilingual texts of the row's fields (seeded products' names). */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    ...stamps,
  },
  (t) => [index("products_tenant").on(t.tenantId, t.id), index("products_monitor").on(t.monitorType)],
);

/** A gateway product's sub-products (bind / unBind / subProdList). */
export const productSubs = pgTable(
  "product_subs",
  {
    gatewayId: integer("gateway_id").notNull().references(() => products.id, { onDelete: "cascade" }),
    subId: integer("sub_id").notNull().references(() => products.id, { onDelete: "cascade" }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gatewayId, t.subId] }), index("product_subs_sub").on(t.subId)],
);

/** A product's functions: identifiers unique within the product. */
export const productFunctions = pgTable(
  "product_functions",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    productId: integer("product_id").notNull().references(() => products.id, { onDelete: "cascade" }),
    ...functionColumns,
    /** Where it was bound from: a library function or an object model (null when written or imported). */
    sourceFunctionId: integer("source_function_id"),
    sourceModelId: integer("source_model_id"),
    sort: integer("sort").notNull().default(0),
    ...stamps,
  },
  (t) => [uniqueIndex("product_functions_identifier").on(t.productId, t.identifier), index("product_functions_tenant").on(t.tenantId, t.id)],
);

/** The function library (objFunction): functions written once and bound to many products. */
export const objFunctions = pgTable(
  "obj_functions",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    ...functionColumns,
    ...stamps,
  },
  (t) => [uniqueIndex("obj_functions_identifier").on(t.tenantId, t.identifier)],
);

/** Object models (objModel): named sets of functions; 1 basic, 2 advanced. */
export const objModels = pgTable(
  "obj_models",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    modelName: varchar("model_name", { length: 64 }).notNull(),
    modelType: smallint("model_type").notNull().default(1),
    description: varchar("description", { length: 200 }),
    /** Multilingual texts of the row's fields (seeded rows). */
    i18n: jsonb("i18n").$type<I18nTexts>(),
    ...stamps,
  },
  (t) => [index("obj_models_tenant").on(t.tenantId, t.id)],
);

/** An object model's functions: identifiers unique within the model. */
export const objModelFunctions = pgTable(
  "obj_model_functions",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    modelId: integer("model_id").notNull().references(() => objModels.id, { onDelete: "cascade" }),
    ...functionColumns,
    sort: integer("sort").notNull().default(0),
    ...stamps,
  },
  (t) => [uniqueIndex("obj_model_functions_identifier").on(t.modelId, t.identifier)],
);

/** Products an object model was applied to (objProd). */
export const objModelProducts = pgTable(
  "obj_model_products",
  {
    modelId: integer("model_id").notNull().references(() => objModels.id, { onDelete: "cascade" }),
    productId: integer("product_id").notNull().references(() => products.id, { onDelete: "cascade" }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.modelId, t.productId] }), index("obj_model_products_product").on(t.productId)],
);

/**
 * Connections (comm `connect`): how the platform or a device reaches something. `connectType`
 * system / device, `methodType` BASE (an address and parameters) or FUNCTION (calls a product
 * function, `functionIdentifier`).
 */
export const connections = pgTable(
  "connections",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    connectName: varchar("connect_name", { length: 64 }).notNull(),
    connectCode: varchar("connect_code", { length: 32 }).notNull(),
    connectType: varchar("connect_type", { length: 16 }).notNull(),
    methodType: varchar("method_type", { length: 16 }).notNull(),
    netType: varchar("net_type", { length: 16 }),
    address: varchar("address", { length: 200 }),
    port: integer("port"),
    functionIdentifier: varchar("function_identifier", { length: 32 }),
    params: jsonb("params").$type<Param[]>().notNull().default([]),
    description: varchar("description", { length: 200 }),
    ...stamps,
  },
  (t) => [uniqueIndex("connections_code").on(t.tenantId, t.connectCode)],
);

/** Connections of a product (prodConnect). */
export const productConnections = pgTable(
  "product_connections",
  {
    productId: integer("product_id").notNull().references(() => products.id, { onDelete: "cascade" }),
    connectId: integer("connect_id").notNull().references(() => connections.id, { onDelete: "cascade" }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.connectId] }), index("product_connections_connect").on(t.connectId)],
);

/** Connections of an object model (objConnect). */
export const objModelConnections = pgTable(
  "obj_model_connections",
  {
    modelId: integer("model_id").notNull().references(() => objModels.id, { onDelete: "cascade" }),
    connectId: integer("connect_id").notNull().references(() => connections.id, { onDelete: "cascade" }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.modelId, t.connectId] }), index("obj_model_connections_connect").on(t.connectId)],
);

/**
 * Product copies (prodCopy): product templates with a snapshot of their functions. The platform
 * tenant's copies are offered to every tenant; a tenant subscribing gets its own product made from
 * the copy. Other tenants only read the platform's copies.
 */
export const productCopies = pgTable(
  "product_copies",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    copyName: varchar("copy_name", { length: 64 }).notNull(),
    prodModel: varchar("prod_model", { length: 64 }),
    prodCategory: varchar("prod_category", { length: 32 }).notNull(),
    prodType: varchar("prod_type", { length: 16 }).notNull(),
    netType: varchar("net_type", { length: 16 }).notNull(),
    dataFormat: varchar("data_format", { length: 16 }).notNull(),
    gatewayType: varchar("gateway_type", { length: 16 }),
    verifyType: varchar("verify_type", { length: 16 }).notNull(),
    activeCycle: integer("active_cycle").notNull().default(60),
    monitorType: varchar("monitor_type", { length: 32 }),
    description: varchar("description", { length: 200 }),
    functions: jsonb("functions").$type<ThingFunction[]>().notNull().default([]),
    /** The product it was made from (addCopyNorm). */
    sourceProductId: integer("source_product_id"),
    ...stamps,
  },
  (t) => [index("product_copies_tenant").on(t.tenantId, t.id)],
);

/** A tenant's subscription to a copy, and the product it got from it. */
export const productCopySubscriptions = pgTable(
  "product_copy_subscriptions",
  {
    copyId: integer("copy_id").notNull().references(() => productCopies.id, { onDelete: "cascade" }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.copyId, t.tenantId] })],
);

export type ProductRow = typeof products.$inferSelect;
