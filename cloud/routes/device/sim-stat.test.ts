import { describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import type { SimCard, UsageChart } from "@/lib/contract/sim/card";
import type { OfDevice } from "@/lib/contract/sim/of-device";
import { withCheckDigit } from "@/lib/contract/sim/iccid";
import type { SearchHit } from "@/lib/contract/search";
import { devices, simCards, simUsage } from "../../db/schema";
import { tenantOf } from "../../lib/scope";
import { signedIn, type TestCloud } from "../../testing";

let cloud: TestCloud;
let admin: string;
let platform: string;
let operator: string;
signedIn((s) => ({ cloud, admin, platform, operator } = s), ["admin", "platform", "operator"]);

type Page<T> = { total: number; records: T[] };
const iccid = (n: number) => withCheckDigit(`898604${String(770000 + n).padStart(13, "0")}`);
const page = (query: string, token = admin) => cloud.request<Page<SimCard>>(`/device/simCard/page?${query}`, { token });
const rows = (query: string, token = admin) => page(query, token).then((r) => r.body.data.records.map((x) => x.iccid));
const add = async (n: number, carrier = "cmcc", token = admin) => (await cloud.request<SimCard>("/device/simCard/add", { token, body: { iccid: iccid(n), carrier } })).body.data;
const rowsOf = <T>(r: unknown) => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];

describe("the card list and ⌘K by an ICCID's last digits", () => {
  it("finds a card by its last 4 to 6 digits (or the whole ICCID, spaces ignored), not by digits in its middle", async () => {
    const a = await add(1);
    const b = await add(2);
    const tail6 = a.iccid.slice(-6);
    expect(await rows(`iccid=${tail6}`)).toEqual([a.iccid]);
    expect(await rows(`iccid=${a.iccid}`)).toEqual([a.iccid]);
    // Typed as printed on the card, in groups.
    expect(await rows(`iccid=${encodeURIComponent(`${tail6.slice(0, 2)} ${tail6.slice(2)}`)}`)).toEqual([a.iccid]);
    expect(await rows(`iccid=${b.iccid.slice(-4)}`)).toContain(b.iccid);
    // Digits in the middle of the ICCID are not its end.
    const middle = a.iccid.slice(8, 14);
    expect(a.iccid.endsWith(middle)).toBe(false);
    expect(await rows(`iccid=${middle}&size=50`)).not.toContain(a.iccid);
    // `%` and `_` are taken literally, and another tenant's card is never found.
    expect((await page("iccid=%25")).body.data.total).toBe(0);
    expect((await page("iccid=_1")).body.data.total).toBe(0);
    expect((await page(`iccid=${tail6}`, platform)).body.data.total).toBe(0);
  });

  it("is served by the suffix index on the reversed ICCID", async () => {
    // At 20,000 cards (written and rolled back), as the planner sees a real list.
    let plan = "";
    await cloud.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into ${simCards} (tenant_id, iccid, carrier) select 2, '8986' || lpad(g::text, 15, '0'), 'cmcc' from generate_series(1, 20000) g`);
        await tx.execute(sql`analyze ${simCards}`);
        plan = rowsOf<{ "QUERY PLAN": string }>(await tx.execute(sql`explain select id from ${simCards} where ${tenantOf(2).where(simCards, sql`reverse(${simCards.iccid}) like ${"4321%"}`)}`)).map((r) => r["QUERY PLAN"]).join("\n");
        throw new Error("rollback");
      })
      .catch((e: Error) => expect(e.message).toBe("rollback"));
    expect(plan).toContain("sim_cards_iccid_suffix");
    expect(plan).toMatch(/Index Cond: .*reverse/);
  });

  it("⌘K finds the card by its last digits (spaces as printed on the card ignored) for those who may open the SIM list", async () => {
    const a = await add(3);
    const tail = a.iccid.slice(-6);
    const find = (keyword: string, token = admin, language = "en") => cloud.request<SearchHit[]>(`/sys/search/global?keyword=${encodeURIComponent(keyword)}`, { token, language });
    const hit = (await find(`${tail.slice(0, 3)} ${tail.slice(3)}`)).body.data.find((h) => h.kind === "simCard");
    expect(hit).toMatchObject({ id: a.id, title: a.iccid, href: `/sim/simInfo?id=${a.id}` });
    expect(hit?.hint).toContain("China Mobile");
    expect((await find(tail, admin, "zh-cn")).body.data.find((h) => h.kind === "simCard")?.hint).toContain("中国移动");
    // Three digits are too few to name a card; the operator may not open the SIM list.
    expect((await find(tail.slice(-3))).body.data.filter((h) => h.kind === "simCard")).toEqual([]);
    expect((await find(tail, operator)).body.data.filter((h) => h.kind === "simCard")).toEqual([]);
    expect((await find(tail, platform)).body.data.filter((h) => h.kind === "simCard")).toEqual([]);
  });
});

describe("the bound card on the device page (device/simCard/ofDevice)", () => {
  it("answers the device's card with its plan, use and as-of date; none while unbound; another tenant's device as not the caller's", async () => {
    const [dev] = await cloud.db.select({ id: devices.id }).from(devices).where(tenantOf(2).where(devices)).orderBy(asc(devices.id)).offset(3).limit(1);
    const of = (deviceId: number, token = admin) => cloud.request<OfDevice>(`/device/simCard/ofDevice?deviceId=${deviceId}`, { token });
    await cloud.db.update(simCards).set({ deviceId: null }).where(eq(simCards.deviceId, dev.id));
    expect((await of(dev.id)).body.data).toEqual({ owned: true, cards: [] });
    // The bind picker: unbound cards by their last digits.
    const card = await add(4, "unicom");
    expect(await rows(`unbound=1&iccid=${card.iccid.slice(-6)}`)).toEqual([card.iccid]);
    expect((await cloud.request("/device/simCard/upd", { token: admin, body: { id: card.id, deviceId: dev.id } })).body.code).toBe(200);
    expect(await rows(`unbound=1&iccid=${card.iccid.slice(-6)}`)).toEqual([]);
    await cloud.db.update(simCards).set({ usedMb: 512, quotaMb: 1024, usageAsOf: "2026-03-01" }).where(eq(simCards.id, card.id));
    const bound = (await of(dev.id)).body.data;
    expect(bound.owned).toBe(true);
    expect(bound.cards).toHaveLength(1);
    expect(bound.cards[0]).toMatchObject({ id: card.id, iccid: card.iccid, carrier: "unicom", usedMb: 512, quotaMb: 1024, usagePct: 50, usageAsOf: "2026-03-01", deviceId: dev.id });
    // The platform does not see the tenant's card, and may bind none of its own to the tenant's device.
    expect((await of(dev.id, platform)).body.data).toEqual({ owned: false, cards: [] });
    expect((await of(dev.id, operator)).body.code).toBe(403);
    expect((await of(0)).body.code).toBe(400);
  });
});

describe("the tenant's use over a range (device/simCard/useChart without a card)", () => {
  it("sums every card's use per day, names the top users, follows the carrier and refuses more than 31 days in both languages", async () => {
    const [a, b, c] = [await add(10, "cmcc"), await add(11, "cmcc"), await add(12, "unicom")];
    const other = await add(13, "cmcc", platform);
    const D = "2030-01-31";
    const d = (n: number) => new Date(Date.parse(`${D}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    await cloud.db.insert(simUsage).values([
      { cardId: a.id, day: d(0), usedMb: 10 },
      { cardId: a.id, day: d(1), usedMb: 5 },
      { cardId: b.id, day: d(0), usedMb: 40 },
      { cardId: c.id, day: d(2), usedMb: 25.5 },
      // Before the range, and another tenant's card: neither counts.
      { cardId: b.id, day: d(40), usedMb: 1000 },
      { cardId: other.id, day: d(0), usedMb: 999 },
    ]);
    const chart = async (query: string, language = "en") => (await cloud.request<UsageChart>(`/device/simCard/useChart?${query}`, { token: admin, language })).body;
    const all = (await chart(`startDate=${d(30)}&endDate=${D}`)).data;
    expect(all.days).toHaveLength(31);
    expect(all.days.slice(-3)).toEqual([{ day: d(2), usedMb: 25.5 }, { day: d(1), usedMb: 5 }, { day: d(0), usedMb: 50 }]);
    expect(all.totalMb).toBe(80.5);
    expect(all.months).toEqual([{ month: "2030-01", usedMb: 80.5 }]);
    expect(all.runOutDays).toBeNull();
    // The latest day any of the tenant's cards is reported to (the seeded cards').
    const [latest] = await cloud.db.select({ day: sql<string>`max(${simCards.usageAsOf})::text` }).from(simCards).where(tenantOf(2).where(simCards));
    expect(all.usageAsOf).toBe(latest.day);
    expect(all.usageAsOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(all.top?.map((t) => [t.iccid, t.usedMb])).toEqual([[b.iccid, 40], [c.iccid, 25.5], [a.iccid, 15]]);
    const unicom = (await chart(`carrier=unicom&startDate=${d(30)}&endDate=${D}`)).data;
    expect(unicom.totalMb).toBe(25.5);
    expect(unicom.top?.map((t) => t.iccid)).toEqual([c.iccid]);
    // One card's chart has no top list.
    const one = (await chart(`id=${a.id}&startDate=${d(30)}&endDate=${D}`)).data;
    expect(one.totalMb).toBe(15);
    expect(one).not.toHaveProperty("top");
    expect(await chart(`startDate=${d(39)}&endDate=${D}`)).toMatchObject({ code: 400, msg: expect.stringContaining("at most 31 days") });
    expect((await chart(`startDate=${d(39)}&endDate=${D}`, "zh-cn")).msg).toContain("最多 31 天");
    expect((await chart(`carrier=nokia&startDate=${d(3)}&endDate=${D}`)).code).toBe(400);
    expect((await cloud.request(`/device/simCard/useChart?startDate=${d(3)}&endDate=${D}`, { token: operator })).body.code).toBe(403);
  });
});

describe("the roll-ups behind the tenant's use (sim_usage_tenant, sim_usage_month)", () => {
  it("answer what the raw sum of every card's days answers, over ranges, carriers and tenants, after upserts, deletes and moved cards", async () => {
    const carriers = ["cmcc", "unicom", "chinanet"];
    // 240 cards of tenant 2 and 30 of the platform's, their ICCIDs from 900 on (clear of the other tests').
    const ids: { id: number; tenant: number }[] = [];
    for (let k = 0; k < 270; k++) {
      const tenant = k < 240 ? 2 : 1;
      const [card] = await cloud.db.insert(simCards).values({ tenantId: tenant, iccid: iccid(900 + k), carrier: carriers[k % 3] }).returning({ id: simCards.id });
      ids.push({ id: card.id, tenant });
    }
    // 75 days over three months; few distinct figures, so many cards tie (the top's n-th is tied, its read grows).
    const start = "2031-01-20";
    const day = (n: number) => new Date(Date.parse(`${start}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const usage = ids.flatMap(({ id }) => Array.from({ length: 75 }, (_, n) => ({ cardId: id, day: day(n), usedMb: rnd() < 0.3 ? 0 : [0.25, 1.5, 3, 12.75, 100][Math.floor(rnd() * 5)] })));
    await cloud.db.insert(simUsage).values(usage);
    // The sync's upsert changes some days, some days are deleted, a card moves carrier, one is deleted.
    await cloud.db
      .insert(simUsage)
      .values(ids.slice(0, 60).map(({ id }, k) => ({ cardId: id, day: day(k), usedMb: 55.5 + k })))
      .onConflictDoUpdate({ target: [simUsage.cardId, simUsage.day], set: { usedMb: sql`excluded.used_mb` } });
    await cloud.db.execute(sql`delete from ${simUsage} where card_id = ${ids[5].id} and day between ${day(10)} and ${day(20)}`);
    await cloud.db.update(simCards).set({ carrier: "unicom" }).where(eq(simCards.id, ids[3].id));
    await cloud.db.delete(simCards).where(eq(simCards.id, ids[4].id));

    const raw = rowsOf<{ tenant_id: number; carrier: string; day: string; mb: number }>(
      await cloud.db.execute(sql`select c.tenant_id, c.carrier, u.day::text as day, sum(u.used_mb)::float8 as mb from ${simUsage} u join ${simCards} c on c.id = u.card_id group by 1, 2, 3`),
    );
    const rolled = rowsOf<{ tenant_id: number; carrier: string; day: string; mb: number }>(
      await cloud.db.execute(sql`select tenant_id, carrier, day::text as day, used_mb::float8 as mb from sim_usage_tenant where used_mb <> 0`),
    );
    const key = (r: { tenant_id: number; carrier: string; day: string }) => `${r.tenant_id} ${r.carrier} ${r.day}`;
    const byKey = (rs: typeof raw) => new Map(rs.filter((r) => r.mb !== 0).map((r) => [key(r), Math.round(r.mb * 100)]));
    expect(byKey(rolled)).toEqual(byKey(raw));
    const months = rowsOf<{ n: number }>(
      await cloud.db.execute(sql`select count(*)::int as n from sim_usage_month m full join (select card_id, date_trunc('month', day)::date as month, sum(used_mb::numeric) as mb from ${simUsage} group by 1, 2) r using (card_id, month) where m.used_mb is distinct from r.mb and coalesce(m.used_mb, 0) <> coalesce(r.mb, 0)`),
    );
    expect(months[0].n).toBe(0);

    // The route against the raw sum, for each tenant, carrier and range (in one month, across two, one day).
    const ranges = [[day(0), day(30)], [day(12), day(12)], [day(11), day(41)], [day(44), day(74)], [day(70), day(74)]];
    for (const [token, tenant] of [[admin, 2], [platform, 1]] as const) {
      for (const carrier of [undefined, ...carriers]) {
        for (const [from, to] of ranges) {
          const q = `startDate=${from}&endDate=${to}${carrier ? `&carrier=${carrier}` : ""}`;
          const got = (await cloud.request<UsageChart>(`/device/simCard/useChart?${q}`, { token })).body.data;
          const cond = sql`c.tenant_id = ${tenant} and u.day between ${from} and ${to} ${carrier ? sql`and c.carrier = ${carrier}` : sql``}`;
          const days = rowsOf<{ day: string; mb: number }>(await cloud.db.execute(sql`select u.day::text as day, sum(u.used_mb)::float8 as mb from ${simUsage} u join ${simCards} c on c.id = u.card_id where ${cond} group by 1`));
          const want = new Map(days.map((r) => [r.day, Math.round(r.mb * 100) / 100]));
          expect(got.days.filter((d) => d.usedMb !== 0), q).toEqual(got.days.filter((d) => want.get(d.day)).map((d) => ({ day: d.day, usedMb: want.get(d.day) })));
          const top = rowsOf<{ iccid: string; mb: number }>(
            await cloud.db.execute(sql`select c.iccid, sum(u.used_mb)::float8 as mb from ${simUsage} u join ${simCards} c on c.id = u.card_id where ${cond} group by c.id having sum(u.used_mb) > 0 order by sum(u.used_mb) desc, c.iccid limit 10`),
          );
          expect(got.top?.map((t) => [t.iccid, t.usedMb]), q).toEqual(top.map((t) => [t.iccid, Math.round(t.mb * 100) / 100]));
        }
      }
    }
  });
});
