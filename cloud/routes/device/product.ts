import { count, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { idQuery, idsBody } from "@/lib/contract/common";
import { product, productIdQuery, subProdBody, type Product, type ProductBody } from "@/lib/contract/device/product";
import { optional } from "@/lib/contract/validation";
import type { Locale } from "@/lib/contract/locale";
import { Code } from "@/lib/contract/envelope";
import { fieldLabelKey } from "@/lib/contract/entity";
import type { Db } from "../../db/client";
import { productSubs, products } from "../../db/schema";
import { productFunctionCounts } from "../../db/queries/products";
import { filterConds, orderOf, ownedDelete, pageOf, rowMapper } from "../../lib/crud";
import { productUsers } from "../../db/queries/product-usage";
import { requireAuth, requirePerm } from "../../lib/auth";
import type { CloudEnv } from "../../lib/context";
import { AppError, body, fieldError, notFound, ok, query } from "../../lib/http";
import { tenantScope } from "../../lib/scope";
import { localized, textColumns } from "../../lib/i18n-text";
import { inUse, productOf, readProducts } from "./product-common";

type Row = typeof products.$inferSelect;

/** Rows with their function and sub-product counts, named in `locale`. */
export async function toProducts(db: Db, rows: Row[], locale: Locale): Promise<Product[]> {
  const ids = rows.map((r) => r.id);
  const [fns, subs] = await Promise.all([
    productFunctionCounts(db, ids),
    ids.length ? db.select({ id: productSubs.gatewayId, n: count() }).from(productSubs).where(inArray(productSubs.gatewayId, ids)).groupBy(productSubs.gatewayId) : [],
  ]);
  const subCount = new Map(subs.map((s) => [s.id, s.n]));
  const toProduct = rowMapper<typeof product.fields, Product>(product, {
    functionCount: (r) => fns.get(r.id as number) ?? 0,
    subCount: (r) => subCount.get(r.id as number) ?? 0,
  });
  return rows.map((r) => toProduct(localized(locale, r)));
}

/** Form values to columns: blanks stored as null; only gateways keep a gateway protocol (copies share the spec). */
export const specColumns = (b: Partial<Omit<ProductBody, "prodName">>) => ({
  prodModel: b.prodModel || null,
  prodCategory: b.prodCategory,
  prodType: b.prodType,
  netType: b.netType,
  dataFormat: b.dataFormat,
  gatewayType: b.prodType === "gateway" ? b.gatewayType || null : null,
  verifyType: b.verifyType,
  activeCycle: b.activeCycle,
  monitorType: b.monitorType || null,
  description: b.description || null,
});
const productColumns = (b: Partial<ProductBody>) => ({ prodName: b.prodName, ...specColumns(b) });

const pageQuery = product.query.extend({
  /** The "unsubscribed products" picker: sub-devices not yet bound to this gateway. */
  notSubOf: optional(z.coerce.number().int().positive()),
  /** The sub-products tab: those bound to this gateway. */
  subOf: optional(z.coerce.number().int().positive()),
});

export const productRoutes = new Hono<CloudEnv>()
  .use(requireAuth)
  .get("/page", readProducts, async (c) => {
    const q = query(c, pageQuery);
    const db = c.var.deps.db;
    const bound = q.notSubOf
      ? [ne(products.id, q.notSubOf), eq(products.prodType, "subDevice"), notInArray(products.id, db.select({ id: productSubs.subId }).from(productSubs).where(eq(productSubs.gatewayId, q.notSubOf)))]
      : [];
    const subs = q.subOf ? inArray(products.id, db.select({ id: productSubs.subId }).from(productSubs).where(eq(productSubs.gatewayId, q.subOf))) : undefined;
    const where = tenantScope(c.var.auth).where(products, ...filterConds(product, products, q, c.var.locale), ...bound, subs);
    const { records, total } = await pageOf(db, products, where, orderOf(product, products, q), q);
    return ok(c, { records: await toProducts(db, records, c.var.locale), total });
  })
  .get("/list", readProducts, async (c) => {
    const q = query(c, product.filters);
    const rows = await c.var.deps.db
      .select()
      .from(products)
      .where(tenantScope(c.var.auth).where(products, ...filterConds(product, products, q, c.var.locale)))
      .orderBy(...orderOf(product, products, q));
    return ok(c, await toProducts(c.var.deps.db, rows, c.var.locale));
  })
  .get("/info", readProducts, async (c) => {
    const { id } = query(c, idQuery);
    return ok(c, (await toProducts(c.var.deps.db, [await productOf(c, id)], c.var.locale))[0]);
  })
  .post("/add", requirePerm("dev:product:add"), async (c) => {
    const input = await body(c, product.body);
    const [row] = await c.var.deps.db
      .insert(products)
      .values(tenantScope(c.var.auth).owned({ ...productColumns(input), ...textColumns(c.var.locale, null, input), createdBy: c.var.auth.userId }) as typeof products.$inferInsert)
      .returning();
    return ok(c, (await toProducts(c.var.deps.db, [row], c.var.locale))[0]);
  })
  .post("/upd", requirePerm("dev:product:upd"), async (c) => {
    const input = await body(c, product.update);
    const db = c.var.deps.db;
    const old = await productOf(c, input.id);
    const type = input.prodType ?? old.prodType;
    if (type === "gateway" && !(input.gatewayType ?? old.gatewayType)) throw fieldError("gatewayType", "validation.select", {}, fieldLabelKey(product.update, "gatewayType"));
    // Devices were made for this type: changing it under them would break their topics and gateways.
    if (type !== old.prodType) {
      const users = await productUsers(db, [old.id]);
      if (users.length) throw inUse(c, users, "product.typeLocked");
    }
    const cols = productColumns({ ...input, prodType: type as ProductBody["prodType"], gatewayType: (input.gatewayType ?? old.gatewayType) as ProductBody["gatewayType"] });
    const changed = Object.fromEntries(Object.entries(cols).filter(([k]) => k in input || k === "gatewayType"));
    const [row] = await db
      .update(products)
      .set({ ...changed, ...textColumns(c.var.locale, old.i18n, input), updatedAt: c.var.deps.now() })
      .where(tenantScope(c.var.auth).where(products, eq(products.id, input.id)))
      .returning();
    return ok(c, (await toProducts(db, [row], c.var.locale))[0]);
  })
  .post("/del", requirePerm("dev:product:del"), async (c) => {
    const { ids } = await body(c, idsBody);
    const db = c.var.deps.db;
    const scope = tenantScope(c.var.auth);
    const own = await db.select({ id: products.id }).from(products).where(scope.where(products, inArray(products.id, ids)));
    if (!own.length) throw notFound();
    const users = await productUsers(db, own.map((r) => r.id));
    if (users.length) throw inUse(c, users);
    const gone = await ownedDelete(db, products, scope.where(products, inArray(products.id, own.map((r) => r.id))));
    return ok(c, { deleted: gone.length });
  })
  // Sub-products of a gateway (core §3 "sub-products").
  .post("/bind", requirePerm("dev:product:upd"), async (c) => {
    const { gatewayId, subIds } = await body(c, subProdBody);
    const db = c.var.deps.db;
    const gateway = await productOf(c, gatewayId);
    if (gateway.prodType !== "gateway") throw new AppError(Code.BAD_REQUEST, "product.notGateway", { name: localized(c.var.locale, gateway).prodName });
    const subs = await db.select().from(products).where(tenantScope(c.var.auth).where(products, inArray(products.id, subIds)));
    if (subs.length !== new Set(subIds).size) throw notFound();
    const wrong = subs.filter((s) => s.prodType !== "subDevice");
    if (wrong.length) throw new AppError(Code.BAD_REQUEST, "product.notSubDevice", { names: wrong.map((s) => localized(c.var.locale, s).prodName).join(", ") });
    await db
      .insert(productSubs)
      .values(subs.map((s) => ({ gatewayId, subId: s.id, tenantId: c.var.auth.tenantId })))
      .onConflictDoNothing();
    return ok(c, { bound: subs.length });
  })
  .post("/unBind", requirePerm("dev:product:upd"), async (c) => {
    const { gatewayId, subIds } = await body(c, subProdBody);
    const gone = await ownedDelete(c.var.deps.db, productSubs, tenantScope(c.var.auth).where(productSubs, eq(productSubs.gatewayId, gatewayId), inArray(productSubs.subId, subIds)));
    return ok(c, { unbound: gone.length });
  })
  .get("/subProdList", readProducts, async (c) => {
    const { productId } = query(c, productIdQuery);
    const db = c.var.deps.db;
    await productOf(c, productId);
    const rows = await db
      .select()
      .from(products)
      .where(tenantScope(c.var.auth).where(products, sql`${products.id} in (select ${productSubs.subId} from ${productSubs} where ${productSubs.gatewayId} = ${productId})`))
      .orderBy(products.id);
    return ok(c, await toProducts(db, rows, c.var.locale));
  });
