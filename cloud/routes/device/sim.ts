import type { Locale } from "@/lib/contract/locale";
import { and, asc, count, desc, eq, getTableColumns, gte, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { simCard, simCardApi, type SetStateAnswer, type SimCard, type UsageChart, OVER_QUOTA_PCT, USAGE_TOP } from "@/lib/contract/sim/card";
import { fromCents, toCents } from "@/lib/contract/sim/common";
import { simCust, simCustApi, type SimCust } from "@/lib/contract/sim/customer";
import { SIM_ORDER_TYPE, SIM_PERIOD_MONTHS, type SimAction, type SimPeriod } from "@/lib/contract/sim/enums";
import { simAccount, simAccountApi, type SimAccount } from "@/lib/contract/sim/account";
import { ADAPTER_CARRIERS, type SimAdapter, type SimCarrier } from "@/lib/contract/sim/enums";
import { simExpire, simExpireApi, type SimExpire } from "@/lib/contract/sim/expire";
import { simAlarmApi } from "@/lib/contract/sim/alarm";
import { simOrder, simOrderApi, type SimOrder } from "@/lib/contract/sim/order";
import { simProd, simProdApi, type SimProd } from "@/lib/contract/sim/product";
import { simRecord, simRecordApi } from "@/lib/contract/sim/record";
import type { Db } from "../../db/client";
import { alarmLevels, projects, simAlarmSettings, devices, simCards, simCarrierAccounts, simCustomers, simExpireRules, simOrders, simPools, simProducts, simRecords, simUsage, simUsageMonth, simUsageTenant, users } from "../../db/schema";
import type { Ctx } from "../../lib/context";
import { crudRoutes } from "../../lib/crud-routes";
import { insertMany } from "../../lib/insert-many";
import { containsPattern, rowMapper } from "../../lib/crud";
import { AppError, badRequest, notFound } from "../../lib/http";
import { Code } from "@/lib/contract/envelope";
import { localized } from "../../lib/i18n-text";
import { tenantScope } from "../../lib/scope";
import { serve, type Served } from "../../lib/serve";
import { carriersFromEnv } from "../../sim/carriers";
import { tenantCarriers } from "../../sim/accounts";
import { alarmSettingsOf, checkSimAlarms } from "../../sim/alarms";
import { sealValue } from "../../lib/secrets";
import { addDays, platformDay } from "../../sim/simulated";
import { lastRun, limited, runOf, startSync } from "../../sim/sync";
import { CarrierError } from "../../sim/carrier";
import { t } from "../../lib/i18n";
import { remindExpiring } from "../../sim/expiry";
import { deviceNameIn, userNameIn } from "../../db/queries/names";
import { lastHeardOf } from "../../db/queries/device-heard";

type Row = Record<string, unknown>;
const scope = (c: Ctx) => tenantScope(c.var.auth);
const who = (c: Ctx) => c.var.auth.realname || c.var.auth.username;
const today = (c: Ctx) => platformDay(c.var.deps.now().getTime());
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Writes records of operations on cards. */
async function record(db: Db, c: Ctx, cards: { id: number; iccid: string }[], action: SimAction, detail: string | null = null, result: 1 | 2 = 1) {
  if (cards.length) await insertMany(db, simRecords, simRecords.id, cards.map((card) => scope(c).owned({ cardId: card.id, iccid: card.iccid, action, detail, result, operator: who(c) })));
}

/** A reference the body names must be the caller's own row; `label` names it in the refusal. */
async function assertOwn(c: Ctx, table: typeof simProducts | typeof simCustomers | typeof devices, id: unknown, label: string) {
  if (id === undefined || id === null) return;
  const [row] = await c.var.deps.db.select({ id: table.id }).from(table).where(scope(c).where(table, eq(table.id, id as number)));
  if (!row) throw badRequest("sim.errors.refNotFound", { what: `@${label}` });
}

// ——— Product categories ———

export const simProdServed = crudRoutes<typeof simProd.fields, SimProd>({
  table: simProducts,
  entity: simProd,
  calls: simProdApi,
  unique: [{ field: "prodName", error: "sim.errors.prodNameTaken" }],
  values: (_c, input) => (input.price !== undefined ? { priceCents: toCents(input.price as number) } : {}),
  toRow: { price: (r) => fromCents(r.priceCents as number) },
  exportValues: { price: (r) => r.price },
  inUse: [{ table: simCards, column: simCards.productId, what: "sim.card.entity" }],
});

// ——— Customers ———

export const simCustServed = crudRoutes<typeof simCust.fields, SimCust>({
  table: simCustomers,
  entity: simCust,
  calls: simCustApi,
  unique: [{ field: "custName", error: "sim.errors.custNameTaken" }],
  extra: { cardCount: sql<number>`(select count(*)::int from ${simCards} where ${simCards.customerId} = ${simCustomers.id})`.as("card_count") },
});

// ——— Cards ———

const cardExtra = (locale: Locale) => ({
  prodName: sql<string | null>`(select ${simProducts.prodName} from ${simProducts} where ${simProducts.id} = ${simCards.productId})`.as("prod_name"),
  custName: sql<string | null>`(select ${simCustomers.custName} from ${simCustomers} where ${simCustomers.id} = ${simCards.customerId})`.as("cust_name"),
  deviceName: sql<string | null>`(select ${deviceNameIn(locale)} from ${devices} where ${devices.id} = ${simCards.deviceId})`.as("device_name"),
  deviceSn: sql<string | null>`(select ${devices.deviceSn} from ${devices} where ${devices.id} = ${simCards.deviceId})`.as("device_sn"),
  deviceStatus: sql<number | null>`(select ${devices.status} from ${devices} where ${devices.id} = ${simCards.deviceId})`.as("device_status"),
  // Decoded as the column is: a Date on either driver, which the row mapper answers as ISO.
  lastReportTime: sql<Date | null>`(select ${lastHeardOf(devices.id)} from ${devices} where ${devices.id} = ${simCards.deviceId})`.mapWith(devices.lastReportTime).as("last_report_time"),
});
const usagePct = (r: Row) => ((r.quotaMb as number) > 0 ? round2(((r.usedMb as number) / (r.quotaMb as number)) * 100) : 0);

/** The list's filters beyond the contract's fields: a tag, expiring within 7 / 30 days, over 80 % of the quota, a pasted list of ICCIDs. */
function cardFilters(c: Ctx, q: Row): SQL[] {
  const out: SQL[] = [];
  if (typeof q.tag === "string" && q.tag) out.push(sql`${simCards.tags} @> ${JSON.stringify([q.tag])}::jsonb`);
  if (typeof q.expiring === "number") out.push(and(gte(simCards.expireAt, today(c)), lte(simCards.expireAt, addDays(today(c), q.expiring)))!);
  if (q.overQuota === true) out.push(sql`${simCards.quotaMb} > 0 and ${simCards.usedMb} >= ${simCards.quotaMb} * ${OVER_QUOTA_PCT / 100}`);
  if (Array.isArray(q.iccidList) && q.iccidList.length) out.push(inArray(simCards.iccid, q.iccidList as string[]));
  if (q.unbound === true) out.push(isNull(simCards.deviceId));
  return out;
}

/** A card's quota follows its plan. */
async function quotaOf(db: Db, c: Ctx, productId: number | null | undefined) {
  if (!productId) return 0;
  const [p] = await db.select({ quotaMb: simProducts.quotaMb }).from(simProducts).where(scope(c).where(simProducts, eq(simProducts.id, productId)));
  return p?.quotaMb ?? 0;
}

const cardRow = rowMapper<typeof simCard.fields, SimCard>(simCard, { usagePct });

const cardCrud = crudRoutes<typeof simCard.fields, SimCard>({
  table: simCards,
  entity: simCard,
  calls: simCardApi,
  unique: [{ field: "iccid", error: "sim.errors.iccidTaken" }],
  extra: cardExtra,
  filters: cardFilters,
  toRow: { usagePct },
  // add and upd answer the written row: its names and device are read beside it, as page and info read them.
  answer: async (c, rows) => {
    const full = rows.length && !("prodName" in rows[0]) ? await c.var.deps.db.select({ ...getTableColumns(simCards), ...cardExtra(c.var.locale) }).from(simCards).where(scope(c).where(simCards, inArray(simCards.id, rows.map((r) => r.id as number)))) : rows;
    return full.map((r) => cardRow(r));
  },
  values: async (c, input, partial, before) => {
    await assertOwn(c, simProducts, input.productId, "sim.card.fields.productId");
    await assertOwn(c, simCustomers, input.customerId, "sim.card.fields.customerId");
    await assertOwn(c, devices, input.deviceId, "sim.card.fields.deviceId");
    const out: Row = {};
    if (!partial || input.productId !== undefined) out.quotaMb = await quotaOf(c.var.deps.db, c, input.productId as number | null);
    if (input.deviceId !== undefined && (!before || input.deviceId !== before.deviceId)) out.imeiStatus = input.deviceId ? (before?.imei ? "NORMAL" : "NOT_SET") : before?.imei ? "NOT_BIND" : "NOT_SET";
    return out;
  },
  afterImport: (tx, c, rows) => record(tx, c, rows.map((r) => ({ id: r.id as number, iccid: r.iccid as string })), "import"),
  afterSave: async (tx, c, row, input, before) => {
    const card = { id: row.id as number, iccid: row.iccid as string };
    if (!before) await record(tx, c, [card], "add");
    else {
      await record(tx, c, [card], "upd");
      if (input.deviceId !== undefined && input.deviceId !== before.deviceId) await record(tx, c, [card], input.deviceId ? "bind" : "unbind", input.deviceId ? String(input.deviceId) : null);
    }
  },
});

/** The caller's cards a batch names, by id or ICCID; an ICCID that is not the caller's is refused by name. */
async function cardsOf(c: Ctx, body: { ids: number[]; iccids: string[] }) {
  const db = c.var.deps.db;
  const iccids = [...new Set(body.iccids.map((s) => s.replace(/\s+/g, "")).filter(Boolean))];
  const conds = [body.ids.length ? inArray(simCards.id, body.ids) : undefined, iccids.length ? inArray(simCards.iccid, iccids) : undefined].filter(Boolean) as SQL[];
  const rows = await db
    .select({ id: simCards.id, iccid: simCards.iccid, carrier: simCards.carrier, productId: simCards.productId, expireAt: simCards.expireAt, customerId: simCards.customerId })
    .from(simCards)
    .where(scope(c).where(simCards, conds.length === 2 ? sql`(${conds[0]} or ${conds[1]})` : conds[0]))
    // In the order the cards were added, so a carrier's batch (and its record) is the same on every database.
    .orderBy(asc(simCards.id));
  const found = new Set(rows.map((r) => r.iccid));
  const unknown = iccids.filter((i) => !found.has(i));
  const foundIds = new Set(rows.map((r) => r.id));
  if (unknown.length || body.ids.some((id) => !foundIds.has(id))) throw badRequest("sim.errors.unknownCards", { iccids: unknown.slice(0, 5).join(", ") || body.ids.filter((id) => !foundIds.has(id)).slice(0, 5).join(", ") });
  return rows;
}

const addMonths = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return target.toISOString().slice(0, 10);
};

let orderSeq = 0;
const orderNo = (now: Date) => `SO${now.toISOString().replace(/\D/g, "").slice(0, 14)}${String((orderSeq = (orderSeq + 1) % 10000)).padStart(4, "0")}${Math.floor(Math.random() * 100).toString().padStart(2, "0")}`;

/**
 * Places an order for cards: each card goes onto the plan (its quota) for `periods` periods, its
 * expiry moved that far from the later of today and its current expiry, its renewal set to
 * "renew". One order row, one record per card; all or nothing.
 */
async function placeOrder(c: Ctx, cards: { id: number; iccid: string; carrier: string; expireAt: string | null; productId: number | null }[], o: { productId: number; periods: number; customerId?: number | null; remark?: string | null; type: number }) {
  const db = c.var.deps.db;
  const [prod] = await db.select().from(simProducts).where(scope(c).where(simProducts, eq(simProducts.id, o.productId)));
  if (!prod) throw badRequest("sim.errors.refNotFound", { what: "@sim.order.fields.productId" });
  // A plan is a carrier's: a card of another carrier cannot be put on it (the carrier would refuse the renewal).
  const other = cards.filter((x) => x.carrier !== prod.carrier);
  if (other.length)
    throw badRequest("sim.errors.carrierMismatch", { prodName: prod.prodName, carrier: `@enums.simCarrier.${prod.carrier}`, count: other.length, iccids: other.slice(0, 5).map((x) => x.iccid).join(", ") + (other.length > 5 ? " …" : "") });
  await assertOwn(c, simCustomers, o.customerId, "sim.order.fields.customerId");
  const months = SIM_PERIOD_MONTHS[prod.period as SimPeriod] * o.periods;
  const now = c.var.deps.now();
  const from = today(c);
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(simOrders)
      .values(scope(c).owned({ orderNo: orderNo(now), orderType: o.type, productId: prod.id, customerId: o.customerId ?? null, cardIds: cards.map((x) => x.id), cardCount: cards.length, periods: o.periods, amountCents: prod.priceCents * o.periods * cards.length, remark: o.remark ?? null, createdBy: who(c) }))
      .returning();
    for (const card of cards) {
      const start = card.expireAt && card.expireAt > from ? card.expireAt : from;
      await tx
        .update(simCards)
        .set({ productId: prod.id, quotaMb: prod.quotaMb, expireAt: addMonths(start, months), renewal: 0, ...(o.customerId ? { customerId: o.customerId } : {}), updatedAt: now })
        .where(scope(c).where(simCards, eq(simCards.id, card.id)));
    }
    await record(tx, c, cards, o.type === SIM_ORDER_TYPE.renewal ? "renewal" : "order", order.orderNo);
    return order;
  });
}

/** The caller's tenant's carriers: its own accounts, else the platform's default. */
const carriersOf = (c: Ctx) => tenantCarriers(c.var.deps.db, c.var.auth.tenantId, c.var.deps.sim ?? carriersFromEnv());

const pct = (used: number, quota: number) => (quota > 0 ? round2((used / quota) * 100) : 0);
/** Days until `left` MB run out at `perDay` MB a day; null when nothing is used or nothing is left to run out of. */
const runOut = (left: number, perDay: number) => (perDay > 0 && left > 0 ? Math.floor(left / perDay) : left <= 0 && perDay > 0 ? 0 : null);

const cardExtras: Served[] = [
  serve(simCardApi.renewal, async (c, b) => {
    const cards = await cardsOf(c, b);
    const productId = b.productId ?? cards[0].productId;
    if (!productId || (!b.productId && cards.some((x) => x.productId !== productId))) throw badRequest("sim.errors.chooseProduct");
    const order = await placeOrder(c, cards, { productId, periods: b.periods, type: SIM_ORDER_TYPE.renewal });
    return { orderId: order.id, orderNo: order.orderNo, cards: cards.length, amount: fromCents(order.amountCents) };
  }),
  serve(simCardApi.renewalCancel, async (c, b) => {
    const cards = await cardsOf(c, b);
    const db = c.var.deps.db;
    await db.transaction(async (tx) => {
      await tx.update(simCards).set({ renewal: b.renewal, updatedAt: c.var.deps.now() }).where(scope(c).where(simCards, inArray(simCards.id, cards.map((x) => x.id))));
      await record(tx, c, cards, "renewalCancel", String(b.renewal));
    });
    return { updated: cards.length };
  }),
  serve(simCardApi.saveTag, async (c, b) => {
    const cards = await cardsOf(c, b);
    const tags = [...new Set(b.tags)];
    await c.var.deps.db.transaction(async (tx) => {
      await tx.update(simCards).set({ tags, updatedAt: c.var.deps.now() }).where(scope(c).where(simCards, inArray(simCards.id, cards.map((x) => x.id))));
      await record(tx, c, cards, "tag", tags.join(", "));
    });
    return { updated: cards.length };
  }),
  serve(simCardApi.useChart, async (c, q) => {
    const db = c.var.deps.db;
    if (q.id === undefined) return tenantUse(db, c, q);
    const [card] = await db.select({ id: simCards.id, quotaMb: simCards.quotaMb, usedMb: simCards.usedMb, usageAsOf: simCards.usageAsOf }).from(simCards).where(scope(c).where(simCards, eq(simCards.id, q.id)));
    if (!card) throw notFound();
    const rows = await db.select({ day: simUsage.day, usedMb: simUsage.usedMb }).from(simUsage).where(and(eq(simUsage.cardId, card.id), gte(simUsage.day, q.startDate), lte(simUsage.day, q.endDate))).orderBy(asc(simUsage.day));
    const { days, months, totalMb } = everyDay(q, rows);
    const [week] = card.usageAsOf
      ? await db.select({ mb: sql<number>`coalesce(sum(${simUsage.usedMb}), 0)::float8` }).from(simUsage).where(and(eq(simUsage.cardId, card.id), gt7(card.usageAsOf), lte(simUsage.day, card.usageAsOf)))
      : [{ mb: 0 }];
    return {
      days,
      months,
      totalMb,
      usageAsOf: card.usageAsOf,
      runOutDays: card.quotaMb > 0 ? runOut(card.quotaMb - card.usedMb, Number(week.mb) / 7) : null,
    };
  }),
  serve(simCardApi.stat, async (c) => {
    const db = c.var.deps.db;
    const mine = (...conds: (SQL | undefined)[]) => scope(c).where(simCards, ...conds);
    const day = today(c);
    const f = (cond: SQL) => sql<number>`(count(*) filter (where ${cond}))::int`;
    // One pass over the tenant's cards for every count, and one for status × carrier (not one scan a count).
    const [groups, [counts], pools, run] = await Promise.all([
      db.select({ status: simCards.status, carrier: simCards.carrier, count: count() }).from(simCards).where(mine()).groupBy(simCards.status, simCards.carrier),
      db
        .select({
          expiring7: f(and(gte(simCards.expireAt, day), lte(simCards.expireAt, addDays(day, 7)))!),
          expiring30: f(and(gte(simCards.expireAt, day), lte(simCards.expireAt, addDays(day, 30)))!),
          expired: f(lt(simCards.expireAt, day)),
          overQuota: f(sql`${simCards.quotaMb} > 0 and ${simCards.usedMb} >= ${simCards.quotaMb} * ${OVER_QUOTA_PCT / 100}`),
          split: f(eq(simCards.imeiStatus, "SPLIT")),
          // Using data on its last reported day while its device is offline.
          offlineUsing: f(
            sql`${simCards.deviceId} is not null and ${simCards.usageAsOf} is not null and exists (select 1 from ${devices} d where d.id = ${simCards.deviceId} and d.status = 3) and exists (select 1 from ${simUsage} u where u.card_id = ${simCards.id} and u.day = ${simCards.usageAsOf} and u.used_mb > 0)`,
          ),
        })
        .from(simCards)
        .where(mine()),
      db.select().from(simPools).where(scope(c).where(simPools)).orderBy(simPools.carrier, simPools.poolCode),
      lastRun(db, c.var.auth.tenantId),
    ]);
    const tally = (of: (g: (typeof groups)[number]) => string) => {
      const m = new Map<string, number>();
      for (const g of groups) m.set(of(g), (m.get(of(g)) ?? 0) + g.count);
      return [...m].sort((a, b) => b[1] - a[1]);
    };
    const byStatus = tally((g) => g.status).map(([status, count]) => ({ status, count }));
    const byCarrier = tally((g) => g.carrier).map(([carrier, count]) => ({ carrier, count }));
    const total = groups.reduce((s, g) => s + g.count, 0);
    const { expiring7, expiring30, expired, overQuota, split, offlineUsing } = counts;
    const loop = await reconnectLoops(db, c);
    const poolCards = pools.length
      ? await db.select({ poolCode: simCards.poolCode, carrier: simCards.carrier, n: count() }).from(simCards).where(mine(eq(simCards.cardType, "POOL"))).groupBy(simCards.poolCode, simCards.carrier)
      : [];
    const poolWeeks = pools.length ? await poolWeekUse(db, c) : [];
    const poolRunOut = (p: (typeof pools)[number]) => {
      const week = poolWeeks.find((x) => x.poolCode === p.poolCode && x.carrier === p.carrier);
      return p.quotaMb > 0 && week ? runOut(p.quotaMb - p.usedMb, week.mb / 7) : null;
    };
    return {
      total,
      byStatus,
      byCarrier,
      expiring7,
      expiring30,
      expired,
      overQuota,
      split,
      offlineUsing,
      reconnectLoop: loop,
      pools: pools.map((p) => ({ id: p.id, carrier: p.carrier, poolCode: p.poolCode, quotaMb: p.quotaMb, usedMb: p.usedMb, usagePct: pct(p.usedMb, p.quotaMb), thresholdPct: p.thresholdPct, thresholdMb: p.thresholdMb, cards: poolCards.find((x) => x.poolCode === p.poolCode && x.carrier === p.carrier)?.n ?? 0, runOutDays: poolRunOut(p) })),
      lastSync: run ? runOf(run) : null,
      simulated: (await carriersOf(c)).simulated,
    };
  }),
  serve(simCardApi.setState, async (c, b) => {
    const cards = await cardsOf(c, b);
    const db = c.var.deps.db;
    // A retired or cancelled card is closed at its carrier: refused by name, nothing ordered.
    const closed = await db.select({ iccid: simCards.iccid }).from(simCards).where(scope(c).where(simCards, inArray(simCards.id, cards.map((x) => x.id)), inArray(simCards.status, ["retired", "cancelled"])));
    if (closed.length) throw badRequest("sim.errors.stateClosed", { iccids: closed.slice(0, 5).map((x) => x.iccid).join(", ") });
    const carriers = await carriersOf(c);
    const byCarrier = new Map<string, typeof cards>();
    for (const card of cards) byCarrier.set(card.carrier, [...(byCarrier.get(card.carrier) ?? []), card]);
    const answer: SetStateAnswer = { ordered: 0, failed: 0, carriers: [] };
    for (const [carrier, mine] of [...byCarrier].sort(([a], [b2]) => a.localeCompare(b2))) {
      const account = carriers.of(carrier as SimCarrier);
      const iccids = mine.map((x) => x.iccid);
      try {
        // Through the account's limiter; a time-out or a rate-limit refusal is tried again (setting a state twice sets it once).
        const { workOrder } = await limited(account, () => account.api.setState(iccids, b.action), (ms) => new Promise((r) => setTimeout(r, ms)));
        await record(db, c, mine, "state", `${b.action}${workOrder ? ` · ${workOrder}` : ""}`);
        answer.ordered += mine.length;
        answer.carriers.push({ carrier, cards: mine.length, workOrder: workOrder || null, error: null });
      } catch (err) {
        const kind = err instanceof CarrierError ? err.kind : "failed";
        if (!(err instanceof CarrierError)) console.error("[sim] setState:", (err as Error).message);
        const error = t(c.var.locale, `sim.errors.carrier.${kind}`);
        await record(db, c, mine, "state", `${b.action} · ${error}`, 2);
        answer.failed += mine.length;
        answer.carriers.push({ carrier, cards: mine.length, workOrder: null, error });
      }
    }
    return answer;
  }),
  serve(simCardApi.sync, async (c, b) => {
    const { run, done } = await startSync(c.var.deps.db, c.var.auth.tenantId, await carriersOf(c), { ids: b.ids, requestedBy: c.var.auth.userId, now: c.var.deps.now, alarms: c.var.deps.alarms?.events });
    done.catch((err) => console.error("[sim] sync:", (err as Error).message));
    return runOf(run);
  }),
  serve(simCardApi.devices, async (c, q) => {
    const like = q.keyword ? containsPattern(q.keyword) : undefined;
    return c.var.deps.db
      .select({ id: devices.id, deviceName: deviceNameIn(c.var.locale), deviceSn: devices.deviceSn })
      .from(devices)
      .where(scope(c).where(devices, like ? or(ilike(devices.deviceName, like), ilike(deviceNameIn(c.var.locale), like), ilike(devices.deviceSn, like)) : undefined))
      .orderBy(asc(deviceNameIn(c.var.locale)), asc(devices.id))
      .limit(500);
  }),
  serve(simCardApi.ofDevice, async (c, q) => {
    const db = c.var.deps.db;
    const [dev] = await db.select({ id: devices.id }).from(devices).where(scope(c).where(devices, eq(devices.id, q.deviceId)));
    // Another tenant's device (the platform's all-devices page): its cards are its tenant's, and none of the caller's may be bound to it.
    if (!dev) return { owned: false, cards: [] };
    const rows = await db
      .select({ ...getTableColumns(simCards), ...cardExtra(c.var.locale) })
      .from(simCards)
      .where(scope(c).where(simCards, eq(simCards.deviceId, dev.id)))
      .orderBy(asc(simCards.id))
      .limit(10);
    return { owned: true, cards: rows.map((r) => cardRow(r)) };
  }),
  serve(simCardApi.syncState, async (c) => {
    const run = await lastRun(c.var.deps.db, c.var.auth.tenantId);
    return run ? runOf(run) : null;
  }),
];
const gt7 = (asOf: string) => gte(simUsage.day, addDays(asOf, -6));

/** Every day of a range with its use (a day the carrier has not reported yet, T+1, as 0), the month totals and the total. */
function everyDay(q: { startDate: string; endDate: string }, rows: { day: string; usedMb: number }[]) {
  const byDay = new Map(rows.map((r) => [r.day, Number(r.usedMb)]));
  const days: { day: string; usedMb: number }[] = [];
  for (let d = q.startDate; d <= q.endDate; d = addDays(d, 1)) days.push({ day: d, usedMb: round2(byDay.get(d) ?? 0) });
  const months = new Map<string, number>();
  for (const d of days) months.set(d.day.slice(0, 7), round2((months.get(d.day.slice(0, 7)) ?? 0) + d.usedMb));
  return { days, months: [...months].map(([month, usedMb]) => ({ month, usedMb })), totalMb: round2(days.reduce((s, d) => s + d.usedMb, 0)) };
}

/**
 * The tenant's cards' use per day over a range (one carrier's when asked), and the cards that used
 * the most in it (`USAGE_TOP`, most first, then by ICCID). "As of" is the latest day any card is
 * reported to; there is no run-out forecast for cards together (each has its own quota).
 * The days are read from the roll-up `sim_usage_tenant` (≤ 31 rows a carrier), the top users through
 * `topUsers` — neither reads every card's days.
 */
async function tenantUse(db: Db, c: Ctx, q: { carrier?: string; startDate: string; endDate: string }): Promise<UsageChart> {
  const tenantId = c.var.auth.tenantId;
  const mine = scope(c).where(simCards, q.carrier ? eq(simCards.carrier, q.carrier) : undefined);
  const [rows, top, [asOf]] = await Promise.all([
    db
      .select({ day: simUsageTenant.day, usedMb: sql<number>`sum(${simUsageTenant.usedMb})::float8` })
      .from(simUsageTenant)
      .where(and(eq(simUsageTenant.tenantId, tenantId), q.carrier ? eq(simUsageTenant.carrier, q.carrier) : undefined, gte(simUsageTenant.day, q.startDate), lte(simUsageTenant.day, q.endDate)))
      .groupBy(simUsageTenant.day),
    topUsers(db, c, q),
    // As text: a date on either driver (PGlite, node-postgres) reads the same.
    db.select({ day: sql<string | null>`max(${simCards.usageAsOf})::text` }).from(simCards).where(mine),
  ]);
  const ids = top.flatMap((r) => (r.deviceId ? [r.deviceId] : []));
  const named = ids.length ? await db.select({ id: devices.id, name: deviceNameIn(c.var.locale) }).from(devices).where(scope(c).where(devices, inArray(devices.id, ids))) : [];
  const nameOf = new Map(named.map((d) => [d.id, d.name]));
  return {
    ...everyDay(q, rows),
    usageAsOf: asOf?.day ?? null,
    runOutDays: null,
    top: top.map((r) => ({ id: r.id, iccid: r.iccid, carrier: r.carrier, deviceName: r.deviceId ? (nameOf.get(r.deviceId) ?? null) : null, usedMb: round2(Number(r.usedMb)) })),
  };
}

/** How many of each month's largest cards `topUsers` reads first (then ten times as many, while it must). */
const TOP_FIRST_READ = 100;

/**
 * The `USAGE_TOP` cards that used the most over a range (≤ 31 days, so one or two calendar months), exactly as a
 * sum of every card's days would rank them, without reading every card's days. A card's use in a month
 * (`sim_usage_month`) bounds its use over the part of the range in that month (use is never negative). Each month's
 * cards are read largest first (`sim_usage_month_top`), the first `n` and every card tied with the n-th; the cards
 * read have their range summed exactly from their days. A card not read used less than the n-th in every month
 * not read to its end, so less than the sum of those n-th figures: once the last of the top has at least that sum,
 * no card not read can enter it. Else `n` grows tenfold (at most until every card of the months is read).
 */
async function topUsers(db: Db, c: Ctx, q: { carrier?: string; startDate: string; endDate: string }) {
  const tenantId = c.var.auth.tenantId;
  const months = [...new Set([q.startDate, q.endDate].map((d) => `${d.slice(0, 7)}-01`))];
  const ofMonth = (month: string) => and(eq(simUsageMonth.tenantId, tenantId), q.carrier ? eq(simUsageMonth.carrier, q.carrier) : undefined, eq(simUsageMonth.month, month));
  const mb = sql<string>`sum(${simUsage.usedMb}::numeric)`;
  for (let n = TOP_FIRST_READ; ; n *= 10) {
    const read = await Promise.all(
      months.map(async (month) => {
        const first = await db.select({ cardId: simUsageMonth.cardId, usedMb: sql<string>`${simUsageMonth.usedMb}::text` }).from(simUsageMonth).where(ofMonth(month)).orderBy(desc(simUsageMonth.usedMb)).limit(n);
        if (first.length < n) return { ids: first.map((r) => r.cardId), bound: null };
        const nth = first[n - 1].usedMb;
        const tied = await db.select({ cardId: simUsageMonth.cardId }).from(simUsageMonth).where(and(ofMonth(month), eq(simUsageMonth.usedMb, nth)));
        return { ids: [...first.map((r) => r.cardId), ...tied.map((r) => r.cardId)], bound: nth };
      }),
    );
    const ids = [...new Set(read.flatMap((r) => r.ids))];
    const top = ids.length
      ? await db
          .select({ id: simCards.id, iccid: simCards.iccid, carrier: simCards.carrier, deviceId: simCards.deviceId, usedMb: sql<number>`${mb}::float8`, exact: sql<string>`${mb}::text` })
          .from(simUsage)
          .innerJoin(simCards, and(eq(simUsage.cardId, simCards.id), gte(simUsage.day, q.startDate), lte(simUsage.day, q.endDate)))
          .where(scope(c).where(simCards, q.carrier ? eq(simCards.carrier, q.carrier) : undefined, inArray(simCards.id, ids)))
          .groupBy(simCards.id)
          .having(sql`${mb} > 0`)
          .orderBy(desc(mb), asc(simCards.iccid))
          .limit(USAGE_TOP)
      : [];
    const bounds = read.flatMap((r) => (r.bound === null ? [] : [r.bound]));
    if (!bounds.length) return top;
    // Compared as decimals (numeric answers them as text): exact, as the roll-up is.
    if (top.length === USAGE_TOP && decimalAtLeast(top[USAGE_TOP - 1].exact, bounds)) return top;
  }
}

/** Whether the decimal `a` is at least the sum of the decimals `bs` (all from numeric, at most a few thousand MB with few decimals). */
function decimalAtLeast(a: string, bs: string[]) {
  const scale = Math.max(...[a, ...bs].map((x) => (x.split(".")[1] ?? "").length));
  const big = (x: string) => {
    const [i, f = ""] = x.split(".");
    return BigInt(i + f.padEnd(scale, "0"));
  };
  return big(a) >= bs.reduce((s, b) => s + big(b), BigInt(0));
}

/**
 * Each pool's use over its last 7 reported days: the days up to the latest day any of its cards is
 * reported to (carriers report a day late, T+1), summed over its cards. A pool none of whose cards
 * has a reported day is left out (its forecast is unknown).
 */
async function poolWeekUse(db: Db, c: Ctx): Promise<{ carrier: string; poolCode: string; mb: number }[]> {
  const rows = await db.execute(sql`
    with m as (
      select ${simCards.carrier} as carrier, ${simCards.poolCode} as pool_code, max(${simCards.usageAsOf}) as as_of
      from ${simCards} where ${scope(c).where(simCards, eq(simCards.cardType, "POOL"))} and ${simCards.poolCode} is not null
      group by 1, 2 having max(${simCards.usageAsOf}) is not null
    )
    select m.carrier, m.pool_code as "poolCode", coalesce(sum(u.used_mb), 0)::float8 as mb
    from m
    join ${simCards} on ${simCards.carrier} = m.carrier and ${simCards.poolCode} = m.pool_code and ${scope(c).where(simCards, eq(simCards.cardType, "POOL"))}
    left join ${simUsage} u on u.card_id = ${simCards.id} and u.day > m.as_of - 7 and u.day <= m.as_of
    group by m.carrier, m.pool_code`);
  return (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { carrier: string; poolCode: string; mb: number }[];
}

/**
 * Cards whose last day's use is far above what their device's messages explain: over 1 GB while
 * the device sent fewer than 100 values per GB that day — a device stuck reconnecting.
 */
async function reconnectLoops(db: Db, c: Ctx) {
  const rows = await db.execute(sql`
    select count(*)::int as n from ${simCards}
    join ${simUsage} u on u.card_id = ${simCards.id} and u.day = ${simCards.usageAsOf}
    where ${scope(c).where(simCards)} and ${simCards.deviceId} is not null and u.used_mb > 1024
      and coalesce((select sum(h.n) from telemetry_hourly h where h.device_id = ${simCards.deviceId} and h.hour >= (u.day::timestamp - interval '8 hours') and h.hour < (u.day::timestamp + interval '16 hours')), 0) < u.used_mb / 1024 * 100`);
  const r = (Array.isArray(rows) ? rows : (rows as { rows: { n: number }[] }).rows)[0] as { n: number } | undefined;
  return Number(r?.n ?? 0);
}

// ——— Orders ———

const orderCrud = crudRoutes<typeof simOrder.fields, SimOrder>({
  table: simOrders,
  entity: simOrder,
  calls: { page: simOrderApi.page, info: simOrderApi.info, upd: simOrderApi.upd, del: simOrderApi.del, export: simOrderApi.export },
  extra: {
    prodName: sql<string | null>`(select ${simProducts.prodName} from ${simProducts} where ${simProducts.id} = ${simOrders.productId})`.as("prod_name"),
    custName: sql<string | null>`(select ${simCustomers.custName} from ${simCustomers} where ${simCustomers.id} = ${simOrders.customerId})`.as("cust_name"),
  },
  toRow: { amount: (r) => fromCents(r.amountCents as number), iccids: () => [] as never },
  exportValues: { amount: (r) => r.amount },
  // The status is not a form field: an update cancels (or restores) the order through it.
  values: (_c, input) => (input.orderStatus !== undefined ? { orderStatus: input.orderStatus } : {}),
  answer: async (c, rows) => {
    // An order lists its cards' ICCIDs (the cards still there).
    const ids = [...new Set(rows.flatMap((r) => r.cardIds as number[]))].slice(0, 10_000);
    const cards = ids.length ? await c.var.deps.db.select({ id: simCards.id, iccid: simCards.iccid }).from(simCards).where(scope(c).where(simCards, inArray(simCards.id, ids))) : [];
    const iccidOf = new Map(cards.map((x) => [x.id, x.iccid]));
    return rows.map((r) => ({ ...orderRow(r), iccids: (r.cardIds as number[]).flatMap((id) => iccidOf.get(id) ?? []) }));
  },
  beforeDelete: async (c, ids) => {
    // Only a cancelled order may be deleted: an effective one is the cards' history.
    const live = await c.var.deps.db.select({ id: simOrders.id }).from(simOrders).where(scope(c).where(simOrders, inArray(simOrders.id, ids), eq(simOrders.orderStatus, 1)));
    if (live.length) throw badRequest("sim.errors.orderEffective");
  },
});
const orderRow = (r: Row) => ({
  id: r.id,
  orderNo: r.orderNo,
  orderType: r.orderType,
  productId: r.productId,
  prodName: r.prodName ?? null,
  customerId: r.customerId,
  custName: r.custName ?? null,
  cardCount: r.cardCount,
  periods: r.periods,
  amount: fromCents(r.amountCents as number),
  orderStatus: r.orderStatus,
  remark: r.remark ?? null,
  createdBy: r.createdBy ?? null,
  createTime: r.createdAt instanceof Date ? r.createdAt.toISOString() : r.createdAt,
});

const orderAdd = serve(simOrderApi.add, async (c, b) => {
  const cards = await cardsOf(c, { ids: [], iccids: b.iccids });
  const order = await placeOrder(c, cards, { productId: b.productId, periods: b.periods, customerId: b.customerId, remark: b.remark || null, type: SIM_ORDER_TYPE.new });
  const [row] = await c.var.deps.db.select().from(simOrders).where(scope(c).where(simOrders, eq(simOrders.id, order.id)));
  return { ...orderRow(row), prodName: null, custName: null, iccids: cards.map((x) => x.iccid) } as unknown as SimOrder;
});

// ——— Records, expiry rules ———

const recordServed = crudRoutes({ table: simRecords, entity: simRecord, calls: simRecordApi });

const expireServed = crudRoutes<typeof simExpire.fields, SimExpire>({
  table: simExpireRules,
  entity: simExpire,
  calls: simExpireApi,
  // A rule saved applies at once to the cards already within its days, not at the next hourly run.
  afterWrite: (c) => remindExpiring(c.var.deps.db, c.var.deps.now(), c.var.auth.tenantId),
  values: async (c, input) => {
    if (Array.isArray(input.userIds)) {
      const ids = [...new Set(input.userIds as number[])];
      const mine = await c.var.deps.db.select({ id: users.id }).from(users).where(scope(c).where(users, inArray(users.id, ids)));
      if (mine.length !== ids.length) throw badRequest("sim.errors.refNotFound", { what: "@sim.expire.fields.userIds" });
    }
    return {};
  },
  answer: async (c, rows) => {
    const ids = [...new Set(rows.flatMap((r) => r.userIds as number[]))];
    const named = ids.length ? await c.var.deps.db.select({ id: users.id, name: userNameIn(c.var.locale), username: users.username }).from(users).where(scope(c).where(users, inArray(users.id, ids))) : [];
    const nameOf = new Map(named.map((u) => [u.id, u.name || u.username]));
    return rows.map((raw) => {
      const r = localized(c.var.locale, raw);
      return { id: r.id, ruleName: r.ruleName, daysBefore: r.daysBefore, userIds: r.userIds, userNames: (r.userIds as number[]).map((id) => nameOf.get(id) ?? `#${id}`).join(", "), enableStatus: r.enableStatus, createTime: (r.createdAt as Date).toISOString() };
    });
  },
});

// ——— Carrier accounts ———

const accountServed = crudRoutes<typeof simAccount.fields, SimAccount>({
  table: simCarrierAccounts,
  entity: simAccount,
  calls: simAccountApi,
  unique: [
    { field: "accountName", error: "sim.errors.accountNameTaken" },
    { field: "carrier", error: (v) => badRequest("sim.errors.accountCarrierTaken", { carrier: `@enums.simCarrier.${v}` }) },
  ],
  values: (_c, input, _partial, before) => {
    const carrier = (input.carrier ?? before?.carrier) as string;
    const adapter = (input.adapter ?? before?.adapter) as SimAdapter;
    if (!(ADAPTER_CARRIERS[adapter] as readonly string[]).includes(carrier)) throw badRequest("sim.errors.adapterCarrier", { adapter: `@enums.simAdapter.${adapter}`, carrier: `@enums.simCarrier.${carrier}` });
    // The secret is sealed before it is stored; a blank one on an update keeps the stored one.
    const given = typeof input.secret === "string" && input.secret !== "" ? input.secret : null;
    const secretSealed = given ? sealValue(given) : ((before?.secretSealed as string | null | undefined) ?? null);
    if (adapter !== "simulated") {
      const appId = input.appId !== undefined ? input.appId : before?.appId;
      if (!appId) throw new AppError(Code.BAD_REQUEST, "sim.errors.accountNeeds", { what: "@sim.account.fields.appId" }, null, "appId");
      if (!secretSealed) throw new AppError(Code.BAD_REQUEST, "sim.errors.accountNeeds", { what: "@sim.account.fields.secret" }, null, "secret");
    }
    return { secretSealed };
  },
  // Write-only: the secret is never answered, only whether one is set.
  toRow: { secret: () => null, secretSet: (r) => !!r.secretSealed },
  answer: async (_c, rows) => rows.map((r) => {
    const { secret: _secret, ...row } = accountRow(r);
    return row;
  }),
});
const accountRow = rowMapper<typeof simAccount.fields, SimAccount>(simAccount, { secret: () => null, secretSet: (r) => !!r.secretSealed });

// ——— Alarms: settings, pool lines, a check on demand ———

const alarmServed: Served[] = [
  serve(simAlarmApi.info, (c) => alarmSettingsOf(c.var.deps.db, c.var.auth.tenantId)),
  serve(simAlarmApi.save, async (c, b) => {
    const db = c.var.deps.db;
    if (b.projectId) {
      const [p] = await db.select({ id: projects.id }).from(projects).where(scope(c).where(projects, eq(projects.id, b.projectId)));
      if (!p) throw badRequest("sim.errors.refNotFound", { what: "@sim.alarm.fields.projectId" });
    }
    for (const [id, label] of [[b.warnLevelId, "warnLevelId"], [b.severeLevelId, "severeLevelId"]] as const) {
      if (!id) continue;
      const [l] = await db.select({ id: alarmLevels.id }).from(alarmLevels).where(scope(c).where(alarmLevels, eq(alarmLevels.id, id)));
      if (!l) throw badRequest("sim.errors.refNotFound", { what: `@sim.alarm.fields.${label}` });
    }
    const row = { enableStatus: b.enableStatus, projectId: b.projectId ?? null, warnLevelId: b.warnLevelId ?? null, severeLevelId: b.severeLevelId ?? null, dailyMb: b.dailyMb, updatedAt: c.var.deps.now() };
    await db.insert(simAlarmSettings).values({ tenantId: c.var.auth.tenantId, ...row }).onConflictDoUpdate({ target: simAlarmSettings.tenantId, set: row });
    return alarmSettingsOf(db, c.var.auth.tenantId);
  }),
  serve(simAlarmApi.pool, async (c, b) => {
    const [p] = await c.var.deps.db
      .update(simPools)
      .set({ thresholdPct: b.thresholdPct, thresholdMb: b.thresholdMb || null, updatedAt: c.var.deps.now() })
      .where(scope(c).where(simPools, eq(simPools.id, b.id)))
      .returning({ id: simPools.id, thresholdPct: simPools.thresholdPct, thresholdMb: simPools.thresholdMb });
    if (!p) throw notFound();
    return p;
  }),
  serve(simAlarmApi.check, (c) => checkSimAlarms(c.var.deps.db, c.var.auth.tenantId, c.var.deps.now(), c.var.deps.alarms?.events)),
];

/** The SIM domain's calls: cards, product categories, customers, orders, records and expiry rules. */
export const simServed: Served[] = [...cardCrud, ...cardExtras, ...simProdServed, ...simCustServed, ...orderCrud, orderAdd, ...recordServed, ...expireServed, ...accountServed, ...alarmServed];
