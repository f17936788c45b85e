import { and, asc, eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import type { PgColumn } from "drizzle-orm/pg-core";
import { modelIdQuery, objConnectBody, prodConnectBody, productIdQuery } from "@/lib/contract/device/product";
import type { Db } from "../../db/client";
import { connections, objModelConnections, objModels, productConnections, products } from "../../db/schema";
import { requireAuth, requirePerm } from "../../lib/auth";
import type { Auth, CloudEnv } from "../../lib/context";
import { body, notFound, ok, query } from "../../lib/http";
import { tenantScope } from "../../lib/scope";
import { toConnect } from "../comm/connect";
import { readProducts } from "./product-common";

/** The caller's rows among `ids` of a tenant table, all of them or a 404. */
async function ownAll(db: Db, auth: Auth, table: typeof connections | typeof products | typeof objModels, idCol: PgColumn, ids: number[]) {
  const rows = await db.select({ id: idCol }).from(table).where(tenantScope(auth).where(table, inArray(idCol, ids)));
  if (rows.length !== new Set(ids).size) throw notFound();
}

/** prodConnect: connections of a product. */
export const prodConnectRoutes = new Hono<CloudEnv>()
  .use(requireAuth)
  .get("/page", readProducts, async (c) => {
    const { productId } = query(c, productIdQuery);
    const rows = await c.var.deps.db
      .select({ c: connections })
      .from(productConnections)
      .innerJoin(connections, eq(connections.id, productConnections.connectId))
      .where(and(eq(productConnections.tenantId, c.var.auth.tenantId), eq(productConnections.productId, productId)))
      .orderBy(asc(connections.id));
    return ok(c, { records: rows.map((r) => toConnect(r.c)), total: rows.length });
  })
  .post("/add", requirePerm("dev:product:upd"), async (c) => {
    const { productId, connectIds } = await body(c, prodConnectBody);
    const db = c.var.deps.db;
    await ownAll(db, c.var.auth, products, products.id, [productId]);
    await ownAll(db, c.var.auth, connections, connections.id, connectIds);
    await db
      .insert(productConnections)
      .values(connectIds.map((connectId) => ({ productId, connectId, tenantId: c.var.auth.tenantId })))
      .onConflictDoNothing();
    return ok(c, { bound: connectIds.length });
  })
  .post("/del", requirePerm("dev:product:upd"), async (c) => {
    const { productId, connectIds } = await body(c, prodConnectBody);
    const gone = await c.var.deps.db
      .delete(productConnections)
      .where(and(eq(productConnections.tenantId, c.var.auth.tenantId), eq(productConnections.productId, productId), inArray(productConnections.connectId, connectIds)))
      .returning({ id: productConnections.connectId });
    if (!gone.length) throw notFound();
    return ok(c, { deleted: gone.length });
  });

/** objConnect: connections of an object model. */
export const objConnectRoutes = new Hono<CloudEnv>()
  .use(requireAuth)
  .get("/page", readProducts, async (c) => {
    const { modelId } = query(c, modelIdQuery);
    const rows = await c.var.deps.db
      .select({ c: connections })
      .from(objModelConnections)
      .innerJoin(connections, eq(connections.id, objModelConnections.connectId))
      .where(and(eq(objModelConnections.tenantId, c.var.auth.tenantId), eq(objModelConnections.modelId, modelId)))
      .orderBy(asc(connections.id));
    return ok(c, { records: rows.map((r) => toConnect(r.c)), total: rows.length });
  })
  .post("/add", requirePerm("dev:objModel:upd"), async (c) => {
    const { modelId, connectIds } = await body(c, objConnectBody);
    const db = c.var.deps.db;
    await ownAll(db, c.var.auth, objModels, objModels.id, [modelId]);
    await ownAll(db, c.var.auth, connections, connections.id, connectIds);
    await db
      .insert(objModelConnections)
      .values(connectIds.map((connectId) => ({ modelId, connectId, tenantId: c.var.auth.tenantId })))
      .onConflictDoNothing();
    return ok(c, { bound: connectIds.length });
  })
  .post("/del", requirePerm("dev:objModel:upd"), async (c) => {
    const { modelId, connectIds } = await body(c, objConnectBody);
    const gone = await c.var.deps.db
      .delete(objModelConnections)
      .where(and(eq(objModelConnections.tenantId, c.var.auth.tenantId), eq(objModelConnections.modelId, modelId), inArray(objModelConnections.connectId, connectIds)))
      .returning({ id: objModelConnections.connectId });
    if (!gone.length) throw notFound();
    return ok(c, { deleted: gone.length });
  });
