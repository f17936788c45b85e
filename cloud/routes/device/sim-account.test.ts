import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { SimAccount } from "@/lib/contract/sim/account";
import type { SyncRun } from "@/lib/contract/sim/card";
import { simCarrierAccounts, simCards } from "../../db/schema";
import { openValue } from "../../lib/secrets";
import { tenantOf } from "../../lib/scope";
import { signedIn, type TestCloud } from "../../testing";
import { tenantCarriers } from "../../sim/accounts";
import { carriersOf } from "../../sim/carriers";
import { startSync } from "../../sim/sync";

let cloud: TestCloud;
let admin: string;
let platform: string;
signedIn((s) => ({ cloud, admin, platform } = s), ["admin", "platform"]);

type Page<T> = { total: number; records: T[] };
const SECRET = "s3cret-OneLink-pw!";
const body = (extra: Record<string, unknown> = {}) => ({ accountName: "CMCC head office", carrier: "cmcc", adapter: "onelink", endpoint: "https://onelink.example.com", appId: "C5010535000001", secret: SECRET, rate: 5, ...extra });

/** A stand-in for OneLink v5 (`/v5/ec/…`): records each call's query, answers every card as stopped with 2 MB used. */
function fakeOneLink() {
  const calls: URLSearchParams[] = [];
  const paths: string[] = [];
  const fake = (async (input: string | URL | Request) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    calls.push(url.searchParams);
    paths.push(url.pathname);
    const json = (result: unknown[]) => new Response(JSON.stringify({ status: "0", message: "ok", result }), { headers: { "content-type": "application/json" } });
    const iccids = (url.searchParams.get("iccids") ?? "").split("_").filter(Boolean);
    if (url.pathname.endsWith("/get/token")) return json([{ token: "TOKEN-1", ttl: 3600 }]);
    if (url.pathname.endsWith("/query/sim-status/batch")) return json(iccids.map((iccid) => ({ iccid, cardStatus: "4", cardStatusName: "STOPPED", stopReason: "arrears" })));
    if (url.pathname.endsWith("/query/sim-data-usage/batch")) return json(iccids.map((iccid) => ({ iccid, dataAmount: "2048", queryDate: "20260301" })));
    return json([]);
  }) as typeof globalThis.fetch;
  return { fetch: fake, calls, paths };
}

describe("device/simAccount", () => {
  it("stores a carrier account's secret sealed and never answers it: add, page, info and update say only that one is set", async () => {
    const add = await cloud.request<SimAccount>("/device/simAccount/add", { token: admin, body: body() });
    expect(add.body).toMatchObject({ code: 200, data: { accountName: "CMCC head office", carrier: "cmcc", adapter: "onelink", appId: "C5010535000001", secretSet: true } });
    const [row] = await cloud.db.select().from(simCarrierAccounts).where(eq(simCarrierAccounts.id, add.body.data.id));
    expect(row.secretSealed).not.toContain(SECRET);
    expect(openValue(row.secretSealed!)).toBe(SECRET);
    const page = await cloud.request<Page<SimAccount>>("/device/simAccount/page", { token: admin });
    const info = await cloud.request<SimAccount>(`/device/simAccount/info?id=${add.body.data.id}`, { token: admin });
    // An update without a secret keeps the stored one; the answer still says only "set".
    const upd = await cloud.request<SimAccount>("/device/simAccount/upd", { token: admin, body: { id: add.body.data.id, accountName: "CMCC HQ", secret: "" } });
    expect(upd.body.data).toMatchObject({ accountName: "CMCC HQ", secretSet: true });
    const [kept] = await cloud.db.select().from(simCarrierAccounts).where(eq(simCarrierAccounts.id, add.body.data.id));
    expect(kept.secretSealed).toBe(row.secretSealed);
    for (const answer of [add.body, page.body, info.body, upd.body]) {
      const text = JSON.stringify(answer);
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(row.secretSealed!);
      expect(text).not.toMatch(/"secret"/);
    }
    expect(page.body.data.records).toHaveLength(1);
    // A new secret replaces the stored one.
    await cloud.request("/device/simAccount/upd", { token: admin, body: { id: add.body.data.id, secret: "another" } });
    const [changed] = await cloud.db.select().from(simCarrierAccounts).where(eq(simCarrierAccounts.id, add.body.data.id));
    expect(openValue(changed.secretSealed!)).toBe("another");
    await cloud.request("/device/simAccount/upd", { token: admin, body: { id: add.body.data.id, secret: SECRET } });
  });

  it("refuses an interface that does not serve the carrier, a OneLink account without its secret and a second account for a carrier, in both languages", async () => {
    const unicom = await cloud.request("/device/simAccount/add", { token: admin, language: "en", body: body({ accountName: "U", carrier: "unicom" }) });
    expect(unicom.body).toMatchObject({ code: 400, msg: "The China Mobile OneLink v5 interface does not serve China Unicom" });
    expect((await cloud.request("/device/simAccount/add", { token: admin, language: "zh-cn", body: body({ accountName: "U", carrier: "unicom" }) })).body.msg).toBe("中国移动 OneLink v5接口不支持中国联通");
    const noSecret = await cloud.request("/device/simAccount/add", { token: admin, language: "en", body: body({ accountName: "T", carrier: "chinanet", adapter: "onelink", secret: "" }) });
    expect(noSecret.body.code).toBe(400);
    const taken = await cloud.request("/device/simAccount/add", { token: admin, language: "en", body: body({ accountName: "Second" }) });
    expect(taken.body).toMatchObject({ code: 400, msg: "There is already an account for China Mobile: edit it instead" });
    expect((await cloud.request("/device/simAccount/add", { token: admin, language: "zh-cn", body: body({ accountName: "Second" }) })).body.msg).toBe("中国移动已有账号：请编辑该账号");
    const simulated = await cloud.request<SimAccount>("/device/simAccount/add", { token: admin, body: { accountName: "Telecom test", carrier: "chinanet", adapter: "simulated", rate: 20 } });
    expect(simulated.body.data).toMatchObject({ adapter: "simulated", secretSet: false });
  });

  it("refuses another tenant's accounts at every call", async () => {
    const [mine] = (await cloud.request<Page<SimAccount>>("/device/simAccount/page?carrier=cmcc", { token: admin })).body.data.records;
    expect((await cloud.request<Page<SimAccount>>("/device/simAccount/page", { token: platform })).body.data.total).toBe(0);
    expect((await cloud.request(`/device/simAccount/info?id=${mine.id}`, { token: platform })).body.code).toBe(404);
    expect((await cloud.request("/device/simAccount/upd", { token: platform, body: { id: mine.id, secret: "stolen" } })).body.code).toBe(404);
    expect((await cloud.request("/device/simAccount/del", { token: platform, body: { ids: [mine.id] } })).body.code).toBe(404);
    const [row] = await cloud.db.select().from(simCarrierAccounts).where(eq(simCarrierAccounts.id, mine.id));
    expect(openValue(row.secretSealed!)).toBe(SECRET);
  });

  it("syncs the tenant's cards through its own account (its endpoint, app id and opened secret) and the others through the platform's default", async () => {
    const one = fakeOneLink();
    const fallback = carriersOf({}, { rate: 50, simulated: { errorRate: 0 } });
    const carriers = await tenantCarriers(cloud.db, 2, fallback, { fetch: one.fetch });
    expect(carriers.of("cmcc").api.simulated).toBe(false);
    expect(carriers.of("chinanet").bucket.rate).toBe(20);
    expect(carriers.of("unicom")).toBe(fallback.of("unicom"));
    const end = await (await startSync(cloud.db, 2, carriers)).done;
    expect(end).toMatchObject({ state: "done", errors: 0 });
    const token = one.calls[one.paths.findIndex((p) => p.endsWith("/get/token"))];
    expect({ appid: token.get("appid"), password: token.get("password") }).toEqual({ appid: "C5010535000001", password: SECRET });
    expect(one.paths.every((p) => p.startsWith("/v5/ec/"))).toBe(true);
    const cards = await cloud.db.select({ carrier: simCards.carrier, status: simCards.status, stopReason: simCards.stopReason, usedMb: simCards.usedMb }).from(simCards).where(tenantOf(2).where(simCards));
    const cmcc = cards.filter((c) => c.carrier === "cmcc");
    expect(cmcc.length).toBeGreaterThan(0);
    expect(cmcc.every((c) => c.status === "deactivation" && c.stopReason === "arrears" && c.usedMb === 2)).toBe(true);
    expect(cards.filter((c) => c.carrier === "unicom").some((c) => c.stopReason !== "arrears")).toBe(true);
    // Another tenant without accounts keeps the platform's default for every carrier.
    const other = await tenantCarriers(cloud.db, 1, fallback, { fetch: one.fetch });
    expect(other.of("cmcc")).toBe(fallback.of("cmcc"));
  });

  it("'Sync now' goes to the tenant's endpoint, which is refused when it is a private address, and the run's answers carry no secret", async () => {
    const [mine] = (await cloud.request<Page<SimAccount>>("/device/simAccount/page?carrier=cmcc", { token: admin })).body.data.records;
    await cloud.request("/device/simAccount/upd", { token: admin, body: { id: mine.id, endpoint: "http://127.0.0.1:9" } });
    const ids = (await cloud.db.select({ id: simCards.id }).from(simCards).where(tenantOf(2).where(simCards, eq(simCards.carrier, "cmcc")))).map((c) => c.id).slice(0, 3);
    const started = await cloud.request<SyncRun>("/device/simCard/sync", { token: admin, body: { ids } });
    expect(started.body.code).toBe(200);
    let run = started.body.data;
    for (let i = 0; i < 100 && run.state === "running"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      run = (await cloud.request<SyncRun>("/device/simCard/syncState", { token: admin })).body.data;
    }
    expect(run).toMatchObject({ state: "failed", errors: 3, message: expect.stringContaining("endpoint refused") });
    const text = JSON.stringify(run) + JSON.stringify((await cloud.request("/device/simCard/page?carrier=cmcc&size=50", { token: admin })).body);
    expect(text).not.toContain(SECRET);
  });
});
