import { and, eq, inArray, notInArray, or } from "drizzle-orm";
import type { z } from "zod";
import { Code } from "@/lib/contract/envelope";
import { prodCopy, prodCopyApi, type ProdCopy } from "@/lib/contract/device/product";
import { normalizeFunction } from "@/lib/contract/device/thing-model";
import type { Db } from "../../db/client";
import { productCopies, productCopySubscriptions, productFunctions, products } from "../../db/schema";
import { subscribedCopies } from "../../db/queries/products";
import { filterConds, orderOf, ownedDelete, pageOf, rowMapper } from "../../lib/crud";
import { PLATFORM_TENANT_ID } from "../../lib/auth";
import type { Auth } from "../../lib/context";
import { AppError, notFound } from "../../lib/http";
import { tenantScope, tenantOf } from "../../lib/scope";
import { addProductFunctions, productOf, specColumns, toProducts } from "../../lib/product-common";
import { serve } from "../../lib/serve";

type Row = typeof productCopies.$inferSelect;

/** The copies a tenant sees: its own and the platform's (offered to every tenant). */
const visible = (auth: Auth) => or(tenantScope(auth).where(productCopies), tenantOf(PLATFORM_TENANT_ID).where(productCopies))!;

function toCopy(r: Row, auth: Auth, subscribed: Set<number>): ProdCopy {
  return rowMapper<typeof prodCopy.fields, ProdCopy>(prodCopy, {
    functionCount: () => r.functions.length,
    owner: () => (r.tenantId === PLATFORM_TENANT_ID ? "platform" : "own"),
    // A tenant's own copies are its to edit; the platform's copies are what it subscribes to.
    subscribed: () => subscribed.has(r.id),
  })(r);
}

const copyColumns = (b: Partial<z.output<typeof prodCopy.body>>) => ({ copyName: b.copyName, ...specColumns(b), functions: b.functions?.map(normalizeFunction) });

/** A copy the caller may change: its own. The platform's copies are read-only to tenants. */
async function ownCopy(db: Db, auth: Auth, id: number) {
  const [row] = await db.select().from(productCopies).where(and(visible(auth), eq(productCopies.id, id)));
  if (!row) throw notFound();
  if (row.tenantId !== auth.tenantId) throw new AppError(Code.FORBIDDEN, "product.copyReadOnly");
  return row;
}

/** Product copies: the tenant's own and the platform's, a product saved as one, subscriptions. */
export const prodCopyServed = [
  serve(prodCopyApi.page, async (c, q) => {
    const db = c.var.deps.db;
    const auth = c.var.auth;
    const owner = q.owner === "platform" ? tenantOf(PLATFORM_TENANT_ID).where(productCopies) : q.owner === "own" ? tenantScope(auth).where(productCopies) : undefined;
    const notMine =
      q.unsubscribed === "1"
        ? notInArray(productCopies.id, db.select({ id: productCopySubscriptions.copyId }).from(productCopySubscriptions).where(tenantScope(auth).where(productCopySubscriptions)))
        : undefined;
    const where = and(visible(auth), owner, notMine, ...filterConds(prodCopy, productCopies, q, c.var.locale));
    const { records, total } = await pageOf(db, productCopies, where, orderOf(prodCopy, productCopies, q), q);
    const subscribed = await subscribedCopies(db, auth.tenantId, records.map((r) => r.id));
    return { records: records.map((r) => toCopy(r, auth, subscribed)), total };
  }),
  serve(prodCopyApi.info, async (c, { id }) => {
    const db = c.var.deps.db;
    const [row] = await db.select().from(productCopies).where(and(visible(c.var.auth), eq(productCopies.id, id)));
    if (!row) throw notFound();
    return toCopy(row, c.var.auth, await subscribedCopies(db, c.var.auth.tenantId, [row.id]));
  }),
  serve(prodCopyApi.add, async (c, input) => {
    const [row] = await c.var.deps.db
      .insert(productCopies)
      .values(tenantScope(c.var.auth).owned(copyColumns(input)) as typeof productCopies.$inferInsert)
      .returning();
    return toCopy(row, c.var.auth, new Set());
  }),
  serve(prodCopyApi.upd, async (c, input) => {
    const db = c.var.deps.db;
    await ownCopy(db, c.var.auth, input.id);
    const cols = Object.fromEntries(Object.entries(copyColumns(input)).filter(([k]) => k in input));
    const [row] = await db.update(productCopies).set({ ...cols, updatedAt: c.var.deps.now() }).where(eq(productCopies.id, input.id)).returning();
    return toCopy(row, c.var.auth, await subscribedCopies(db, c.var.auth.tenantId, [row.id]));
  }),
  serve(prodCopyApi.del, async (c, { ids }) => {
    const db = c.var.deps.db;
    for (const id of ids) await ownCopy(db, c.var.auth, id);
    const gone = await ownedDelete(db, productCopies, tenantScope(c.var.auth).where(productCopies, inArray(productCopies.id, ids)));
    return { deleted: gone.length };
  }),
  /** Saves a product, with its functions as they are now, as a copy. */
  serve(prodCopyApi.addCopyNorm, async (c, { productId, copyName }) => {
    const db = c.var.deps.db;
    const p = await productOf(c, productId);
    const fns = await db.select({ d: productFunctions.definition }).from(productFunctions).where(eq(productFunctions.productId, productId)).orderBy(productFunctions.sort, productFunctions.id);
    const [row] = await db
      .insert(productCopies)
      .values({
        tenantId: c.var.auth.tenantId,
        copyName: copyName || p.prodName,
        prodModel: p.prodModel,
        prodCategory: p.prodCategory,
        prodType: p.prodType,
        netType: p.netType,
        dataFormat: p.dataFormat,
        gatewayType: p.gatewayType,
        verifyType: p.verifyType,
        activeCycle: p.activeCycle,
        monitorType: p.monitorType,
        description: p.description,
        functions: fns.map((f) => f.d),
        sourceProductId: p.id,
      })
      .returning();
    return toCopy(row, c.var.auth, new Set());
  }),
  /** Subscribing gives the tenant its own product made from the copy, functions included. */
  serve(prodCopyApi.subscribe, async (c, { copyId }) => {
    const db = c.var.deps.db;
    const auth = c.var.auth;
    const [copy] = await db.select().from(productCopies).where(and(visible(auth), eq(productCopies.id, copyId)));
    if (!copy) throw notFound();
    if ((await subscribedCopies(db, auth.tenantId, [copyId])).size) throw new AppError(Code.CONFLICT, "product.alreadySubscribed", { name: copy.copyName });
    const made = await db.transaction(async (t) => {
      const [p] = await t
        .insert(products)
        .values({
          tenantId: auth.tenantId,
          prodName: copy.copyName,
          prodModel: copy.prodModel,
          prodCategory: copy.prodCategory,
          prodType: copy.prodType,
          netType: copy.netType,
          dataFormat: copy.dataFormat,
          gatewayType: copy.gatewayType,
          verifyType: copy.verifyType,
          activeCycle: copy.activeCycle,
          monitorType: copy.monitorType,
          description: copy.description,
          copyId: copy.id,
          createdBy: auth.userId,
        })
        .returning();
      await addProductFunctions(t, auth, p.id, copy.functions);
      await t.insert(productCopySubscriptions).values({ copyId, tenantId: auth.tenantId, productId: p.id });
      return p;
    });
    return (await toProducts(db, [made], c.var.locale))[0];
  }),
  /** Ends the subscription; the product made from it stays the tenant's (devices may use it). */
  serve(prodCopyApi.unsubscribe, async (c, { copyId }) => {
    await ownedDelete(c.var.deps.db, productCopySubscriptions, tenantScope(c.var.auth).where(productCopySubscriptions, eq(productCopySubscriptions.copyId, copyId)));
    return { unsubscribed: 1 };
  }),
];
