import { count, eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import { idQuery, idsBody } from "@/lib/contract/common";
import { Code } from "@/lib/contract/envelope";
import { connect, type Connect } from "@/lib/contract/device/product";
import { connections, objModelConnections, objModels, productConnections, products } from "../../db/schema";
import { filterConds, orderOf } from "../../lib/crud";
import { requireAuth, requirePerm } from "../../lib/auth";
import type { CloudEnv } from "../../lib/context";
import { AppError, body, notFound, ok, query } from "../../lib/http";
import { tenantScope } from "../../lib/scope";
import { inUse, readProducts } from "../device/product-common";

type Row = typeof connections.$inferSelect;
type Body = Partial<typeof connect.body._output>;

export const toConnect = (r: Row): Connect => ({
  id: r.id,
  connectName: r.connectName,
  connectCode: r.connectCode,
  connectType: r.connectType as Connect["connectType"],
  methodType: r.methodType as Connect["methodType"],
  netType: r.netType as Connect["netType"],
  address: r.address,
  port: r.port,
  functionIdentifier: r.functionIdentifier,
  params: r.params,
  description: r.description,
  createTime: r.createdAt.toISOString(),
});

const columns = (b: Body) => ({
  connectName: b.connectName,
  connectCode: b.connectCode,
  connectType: b.connectType,
  methodType: b.methodType,
  netType: b.netType || null,
  address: b.address || null,
  port: b.port === "" || b.port == null ? null : b.port,
  functionIdentifier: b.functionIdentifier || null,
  params: b.params,
  description: b.description || null,
});
const only = (cols: ReturnType<typeof columns>, given: object) => Object.fromEntries(Object.entries(cols).filter(([k]) => k in given));

const codeTaken = (code: string) => new AppError(Code.CONFLICT, "product.connectCodeTaken", { code });

/** comm connect: connections (system or device, BASE or FUNCTION); codes unique in a tenant. */
export const connectRoutes = new Hono<CloudEnv>()
  .use(requireAuth)
  .get("/page", readProducts, async (c) => {
    const q = query(c, connect.query);
    const db = c.var.deps.db;
    const where = tenantScope(c.var.auth).where(connections, ...filterConds(connect, connections, q));
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(connections).where(where).orderBy(...orderOf(connect, connections, q)).limit(q.size).offset((q.current - 1) * q.size),
      db.select({ total: count() }).from(connections).where(where),
    ]);
    return ok(c, { records: rows.map(toConnect), total });
  })
  .get("/info", readProducts, async (c) => {
    const { id } = query(c, idQuery);
    const [row] = await c.var.deps.db.select().from(connections).where(tenantScope(c.var.auth).where(connections, eq(connections.id, id)));
    if (!row) throw notFound();
    return ok(c, toConnect(row));
  })
  .post("/add", requirePerm("comm:connect:add"), async (c) => {
    const input = await body(c, connect.body);
    const db = c.var.deps.db;
    const scope = tenantScope(c.var.auth);
    const [dup] = await db.select({ id: connections.id }).from(connections).where(scope.where(connections, eq(connections.connectCode, input.connectCode)));
    if (dup) throw codeTaken(input.connectCode);
    const [row] = await db.insert(connections).values(scope.owned(columns(input) as typeof connections.$inferInsert)).returning();
    return ok(c, toConnect(row));
  })
  .post("/upd", requirePerm("comm:connect:upd"), async (c) => {
    const input = await body(c, connect.update);
    const db = c.var.deps.db;
    const scope = tenantScope(c.var.auth);
    const [old] = await db.select().from(connections).where(scope.where(connections, eq(connections.id, input.id)));
    if (!old) throw notFound();
    if (input.connectCode && input.connectCode !== old.connectCode) {
      const [dup] = await db.select({ id: connections.id }).from(connections).where(scope.where(connections, eq(connections.connectCode, input.connectCode)));
      if (dup) throw codeTaken(input.connectCode);
    }
    const [row] = await db
      .update(connections)
      .set({ ...only(columns(input), input), updatedAt: c.var.deps.now() })
      .where(scope.where(connections, eq(connections.id, input.id)))
      .returning();
    return ok(c, toConnect(row));
  })
  /** A connection products or object models use is kept: the refusal names them. */
  .post("/del", requirePerm("comm:connect:del"), async (c) => {
    const { ids } = await body(c, idsBody);
    const db = c.var.deps.db;
    const scope = tenantScope(c.var.auth);
    const [prods, models] = await Promise.all([
      db.selectDistinct({ name: products.prodName }).from(productConnections).innerJoin(products, eq(products.id, productConnections.productId)).where(scope.where(productConnections, inArray(productConnections.connectId, ids))),
      db.selectDistinct({ name: objModels.modelName }).from(objModelConnections).innerJoin(objModels, eq(objModels.id, objModelConnections.modelId)).where(scope.where(objModelConnections, inArray(objModelConnections.connectId, ids))),
    ]);
    const users = [
      { kind: "product.usage.product", names: prods.map((p) => p.name) },
      { kind: "product.usage.objModel", names: models.map((m) => m.name) },
    ].filter((u) => u.names.length);
    if (users.length) throw inUse(c, users);
    const gone = await db.delete(connections).where(scope.where(connections, inArray(connections.id, ids))).returning({ id: connections.id });
    if (!gone.length) throw notFound();
    return ok(c, { deleted: gone.length });
  });
