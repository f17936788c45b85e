import { asc, count, eq, inArray } from "drizzle-orm";
import { localized, textColumns } from "../../lib/i18n-text";
import { objModel, objModelApi, objModelFunction, objModelFunctionApi, objProdApi, type ObjModel } from "@/lib/contract/device/product";
import type { ThingFunction } from "@/lib/contract/device/thing-model";
import type { Db } from "../../db/client";
import { objModelFunctions, objModelProducts, objModels, products } from "../../db/schema";
import { functionValues, toFunctionRow } from "../../db/queries/products";
import { filterConds, orderOf, ownedDelete, pageOf } from "../../lib/crud";
import type { Auth, Ctx } from "../../lib/context";
import { notFound } from "../../lib/http";
import { tenantScope } from "../../lib/scope";
import { addProductFunctions, assertIdentifiersFree, libraryFunctions, toProducts, updateFunction, writtenFunction } from "../../lib/product-common";
import { serve } from "../../lib/serve";

type Row = typeof objModels.$inferSelect;

async function toModels(db: Db, rows: Row[]): Promise<ObjModel[]> {
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await db.select({ id: objModelFunctions.modelId, n: count() }).from(objModelFunctions).where(inArray(objModelFunctions.modelId, ids)).groupBy(objModelFunctions.modelId)
    : [];
  const n = new Map(counts.map((r) => [r.id, r.n]));
  return rows.map((r) => ({
    id: r.id,
    modelName: r.modelName,
    modelType: r.modelType as ObjModel["modelType"],
    description: r.description,
    functionCount: n.get(r.id) ?? 0,
    createTime: r.createdAt.toISOString(),
  }));
}

async function modelOrThrow(db: Db, auth: Auth, id: number) {
  const [m] = await db.select().from(objModels).where(tenantScope(auth).where(objModels, eq(objModels.id, id)));
  if (!m) throw notFound();
  return m;
}

/** Adds functions to a model: identifiers free in the model and unique in the batch, or nothing. */
async function addModelFunctions(db: Db, auth: Auth, modelId: number, fns: ThingFunction[]) {
  await assertIdentifiersFree(db, objModelFunctions, eq(objModelFunctions.modelId, modelId), fns);
  return db
    .insert(objModelFunctions)
    .values(fns.map((fn, i) => ({ ...functionValues(fn), tenantId: auth.tenantId, modelId, sort: i })))
    .returning();
}

const toFn = (c: Ctx, r: typeof objModelFunctions.$inferSelect) => toFunctionRow(c.var.locale, r, { modelId: r.modelId });

/** The functions of one object model (objModelInfo). */
const functionServed = [
  serve(objModelFunctionApi.page, async (c, q) => {
    const db = c.var.deps.db;
    const where = tenantScope(c.var.auth).where(objModelFunctions, ...filterConds(objModelFunction, objModelFunctions, q, c.var.locale));
    const { records, total } = await pageOf(db, objModelFunctions, where, orderOf(objModelFunction, objModelFunctions, q, [asc(objModelFunctions.sort), asc(objModelFunctions.id)]), q);
    return { records: records.map((r) => toFn(c, r)), total };
  }),
  serve(objModelFunctionApi.add, async (c, input) => {
    await modelOrThrow(c.var.deps.db, c.var.auth, input.modelId);
    const [row] = await addModelFunctions(c.var.deps.db, c.var.auth, input.modelId, [writtenFunction(c.var.locale, input)]);
    return toFn(c, row);
  }),
  serve(objModelFunctionApi.upd, updateFunction({ table: objModelFunctions, group: (old: typeof objModelFunctions.$inferSelect) => eq(objModelFunctions.modelId, old.modelId), toRow: toFn })),
  serve(objModelFunctionApi.del, async (c, { ids }) => {
    const gone = await ownedDelete(c.var.deps.db, objModelFunctions, tenantScope(c.var.auth).where(objModelFunctions, inArray(objModelFunctions.id, ids)));
    return { deleted: gone.length };
  }),
  /** Copies library functions into the model. */
  serve(objModelFunctionApi.addList, async (c, { modelId, functionIds }) => {
    const db = c.var.deps.db;
    await modelOrThrow(db, c.var.auth, modelId);
    const lib = await libraryFunctions(c, functionIds);
    const rows = await db.transaction((tx) => addModelFunctions(tx, c.var.auth, modelId, lib.map((f) => f.definition)));
    return { added: rows.length };
  }),
];

/** objProd: products an object model was applied to; applying copies its functions into them. */
export const objProdServed = [
  serve(objProdApi.page, async (c, { modelId }) => {
    const db = c.var.deps.db;
    await modelOrThrow(db, c.var.auth, modelId);
    const rows = await db
      .select({ p: products })
      .from(objModelProducts)
      .innerJoin(products, eq(products.id, objModelProducts.productId))
      .where(tenantScope(c.var.auth).where(objModelProducts, eq(objModelProducts.modelId, modelId)))
      .orderBy(asc(products.id));
    const records = await toProducts(db, rows.map((r) => r.p), c.var.locale);
    return { records, total: records.length };
  }),
  serve(objProdApi.add, async (c, { modelId, productIds }) => {
    const db = c.var.deps.db;
    await modelOrThrow(db, c.var.auth, modelId);
    const targets = await db.select({ id: products.id }).from(products).where(tenantScope(c.var.auth).where(products, inArray(products.id, productIds)));
    if (targets.length !== new Set(productIds).size) throw notFound();
    const fns = await db.select().from(objModelFunctions).where(eq(objModelFunctions.modelId, modelId)).orderBy(asc(objModelFunctions.sort), asc(objModelFunctions.id));
    await db.transaction(async (t) => {
      for (const p of targets) {
        await addProductFunctions(t, c.var.auth, p.id, fns.map((f) => f.definition), { modelId });
        await t.insert(objModelProducts).values({ modelId, productId: p.id, tenantId: c.var.auth.tenantId }).onConflictDoNothing();
      }
    });
    return { applied: targets.length, functions: fns.length };
  }),
  /** Forgets the link; the product keeps the functions it got. */
  serve(objProdApi.del, async (c, { modelId, productIds }) => {
    const gone = await ownedDelete(c.var.deps.db, objModelProducts, tenantScope(c.var.auth).where(objModelProducts, eq(objModelProducts.modelId, modelId), inArray(objModelProducts.productId, productIds)));
    return { deleted: gone.length };
  }),
];

/** Object models of the caller's tenant, and their functions. */
export const objModelServed = [
  ...functionServed,
  serve(objModelApi.page, async (c, q) => {
    const db = c.var.deps.db;
    const where = tenantScope(c.var.auth).where(objModels, ...filterConds(objModel, objModels, q, c.var.locale));
    const { records, total } = await pageOf(db, objModels, where, orderOf(objModel, objModels, q), q);
    return { records: await toModels(db, records.map((r) => localized(c.var.locale, r))), total };
  }),
  serve(objModelApi.info, async (c, { id }) => (await toModels(c.var.deps.db, [localized(c.var.locale, await modelOrThrow(c.var.deps.db, c.var.auth, id))]))[0]),
  serve(objModelApi.add, async (c, input) => {
    const [row] = await c.var.deps.db
      .insert(objModels)
      .values(tenantScope(c.var.auth).owned({ modelName: input.modelName, modelType: input.modelType, description: input.description || null }))
      .returning();
    return (await toModels(c.var.deps.db, [row]))[0];
  }),
  serve(objModelApi.upd, async (c, input) => {
    const set = {
      ...(input.modelName !== undefined ? { modelName: input.modelName } : {}),
      ...(input.modelType !== undefined ? { modelType: input.modelType } : {}),
      ...("description" in input ? { description: input.description || null } : {}),
    };
    const before = await modelOrThrow(c.var.deps.db, c.var.auth, input.id);
    const [row] = await c.var.deps.db
      .update(objModels)
      .set({ ...set, ...textColumns(c.var.locale, before.i18n, input), updatedAt: c.var.deps.now() })
      .where(tenantScope(c.var.auth).where(objModels, eq(objModels.id, input.id)))
      .returning();
    if (!row) throw notFound();
    return (await toModels(c.var.deps.db, [localized(c.var.locale, row)]))[0];
  }),
  // Products keep the functions a model gave them; the model and its links go.
  serve(objModelApi.del, async (c, { ids }) => {
    const gone = await ownedDelete(c.var.deps.db, objModels, tenantScope(c.var.auth).where(objModels, inArray(objModels.id, ids)));
    return { deleted: gone.length };
  }),
];
