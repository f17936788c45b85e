import { eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import { idQuery, idsBody } from "@/lib/contract/common";
import { objFunction } from "@/lib/contract/device/product";
import { normalizeFunction } from "@/lib/contract/device/thing-model";
import { objFunctions } from "../../db/schema";
import { functionValues, takenIdentifiers, toFunctionRow } from "../../db/queries/products";
import { filterConds, orderOf, ownedDelete, pageOf } from "../../lib/crud";
import { requireAuth, requirePerm } from "../../lib/auth";
import type { CloudEnv } from "../../lib/context";
import { body, notFound, ok, query } from "../../lib/http";
import { tenantScope, tenantOf } from "../../lib/scope";
import { identifierTaken, readProducts, updateFunction } from "./product-common";

type Row = typeof objFunctions.$inferSelect;
const toRow = (r: Row) => toFunctionRow(r);

/** The function library (objFunction): identifiers unique within the tenant's library. */
export const objFunctionRoutes = new Hono<CloudEnv>()
  .use(requireAuth)
  .get("/page", readProducts, async (c) => {
    const q = query(c, objFunction.query);
    const db = c.var.deps.db;
    const where = tenantScope(c.var.auth).where(objFunctions, ...filterConds(objFunction, objFunctions, q));
    const { records, total } = await pageOf(db, objFunctions, where, orderOf(objFunction, objFunctions, q), q);
    return ok(c, { records: records.map(toRow), total });
  })
  .get("/info", readProducts, async (c) => {
    const { id } = query(c, idQuery);
    const [row] = await c.var.deps.db.select().from(objFunctions).where(tenantScope(c.var.auth).where(objFunctions, eq(objFunctions.id, id)));
    if (!row) throw notFound();
    return ok(c, toRow(row));
  })
  .post("/add", requirePerm("dev:objFunction:add"), async (c) => {
    const fn = normalizeFunction(await body(c, objFunction.body));
    const db = c.var.deps.db;
    const scope = tenantScope(c.var.auth);
    const taken = await takenIdentifiers(db, tenantOf(scope.tenantId).where(objFunctions), objFunctions, [fn.identifier]);
    if (taken.length) throw identifierTaken(taken);
    const [row] = await db.insert(objFunctions).values(scope.owned(functionValues(fn))).returning();
    return ok(c, toRow(row));
  })
  .post("/upd", requirePerm("dev:objFunction:upd"), updateFunction<Row>({ table: objFunctions, group: (old) => tenantOf(old.tenantId).where(objFunctions), toRow }))
  // Products keep their own copies of library functions, so deleting one here touches no product.
  .post("/del", requirePerm("dev:objFunction:del"), async (c) => {
    const { ids } = await body(c, idsBody);
    const gone = await ownedDelete(c.var.deps.db, objFunctions, tenantScope(c.var.auth).where(objFunctions, inArray(objFunctions.id, ids)));
    return ok(c, { deleted: gone.length });
  });
