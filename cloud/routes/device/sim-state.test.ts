import { describe, expect, it } from "vitest";
import { and, asc, desc, eq } from "drizzle-orm";
import type { SetStateAnswer } from "@/lib/contract/sim/card";
import type { SimCarrier } from "@/lib/contract/sim/enums";
import { withCheckDigit } from "@/lib/contract/sim/iccid";
import { simCards, simRecords } from "../../db/schema";
import { tenantOf } from "../../lib/scope";
import { signedIn, type TestCloud } from "../../testing";
import { CarrierError, type Carrier, type StateAction } from "../../sim/carrier";
import { carriersOf } from "../../sim/carriers";
import { startSync } from "../../sim/sync";

let cloud: TestCloud;
let admin: string;
let operator: string;
signedIn((s) => ({ cloud, admin, operator } = s), ["admin", "operator"]);

/** A carrier that answers state changes only: a work order, or the refusals it is given first. */
function fakeCarrier(carrier: SimCarrier, refusals: CarrierError[] = []) {
  const calls: { iccids: string[]; action: StateAction }[] = [];
  const api: Carrier = {
    carrier,
    simulated: false,
    listCards: () => Promise.reject(new Error("not used")),
    getCards: () => Promise.reject(new Error("not used")),
    usagePerDay: () => Promise.reject(new Error("not used")),
    async setState(iccids, action) {
      calls.push({ iccids, action });
      const refusal = refusals.shift();
      if (refusal) throw refusal;
      return { workOrder: `WO-${carrier}-${calls.length}` };
    },
  };
  return { api, calls };
}
const firstOf = async (carrier: SimCarrier, n = 1) => cloud.db.select({ id: simCards.id, iccid: simCards.iccid, status: simCards.status }).from(simCards).where(tenantOf(2).where(simCards, eq(simCards.carrier, carrier))).orderBy(asc(simCards.id)).limit(n);
const setState = (body: Record<string, unknown>, o: { token?: string; language?: "en" | "zh-cn" } = {}) => cloud.request<SetStateAnswer>("/device/simCard/setState", { token: o.token ?? admin, language: o.language ?? "en", body });
const recordsOf = (cardId: number) => cloud.db.select().from(simRecords).where(and(eq(simRecords.cardId, cardId), eq(simRecords.action, "state"))).orderBy(desc(simRecords.id));

describe("device/simCard/setState", () => {
  it("orders a state change per carrier through the tenant's accounts, answers each work order or the carrier's refusal in the reader's language, and records it on every card", async () => {
    const cmcc = fakeCarrier("cmcc", [new CarrierError("rateLimited", "busy")]); // refused once: tried again through the limiter
    const unicom = fakeCarrier("unicom", [new CarrierError("auth", "401"), new CarrierError("auth", "401"), new CarrierError("auth", "401")]);
    cloud.deps.sim = carriersOf({ cmcc: cmcc.api, unicom: unicom.api }, { rate: 50, simulated: { errorRate: 0 } });
    const [m1, m2] = await firstOf("cmcc", 2);
    const [u] = await firstOf("unicom");
    const [t] = await firstOf("chinanet");
    const res = await setState({ ids: [m1.id, u.id, t.id], iccids: [m2.iccid], action: "deactivate" }, { language: "zh-cn" });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({
      ordered: 3,
      failed: 1,
      carriers: [
        { carrier: "chinanet", cards: 1, workOrder: expect.stringMatching(/^SIM\d+/), error: null },
        { carrier: "cmcc", cards: 2, workOrder: "WO-cmcc-2", error: null },
        { carrier: "unicom", cards: 1, workOrder: null, error: "运营商拒绝了账户凭据" },
      ],
    });
    // One batch a carrier, the same cards tried again after the rate-limit refusal; an auth refusal is not retried past the three attempts.
    expect(cmcc.calls).toEqual([
      { iccids: [m1.iccid, m2.iccid], action: "deactivate" },
      { iccids: [m1.iccid, m2.iccid], action: "deactivate" },
    ]);
    expect(unicom.calls).toHaveLength(1);
    const [rec] = await recordsOf(m2.id);
    expect(rec).toMatchObject({ action: "state", detail: "deactivate · WO-cmcc-2", result: 1, iccid: m2.iccid });
    expect(rec.operator).toBeTruthy();
    expect((await recordsOf(u.id))[0]).toMatchObject({ detail: "deactivate · 运营商拒绝了账户凭据", result: 2 });
    // The card's state is the carrier's: unchanged until the next sync reports it.
    expect((await firstOf("chinanet"))[0].status).toBe(t.status);
    const end = await (await startSync(cloud.db, 2, cloud.deps.sim, { ids: [t.id], sleep: async () => undefined })).done;
    expect(end.state).toBe("done");
    expect((await firstOf("chinanet"))[0].status).toBe("deactivation");
    // The record is listed in the card's history (simRecord/page) in the reader's language.
    const page = await cloud.request<{ records: { action: string; detail: string }[] }>(`/device/simRecord/page?cardId=${m1.id}&action=state`, { token: admin });
    expect(page.body.data.records[0]).toMatchObject({ action: "state", detail: "deactivate · WO-cmcc-2" });
  });

  it("refuses a retired card, more than 100 cards, an unknown action and another tenant's card by name, in both languages, ordering nothing", async () => {
    const cmcc = fakeCarrier("cmcc");
    cloud.deps.sim = carriersOf({ cmcc: cmcc.api }, { rate: 50 });
    const [a, b] = await firstOf("cmcc", 2);
    await cloud.db.update(simCards).set({ status: "retired" }).where(eq(simCards.id, b.id));
    const before = (await recordsOf(a.id)).length;
    expect((await setState({ ids: [a.id, b.id], action: "activate" })).body).toMatchObject({ code: 400, msg: `Retired or cancelled cards cannot change state: ${b.iccid}` });
    expect((await setState({ ids: [b.id], action: "activate" }, { language: "zh-cn" })).body.msg).toBe(`已销户或已注销的卡不能变更状态：${b.iccid}`);
    const many = Array.from({ length: 101 }, (_, i) => withCheckDigit(`898600${String(i).padStart(13, "0")}`));
    expect((await setState({ iccids: many, action: "activate" })).body).toMatchObject({ code: 400, msg: expect.stringContaining("At most 100 cards a state change") });
    expect((await setState({ iccids: many, action: "activate" }, { language: "zh-cn" })).body.msg).toContain("一次最多变更 100 张卡的状态");
    expect((await setState({ ids: [a.id], action: "explode" })).body.code).toBe(400);
    expect((await setState({ ids: [], action: "resume" })).body).toMatchObject({ code: 400, msg: expect.stringContaining("Choose at least one card") });
    const foreign = withCheckDigit("898604999999999998");
    expect((await setState({ iccids: [foreign], action: "resume" })).body).toMatchObject({ code: 400, msg: expect.stringContaining(foreign) });
    expect(cmcc.calls).toEqual([]);
    expect(await recordsOf(a.id)).toHaveLength(before);
  });

  it("needs dev:simCard:upd", async () => {
    const [a] = await firstOf("cmcc");
    const res = await setState({ ids: [a.id], action: "resume" }, { token: operator });
    expect(res.body.code).toBe(403);
  });
});
