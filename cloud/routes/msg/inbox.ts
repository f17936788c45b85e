import { and, count, desc, eq, gt, inArray, lt, asc } from "drizzle-orm";
import { Hono } from "hono";
import { stationQuery, todoQuery, type MessageItem } from "@/lib/contract/message";
import { idQuery, idsBody } from "@/lib/contract/common";
import { stationMessages, todos } from "../../db/schema";
import { requireAuth } from "../../lib/auth";
import type { Auth, CloudEnv } from "../../lib/context";
import { notFound, ok, body, query } from "../../lib/http";
import { tenantScope } from "../../lib/scope";
import { pageOf } from "../../lib/crud";

/** Everything here is the caller's own: their tenant and their user id, never a body's. */
const mine = (auth: Auth, table: typeof stationMessages | typeof todos) => tenantScope(auth).where(table, eq(table.userId, auth.userId));

type MessageRow = typeof stationMessages.$inferSelect;
type TodoRow = typeof todos.$inferSelect;

const toItem = (r: MessageRow | TodoRow): MessageItem => ({
  id: r.id,
  msgTitle: r.msgTitle,
  msgContent: r.msgContent,
  msgType: r.msgType as MessageItem["msgType"],
  bizId: r.bizId,
  createTime: r.createdAt.toISOString(),
  ...("readStatus" in r ? { readStatus: r.readStatus } : { todoStatus: r.todoStatus }),
});

/** `msg/station/currUser/*`: the caller's in-site messages (header popover, message centre). */
export const currentUserStationRoutes = new Hono<CloudEnv>()
  .use(requireAuth)
  .get("/page", async (c) => {
    const q = query(c, stationQuery);
    const where = and(mine(c.var.auth, stationMessages), q.readStatus === undefined ? undefined : eq(stationMessages.readStatus, q.readStatus));
    const { records: rows, total } = await pageOf(c.var.deps.db, stationMessages, where, [desc(stationMessages.id)], q);
    return ok(c, { records: rows.map(toItem), total });
  })
  .get("/nums", async (c) => {
    const [{ unread }] = await c.var.deps.db
      .select({ unread: count() })
      .from(stationMessages)
      .where(and(mine(c.var.auth, stationMessages), eq(stationMessages.readStatus, 0)));
    return ok(c, { unread });
  })
  .post("/read", async (c) => {
    const { ids } = await body(c, idsBody);
    await c.var.deps.db.update(stationMessages).set({ readStatus: 1 }).where(and(mine(c.var.auth, stationMessages), inArray(stationMessages.id, ids)));
    return ok(c);
  })
  .post("/readAll", async (c) => {
    await c.var.deps.db.update(stationMessages).set({ readStatus: 1 }).where(and(mine(c.var.auth, stationMessages), eq(stationMessages.readStatus, 0)));
    return ok(c);
  })
  .post("/del", async (c) => {
    const { ids } = await body(c, idsBody);
    await c.var.deps.db.delete(stationMessages).where(and(mine(c.var.auth, stationMessages), inArray(stationMessages.id, ids)));
    return ok(c);
  });

/** `msg/station/info` and `getUpDownId`: one message (opening it marks it read) and its neighbours. */
export const stationRoutes = new Hono<CloudEnv>()
  .route("/currUser", currentUserStationRoutes)
  .use(requireAuth)
  .get("/info", async (c) => {
    const { id } = query(c, idQuery);
    const [row] = await c.var.deps.db
      .update(stationMessages)
      .set({ readStatus: 1 })
      .where(and(mine(c.var.auth, stationMessages), eq(stationMessages.id, id)))
      .returning();
    if (!row) throw notFound();
    return ok(c, toItem(row));
  })
  .get("/getUpDownId", async (c) => {
    const { id } = query(c, idQuery);
    const own = mine(c.var.auth, stationMessages);
    // The list is newest first: "up" is the next newer message, "down" the next older one.
    const [[up], [down]] = await Promise.all([
      c.var.deps.db.select({ id: stationMessages.id }).from(stationMessages).where(and(own, gt(stationMessages.id, id))).orderBy(asc(stationMessages.id)).limit(1),
      c.var.deps.db.select({ id: stationMessages.id }).from(stationMessages).where(and(own, lt(stationMessages.id, id))).orderBy(desc(stationMessages.id)).limit(1),
    ]);
    return ok(c, { upId: up?.id ?? null, downId: down?.id ?? null });
  });

/** `msg/todo/*`: the caller's to-dos (header popover, to-do centre). */
export const todoRoutes = new Hono<CloudEnv>()
  .use(requireAuth)
  .get("/page", async (c) => {
    const q = query(c, todoQuery);
    const where = and(mine(c.var.auth, todos), q.todoStatus === undefined ? undefined : eq(todos.todoStatus, q.todoStatus));
    const { records: rows, total } = await pageOf(c.var.deps.db, todos, where, [desc(todos.id)], q);
    return ok(c, { records: rows.map(toItem), total });
  })
  .get("/nums", async (c) => {
    const rows = await c.var.deps.db
      .select({ status: todos.todoStatus, n: count() })
      .from(todos)
      .where(mine(c.var.auth, todos))
      .groupBy(todos.todoStatus);
    const n = (s: number) => rows.find((r) => r.status === s)?.n ?? 0;
    return ok(c, { pending: n(1), review: n(2), handled: n(3) });
  })
  .get("/info", async (c) => {
    const { id } = query(c, idQuery);
    const [row] = await c.var.deps.db.select().from(todos).where(and(mine(c.var.auth, todos), eq(todos.id, id)));
    if (!row) throw notFound();
    return ok(c, toItem(row));
  });
