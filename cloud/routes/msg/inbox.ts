import { and, asc, count, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { stationApi, stationMessage } from "@/lib/contract/message";
import { stationMessages } from "../../db/schema";
import { notFound } from "../../lib/http";
import { serve } from "../../lib/serve";
import { mine, minePage, toItem } from "../../lib/inbox";
import { inboxChanged } from "../../live/bus";

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
    inboxChanged([c.var.auth.userId]);
    return null;
  }),
  serve(stationApi.readAll, async (c) => {
    await c.var.deps.db.update(stationMessages).set({ readStatus: 1 }).where(and(mine(c.var.auth, stationMessages), eq(stationMessages.readStatus, 0)));
    inboxChanged([c.var.auth.userId]);
    return null;
  }),
  serve(stationApi.del, async (c, { ids }) => {
    await c.var.deps.db.delete(stationMessages).where(and(mine(c.var.auth, stationMessages), inArray(stationMessages.id, ids)));
    inboxChanged([c.var.auth.userId]);
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
