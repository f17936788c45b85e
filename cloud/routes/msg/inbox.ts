import { and, asc, count, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Locale } from "@/lib/contract/locale";
import { localized } from "../../lib/i18n-text";
import { stationApi, stationMessage, todoItem, type MessageItem } from "@/lib/contract/message";
import { stationMessages, todos } from "../../db/schema";
import type { Auth, Ctx } from "../../lib/context";
import { notFound } from "../../lib/http";
import { tenantScope } from "../../lib/scope";
import { filterConds, orderOf, pageOf } from "../../lib/crud";
import { serve } from "../../lib/serve";

/** Everything here is the caller's own: their tenant and their user id, never a body's. */
export const mine = (auth: Auth, table: typeof stationMessages | typeof todos) => tenantScope(auth).where(table, eq(table.userId, auth.userId));

type MessageRow = typeof stationMessages.$inferSelect;
type TodoRow = typeof todos.$inferSelect;

/** A message or to-do as the console shows it; seeded messages in the caller's language. */
export const toItem = (locale: Locale) => (row: MessageRow | TodoRow): MessageItem => {
  const r = "i18n" in row ? localized(locale, row) : row;
  return {
  id: r.id,
  msgTitle: r.msgTitle,
  msgContent: r.msgContent,
  msgType: r.msgType as MessageItem["msgType"],
  bizId: r.bizId,
  createTime: r.createdAt.toISOString(),
  ...("readStatus" in r ? { readStatus: r.readStatus } : { todoStatus: r.todoStatus }),
  };
};

/** A page of the caller's own messages or to-dos: the contract's filters and sorts, rows as the console shows them. */
export function minePage(table: typeof stationMessages | typeof todos, entity: typeof stationMessage | typeof todoItem) {
  return async (c: Ctx, q: Record<string, unknown> & { current: number; size: number }) => {
    const where = and(mine(c.var.auth, table), ...filterConds(entity, table, q));
    const { records: rows, total } = await pageOf(c.var.deps.db, table, where, orderOf(entity, table, q), q);
    return { records: rows.map((r) => toItem(c.var.locale)(r as MessageRow | TodoRow)), total };
  };
}

/**
 * `msg/station/*`: the caller's in-site messages (header popover, message centre), one message
 * (opening it marks it read) and its neighbours.
 */
export const stationServed = [
  serve(stationApi.page, minePage(stationMessages, stationMessage)),
  serve(stationApi.nums, async (c) => {
    const [nums] = await c.var.deps.db
      .select({ unread: count(sql`case when ${stationMessages.readStatus} = 0 then 1 end`), total: count() })
      .from(stationMessages)
      .where(mine(c.var.auth, stationMessages));
    return nums;
  }),
  serve(stationApi.read, async (c, { ids }) => {
    await c.var.deps.db.update(stationMessages).set({ readStatus: 1 }).where(and(mine(c.var.auth, stationMessages), inArray(stationMessages.id, ids)));
    return null;
  }),
  serve(stationApi.readAll, async (c) => {
    await c.var.deps.db.update(stationMessages).set({ readStatus: 1 }).where(and(mine(c.var.auth, stationMessages), eq(stationMessages.readStatus, 0)));
    return null;
  }),
  serve(stationApi.del, async (c, { ids }) => {
    await c.var.deps.db.delete(stationMessages).where(and(mine(c.var.auth, stationMessages), inArray(stationMessages.id, ids)));
    return null;
  }),
  serve(stationApi.info, async (c, { id }) => {
    const [row] = await c.var.deps.db
      .update(stationMessages)
      .set({ readStatus: 1 })
      .where(and(mine(c.var.auth, stationMessages), eq(stationMessages.id, id)))
      .returning();
    if (!row) throw notFound();
    return toItem(c.var.locale)(row);
  }),
  serve(stationApi.upDown, async (c, { id }) => {
    const own = mine(c.var.auth, stationMessages);
    // The list is newest first: "up" is the next newer message, "down" the next older one.
    const [[up], [down]] = await Promise.all([
      c.var.deps.db.select({ id: stationMessages.id }).from(stationMessages).where(and(own, gt(stationMessages.id, id))).orderBy(asc(stationMessages.id)).limit(1),
      c.var.deps.db.select({ id: stationMessages.id }).from(stationMessages).where(and(own, lt(stationMessages.id, id))).orderBy(desc(stationMessages.id)).limit(1),
    ]);
    return { upId: up?.id ?? null, downId: down?.id ?? null };
  }),
];
