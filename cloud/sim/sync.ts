import { desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { SimCarrier, SimImeiStatus } from "@/lib/contract/sim/enums";
import type { SyncRun } from "@/lib/contract/sim/card";
import type { Db } from "../db/client";
import { simCards, simPools, simRecords, simSyncRuns, simUsage } from "../db/schema";
import { tenantOf } from "../lib/scope";
import { BATCH, CarrierError, type CarrierCard } from "./carrier";
import type { Account, Carriers } from "./carriers";
import { tenantCarriers } from "./accounts";
import { checkSimAlarms, type AlarmSink } from "./alarms";
import { addDays } from "./simulated";

type RunRow = typeof simSyncRuns.$inferSelect;
type CardRow = Pick<typeof simCards.$inferSelect, "id" | "iccid" | "carrier" | "status" | "carrierStatus" | "stopReason" | "imei" | "imeiStatus" | "deviceId" | "usedMb" | "usageAsOf" | "cardType" | "poolCode" | "msisdn" | "imsi" | "activatedAt">;

/** A run as answered. */
export const runOf = (r: RunRow): SyncRun => ({
  id: r.id,
  startTime: r.startedAt.toISOString(),
  endTime: r.finishedAt?.toISOString() ?? null,
  total: r.total,
  seen: r.seen,
  changed: r.changed,
  errors: r.errors,
  durationMs: r.durationMs,
  state: r.state as SyncRun["state"],
  message: r.message,
});

/** The tenant's newest run. */
export async function lastRun(db: Db, tenantId: number): Promise<RunRow | undefined> {
  const [r] = await db.select().from(simSyncRuns).where(tenantOf(tenantId).where(simSyncRuns)).orderBy(desc(simSyncRuns.id)).limit(1);
  return r;
}

/** A run still going and recent enough to be alive: a new one would only double the calls. */
const STALE_MS = 30 * 60_000;

const ATTEMPTS = 3;
/** A call through the account's limiter, retried on a time-out or a rate-limit refusal. */
export async function limited<T>(account: Account, fn: () => Promise<T>, sleep: (ms: number) => Promise<void>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await account.bucket.run(fn);
    } catch (err) {
      const retry = err instanceof CarrierError && (err.kind === "timeout" || err.kind === "rateLimited") && attempt < ATTEMPTS;
      if (!retry) throw err;
      // A refusal waits a second for the carrier's window; a time-out is retried at once (the limiter spaces it).
      if (err.kind === "rateLimited") await sleep(1000);
    }
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

type Change = { set: Partial<typeof simCards.$inferInsert>; records: { action: "status" | "split"; detail: string }[] };

/** What a carrier's report changes on a stored card. */
export function diffCard(card: CardRow, c: CarrierCard): Change {
  const set: Change["set"] = {};
  const records: Change["records"] = [];
  if (c.status !== card.status) {
    set.status = c.status;
    records.push({ action: "status", detail: `${card.status} → ${c.status}` });
  }
  if (c.carrierStatus !== card.carrierStatus) set.carrierStatus = c.carrierStatus;
  if (c.stopReason !== card.stopReason) set.stopReason = c.stopReason;
  let imeiStatus: SimImeiStatus = card.imeiStatus as SimImeiStatus;
  if (c.imei && card.imei && c.imei !== card.imei) {
    imeiStatus = "SPLIT";
    records.push({ action: "split", detail: `${card.imei} → ${c.imei}` });
  } else if (c.imei && !card.imei) imeiStatus = card.deviceId ? "NORMAL" : "NOT_BIND";
  else if (!c.imei) imeiStatus = "NOT_SET";
  if (c.imei !== card.imei) set.imei = c.imei;
  if (imeiStatus !== card.imeiStatus) set.imeiStatus = imeiStatus;
  if (c.usageAsOf && (c.usageAsOf !== card.usageAsOf || round2(c.usedMb) !== card.usedMb)) {
    set.usedMb = round2(c.usedMb);
    set.usageAsOf = c.usageAsOf;
  }
  if (c.activatedAt && c.activatedAt !== card.activatedAt) set.activatedAt = c.activatedAt;
  if (c.cardType !== card.cardType) set.cardType = c.cardType;
  if (c.poolCode !== card.poolCode) set.poolCode = c.poolCode;
  if (c.msisdn && !card.msisdn) set.msisdn = c.msisdn;
  if (c.imsi && !card.imsi) set.imsi = c.imsi;
  return { set, records };
}

export type SyncOptions = {
  /** Only these cards (the card page's "sync now"); default every card of the tenant. */
  ids?: number[];
  requestedBy?: number | null;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /** Where the alarms the run leads to are told (data push); they are raised either way. */
  alarms?: AlarmSink;
};

/**
 * Starts a sync of a tenant's cards with their carriers and answers its run at once; `done`
 * settles when it ends. A run records cards seen, changed, errors and duration, and its progress
 * as it goes. A tenant's run that is still going is answered instead of starting another.
 */
export async function startSync(db: Db, tenantId: number, carriers: Carriers, o: SyncOptions = {}): Promise<{ run: RunRow; done: Promise<RunRow> }> {
  const now = o.now ?? (() => new Date());
  const going = await db
    .select()
    .from(simSyncRuns)
    .where(tenantOf(tenantId).where(simSyncRuns, eq(simSyncRuns.state, "running"), gt(simSyncRuns.startedAt, new Date(now().getTime() - STALE_MS))))
    .limit(1);
  if (going[0]) return { run: going[0], done: Promise.resolve(going[0]) };
  const cards = (await db
    .select({ id: simCards.id, iccid: simCards.iccid, carrier: simCards.carrier, status: simCards.status, carrierStatus: simCards.carrierStatus, stopReason: simCards.stopReason, imei: simCards.imei, imeiStatus: simCards.imeiStatus, deviceId: simCards.deviceId, usedMb: simCards.usedMb, usageAsOf: simCards.usageAsOf, cardType: simCards.cardType, poolCode: simCards.poolCode, msisdn: simCards.msisdn, imsi: simCards.imsi, activatedAt: simCards.activatedAt })
    .from(simCards)
    .where(tenantOf(tenantId).where(simCards, o.ids?.length ? inArray(simCards.id, o.ids) : undefined))
    .orderBy(simCards.id)) as CardRow[];
  const [run] = await db.insert(simSyncRuns).values({ tenantId, total: cards.length, startedAt: now(), requestedBy: o.requestedBy ?? null }).returning();
  const done = runSync(db, tenantId, carriers, run, cards, { ...o, now });
  return { run, done };
}

async function runSync(db: Db, tenantId: number, carriers: Carriers, run: RunRow, cards: CardRow[], o: SyncOptions & { now: () => Date }): Promise<RunRow> {
  const started = Date.now();
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const tally = { seen: 0, changed: 0, errors: 0 };
  const pools = new Map<string, { carrier: SimCarrier; poolCode: string; quotaMb: number; usedMb: number }>();
  const byCarrier = new Map<SimCarrier, CardRow[]>();
  for (const c of cards) byCarrier.set(c.carrier as SimCarrier, [...(byCarrier.get(c.carrier as SimCarrier) ?? []), c]);
  const errors: string[] = [];

  // Carriers are separate accounts with limiters of their own: they run side by side.
  await Promise.all(
    [...byCarrier].map(async ([carrier, list]) => {
      const account = carriers.of(carrier);
      for (let i = 0; i < list.length; i += BATCH) {
        const chunk = list.slice(i, i + BATCH);
        let reported: CarrierCard[];
        try {
          reported = await limited(account, () => account.api.getCards(chunk.map((c) => c.iccid)), sleep);
        } catch (err) {
          tally.errors += chunk.length;
          const msg = (err as Error).message.slice(0, 200);
          if (errors.length < 5) errors.push(msg);
          await db.update(simCards).set({ syncedAt: o.now(), syncResult: msg }).where(tenantOf(tenantId).where(simCards, inArray(simCards.id, chunk.map((c) => c.id))));
          await progress(db, run.id, tally);
          continue;
        }
        await applyChunk(db, tenantId, account, chunk, reported, tally, pools, o, sleep);
        await progress(db, run.id, tally);
      }
    }),
  );

  for (const p of pools.values())
    await db
      .insert(simPools)
      .values({ tenantId, ...p })
      .onConflictDoUpdate({ target: [simPools.tenantId, simPools.carrier, simPools.poolCode], set: { quotaMb: p.quotaMb, usedMb: p.usedMb, updatedAt: o.now() } });

  // What the carriers reported may pass a pool's line or show a card's anomalous day: checked once the run's figures are in.
  try {
    await checkSimAlarms(db, tenantId, o.now(), o.alarms);
  } catch (err) {
    console.error("[sim] alarm check:", (err as Error).message);
  }
  const state = tally.errors && tally.errors === cards.length ? "failed" : "done";
  const [row] = await db
    .update(simSyncRuns)
    .set({ ...tally, state, finishedAt: o.now(), durationMs: Date.now() - started, message: errors.length ? errors.join("; ").slice(0, 1000) : null })
    .where(eq(simSyncRuns.id, run.id))
    .returning();
  return row;
}

const progress = (db: Db, id: number, tally: { seen: number; changed: number; errors: number }) => db.update(simSyncRuns).set(tally).where(eq(simSyncRuns.id, id));

/** Writes one batch's report: the cards' changes in one statement, their day's use, records of status changes and SPLITs. */
async function applyChunk(db: Db, tenantId: number, account: Account, chunk: CardRow[], reported: CarrierCard[], tally: { seen: number; changed: number; errors: number }, pools: Map<string, { carrier: SimCarrier; poolCode: string; quotaMb: number; usedMb: number }>, o: SyncOptions & { now: () => Date }, sleep: (ms: number) => Promise<void>) {
  const byIccid = new Map(reported.map((r) => [r.iccid, r]));
  const now = o.now();
  const usage: { cardId: number; day: string; usedMb: number }[] = [];
  const records: (typeof simRecords.$inferInsert)[] = [];
  const updates: { id: number; set: Change["set"] }[] = [];
  const missing: number[] = [];
  for (const card of chunk) {
    const c = byIccid.get(card.iccid);
    if (!c) {
      missing.push(card.id);
      tally.errors++;
      continue;
    }
    tally.seen++;
    const { set, records: recs } = diffCard(card, c);
    if (Object.keys(set).length) tally.changed++;
    updates.push({ id: card.id, set });
    for (const r of recs) records.push({ tenantId, cardId: card.id, iccid: card.iccid, action: r.action, detail: r.detail, result: 1, operator: "sync" });
    if (c.usageAsOf && c.lastDayMb !== null) usage.push({ cardId: card.id, day: c.usageAsOf, usedMb: round2(c.lastDayMb) });
    // Days missed since the last known one (an outage, a paused sync) are asked for one card at a time, a month at most.
    if (c.usageAsOf && card.usageAsOf && addDays(card.usageAsOf, 1) < c.usageAsOf) {
      const from = addDays(card.usageAsOf, 1) < addDays(c.usageAsOf, -31) ? addDays(c.usageAsOf, -31) : addDays(card.usageAsOf, 1);
      try {
        const days = await limited(account, () => account.api.usagePerDay(card.iccid, from, addDays(c.usageAsOf!, -1)), sleep);
        for (const d of days) usage.push({ cardId: card.id, day: d.day, usedMb: round2(d.usedMb) });
      } catch {
        // The gap stays: the next sync asks again.
      }
    }
    if (c.poolCode && c.pool) pools.set(`${account.api.carrier}|${c.poolCode}`, { carrier: account.api.carrier, poolCode: c.poolCode, quotaMb: c.pool.quotaMb, usedMb: c.pool.usedMb });
  }
  await db.transaction(async (tx) => {
    if (updates.length) await bulkUpdate(tx, updates, now);
    if (missing.length) await tx.update(simCards).set({ syncedAt: now, syncResult: "unknown to the carrier" }).where(tenantOf(tenantId).where(simCards, inArray(simCards.id, missing)));
    if (usage.length) await tx.insert(simUsage).values(usage).onConflictDoUpdate({ target: [simUsage.cardId, simUsage.day], set: { usedMb: sql`excluded.used_mb` } });
    if (records.length) await tx.insert(simRecords).values(records);
  });
}

/** Every card of a batch updated in one statement (`update … from (values …)`), a field left as it is when the report did not change it. */
async function bulkUpdate(db: Db, updates: { id: number; set: Change["set"] }[], now: Date) {
  const v = (x: unknown) => (x === undefined ? null : x);
  const rows = updates.map(
    ({ id, set: s }) =>
      sql`(${id}::int, ${v(s.status)}::text, ${v(s.carrierStatus)}::text, ${s.stopReason !== undefined}::boolean, ${v(s.stopReason)}::text, ${s.imei !== undefined}::boolean, ${v(s.imei)}::text, ${v(s.imeiStatus)}::text, ${v(s.usedMb)}::float8, ${v(s.usageAsOf)}::date, ${v(s.activatedAt)}::date, ${v(s.cardType)}::text, ${s.poolCode !== undefined}::boolean, ${v(s.poolCode)}::text, ${v(s.msisdn)}::text, ${v(s.imsi)}::text)`,
  );
  await db.execute(sql`
    update ${simCards} c set
      status = coalesce(v.status, c.status),
      carrier_status = coalesce(v.carrier_status, c.carrier_status),
      stop_reason = case when v.set_stop then v.stop_reason else c.stop_reason end,
      imei = case when v.set_imei then v.imei else c.imei end,
      imei_status = coalesce(v.imei_status, c.imei_status),
      used_mb = coalesce(v.used_mb, c.used_mb),
      usage_as_of = coalesce(v.usage_as_of, c.usage_as_of),
      activated_at = coalesce(v.activated_at, c.activated_at),
      card_type = coalesce(v.card_type, c.card_type),
      pool_code = case when v.set_pool then v.pool_code else c.pool_code end,
      msisdn = coalesce(v.msisdn, c.msisdn),
      imsi = coalesce(v.imsi, c.imsi),
      synced_at = ${now.toISOString()}::timestamptz,
      sync_result = 'ok'
    from (values ${sql.join(rows, sql`, `)}) as v(id, status, carrier_status, set_stop, stop_reason, set_imei, imei, imei_status, used_mb, usage_as_of, activated_at, card_type, set_pool, pool_code, msisdn, imsi)
    where c.id = v.id`);
}

/** Every tenant with cards, synced one after another through its own carrier accounts, `fallback` where it has none (the cluster job's run). */
export async function syncAll(db: Db, fallback: Carriers, alarms?: AlarmSink) {
  const tenants = await db.selectDistinct({ tenantId: simCards.tenantId }).from(simCards);
  for (const { tenantId } of tenants) await (await startSync(db, tenantId, await tenantCarriers(db, tenantId, fallback), { alarms })).done;
}
