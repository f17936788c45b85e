import { asc, eq, inArray, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Call } from "@/lib/contract/call";
import type { Page } from "@/lib/contract/envelope";
import { objConnectApi, prodConnectApi, type Connect } from "@/lib/contract/device/product";
import type { Db } from "../../db/client";
import { connections, objModelConnections, objModels, productConnections, products } from "../../db/schema";
import type { Auth } from "../../lib/context";
import { notFound } from "../../lib/http";
import { tenantScope } from "../../lib/scope";
import { toConnect } from "../../db/queries/connections";
import { ownedDelete } from "../../lib/crud";
import { serve } from "../../lib/serve";

/** The caller's rows among `ids` of a tenant table, all of them or a 404. */
async function ownAll(db: Db, auth: Auth, table: typeof connections | typeof products | typeof objModels, ids: number[]) {
  const rows = await db.select({ id: table.id }).from(table).where(tenantScope(auth).where(table, inArray(table.id, ids)));
  if (rows.length !== new Set(ids).size) throw notFound();
}

type Link = typeof productConnections | typeof objModelConnections;
type LinkBody<K extends string> = z.ZodType<Record<K, number> & { connectIds: number[] }>;

/**
 * The connections of an owner (a product or an object model): page, add (bind) and del (unbind).
 * `ownerKey` is the body's and query's name of the owner's id and the link table's column.
 */
function linkServed<K extends "productId" | "modelId">(o: {
  link: Link;
  owner: typeof products | typeof objModels;
  ownerKey: K;
  calls: {
    page: Call<z.ZodType<Record<K, number>>, Page<Connect>>;
    add: Call<LinkBody<K>, { bound: number }>;
    del: Call<LinkBody<K>, { deleted: number }>;
  };
}) {
  const ownerCol = (o.link as unknown as Record<K, typeof productConnections.productId>)[o.ownerKey];
  const mine = (auth: Auth, id: number, ...conds: SQL[]) => tenantScope(auth).where(o.link, eq(ownerCol, id), ...conds);
  return [
    serve(o.calls.page, async (c, q) => {
      const rows = await c.var.deps.db
        .select({ c: connections })
        .from(o.link)
        .innerJoin(connections, eq(connections.id, o.link.connectId))
        .where(mine(c.var.auth, q[o.ownerKey]))
        .orderBy(asc(connections.id));
      return { records: rows.map((r) => toConnect(r.c)), total: rows.length };
    }),
    serve(o.calls.add, async (c, input) => {
      const id = input[o.ownerKey];
      const db = c.var.deps.db;
      await ownAll(db, c.var.auth, o.owner, [id]);
      await ownAll(db, c.var.auth, connections, input.connectIds);
      await db
        .insert(o.link)
        .values(input.connectIds.map((connectId) => ({ [o.ownerKey]: id, connectId, tenantId: c.var.auth.tenantId }) as never))
        .onConflictDoNothing();
      return { bound: input.connectIds.length };
    }),
    serve(o.calls.del, async (c, input) => {
      const gone = await ownedDelete(c.var.deps.db, o.link, mine(c.var.auth, input[o.ownerKey], inArray(o.link.connectId, input.connectIds)));
      return { deleted: gone.length };
    }),
  ];
}

/** prodConnect: connections of a product. */
export const prodConnectServed = linkServed({ link: productConnections, owner: products, ownerKey: "productId", calls: prodConnectApi });
/** objConnect: connections of an object model. */
export const objConnectServed = linkServed({ link: objModelConnections, owner: objModels, ownerKey: "modelId", calls: objConnectApi });
