import { and, eq } from "drizzle-orm";
import type { Locale } from "@/lib/contract/locale";
import type { MessageItem, stationMessage, todoItem } from "@/lib/contract/message";
import type { stationMessages, todos } from "../db/schema";
import type { Auth, Ctx } from "./context";
import { filterConds, orderOf, pageOf } from "./crud";
import { localized } from "./i18n-text";
import { tenantScope } from "./scope";

/** The caller's inbox (in-site messages and to-dos), shared by the message and to-do calls. */

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
    const where = and(mine(c.var.auth, table), ...filterConds(entity, table, q, c.var.locale));
    const { records: rows, total } = await pageOf(c.var.deps.db, table, where, orderOf(entity, table, q), q);
    return { records: rows.map((r) => toItem(c.var.locale)(r as MessageRow | TodoRow)), total };
  };
}
