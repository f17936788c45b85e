import { describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { and, asc, count, eq, like } from "drizzle-orm";
import type { Envelope } from "@/lib/contract/envelope";
import type { ImportResult } from "@/lib/contract/upload";
import { withCheckDigit } from "@/lib/contract/sim/iccid";
import type { SimCard, SimStat, SyncRun, UsageChart } from "@/lib/contract/sim/card";
import { devices, simCards, simRecords, simUsage, stationMessages, todos } from "../../db/schema";
import { signedIn, TEST_EPOCH, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";
import { carriersOf } from "../../sim/carriers";
import { startSync } from "../../sim/sync";
import { remindExpiring } from "../../sim/expiry";
import { addDays } from "../../sim/simulated";

let cloud: TestCloud;
let admin: string;
let platform: string;
let operator: string;
signedIn((s) => ({ cloud, admin, platform, operator } = s), ["admin", "platform", "operator"]);

type Page<T> = { total: number; records: T[] };
const TEST_DAY = TEST_EPOCH.toISOString().slice(0, 10);
const iccid = (n: number) => withCheckDigit(`898604${String(900000 + n).padStart(13, "0")}`);

async function firstCard(token = admin) {
  const page = await cloud.request<Page<SimCard>>("/device/simCard/page?size=50", { token });
  return page.body.data.records;
}

describe("device/simCard", () => {
  it("lists the seeded cards of the caller's tenant with usage, names and the as-of date, and none to another tenant", async () => {
    const records = await firstCard();
    expect(records.length).toBeGreaterThan(30);
    const card = records.find((r) => r.prodName)!;
    expect(card).toMatchObject({ carrier: expect.any(String), custName: expect.any(String), usageAsOf: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(card.usagePct).toBeGreaterThanOrEqual(0);
    expect((await cloud.request<Page<SimCard>>("/device/simCard/page", { token: platform })).body.data.total).toBe(0);
  });

  it("filters by carrier, status, tag, expiring within 7 days, over quota and a pasted list of ICCIDs", async () => {
    const all = await firstCard();
    const cmcc = (await cloud.request<Page<SimCard>>("/device/simCard/page?carrier=cmcc&size=50", { token: admin })).body.data;
    expect(cmcc.records.every((r) => r.carrier === "cmcc")).toBe(true);
    expect(cmcc.total).toBe(all.filter((r) => r.carrier === "cmcc").length);
    const tagged = (await cloud.request<Page<SimCard>>("/device/simCard/page?tag=bridge&size=50", { token: admin })).body.data;
    expect(tagged.total).toBeGreaterThan(0);
    expect(tagged.records.every((r) => (r.tags as string[]).includes("bridge"))).toBe(true);
    // The test cloud's clock stands at TEST_EPOCH: a card due three days later is expiring within 7 days, one due in 20 days within 30.
    await cloud.request("/device/simCard/add", { token: admin, body: { iccid: iccid(30), carrier: "cmcc", expireAt: addDays(TEST_DAY, 3) } });
    await cloud.request("/device/simCard/add", { token: admin, body: { iccid: iccid(31), carrier: "cmcc", expireAt: addDays(TEST_DAY, 20) } });
    const expiring = (await cloud.request<Page<SimCard>>("/device/simCard/page?expiring=7", { token: admin })).body.data;
    expect(expiring.records.map((r) => r.iccid)).toEqual([iccid(30)]);
    expect((await cloud.request<Page<SimCard>>("/device/simCard/page?expiring=30", { token: admin })).body.data.records.map((r) => r.iccid).sort()).toEqual([iccid(30), iccid(31)].sort());
    const over = (await cloud.request<Page<SimCard>>("/device/simCard/page?overQuota=1&size=50", { token: admin })).body.data;
    expect(over.records.every((r) => (r.usagePct as number) >= 80)).toBe(true);
    const two = all.slice(0, 2).map((r) => r.iccid);
    const listed = (await cloud.request<Page<SimCard>>(`/device/simCard/page?iccidList=${two.join("%0A")}`, { token: admin })).body.data;
    expect(listed.records.map((r) => r.iccid).sort()).toEqual([...two].sort());
    const tail = all[0].iccid.slice(-6);
    expect((await cloud.request<Page<SimCard>>(`/device/simCard/page?iccid=${tail}`, { token: admin })).body.data.records.map((r) => r.iccid)).toContain(all[0].iccid);
  });

  it("adds a card with a valid ICCID and refuses a bad check digit, a taken ICCID and another tenant's plan, in both languages", async () => {
    const add = await cloud.request<SimCard>("/device/simCard/add", { token: admin, body: { iccid: iccid(1), carrier: "cmcc" } });
    expect(add.body).toMatchObject({ code: 200, data: { iccid: iccid(1), status: "testing", imeiStatus: "NOT_SET" } });
    const bad = iccid(2).slice(0, -1) + ((Number(iccid(2).at(-1)) + 1) % 10);
    expect((await cloud.request("/device/simCard/add", { token: admin, language: "en", body: { iccid: bad, carrier: "cmcc" } })).body).toMatchObject({ code: 400, msg: expect.stringContaining("Not a valid ICCID") });
    expect((await cloud.request("/device/simCard/add", { token: admin, language: "zh-cn", body: { iccid: bad, carrier: "cmcc" } })).body.msg).toContain("ICCID 无效");
    expect((await cloud.request("/device/simCard/add", { token: admin, language: "en", body: { iccid: iccid(1), carrier: "cmcc" } })).body).toMatchObject({ code: 400, msg: `A card with ICCID ${iccid(1)} already exists` });
    expect((await cloud.request("/device/simCard/add", { token: admin, language: "zh-cn", body: { iccid: iccid(1), carrier: "cmcc" } })).body.msg).toBe(`ICCID 为 ${iccid(1)} 的卡已存在`);
    const platformProd = await cloud.request<{ id: number }>("/device/simProd/add", { token: platform, body: { prodName: "P", carrier: "cmcc", price: 1, quotaMb: 1, period: "month" } });
    expect((await cloud.request("/device/simCard/add", { token: admin, language: "en", body: { iccid: iccid(3), carrier: "cmcc", productId: platformProd.body.data.id } })).body).toMatchObject({ code: 400, msg: "The chosen Product category does not exist" });
    expect((await cloud.request("/device/simCard/add", { token: operator, body: { iccid: iccid(4), carrier: "cmcc" } })).body.code).toBe(403);
  });

  it("binds a card to a device, which shows the device's state on the card, and records it", async () => {
    const [dev] = await cloud.db.select({ id: devices.id, sn: devices.deviceSn }).from(devices).where(tenantOf(2).where(devices)).orderBy(asc(devices.id)).limit(1);
    const add = await cloud.request<SimCard>("/device/simCard/add", { token: admin, body: { iccid: iccid(10), carrier: "unicom" } });
    // A device that has reported: its last report is answered beside the card (a time read through raw SQL).
    const heard = new Date("2026-03-02T07:59:30.250Z");
    await cloud.db.update(devices).set({ lastReportTime: heard }).where(eq(devices.id, dev.id));
    const upd = await cloud.request<SimCard>("/device/simCard/upd", { token: admin, body: { id: add.body.data.id, deviceId: dev.id } });
    expect(upd.body.data).toMatchObject({ deviceSn: dev.sn, deviceStatus: expect.any(Number), lastReportTime: heard.toISOString() });
    const recs = await cloud.request<Page<{ action: string }>>(`/device/simRecord/page?cardId=${add.body.data.id}`, { token: admin });
    expect(recs.body.data.records.map((r) => r.action)).toEqual(expect.arrayContaining(["add", "upd", "bind"]));
    const [foreign] = await cloud.db.select({ id: devices.id }).from(devices).where(tenantOf(1).where(devices)).limit(1);
    if (foreign) expect((await cloud.request("/device/simCard/upd", { token: admin, body: { id: add.body.data.id, deviceId: foreign.id } })).body.code).toBe(400);
  });

  it("imports cards from xlsx, reporting a bad ICCID row with its reason", async () => {
    const tpl = await cloud.app.request("/iotCloud/device/simCard/template", { method: "POST", headers: { authorization: `Bearer ${admin}`, language: "en" } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await tpl.arrayBuffer());
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(["ICCID", "Carrier"]));
    const header = (sheet.getRow(1).values as string[]).slice(1);
    const row = (v: Record<string, string>) => header.map((h) => v[h] ?? null);
    sheet.addRow(row({ ICCID: iccid(20), Carrier: "China Mobile" }));
    sheet.addRow(row({ ICCID: "8986001234567890123", Carrier: "China Unicom" }));
    const form = new FormData();
    form.append("file", new File([new Uint8Array(await wb.xlsx.writeBuffer())], "cards.xlsx"));
    const res = await cloud.app.request("/iotCloud/device/simCard/import", { method: "POST", body: form, headers: { authorization: `Bearer ${admin}`, language: "en" } });
    const r = (await res.json()) as Envelope<ImportResult>;
    expect(r.data, JSON.stringify(r)).toMatchObject({ successTotal: 1, failureTotal: 1 });
    expect(r.data.errorList[0].errorMsg).toContain("Not a valid ICCID");
  });

  it("imports 2,000 cards in chunks, each bad, repeated or stored ICCID reported by its row and every good card kept with its record, in both languages", async () => {
    const tpl = await cloud.app.request("/iotCloud/device/simCard/template", { method: "POST", headers: { authorization: `Bearer ${admin}`, language: "zh-cn" } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await tpl.arrayBuffer());
    const sheet = wb.worksheets[0];
    const header = (sheet.getRow(1).values as string[]).slice(1);
    const bulk = (n: number) => withCheckDigit(`898611${String(n).padStart(13, "0")}`);
    const stored = (await firstCard())[0].iccid;
    const cells = Array.from({ length: 2000 }, (_, i) => bulk(i));
    cells[5] = stored;
    cells[900] = bulk(3);
    cells[1999] = "8986001234567890123";
    // Typed as people type them: the carrier and card type by their labels in Chinese.
    for (const v of cells) sheet.addRow(header.map((h) => ({ ICCID: v, 运营商: "中国移动", 卡类型: "单卡" })[h] ?? null));
    const form = new FormData();
    form.append("file", new File([new Uint8Array(await wb.xlsx.writeBuffer())], "cards.xlsx"));
    const res = await cloud.app.request("/iotCloud/device/simCard/import", { method: "POST", body: form, headers: { authorization: `Bearer ${admin}`, language: "zh-cn" } });
    const r = (await res.json()) as Envelope<ImportResult>;
    expect(r.data, JSON.stringify(r).slice(0, 300)).toMatchObject({ successTotal: 1997, failureTotal: 3 });
    expect(r.data.errorList.map((e) => [e.rowNum, e.errorMsg])).toEqual([
      [7, `第 7 行：ICCID 为 ${stored} 的卡已存在`],
      [902, `第 902 行：ICCID 为 ${bulk(3)} 的卡已存在`],
      [2001, expect.stringContaining("ICCID 无效")],
    ]);
    const mine = await cloud.db.select({ id: simCards.id, carrier: simCards.carrier, cardType: simCards.cardType }).from(simCards).where(tenantOf(2).where(simCards, like(simCards.iccid, "898611%")));
    expect(mine).toHaveLength(1997);
    expect(mine.every((x) => x.carrier === "cmcc" && x.cardType === "SINGLE")).toBe(true);
    const [{ n }] = await cloud.db.select({ n: count() }).from(simRecords).where(and(eq(simRecords.action, "import"), like(simRecords.iccid, "898611%")));
    expect(n).toBe(1997);
    // The other tests read the newest cards: these go again.
    await cloud.db.delete(simRecords).where(like(simRecords.iccid, "898611%"));
    await cloud.db.delete(simCards).where(like(simCards.iccid, "898611%"));
  });

  it("renews cards (an order, a later expiry) and cancels their renewal", async () => {
    const [card] = (await firstCard()).filter((r) => r.prodName && r.expireAt);
    const renew = await cloud.request<{ orderNo: string; amount: number; cards: number }>("/device/simCard/renewal", { token: admin, body: { ids: [card.id], periods: 2 } });
    expect(renew.body).toMatchObject({ code: 200, data: { cards: 1, amount: expect.any(Number) } });
    const after = (await cloud.request<SimCard>(`/device/simCard/info?id=${card.id}`, { token: admin })).body.data;
    expect(after.expireAt! > card.expireAt!).toBe(true);
    const orders = await cloud.request<Page<{ orderNo: string; iccids: string[]; orderType: number }>>(`/device/simOrder/page?orderNo=${renew.body.data.orderNo}`, { token: admin });
    expect(orders.body.data.records[0]).toMatchObject({ orderType: 2, iccids: [card.iccid] });
    const cancel = await cloud.request("/device/simCard/renewalCancel", { token: admin, body: { iccids: [card.iccid], renewal: 2 } });
    expect(cancel.body).toMatchObject({ code: 200, data: { updated: 1 } });
    expect((await cloud.request<SimCard>(`/device/simCard/info?id=${card.id}`, { token: admin })).body.data.renewal).toBe(2);
    expect((await cloud.request("/device/simCard/renewalCancel", { token: admin, language: "en", body: { iccids: ["89860400000000000000"], renewal: 1 } })).body).toMatchObject({ code: 400, msg: expect.stringContaining("not yours") });
    expect((await cloud.request("/device/simCard/renewalCancel", { token: admin, language: "zh-cn", body: { ids: [], renewal: 1 } })).body.msg).toContain("请至少选择一张卡");
  });

  it("refuses to renew or order cards on another carrier's plan, naming the plan, its carrier and the cards, in both languages", async () => {
    const cards = await firstCard();
    const cmcc = cards.find((r) => r.carrier === "cmcc")!;
    const unicom = cards.find((r) => r.carrier === "unicom")!;
    const prod = await cloud.request<{ id: number }>("/device/simProd/add", { token: admin, body: { prodName: "Unicom only", carrier: "unicom", price: 5, quotaMb: 100, period: "month" } });
    const before = (await cloud.request<SimCard>(`/device/simCard/info?id=${cmcc.id}`, { token: admin })).body.data;
    const en = await cloud.request("/device/simCard/renewal", { token: admin, language: "en", body: { ids: [cmcc.id, unicom.id], productId: prod.body.data.id, periods: 1 } });
    expect(en.body).toMatchObject({ code: 400, msg: `The product category Unicom only is a China Unicom plan: 1 card is of another carrier (${cmcc.iccid})` });
    const zh = await cloud.request("/device/simCard/renewal", { token: admin, language: "zh-cn", body: { iccids: [cmcc.iccid], productId: prod.body.data.id, periods: 1 } });
    expect(zh.body).toMatchObject({ code: 400, msg: `产品类别 Unicom only 属于中国联通：有 1 张卡属于其他运营商（${cmcc.iccid}）` });
    const order = await cloud.request("/device/simOrder/add", { token: admin, language: "en", body: { productId: prod.body.data.id, periods: 1, iccids: [cmcc.iccid] } });
    expect(order.body).toMatchObject({ code: 400, msg: expect.stringContaining("China Unicom plan") });
    // Nothing was written: no order, the card's plan and expiry as they were.
    const after = (await cloud.request<SimCard>(`/device/simCard/info?id=${cmcc.id}`, { token: admin })).body.data;
    expect({ productId: after.productId, expireAt: after.expireAt }).toEqual({ productId: before.productId, expireAt: before.expireAt });
    expect((await cloud.request("/device/simCard/renewal", { token: admin, body: { ids: [unicom.id], productId: prod.body.data.id, periods: 1 } })).body.code).toBe(200);
  });

  it("saves tags on a batch of cards", async () => {
    const cards = (await firstCard()).slice(0, 3);
    expect((await cloud.request("/device/simCard/saveTag", { token: admin, body: { ids: cards.map((c) => c.id), tags: ["east", "east", "gate"] } })).body.data).toEqual({ updated: 3 });
    const tagged = await cloud.request<Page<SimCard>>("/device/simCard/page?tag=gate", { token: admin });
    expect(tagged.body.data.records.map((r) => r.id).sort()).toEqual(cards.map((c) => c.id).sort());
    expect((await cloud.request("/device/simCard/saveTag", { token: admin, language: "en", body: { ids: [cards[0].id], tags: Array.from({ length: 11 }, (_, i) => `t${i}`) } })).body.code).toBe(400);
  });

  it("charts a card's use per day up to 31 days with month totals, and refuses 40 days in both languages", async () => {
    const card = (await firstCard()).find((r) => r.usageAsOf)!;
    const end = card.usageAsOf!;
    const start = addDays(end, -30);
    const chart = await cloud.request<UsageChart>(`/device/simCard/useChart?id=${card.id}&startDate=${start}&endDate=${end}`, { token: admin });
    expect(chart.body.data.days).toHaveLength(31);
    const sum = chart.body.data.days.reduce((s, d) => s + d.usedMb, 0);
    expect(chart.body.data.totalMb).toBeCloseTo(sum, 1);
    expect(chart.body.data.months.reduce((s, m) => s + m.usedMb, 0)).toBeCloseTo(sum, 1);
    const stored = await cloud.db.select().from(simUsage).where(eq(simUsage.cardId, card.id));
    expect(stored.length).toBeGreaterThanOrEqual(31);
    const far = addDays(end, -39);
    expect((await cloud.request(`/device/simCard/useChart?id=${card.id}&startDate=${far}&endDate=${end}`, { token: admin, language: "en" })).body).toMatchObject({ code: 400, msg: expect.stringContaining("at most 31 days") });
    expect((await cloud.request(`/device/simCard/useChart?id=${card.id}&startDate=${far}&endDate=${end}`, { token: admin, language: "zh-cn" })).body.msg).toContain("最多 31 天");
    expect((await cloud.request(`/device/simCard/useChart?id=${card.id}&startDate=${start}&endDate=${end}`, { token: platform })).body.code).not.toBe(200);
  });

  it("counts cards by status and carrier, expiring, over quota and SPLIT, never showing carrier credentials", async () => {
    const stat = await cloud.request<SimStat>("/device/simCard/stat", { token: admin });
    expect(stat.body.data.total).toBeGreaterThan(30);
    expect(stat.body.data.byCarrier.map((b) => b.carrier).sort()).toEqual(["chinanet", "cmcc", "unicom"]);
    expect(stat.body.data.expiring7).toBeGreaterThan(0);
    expect(stat.body.data.expiring30).toBeGreaterThanOrEqual(stat.body.data.expiring7);
    expect(stat.body.data.split).toBeGreaterThan(0);
    expect(stat.body.data.simulated).toBe(true);
    expect(JSON.stringify(stat.body)).not.toMatch(/password|appid|token/i);
  });

  it("refuses another tenant's cards at every call", async () => {
    const [card] = await firstCard();
    const t = platform;
    expect((await cloud.request(`/device/simCard/info?id=${card.id}`, { token: t })).body.code).toBe(404);
    expect((await cloud.request("/device/simCard/upd", { token: t, body: { id: card.id, remark: "x" } })).body.code).toBe(404);
    expect((await cloud.request("/device/simCard/del", { token: t, body: { ids: [card.id] } })).body.code).toBe(404);
    for (const path of ["renewal", "saveTag", "renewalCancel"]) {
      const res = await cloud.request(`/device/simCard/${path}`, { token: t, body: { ids: [card.id], periods: 1, productId: null, tags: ["x"], renewal: 1 } });
      expect(res.body.code, path).toBe(400);
    }
    expect((await cloud.request<Page<unknown>>(`/device/simRecord/page?cardId=${card.id}`, { token: t })).body.data.total).toBe(0);
    const sync = await cloud.request<SyncRun>("/device/simCard/sync", { token: t, body: { ids: [card.id] } });
    expect(sync.body.data.total).toBe(0);
  });
});

describe("device/simProd, simCust, simOrder, simExpire", () => {
  it("keeps prices in cents, shown with two decimals, and refuses three decimals and a taken name", async () => {
    const add = await cloud.request<{ id: number; price: number }>("/device/simProd/add", { token: admin, body: { prodName: "5G 100GB", carrier: "cmcc", price: "1,234.56", quotaMb: 102400, period: "year" } });
    expect(add.body.data.price).toBe(1234.56);
    expect((await cloud.request("/device/simProd/add", { token: admin, language: "en", body: { prodName: "X", carrier: "cmcc", price: 1.234, quotaMb: 1, period: "month" } })).body.msg).toContain("At most two decimals");
    expect((await cloud.request("/device/simProd/add", { token: admin, language: "zh-cn", body: { prodName: "5G 100GB", carrier: "cmcc", price: 1, quotaMb: 1, period: "month" } })).body.msg).toBe("名为 5G 100GB 的产品类别已存在");
  });

  it("counts a customer's cards and refuses a taken name", async () => {
    const page = await cloud.request<Page<{ custName: string; cardCount: number }>>("/device/simCust/page", { token: admin });
    expect(page.body.data.records.some((r) => r.cardCount > 0)).toBe(true);
    const name = page.body.data.records[0].custName;
    expect((await cloud.request("/device/simCust/add", { token: admin, language: "en", body: { custName: name } })).body.code).toBe(400);
  });

  it("places an order for pasted ICCIDs (amount = price × periods × cards), refuses unknown ones, deletes only cancelled orders", async () => {
    const prod = await cloud.request<{ id: number }>("/device/simProd/add", { token: admin, body: { prodName: "Order plan", carrier: "unicom", price: 10.5, quotaMb: 500, period: "month" } });
    const cards = (await firstCard()).filter((c) => c.carrier === "unicom").slice(0, 2);
    const add = await cloud.request<{ id: number; amount: number; cardCount: number }>("/device/simOrder/add", { token: admin, body: { productId: prod.body.data.id, periods: 3, iccids: cards.map((c) => c.iccid) } });
    expect(add.body.data).toMatchObject({ amount: 63, cardCount: 2 });
    expect((await cloud.request<SimCard>(`/device/simCard/info?id=${cards[0].id}`, { token: admin })).body.data.quotaMb).toBe(500);
    expect((await cloud.request("/device/simOrder/add", { token: admin, language: "en", body: { productId: prod.body.data.id, periods: 1, iccids: [withCheckDigit("898601999999999999")] } })).body).toMatchObject({ code: 400, msg: expect.stringContaining("not yours") });
    expect((await cloud.request("/device/simOrder/del", { token: admin, language: "en", body: { ids: [add.body.data.id] } })).body.msg).toBe("Only a cancelled order can be deleted");
    expect((await cloud.request("/device/simOrder/upd", { token: admin, body: { id: add.body.data.id, orderStatus: 2 } })).body.code).toBe(200);
    expect((await cloud.request("/device/simOrder/del", { token: admin, body: { ids: [add.body.data.id] } })).body.data).toEqual({ deleted: 1 });
  });

  it("expiry rules remind chosen users once per card and rule through to-dos and messages", async () => {
    const users = await cloud.request<Page<{ id: number; username: string }>>("/sys/user/page?size=50", { token: admin });
    const me = users.body.data.records.find((u) => u.username === "demoadmin")!;
    const rule = await cloud.request<{ id: number; userNames: string }>("/device/simExpire/add", { token: admin, body: { ruleName: "7 days", daysBefore: 7, userIds: [me.id] } });
    expect(rule.body.data.userNames).toBeTruthy();
    expect((await cloud.request("/device/simExpire/add", { token: admin, language: "en", body: { ruleName: "x", daysBefore: 7, userIds: [1] } })).body.code).toBe(400);
    const before = (await cloud.db.select().from(todos).where(eq(todos.userId, me.id))).length;
    const told = await remindExpiring(cloud.db, new Date());
    expect(told).toBeGreaterThan(0);
    const mine = await cloud.db.select().from(todos).where(eq(todos.userId, me.id));
    expect(mine.length).toBeGreaterThan(before);
    expect((await cloud.db.select().from(stationMessages).where(eq(stationMessages.userId, me.id))).some((m) => m.msgTitle.includes("物联网卡"))).toBe(true);
    // English counts in the singular or the plural, as the number is.
    const titles = (await cloud.db.select({ i18n: todos.i18n }).from(todos).where(eq(todos.userId, me.id))).map((x) => (x.i18n as { msgTitle?: { en?: string } } | null)?.msgTitle?.en).filter((x) => x?.includes("SIM")) as string[];
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).toMatch(/^(1 SIM card expires|([02-9]|\d\d+) SIM cards expire) within (1 day|([02-9]|\d\d+) days)$/);
    expect(await remindExpiring(cloud.db, new Date())).toBe(0);
  });
});

describe("carrier sync", () => {
  it("syncs a tenant's cards through the simulated carrier: seen, changed, usage as of yesterday, SPLIT recorded", async () => {
    const carriers = carriersOf({}, { rate: 50, simulated: { errorRate: 0 } });
    const { run, done } = await startSync(cloud.db, 2, carriers);
    expect(run.state).toBe("running");
    const end = await done;
    expect(end).toMatchObject({ state: "done", errors: 0 });
    expect(end.seen).toBe(end.total);
    const cards = await cloud.db.select().from(simCards).where(tenantOf(2).where(simCards));
    expect(cards.every((c) => c.syncResult === "ok" && c.usageAsOf)).toBe(true);
    const state = await cloud.request<SyncRun>("/device/simCard/syncState", { token: admin });
    expect(state.body.data).toMatchObject({ id: end.id, state: "done" });
  });

  it("shows a status the carrier changed after the next sync, with the change in the card's history", async () => {
    const carriers = carriersOf({}, { rate: 50, simulated: { errorRate: 0 } });
    const [card] = await cloud.db.select({ id: simCards.id, status: simCards.status }).from(simCards).where(tenantOf(2).where(simCards)).orderBy(asc(simCards.id)).limit(1);
    // What the carrier reports is what the last sync stored; the card as we knew it before the carrier changed it:
    const before = card.status === "deactivation" ? "activation" : "deactivation";
    await cloud.db.update(simCards).set({ status: before }).where(eq(simCards.id, card.id));
    expect((await startSync(cloud.db, 2, carriers, { ids: [card.id] }).then((s) => s.done)).changed).toBe(1);
    expect((await cloud.request<SimCard>(`/device/simCard/info?id=${card.id}`, { token: admin })).body.data).toMatchObject({ status: card.status, carrierStatus: expect.any(String) });
    const history = await cloud.request<Page<{ action: string; detail: string }>>(`/device/simRecord/page?cardId=${card.id}&action=status`, { token: admin });
    expect(history.body.data.records[0]).toMatchObject({ action: "status", detail: `${before} → ${card.status}` });
  });
});
