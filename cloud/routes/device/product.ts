import { eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import { Code } from "@/lib/contract/envelope";
import { fieldLabelKey } from "@/lib/contract/entity";
import { product, productApi, type ProductBody } from "@/lib/contract/device/product";
import { productSubs, products } from "../../db/schema";
import { filterConds, orderOf, ownedDelete, pageOf } from "../../lib/crud";
import { productUsers } from "../../db/queries/product-usage";
import { AppError, fieldError, notFound } from "../../lib/http";
import { tenantScope } from "../../lib/scope";
import { localized, textColumns } from "../../lib/i18n-text";
import { inUse, productColumns, productOf, toProducts } from "../../lib/product-common";
import { serve } from "../../lib/serve";

/**
 * Products (core §3) of the caller's tenant, with their function and sub-product counts; a type
 * change or a delete is refused while devices, rules or other users need the product as it is.
 */
export const productServed = [
  serve(productApi.page, async (c, q) => {
    const db = c.var.deps.db;
    const bound = q.notSubOf
      ? [ne(products.id, q.notSubOf), eq(products.prodType, "subDevice"), notInArray(products.id, db.select({ id: productSubs.subId }).from(productSubs).where(eq(productSubs.gatewayId, q.notSubOf)))]
      : [];
    const subs = q.subOf ? inArray(products.id, db.select({ id: productSubs.subId }).from(productSubs).where(eq(productSubs.gatewayId, q.subOf))) : undefined;
    const where = tenantScope(c.var.auth).where(products, ...filterConds(product, products, q, c.var.locale), ...bound, subs);
    const { records, total } = await pageOf(db, products, where, orderOf(product, products, q), q);
    return { records: await toProducts(db, records, c.var.locale), total };
  }),
  serve(productApi.list, async (c, q) => {
    const rows = await c.var.deps.db
      .select()
      .from(products)
      .where(tenantScope(c.var.auth).where(products, ...filterConds(product, products, q, c.var.locale)))
      .orderBy(...orderOf(product, products, q));
    return toProducts(c.var.deps.db, rows, c.var.locale);
  }),
  serve(productApi.info, async (c, { id }) => (await toProducts(c.var.deps.db, [await productOf(c, id)], c.var.locale))[0]),
  serve(productApi.add, async (c, input) => {
    const [row] = await c.var.deps.db
      .insert(products)
      .values(tenantScope(c.var.auth).owned({ ...productColumns(input), ...textColumns(c.var.locale, null, input), createdBy: c.var.auth.userId }) as typeof products.$inferInsert)
      .returning();
    return (await toProducts(c.var.deps.db, [row], c.var.locale))[0];
  }),
  serve(productApi.upd, async (c, input) => {
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
    return (await toProducts(db, [row], c.var.locale))[0];
  }),
  serve(productApi.del, async (c, { ids }) => {
    const db = c.var.deps.db;
    const scope = tenantScope(c.var.auth);
    const own = await db.select({ id: products.id }).from(products).where(scope.where(products, inArray(products.id, ids)));
    if (!own.length) throw notFound();
    const users = await productUsers(db, own.map((r) => r.id));
    if (users.length) throw inUse(c, users);
    const gone = await ownedDelete(db, products, scope.where(products, inArray(products.id, own.map((r) => r.id))));
    return { deleted: gone.length };
  }),
  // Sub-products of a gateway (core §3 "sub-products").
  serve(productApi.bind, async (c, { gatewayId, subIds }) => {
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
    return { bound: subs.length };
  }),
  serve(productApi.unBind, async (c, { gatewayId, subIds }) => {
    const gone = await ownedDelete(c.var.deps.db, productSubs, tenantScope(c.var.auth).where(productSubs, eq(productSubs.gatewayId, gatewayId), inArray(productSubs.subId, subIds)));
    return { unbound: gone.length };
  }),
  serve(productApi.subProdList, async (c, { productId }) => {
    const db = c.var.deps.db;
    await productOf(c, productId);
    const rows = await db
      .select()
      .from(products)
      .where(tenantScope(c.var.auth).where(products, sql`${products.id} in (select ${productSubs.subId} from ${productSubs} where ${productSubs.gatewayId} = ${productId})`))
      .orderBy(products.id);
    return toProducts(db, rows, c.var.locale);
  }),
];
