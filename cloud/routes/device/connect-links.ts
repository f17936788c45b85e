import { asc, eq, inArray, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import type { z } from "zod";
import { modelIdQuery, objConnectBody, prodConnectBody, productIdQuery } from "@/lib/contract/device/product";
import type { Db } from "../../db/client";
import { connections, objModelConnections, objModels, productConnections, products } from "../../db/schema";
import { requireAuth, requirePerm } from "../../lib/auth";
import type { Auth, CloudEnv } from "../../lib/context";
import { body, notFound, ok, query } from "../../lib/http";
import { tenantScope } from "../../lib/scope";
import { toConnect } from "../../db/queries/connections";
import { readProducts } from "./product-common";
import { ownedDelete } from "../../lib/crud";

/** The caller's rows among `ids` of a tenant table, all of them or a 404. */
async function ownAll(db: Db, auth: Auth, table: typeof connections | typeof products | typeof objModels, ids: number[]) {
  const rows = await db.select({ id: table.id }).from(table).where(tenantScope(auth).where(table, inArray(table.id, ids)));
  if (rows.length !== new Set(ids).size) throw notFound();
}

type Link = typeof productConnections | typeof objModelConnections;

/**
 * The connections of an owner (a product or an object model): page, add (bind) and del (unbind).
 * `ownerKey` is the body's and query's name of the owner's id and the link table's column.
 */
function linkRoutes<K extends "productId" | "modelId">(o: {
  link: Link;
  owner: typeof products | typeof objModels;
  ownerKey: K;
  ownerQuery: z.ZodType<Record<K, number>>;
  linkBody: z.ZodType<Record<K, number> & { connectIds: number[] }>;
  perm: string;
}) {
  const ownerCol = (o.link as unknown as Record<K, typeof productConnections.productId>)[o.ownerKey];
  const mine = (auth: Auth, id: number, ...conds: SQL[]) => tenantScope(auth).where(o.link, eq(ownerCol, id), ...conds);
  return new Hono<CloudEnv>()
    .use(requireAuth)
    .get("/page", readProducts, async (c) => {
      const id = query(c, o.ownerQuery)[o.ownerKey];
      const rows = await c.var.deps.db
        .select({ c: connections })
        .from(o.link)
        .innerJoin(connections, eq(connections.id, o.link.connectId))
        .where(mine(c.var.auth, id))
        .orderBy(asc(connections.id));
      return ok(c, { records: rows.map((r) => toConnect(r.c)), total: rows.length });
    })
    .post("/add", requirePerm(o.perm), async (c) => {
      const input = await body(c, o.linkBody);
      const id = input[o.ownerKey];
      const db = c.var.deps.db;
      await ownAll(db, c.var.auth, o.owner, [id]);
      await ownAll(db, c.var.auth, connections, input.connectIds);
      await db
        .insert(o.link)
        .values(input.connectIds.map((connectId) => ({ [o.ownerKey]: id, connectId, tenantId: c.var.auth.tenantId }) as never))
        .onConflictDoNothing();
      return ok(c, { bound: input.connectIds.length });
    })
    .post("/del", requirePerm(o.perm), async (c) => {
      const input = await body(c, o.linkBody);
      const gone = await ownedDelete(c.var.deps.db, o.link, mine(c.var.auth, input[o.ownerKey], inArray(o.link.connectId, input.connectIds)));
      return ok(c, { deleted: gone.length });
    });
}

/** prodConnect: connections of a product. */
export const prodConnectRoutes = linkRoutes({ link: productConnections, owner: products, ownerKey: "productId", ownerQuery: productIdQuery, linkBody: prodConnectBody, perm: "dev:product:upd" });
/** objConnect: connections of an object model. */
export const objConnectRoutes = linkRoutes({ link: objModelConnections, owner: objModels, ownerKey: "modelId", ownerQuery: modelIdQuery, linkBody: objConnectBody, perm: "dev:objModel:upd" });
