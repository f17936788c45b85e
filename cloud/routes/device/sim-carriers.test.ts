import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { SimAccount } from "@/lib/contract/sim/account";
import { simCards } from "../../db/schema";
import { tenantOf } from "../../lib/scope";
import { signedIn, type TestCloud } from "../../testing";
import { tenantCarriers } from "../../sim/accounts";
import { CarrierError } from "../../sim/carrier";
import { carriersOf } from "../../sim/carriers";
import { cmpSign, CmpCarrier } from "../../sim/cmp";
import { ControlCenterCarrier } from "../../sim/control-center";
import { TokenBucket } from "../../sim/rate-limit";
import { withCheckDigit } from "@/lib/contract/sim/iccid";
import { startSync } from "../../sim/sync";

let cloud: TestCloud;
let admin: string;
signedIn((s) => ({ cloud, admin } = s), ["admin"]);

type Card = { iccid: string; status: string; usedMb: number; dayMb?: number };
type Seen = { method: string; path: string; query: URLSearchParams; headers: IncomingMessage["headers"]; body: Record<string, unknown> | null };

/**
 * A carrier's server on loopback that holds callers to its limits as the carrier does: at most
 * `rate` requests in any second and `inFlight` at once, else 429. It records every request and
 * whether any was refused.
 */
async function fakeServer(o: { rate: number; inFlight: number }, handle: (r: Seen, res: ServerResponse) => void) {
  const seen: Seen[] = [];
  const stamps: number[] = [];
  let running = 0;
  const state = { refused: 0, maxInFlight: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const now = Date.now();
      running++;
      state.maxInFlight = Math.max(state.maxInFlight, running);
      // Slack for jitter: client and server share this process, and a stall of its event loop bunches arrivals
      // that were sent apart (one refusal at load 8 with 50 ms). A caller really over the limit is far past it —
      // calls sent back to back arrive within milliseconds — and rate-limit.test.ts checks the spacing exactly.
      const recent = stamps.filter((t) => now - t < 800).length;
      stamps.push(now);
      const url = new URL(req.url!, "http://fake");
      const text = Buffer.concat(chunks).toString();
      const r: Seen = { method: req.method!, path: url.pathname, query: url.searchParams, headers: req.headers, body: text ? JSON.parse(text) : null };
      seen.push(r);
      // Answered a little later, so a second request sent meanwhile is in flight with it.
      setTimeout(() => {
        if (running > o.inFlight || recent >= o.rate) {
          state.refused++;
          res.writeHead(429, { "content-type": "application/json" }).end(JSON.stringify({ errorMessage: "Too many requests", errorCode: "40000029" }));
        } else handle(r, res);
        running--;
      }, 15);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

/** Cisco Control Center REST v1: Basic credentials, 50 a page, `ctdUsages` per card, `PUT` a state; 5 a second, one in flight. */
function controlCenter(cards: Map<string, Card>, user: string, key: string) {
  return fakeServer({ rate: 5, inFlight: 1 }, (r, res) => {
    if (r.headers.authorization !== `Basic ${Buffer.from(`${user}:${key}`).toString("base64")}`) return json(res, 401, { errorMessage: "Invalid credentials", errorCode: "10000001" });
    const m = /^\/rws\/api\/v1\/devices(?:\/([^/]+))?(\/ctdUsages)?$/.exec(r.path);
    if (!m) return json(res, 404, { errorMessage: "Resource not found", errorCode: "10000024" });
    if (!m[1]) {
      const size = Number(r.query.get("pageSize"));
      if (!r.query.get("modifiedSince") || size > 50) return json(res, 400, { errorMessage: "Invalid request", errorCode: "10000003" });
      const page = Number(r.query.get("pageNumber"));
      const all = [...cards.keys()];
      return json(res, 200, { pageNumber: page, devices: all.slice((page - 1) * size, page * size).map((iccid) => ({ iccid, status: cards.get(iccid)!.status })), lastPage: page * size >= all.length });
    }
    const card = cards.get(m[1]);
    if (!card) return json(res, 404, { errorMessage: "Resource not found", errorCode: "10000024" });
    if (r.method === "PUT") {
      card.status = String(r.body!.status);
      return json(res, 200, { iccid: card.iccid });
    }
    return json(res, 200, { iccid: card.iccid, imsi: "460011234567890", msisdn: "8614500001234", imei: "861234567890123", status: card.status, ratePlan: "IoT 1GB", communicationPlan: "Data", ctdDataUsage: Math.round(card.usedMb * 1048576), ctdSMSUsage: 0 });
  });
}

/** China Telecom 5G CMP: a signed POST, up to 100 cards a flow query, one a status query, `10003` for an unknown card. */
function cmp(cards: Map<string, Card>, appKey: string, secret: string) {
  return fakeServer({ rate: 5, inFlight: 1 }, (r, res) => {
    const body = r.body ?? {};
    if (r.headers.appkey !== appKey || r.headers.sign !== cmpSign(body, secret, String(r.headers.timestamp))) return json(res, 200, { resultCode: "40100", resultMsg: "sign error" });
    const list = (v: unknown) => (Array.isArray(v) ? (v as string[]) : [String(v)]);
    if (r.path === "/api/v1/batchQry/batchQryFlowByMonth" || r.path === "/api/v1/batchQry/batchQryFlowByDay") {
      const iccids = list(body.iccid);
      if (iccids.length > 100) return json(res, 200, { code: 40001, msg: "at most 100 numbers" });
      const daily = r.path.endsWith("ByDay");
      const rows = iccids.flatMap((i) => (cards.has(i) ? [{ iccid: i, result: "0", unit: daily ? "KB" : "MB", flowAmount: String(daily ? cards.get(i)!.dayMb! * 1024 : cards.get(i)!.usedMb), ...(daily ? { date: body.endDate } : { month: body.month }) }] : []));
      return json(res, 200, { code: 0, msg: "ok", data: rows });
    }
    const card = cards.get(String(body.iccid));
    if (!card) return json(res, 200, { resultCode: "10003", resultMsg: "no such card" });
    if (r.path === "/openapi/v1/prodinst/queryCardMainStatus") return json(res, 200, { result: "0", resultMsg: "ok", accessNumber: "14910000001", netBlockStatusName: "已断网", productInfo: [{ productMainStatusCd: card.status, productMainStatusName: card.status === "5" ? "停机" : "在用" }] });
    if (r.path === "/5gcmp/openapi/v1/common/disabledNumberService") {
      card.status = body.orderTypeId === "19" ? "5" : "4";
      return json(res, 200, { resultCode: "0000", GROUP_TRANSACTIONID: `T${body.iccid}` });
    }
    return json(res, 404, {});
  });
}

const limiter = () => new TokenBucket({ rate: 5, burst: 1, inFlight: 1 });
const iccid = (prefix: string, n: number) => withCheckDigit(`${prefix}${String(n).padStart(19 - prefix.length, "0")}`);

describe("China Unicom through Cisco Control Center", () => {
  const cards = new Map<string, Card>();
  let fake: Awaited<ReturnType<typeof controlCenter>>;
  beforeAll(async () => {
    for (let n = 0; n < 120; n++) cards.set(iccid("898601", n), { iccid: iccid("898601", n), status: n % 10 === 0 ? "DEACTIVATED" : "ACTIVATED", usedMb: 100 + n });
    fake = await controlCenter(cards, "tenant-api", "CC-KEY-1");
  });
  afterAll(() => fake.close());

  it("lists the account's cards 50 a page, asks each card's use one request at a time within 5 a second, and changes a state", async () => {
    const cc = new ControlCenterCarrier({ baseUrl: fake.url, username: "tenant-api", apiKey: "CC-KEY-1", limiter: limiter() });
    const first = await cc.listCards(1, 100);
    expect(first.iccids).toHaveLength(100);
    expect(first.total).toBeGreaterThan(100);
    const second = await cc.listCards(2, 100);
    expect(second).toEqual({ iccids: [...cards.keys()].slice(100), total: 120 });
    expect(fake.seen.every((s) => Number(s.query.get("pageSize")) === 50)).toBe(true);

    const asked = [...cards.keys()].slice(0, 11);
    const got = await cc.getCards([...asked, iccid("898601", 999)]);
    // The unknown card is left out; bytes become MB; the raw state is kept beside ours.
    expect(got).toHaveLength(11);
    expect(got[0]).toMatchObject({ iccid: asked[0], status: "deactivation", carrierStatus: "DEACTIVATED", usedMb: 100, imei: "861234567890123", usageAsOf: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(got[1]).toMatchObject({ status: "activation", usedMb: 101 });
    expect(await cc.setState([asked[1]], "deactivate")).toMatchObject({ workOrder: expect.stringContaining("DEACTIVATED") });
    expect(cards.get(asked[1])!.status).toBe("DEACTIVATED");
    expect(fake.state).toMatchObject({ refused: 0, maxInFlight: 1 });
    await expect(cc.usagePerDay()).rejects.toThrow(/per billing cycle/);
  });

  it("is refused by the carrier without the limiter, and a wrong key is told as refused credentials", async () => {
    const free = new ControlCenterCarrier({ baseUrl: fake.url, username: "tenant-api", apiKey: "CC-KEY-1", limiter: new TokenBucket({ rate: 1000 }) });
    await expect(Promise.all([...cards.keys()].slice(0, 8).map((i) => free.getCards([i])))).rejects.toMatchObject({ kind: "rateLimited" });
    await new Promise((r) => setTimeout(r, 1100));
    const wrong = new ControlCenterCarrier({ baseUrl: fake.url, username: "tenant-api", apiKey: "nope", limiter: limiter() });
    const err = await wrong.getCards([[...cards.keys()][0]]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CarrierError);
    expect((err as CarrierError).kind).toBe("auth");
  });
});

describe("China Telecom through the 5G CMP", () => {
  const cards = new Map<string, Card>();
  let fake: Awaited<ReturnType<typeof cmp>>;
  beforeAll(async () => {
    for (let n = 0; n < 8; n++) cards.set(iccid("898603", n), { iccid: iccid("898603", n), status: n === 0 ? "5" : "4", usedMb: 50.5 + n, dayMb: 2 + n });
    fake = await cmp(cards, "APPKEY-1", "CMP-SECRET-1");
  });
  afterAll(() => fake.close());

  it("signs every call, asks the batch's month and day use in one call each and each card's status in one, and changes a state", async () => {
    // One budget for both clients, as for one tenant's account: the fake counts every request of the last second.
    const budget = limiter();
    const api = new CmpCarrier({ baseUrl: fake.url, appKey: "APPKEY-1", secret: "CMP-SECRET-1", limiter: budget });
    const asked = [...cards.keys()];
    const got = await api.getCards([...asked, iccid("898603", 999)]);
    expect(got).toHaveLength(8);
    expect(got[0]).toMatchObject({ iccid: asked[0], status: "deactivation", carrierStatus: "5 停机", stopReason: "已断网", usedMb: 50.5, lastDayMb: 2 });
    expect(got[3]).toMatchObject({ status: "activation", usedMb: 53.5, lastDayMb: 5 });
    // Use is known to yesterday (T+1).
    expect(got[0].usageAsOf! < new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)).toBe(true);
    const paths = fake.seen.map((s) => s.path);
    expect(paths.filter((p) => p.includes("FlowByMonth"))).toHaveLength(1);
    expect(paths.filter((p) => p.includes("queryCardMainStatus"))).toHaveLength(9);
    expect(await api.usagePerDay(asked[2], "2026-03-01", "2026-03-02")).toEqual([{ day: "2026-03-02", usedMb: 4 }]);
    expect(await api.setState([asked[0]], "resume")).toEqual({ workOrder: `T${asked[0]}` });
    expect(cards.get(asked[0])!.status).toBe("4");
    expect(fake.state).toMatchObject({ refused: 0, maxInFlight: 1 });
    const wrong = new CmpCarrier({ baseUrl: fake.url, appKey: "APPKEY-1", secret: "guess", limiter: budget });
    await expect(wrong.getCards([asked[0]])).rejects.toMatchObject({ kind: "auth" });
  });
});

describe("a tenant's Control Center and CMP accounts", () => {
  const unicom = new Map<string, Card>();
  const telecom = new Map<string, Card>();
  let cc: Awaited<ReturnType<typeof controlCenter>>;
  let ct: Awaited<ReturnType<typeof cmp>>;
  beforeAll(async () => {
    const rows = await cloud.db.select({ iccid: simCards.iccid, carrier: simCards.carrier }).from(simCards).where(tenantOf(2).where(simCards));
    for (const r of rows.filter((c) => c.carrier === "unicom")) unicom.set(r.iccid, { iccid: r.iccid, status: "DEACTIVATED", usedMb: 321 });
    for (const r of rows.filter((c) => c.carrier === "chinanet")) telecom.set(r.iccid, { iccid: r.iccid, status: "5", usedMb: 12.25, dayMb: 1.5 });
    cc = await controlCenter(unicom, "tenant-api", "CC-SECRET-9");
    ct = await cmp(telecom, "APPKEY-9", "CMP-SECRET-9");
  });
  afterAll(async () => {
    await cc.close();
    await ct.close();
  });

  it("are refused without an app id and secret, and keep their secret sealed", async () => {
    const noKey = await cloud.request("/device/simAccount/add", { token: admin, language: "en", body: { accountName: "Unicom", carrier: "unicom", adapter: "controlcenter", appId: "tenant-api", rate: 5 } });
    expect(noKey.body).toMatchObject({ code: 400 });
    const wrong = await cloud.request("/device/simAccount/add", { token: admin, language: "en", body: { accountName: "Unicom", carrier: "chinanet", adapter: "controlcenter", appId: "x", secret: "y", rate: 5 } });
    expect(wrong.body).toMatchObject({ code: 400, msg: "The China Unicom Control Center (Jasper) interface does not serve China Telecom" });
  });

  it("sync the tenant's cards through its own accounts: Basic credentials and signed calls with the opened secrets, within the carriers' limits", async () => {
    for (const body of [
      { accountName: "Unicom CC", carrier: "unicom", adapter: "controlcenter", endpoint: cc.url, appId: "tenant-api", secret: "CC-SECRET-9", rate: 5 },
      { accountName: "Telecom CMP", carrier: "chinanet", adapter: "cmp", endpoint: ct.url, appId: "APPKEY-9", secret: "CMP-SECRET-9", rate: 5 },
    ]) {
      const added = await cloud.request<SimAccount>("/device/simAccount/add", { token: admin, body });
      expect(added.body).toMatchObject({ code: 200, data: { adapter: body.adapter, secretSet: true } });
      expect(JSON.stringify(added.body)).not.toContain(body.secret);
    }
    // Loopback is refused to a tenant's endpoint in production (safeFetch): the test reaches its fakes directly.
    const carriers = await tenantCarriers(cloud.db, 2, carriersOf({}, { rate: 50, simulated: { errorRate: 0 } }), { fetch: globalThis.fetch });
    expect(carriers.of("unicom").api).toBeInstanceOf(ControlCenterCarrier);
    expect(carriers.of("chinanet").api).toBeInstanceOf(CmpCarrier);
    const ids = (await cloud.db.select({ id: simCards.id, carrier: simCards.carrier }).from(simCards).where(tenantOf(2).where(simCards))).filter((c) => c.carrier !== "cmcc").map((c) => c.id);
    const end = await (await startSync(cloud.db, 2, carriers, { ids })).done;
    expect(end).toMatchObject({ state: "done", errors: 0, seen: unicom.size + telecom.size });
    expect(cc.state.refused + ct.state.refused).toBe(0);
    expect(cc.seen.every((s) => s.headers.authorization === `Basic ${Buffer.from("tenant-api:CC-SECRET-9").toString("base64")}`)).toBe(true);
    const stored = await cloud.db.select({ iccid: simCards.iccid, carrier: simCards.carrier, status: simCards.status, carrierStatus: simCards.carrierStatus, usedMb: simCards.usedMb }).from(simCards).where(tenantOf(2).where(simCards));
    expect(stored.filter((c) => c.carrier === "unicom").every((c) => c.status === "deactivation" && c.carrierStatus === "DEACTIVATED" && c.usedMb === 321)).toBe(true);
    expect(stored.filter((c) => c.carrier === "chinanet").every((c) => c.status === "deactivation" && c.usedMb === 12.25)).toBe(true);
    const [one] = stored.filter((c) => c.carrier === "chinanet");
    const [card] = await cloud.db.select({ usageAsOf: simCards.usageAsOf }).from(simCards).where(tenantOf(2).where(simCards, and(eq(simCards.iccid, one.iccid))));
    expect(card.usageAsOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
