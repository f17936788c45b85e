import { describe, expect, it } from "vitest";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { SimStat } from "@/lib/contract/sim/card";
import { withCheckDigit } from "@/lib/contract/sim/iccid";
import { simCards, simPools, simUsage } from "../../db/schema";
import { tenantOf } from "../../lib/scope";
import { signedIn, type TestCloud } from "../../testing";

let cloud: TestCloud;
let admin: string;
signedIn((s) => ({ cloud, admin } = s), ["admin"]);

const D = "2026-01-20";
const day = (n: number) => new Date(Date.parse(`${D}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** `n` single China Mobile cards of a tenant, moved into `poolCode`, each reported to the given day. */
async function intoPool(tenantId: number, poolCode: string, asOf: (string | null)[]) {
  const cards = await cloud.db.select({ id: simCards.id }).from(simCards).where(tenantOf(tenantId).where(simCards, eq(simCards.carrier, "cmcc"), eq(simCards.cardType, "SINGLE"))).orderBy(asc(simCards.id)).limit(asOf.length);
  expect(cards).toHaveLength(asOf.length);
  for (const [i, c] of cards.entries()) await cloud.db.update(simCards).set({ cardType: "POOL", poolCode, usageAsOf: asOf[i] }).where(eq(simCards.id, c.id));
  await cloud.db.delete(simUsage).where(inArray(simUsage.cardId, cards.map((c) => c.id)));
  return cards.map((c) => c.id);
}
const pool = (tenantId: number, poolCode: string, quotaMb: number, usedMb: number) => cloud.db.insert(simPools).values({ tenantId, carrier: "cmcc", poolCode, quotaMb, usedMb });
const use = (rows: [cardId: number, daysBefore: number, usedMb: number][]) => cloud.db.insert(simUsage).values(rows.map(([cardId, n, usedMb]) => ({ cardId, day: day(n), usedMb })));

describe("a pool's run-out forecast (device/simCard/stat)", () => {
  it("answers the days left at the pool's last 7 reported days' rate, unknown without reported use, 0 when used up", async () => {
    // Two cards, one reported a day later than the other: the window is the 7 days up to the later one.
    const [a, b] = await intoPool(2, "FORECAST-1", [D, day(1)]);
    await use([[a, 0, 30], [a, 3, 20], [a, 7, 500], [b, 1, 15], [b, 6, 5], [b, 8, 300]]); // 70 MB in the window: 10 a day
    await pool(2, "FORECAST-1", 1000, 400);
    // Another tenant's card in a pool of the same code is not counted.
    const [other] = await cloud.db.insert(simCards).values({ tenantId: 1, iccid: withCheckDigit("8986049999999999991"), carrier: "cmcc", cardType: "POOL", poolCode: "FORECAST-1", usageAsOf: D }).returning({ id: simCards.id });
    await use([[other.id, 0, 7000]]);
    // Cards not reported yet: unknown.
    await intoPool(2, "FORECAST-2", [null]);
    await pool(2, "FORECAST-2", 1000, 100);
    // Used up, still using: 0 days.
    const [c] = await intoPool(2, "FORECAST-3", [D]);
    await use([[c, 0, 50]]);
    await pool(2, "FORECAST-3", 1000, 1000);
    // Reported, but nothing used in the window: unknown.
    const [e] = await intoPool(2, "FORECAST-4", [D]);
    await use([[e, 9, 80]]);
    await pool(2, "FORECAST-4", 1000, 200);
    // No quota reported: unknown.
    const [f] = await intoPool(2, "FORECAST-5", [D]);
    await use([[f, 0, 80]]);
    await pool(2, "FORECAST-5", 0, 80);

    const stat = (await cloud.request<SimStat>("/device/simCard/stat", { token: admin })).body.data;
    const of = (code: string) => stat.pools.find((p) => p.poolCode === code);
    expect(of("FORECAST-1")).toMatchObject({ cards: 2, quotaMb: 1000, usedMb: 400, usagePct: 40, runOutDays: 60 });
    expect(of("FORECAST-2")?.runOutDays).toBeNull();
    expect(of("FORECAST-3")?.runOutDays).toBe(0);
    expect(of("FORECAST-4")?.runOutDays).toBeNull();
    expect(of("FORECAST-5")?.runOutDays).toBeNull();
    // The other tenant's pool is not listed to this one.
    expect(stat.pools.filter((p) => p.poolCode === "FORECAST-1")).toHaveLength(1);
    const [stored] = await cloud.db.select({ n: simPools.id }).from(simPools).where(and(eq(simPools.tenantId, 1), eq(simPools.poolCode, "FORECAST-1")));
    expect(stored).toBeUndefined();
  });
});
