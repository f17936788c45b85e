import { asc } from "drizzle-orm";
import { withCheckDigit } from "@/lib/contract/sim/iccid";
import type { SimCarrier } from "@/lib/contract/sim/enums";
import type { Db } from "../db/client";
import { devices, simCards, simCustomers, simExpireRules, simOrders, simPools, simProducts, simRecords, simUsage } from "../db/schema";
import { tenantOf } from "../lib/scope";
import { addDays, platformDay, POOL_SHARE_MB, SimulatedCarrier } from "../sim/simulated";
import { bilingual } from "./bilingual";

const CARRIER_PREFIX: Record<SimCarrier, string> = { cmcc: "898604", unicom: "898601", chinanet: "898603" };
/** A demo ICCID of a carrier: its issuer prefix, a serial, the Luhn digit. */
export const demoIccid = (carrier: SimCarrier, n: number) => withCheckDigit(`${CARRIER_PREFIX[carrier]}${String(n).padStart(13, "0")}`);

/** The demo pool: China Mobile cards the simulated carrier places in it, so a sync keeps them there. */
export const DEMO_POOL = "CMCC-POOL-1";
const DEMO_POOL_CARDS = 8;
/** How far along its quota the demo pool is when seeded: past the default 80 % line. */
const DEMO_POOL_PCT = 0.88;

/** The first `n` serials from `from` whose China Mobile ICCID the simulated carrier puts in `pool`. */
function poolSerials(pool: string, from: number, n: number) {
  const out: number[] = [];
  for (let s = from; out.length < n; s++) if (SimulatedCarrier.poolOf("cmcc", demoIccid("cmcc", s)) === pool) out.push(s);
  return out;
}

/**
 * Demo SIM data of a tenant: plans and customers named in both languages, 36 cards over the three
 * carriers (a few bound to the demo devices, some expiring soon, one SPLIT) and 8 more in the demo
 * pool, their use over the last 40 days as the simulated carrier reports it (T+1), the pools (the
 * demo pool past its alarm line), an order and an expiry rule.
 */
export async function seedSim(db: Db, o: { tenantId: number; admin: number; adminName: string; now: number }) {
  const own = tenantOf(o.tenantId);
  const prods = await db
    .insert(simProducts)
    .values([
      own.owned({ ...bilingual({ prodName: ["移动 1GB 月包", "CMCC 1 GB monthly"] }), carrier: "cmcc", priceCents: 1500, quotaMb: 1024, period: "month" }),
      own.owned({ ...bilingual({ prodName: ["联通 10GB 年包", "Unicom 10 GB yearly"] }), carrier: "unicom", priceCents: 12_800, quotaMb: 10_240, period: "year" }),
      own.owned({ ...bilingual({ prodName: ["电信 3GB 季包", "Telecom 3 GB quarterly"] }), carrier: "chinanet", priceCents: 3_990, quotaMb: 3_072, period: "season" }),
    ])
    .returning();
  const custs = await db
    .insert(simCustomers)
    .values([
      own.owned({ ...bilingual({ custName: ["华东建设集团", "East China Construction"], contact: ["王工", "Mr Wang"] }), phone: "13812345678" }),
      own.owned({ ...bilingual({ custName: ["滨江物业", "Riverside Property"], contact: ["李经理", "Ms Li"] }), phone: "13987654321" }),
    ])
    .returning();
  const devs = await db.select({ id: devices.id }).from(devices).where(own.where(devices)).orderBy(asc(devices.id)).limit(6);
  const today = platformDay(o.now);
  const asOf = addDays(today, -1);
  const carriers: SimCarrier[] = ["cmcc", "unicom", "chinanet"];
  // The pool cards follow the simulated carrier (one card in five is in a pool), so a sync keeps them where they are.
  const serials = [...Array.from({ length: 36 }, (_, i) => ({ i, carrier: carriers[i % 3], serial: 1000 + i })), ...poolSerials(DEMO_POOL, 2000, DEMO_POOL_CARDS).map((serial, k) => ({ i: 36 + k, carrier: "cmcc" as const, serial }))];
  const rows = serials.map(({ i, carrier, serial }) => {
    const prod = prods[carriers.indexOf(carrier)];
    const iccid = demoIccid(carrier, serial);
    const poolCode = SimulatedCarrier.poolOf(carrier, iccid);
    // Expiry spread so some cards are due within 7 and 30 days and one has lapsed.
    const expireAt = i === 0 ? addDays(today, 5) : i === 1 ? addDays(today, 20) : i === 2 ? addDays(today, -3) : addDays(today, 40 + i * 9);
    return own.owned({
      iccid,
      carrier,
      cardType: poolCode ? "POOL" : "SINGLE",
      poolCode,
      msisdn: `1440${String(serial).padStart(9, "0")}`,
      imsi: `46000${String(serial).padStart(10, "0")}`,
      imei: i < devs.length ? `86${String(7000 + i).padStart(13, "0")}` : null,
      imeiStatus: i === 4 ? "SPLIT" : i < devs.length ? "NORMAL" : "NOT_SET",
      productId: prod.id,
      customerId: custs[i % 2].id,
      deviceId: devs[i]?.id ?? null,
      tags: i >= 36 ? ["pool"] : i % 4 === 0 ? ["bridge"] : i % 4 === 1 ? ["tower", "north"] : [],
      status: i === 5 ? "deactivation" : i === 6 ? "silence" : i === 7 ? "testing" : "activation",
      carrierStatus: i === 5 ? "4 DEACTIVATED" : i === 6 ? "3 SILENT" : i === 7 ? "6 TEST" : "2 ACTIVATED",
      stopReason: i === 5 ? "arrears" : null,
      activatedAt: addDays(today, -200 - i),
      expireAt,
      renewal: i === 3 ? 2 : 0,
      quotaMb: prod.quotaMb,
      usedMb: SimulatedCarrier.monthUsage(iccid, asOf),
      usageAsOf: asOf,
      syncedAt: new Date(o.now - 3600_000),
      syncResult: "ok",
    });
  });
  // Each pool as the simulated carrier reports it (its members' plans and use); the demo pool's quota
  // as it stood when seeded, so its line is passed (a sync brings the carrier's figures).
  const pools = new Map<string, { carrier: SimCarrier; poolCode: string; members: number; usedMb: number }>();
  for (const r of rows) {
    if (!r.poolCode) continue;
    const key = `${r.carrier}|${r.poolCode}`;
    const p = pools.get(key) ?? { carrier: r.carrier, poolCode: r.poolCode, members: 0, usedMb: 0 };
    pools.set(key, { ...p, members: p.members + 1, usedMb: p.usedMb + r.usedMb });
  }
  await db.insert(simPools).values(
    [...pools.values()].map((p) => {
      const usedMb = Math.round(p.usedMb * 100) / 100;
      const quotaMb = p.poolCode === DEMO_POOL && p.carrier === "cmcc" ? Math.max(10, Math.ceil(usedMb / DEMO_POOL_PCT / 10) * 10) : p.members * POOL_SHARE_MB;
      return own.owned({ carrier: p.carrier, poolCode: p.poolCode, quotaMb, usedMb, thresholdPct: 80 });
    }),
  );
  const cards = await db.insert(simCards).values(rows).returning({ id: simCards.id, iccid: simCards.iccid });
  const usage = cards.flatMap((c) => Array.from({ length: 40 }, (_, k) => ({ cardId: c.id, day: addDays(asOf, -k), usedMb: SimulatedCarrier.dayUsage(c.iccid, addDays(asOf, -k)) })));
  await db.insert(simUsage).values(usage);
  const [order] = await db
    .insert(simOrders)
    .values(own.owned({ orderNo: "SO20260101000001", orderType: 1, productId: prods[0].id, customerId: custs[0].id, cardIds: cards.filter((_, i) => i < 36 && i % 3 === 0).map((c) => c.id), cardCount: 12, periods: 12, amountCents: 1500 * 12 * 12, createdBy: o.adminName }))
    .returning();
  await db.insert(simRecords).values([
    ...cards.map((c) => own.owned({ cardId: c.id, iccid: c.iccid, action: "import", detail: null, result: 1, operator: o.adminName, createdAt: new Date(o.now - 30 * 86_400_000) })),
    ...cards.filter((_, i) => i < 36 && i % 3 === 0).map((c) => own.owned({ cardId: c.id, iccid: c.iccid, action: "order", detail: order.orderNo, result: 1, operator: o.adminName, createdAt: new Date(o.now - 29 * 86_400_000) })),
    own.owned({ cardId: cards[5].id, iccid: cards[5].iccid, action: "status", detail: "activation → deactivation", result: 1, operator: "sync", createdAt: new Date(o.now - 2 * 86_400_000) }),
    own.owned({ cardId: cards[4].id, iccid: cards[4].iccid, action: "split", detail: "867000000000004 → 861234567890123", result: 1, operator: "sync", createdAt: new Date(o.now - 86_400_000) }),
  ]);
  await db.insert(simExpireRules).values(own.owned({ ...bilingual({ ruleName: ["到期前 30 天提醒", "30 days before expiry"] }), daysBefore: 30, userIds: [o.admin], enableStatus: 1 }));
}
