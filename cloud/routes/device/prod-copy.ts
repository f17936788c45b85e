import { and, eq, inArray, notInArray, or } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { idQuery, idsBody } from "@/lib/contract/common";
import { Code } from "@/lib/contract/envelope";
import { addCopyNormBody, copyIdBody, prodCopy, type ProdCopy } from "@/lib/contract/device/product";
import { normalizeFunction } from "@/lib/contract/device/thing-model";
import { optional } from "@/lib/contract/validation";
import type { Db } from "../../db/client";
import { productCopies, productCopySubscriptions, productFunctions, products } from "../../db/schema";
import { subscribedCopies } from "../../db/queries/products";
import { filterConds, orderOf, ownedDelete, pageOf, rowMapper } from "../../lib/crud";
import { PLATFORM_TENANT_ID, requireAuth, requirePerm } from "../../lib/auth";
import type { Auth, CloudEnv } from "../../lib/context";
import { AppError, body, notFound, ok, query } from "../../lib/http";
import { tenantScope, tenantOf } from "../../lib/scope";
import { productOf, readProducts } from "./product-common";
import { addProductFunctions } from "./prod-function";
import { specColumns, toProducts } from "./product";

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

const pageQuery = prodCopy.query.extend({
  /** The "unsubscribed product copies" picker. */
  unsubscribed: optional(z.enum(["0", "1"])),
  /** platform or own (computed from the owning tenant, not a column). */
  owner: optional(z.enum(["platform", "own"])),
});

export const prodCopyRoutes = new Hono<CloudEnv>()
  .use(requireAuth)
  .get("/page", readProducts, async (c) => {
    const q = query(c, pageQuery);
    const db = c.var.deps.db;
    const auth = c.var.auth;
    const owner = q.owner === "platform" ? tenantOf(PLATFORM_TENANT_ID).where(productCopies) : q.owner === "own" ? tenantScope(auth).where(productCopies) : undefined;
    const notMine =
      q.unsubscribed === "1"
        ? notInArray(productCopies.id, db.select({ id: productCopySubscriptions.copyId }).from(productCopySubscriptions).where(tenantScope(auth).where(productCopySubscriptions)))
        : undefined;
    const where = and(visible(auth), owner, notMine, ...filterConds(prodCopy, productCopies, q));
    const { records, total } = await pageOf(db, productCopies, where, orderOf(prodCopy, productCopies, q), q);
    const subscribed = await subscribedCopies(db, auth.tenantId, records.map((r) => r.id));
    return ok(c, { records: records.map((r) => toCopy(r, auth, subscribed)), total });
  })
  .get("/info", readProducts, async (c) => {
    const { id } = query(c, idQuery);
    const db = c.var.deps.db;
    const [row] = await db.select().from(productCopies).where(and(visible(c.var.auth), eq(productCopies.id, id)));
    if (!row) throw notFound();
    return ok(c, toCopy(row, c.var.auth, await subscribedCopies(db, c.var.auth.tenantId, [row.id])));
  })
  .post("/add", requirePerm("dev:prodCopy:add"), async (c) => {
    const input = await body(c, prodCopy.body);
    const [row] = await c.var.deps.db
      .insert(productCopies)
      .values(tenantScope(c.var.auth).owned(copyColumns(input)) as typeof productCopies.$inferInsert)
      .returning();
    return ok(c, toCopy(row, c.var.auth, new Set()));
  })
  .post("/upd", requirePerm("dev:prodCopy:upd"), async (c) => {
    const input = await body(c, prodCopy.update);
    const db = c.var.deps.db;
    await ownCopy(db, c.var.auth, input.id);
    const cols = Object.fromEntries(Object.entries(copyColumns(input)).filter(([k]) => k in input));
    const [row] = await db.update(productCopies).set({ ...cols, updatedAt: c.var.deps.now() }).where(eq(productCopies.id, input.id)).returning();
    return ok(c, toCopy(row, c.var.auth, await subscribedCopies(db, c.var.auth.tenantId, [row.id])));
  })
  .post("/del", requirePerm("dev:prodCopy:del"), async (c) => {
    const { ids } = await body(c, idsBody);
    const db = c.var.deps.db;
    for (const id of ids) await ownCopy(db, c.var.auth, id);
    const gone = await ownedDelete(db, productCopies, tenantScope(c.var.auth).where(productCopies, inArray(productCopies.id, ids)));
    return ok(c, { deleted: gone.length });
  })
  /** Saves a product, with its functions as they are now, as a copy. */
  .post("/addCopyNorm", requirePerm("dev:prodCopy:add"), async (c) => {
    const { productId, copyName } = await body(c, addCopyNormBody);
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
    return ok(c, toCopy(row, c.var.auth, new Set()));
  })
  /** Subscribing gives the tenant its own product made from the copy, functions included. */
  .post("/subscribe", requirePerm("dev:prodCopy:subscribe"), async (c) => {
    const { copyId } = await body(c, copyIdBody);
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
    return ok(c, (await toProducts(db, [made], c.var.locale))[0]);
  })
  /** Ends the subscription; the product made from it stays the tenant's (devices may use it). */
  .post("/unsubscribe", requirePerm("dev:prodCopy:subscribe"), async (c) => {
    const { copyId } = await body(c, copyIdBody);
    await ownedDelete(c.var.deps.db, productCopySubscriptions, tenantScope(c.var.auth).where(productCopySubscriptions, eq(productCopySubscriptions.copyId, copyId)));
    return ok(c, { unsubscribed: 1 });
  });
