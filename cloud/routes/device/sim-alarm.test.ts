import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { SimAlarmSettings } from "@/lib/contract/sim/alarm";
import { alarms, devices, projects, simCards, simPools, simUsage, telemetryHourly, todos } from "../../db/schema";
import { tenantOf } from "../../lib/scope";
import { signedIn, TEST_EPOCH, type TestCloud } from "../../testing";
import type { Carrier, CarrierCard } from "../../sim/carrier";
import { carriersOf } from "../../sim/carriers";
import { checkSimAlarms } from "../../sim/alarms";
import { startSync } from "../../sim/sync";

let cloud: TestCloud;
let admin: string;
let platform: string;
signedIn((s) => ({ cloud, admin, platform } = s), ["admin", "platform"]);

type Page<T> = { total: number; records: T[] };
type Alarm = { id: number; alarmName: string; content: string; levelNum: number; deviceId: number | null };
const check = async (token = admin) => (await cloud.request<{ pools: number; cards: number }>("/device/simAlarm/check", { token, body: {} })).body.data;
const MONTH = TEST_EPOCH.toISOString().slice(0, 7);

async function firstProject(tenantId = 2) {
  const [p] = await cloud.db.select({ id: projects.id }).from(projects).where(tenantOf(tenantId).where(projects)).orderBy(asc(projects.id)).limit(1);
  return p.id;
}
/** The alarms of a project as the alarm centre lists them, in a language. */
async function centre(projectId: number, language: "en" | "zh-cn", name: string) {
  return (await cloud.request<Page<Alarm>>(`/alarm/core/page?size=50&alarmName=${encodeURIComponent(name)}`, { token: admin, language, headers: { projectid: String(projectId) } })).body.data.records;
}

describe("SIM alarms", () => {
  it("raises a pool's warning once a month, then its exhaustion once, in the alarm centre in the reader's language with a to-do for its handlers", async () => {
    const projectId = await firstProject();
    // The seed's demo pool is past its line: its warning comes first (and once only, as every pool's).
    expect((await check()).pools).toBeGreaterThanOrEqual(1);
    expect((await centre(projectId, "en", "CMCC-POOL-1"))[0]).toMatchObject({ alarmName: expect.stringMatching(/^SIM pool CMCC-POOL-1 at 8[\d.]+ % of its quota$/), levelNum: 1 });
    const [pool] = await cloud.db.insert(simPools).values({ tenantId: 2, carrier: "cmcc", poolCode: "POOL-A", quotaMb: 1000, usedMb: 850 }).returning();
    expect(await check()).toEqual({ pools: 1, cards: 0 });
    const [warn] = await centre(projectId, "en", "POOL-A");
    expect(warn).toMatchObject({ alarmName: "SIM pool POOL-A at 85 % of its quota", content: expect.stringContaining("850 MB of its 1,000 MB"), levelNum: 1 });
    expect((await centre(projectId, "zh-cn", "POOL-A"))[0].alarmName).toBe("流量池 POOL-A 已用 85% 配额");
    const todo = await cloud.db.select().from(todos).where(and(eq(todos.bizId, warn.id), eq(todos.msgType, "ala")));
    expect(todo.length).toBeGreaterThan(0);
    // The next syncs find the same crossing: no second alarm this month.
    await cloud.db.update(simPools).set({ usedMb: 900 }).where(eq(simPools.id, pool.id));
    expect(await check()).toEqual({ pools: 0, cards: 0 });
    await cloud.db.update(simPools).set({ usedMb: 1000 }).where(eq(simPools.id, pool.id));
    expect(await check()).toEqual({ pools: 1, cards: 0 });
    expect(await check()).toEqual({ pools: 0, cards: 0 });
    const all = await centre(projectId, "en", "POOL-A");
    expect(all.map((a) => [a.alarmName, a.levelNum])).toEqual([["SIM pool POOL-A has used its whole quota", 4], ["SIM pool POOL-A at 85 % of its quota", 1]]);
    expect(MONTH).toMatch(/^\d{4}-\d{2}$/);
  });

  it("takes a pool's line as an amount when one is set, refuses another tenant's pool, and a disabled setting raises nothing", async () => {
    const [pool] = await cloud.db.insert(simPools).values({ tenantId: 2, carrier: "unicom", poolCode: "POOL-B", quotaMb: 10_000, usedMb: 3000 }).returning();
    expect((await check()).pools).toBe(0);
    const set = await cloud.request("/device/simAlarm/pool", { token: admin, body: { id: pool.id, thresholdPct: 80, thresholdMb: 2500 } });
    expect(set.body.data).toEqual({ id: pool.id, thresholdPct: 80, thresholdMb: 2500 });
    expect((await cloud.request("/device/simAlarm/pool", { token: platform, body: { id: pool.id, thresholdPct: 10 } })).body.code).toBe(404);
    await cloud.request("/device/simAlarm/save", { token: admin, body: { enableStatus: 2, dailyMb: 1024 } });
    expect(await check()).toEqual({ pools: 0, cards: 0 });
    await cloud.request("/device/simAlarm/save", { token: admin, body: { enableStatus: 1, dailyMb: 1024 } });
    expect((await check()).pools).toBe(1);
    // Another tenant's check never reaches this tenant's pools.
    expect(await check(platform)).toEqual({ pools: 0, cards: 0 });
  });

  it("raises a card's anomalous day once: unbound into the chosen project, bound into its device's, not when the device's messages explain the use", async () => {
    const projectId = await firstProject();
    const saved = await cloud.request<SimAlarmSettings>("/device/simAlarm/save", { token: admin, body: { enableStatus: 1, projectId, dailyMb: 5000 } });
    expect(saved.body.data).toMatchObject({ projectId, dailyMb: 5000 });
    const cards = await cloud.db.select().from(simCards).where(tenantOf(2).where(simCards)).orderBy(asc(simCards.id)).limit(40);
    const day = "2026-02-28";
    const unbound = cards.find((c) => !c.deviceId)!;
    const bound = cards.find((c) => c.deviceId)!;
    const busy = cards.filter((c) => c.deviceId && c.id !== bound.id)[0];
    for (const c of [unbound, bound, busy]) {
      await cloud.db.update(simCards).set({ usageAsOf: day }).where(eq(simCards.id, c.id));
      await cloud.db.insert(simUsage).values({ cardId: c.id, day, usedMb: 11_000 }).onConflictDoUpdate({ target: [simUsage.cardId, simUsage.day], set: { usedMb: 11_000 } });
    }
    // The busy card's device sent 5,000 values that day: ~11 GB is what it does.
    const [dev] = await cloud.db.select({ id: devices.id }).from(devices).where(eq(devices.id, busy.deviceId!));
    const at = new Date("2026-02-28T02:00:00Z");
    await cloud.db.insert(telemetryHourly).values({ deviceId: dev.id, identifier: "x", hour: at, n: 5000, sum: 0, min: 0, minTs: at, max: 0, maxTs: at, first: 0, firstTs: at, last: 0, lastTs: at });
    const sink = new EventEmitter();
    const told: number[] = [];
    sink.on("raised", (a: { id: number }) => told.push(a.id));
    expect(await checkSimAlarms(cloud.db, 2, TEST_EPOCH, sink)).toMatchObject({ cards: 2 });
    const raised = await cloud.db.select().from(alarms).where(inArray(alarms.id, told));
    const of = (iccid: string) => raised.find((a) => a.alarmName.includes(iccid));
    expect(of(unbound.iccid)).toMatchObject({ projectId, deviceId: null, value: 11_000 });
    const [boundDev] = await cloud.db.select({ projectId: devices.projectId }).from(devices).where(eq(devices.id, bound.deviceId!));
    expect(of(bound.iccid)).toMatchObject({ projectId: boundDev.projectId, deviceId: bound.deviceId });
    expect(of(busy.iccid)).toBeUndefined();
    expect((of(unbound.iccid)!.i18n as { alarmName: Record<string, string> }).alarmName.en).toBe(`SIM card ${unbound.iccid} used 11,000 MB in a day`);
    expect((await checkSimAlarms(cloud.db, 2, TEST_EPOCH, sink)).cards).toBe(0);
  });

  it("refuses another tenant's project or level in the settings, in both languages", async () => {
    const foreign = await firstProject(1).catch(() => null);
    if (foreign) {
      expect((await cloud.request("/device/simAlarm/save", { token: admin, language: "en", body: { projectId: foreign, dailyMb: 1024 } })).body).toMatchObject({ code: 400, msg: "The chosen Project does not exist" });
      expect((await cloud.request("/device/simAlarm/save", { token: admin, language: "zh-cn", body: { projectId: foreign, dailyMb: 1024 } })).body.msg).toBe("所选项目不存在");
    }
    expect((await cloud.request("/device/simAlarm/save", { token: admin, language: "en", body: { warnLevelId: 999_999, dailyMb: 1024 } })).body).toMatchObject({ code: 400, msg: "The chosen Warning level does not exist" });
    expect((await cloud.request("/device/simAlarm/save", { token: admin, language: "en", body: { dailyMb: 0 } })).body.code).toBe(400);
  });

  it("a sync whose carrier reports a pool past its line ends with the pool's alarm", async () => {
    const [card] = await cloud.db.select().from(simCards).where(tenantOf(2).where(simCards, eq(simCards.carrier, "chinanet"))).orderBy(asc(simCards.id)).limit(1);
    const report = (iccid: string): CarrierCard => ({ iccid, imsi: null, msisdn: null, imei: null, status: "activation", carrierStatus: "2 ACTIVE", stopReason: null, activatedAt: null, cardType: "POOL", poolCode: "CT-POOL", pool: { quotaMb: 2000, usedMb: 1900 }, usedMb: 10, usageAsOf: "2026-02-28", lastDayMb: 1 });
    const telecom: Carrier = { carrier: "chinanet", simulated: false, listCards: async () => ({ iccids: [], total: 0 }), getCards: async (iccids) => iccids.map(report), usagePerDay: async () => [], setState: async () => ({ workOrder: "" }) };
    const sink = new EventEmitter();
    const names: string[] = [];
    sink.on("raised", (a: { alarmName: string }) => names.push(a.alarmName));
    const end = await (await startSync(cloud.db, 2, carriersOf({ chinanet: telecom }, { rate: 50, simulated: { errorRate: 0 } }), { ids: [card.id], alarms: sink })).done;
    expect(end.state).toBe("done");
    expect(names).toContain("流量池 CT-POOL 已用 95% 配额");
  });
});
