import { eq, gte, inArray, lte } from "drizzle-orm";
import type { Db } from "../db/client";
import { simCards, simExpireRules, simExpireSent, stationMessages, todos, users as usersTable } from "../db/schema";
import { t } from "../lib/i18n";
import { tenantOf } from "../lib/scope";
import { addDays, platformDay } from "./simulated";

const SHOWN = 20;

/**
 * Expiry reminders: for each enabled rule, the tenant's cards expiring within its days (and not
 * yet expired) that it has not told of for this expiry date get one to-do and one in-site message
 * per chosen user, listing them. Marked per card, rule and expiry date, so each is told once (a
 * renewal moves the date and arms the rule again). Answers how many cards were told of. With
 * `tenantId`, that tenant's rules only (a rule just saved applies at once).
 */
export async function remindExpiring(db: Db, now: Date, tenantId?: number): Promise<number> {
  const today = platformDay(now.getTime());
  const rules = await db.select().from(simExpireRules).where(tenantId === undefined ? eq(simExpireRules.enableStatus, 1) : tenantOf(tenantId).where(simExpireRules, eq(simExpireRules.enableStatus, 1)));
  let told = 0;
  for (const rule of rules) {
    if (!rule.userIds.length) continue;
    const due = await db
      .select({ id: simCards.id, iccid: simCards.iccid, expireAt: simCards.expireAt })
      .from(simCards)
      .where(tenantOf(rule.tenantId).where(simCards, gte(simCards.expireAt, today), lte(simCards.expireAt, addDays(today, rule.daysBefore))))
      .orderBy(simCards.expireAt, simCards.id);
    if (!due.length) continue;
    const fresh = await db
      .insert(simExpireSent)
      .values(due.map((c) => ({ ruleId: rule.id, cardId: c.id, expireAt: c.expireAt! })))
      .onConflictDoNothing()
      .returning({ cardId: simExpireSent.cardId });
    if (!fresh.length) continue;
    const ids = new Set(fresh.map((f) => f.cardId));
    const cards = due.filter((c) => ids.has(c.id));
    const listed = cards.slice(0, SHOWN).map((c) => `${c.iccid} (${c.expireAt})`).join("\n") + (cards.length > SHOWN ? "\n…" : "");
    const text = (locale: "zh-cn" | "en") => ({
      msgTitle: t(locale, "cloud.sim.expiring.title", { count: cards.length, days: rule.daysBefore }).slice(0, 200),
      msgContent: t(locale, "cloud.sim.expiring.content", { rule: rule.ruleName, count: cards.length, days: rule.daysBefore, cards: listed }),
    });
    const zh = text("zh-cn");
    const en = text("en");
    // Users of the rule who are still the tenant's (a user moved or deleted since is skipped).
    const users = (await db.select({ id: usersTable.id }).from(usersTable).where(tenantOf(rule.tenantId).where(usersTable, inArray(usersTable.id, rule.userIds)))).map((u) => u.id);
    if (!users.length) continue;
    const base = { tenantId: rule.tenantId, msgType: "notice", bizId: cards.length === 1 ? cards[0].id : null };
    await db.transaction(async (tx) => {
      // Each reader reads the to-do and the message in their own language.
      const i18n = { msgTitle: { "zh-cn": zh.msgTitle, en: en.msgTitle }, msgContent: { "zh-cn": zh.msgContent, en: en.msgContent } };
      await tx.insert(todos).values(users.map((userId) => ({ ...base, userId, ...zh, i18n })));
      await tx.insert(stationMessages).values(users.map((userId) => ({ ...base, userId, ...zh, i18n })));
    });
    told += cards.length;
  }
  return told;
}
