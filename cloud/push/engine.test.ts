import { EventEmitter } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AlarmRow } from "../db/queries/alarms";
import type { AlarmEvents } from "../alarms/evaluator";
import { devices, projects, pushBatches, pushConfigs, pushLogs, pushOutbox } from "../db/schema";
import type { Ingest } from "../ingest/pipeline";
import type { Point } from "../ingest/writer";
import { createTestCloud, SETUP_MS, type TestCloud } from "../testing";
import { PushEngine, type PushEngineOptions } from "./engine";
import { tenantOf } from "../lib/scope";

let cloud: TestCloud;
let projectId: number;
let deviceIds: number[];
let receiver: Server;
let port: number;
/** What the receiver answers: 200, or another status; `down` closes the port altogether. */
let answer: (n: number, path: string) => number = () => 200;
const received: { deviceId: number; identifier: string; value: number; path: string }[] = [];
/** The alarm items as they arrived, whole. */
const alarmItems: Record<string, unknown>[] = [];
let requests = 0;

function handle(req: IncomingMessage, res: ServerResponse) {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    const path = req.url ?? "";
    const status = answer(++requests, path);
    if (status === 200)
      for (const item of JSON.parse(body).items) {
        received.push({ deviceId: item.deviceId, identifier: item.identifier, value: item.value, path });
        if (item.kind === "alarm") alarmItems.push(item);
      }
    res.writeHead(status).end();
  });
}
const listen = () => new Promise<void>((r) => receiver.listen(port, "127.0.0.1", () => r()));
async function stopReceiver() {
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
}

beforeAll(async () => {
  cloud = await createTestCloud();
  const [prj] = await cloud.db.select().from(projects).where(tenantOf(2).where(projects)).orderBy(asc(projects.id));
  projectId = prj.id;
  const devs = await cloud.db.select().from(devices).where(tenantOf(2).where(devices)).orderBy(asc(devices.id)).limit(3);
  deviceIds = devs.map((d) => d.id);
  for (const id of deviceIds) await cloud.db.update(devices).set({ projectId }).where(eq(devices.id, id));
  receiver = createServer(handle);
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
  port = (receiver.address() as AddressInfo).port;
}, SETUP_MS);
afterAll(async () => {
  if (receiver.listening) await stopReceiver();
  await cloud.close();
});

let configId: number;
beforeEach(async () => {
  await cloud.db.delete(pushConfigs);
  await cloud.db.delete(pushBatches);
  received.length = 0;
  requests = 0;
  answer = () => 200;
  const [c] = await cloud.db
    .insert(pushConfigs)
    .values({ tenantId: 2, projectId, pushName: "receiver", method: "POST", address: `http://127.0.0.1:${port}/in`, dataTypes: [1, 2], enableStatus: 1 })
    .returning();
  configId = c.id;
});

const FAST: PushEngineOptions = { retry: { baseMs: 20, maxMs: 80, maxAttempts: 1000 }, pollMs: 20, timeoutMs: 2000, outbound: { allowAddresses: ["127.0.0.1"] }, batchRows: 4 };

function engineWith(opts: PushEngineOptions = FAST) {
  // The ingest as push sees it: stored values handed over before they are acknowledged.
  let take: ((points: Point[]) => Promise<unknown>) | null = null;
  const ingest = { takeDurably: (f: (points: Point[]) => Promise<unknown>) => ((take = f), () => {}) };
  const alarms = new EventEmitter<AlarmEvents>();
  const engine = new PushEngine(cloud.db, opts).attach(ingest as unknown as Ingest, alarms);
  const emit = (points: Point[]) => void take?.(points);
  return { engine, emit, alarms };
}

/** One ingest batch: each device gets the next value of its own counter. */
let counter = 0;
const batch = (): Point[] => {
  counter++;
  return deviceIds.map((deviceId) => ({ deviceId, identifier: "angleX", ts: new Date(Date.UTC(2026, 0, 1) + counter * 1000), num: counter, txt: null }));
};

async function until(check: () => Promise<boolean> | boolean, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
const queued = async () => (await cloud.db.select({ id: pushOutbox.id }).from(pushOutbox).where(eq(pushOutbox.dead, false))).length;
const logs = () => cloud.db.select().from(pushLogs).where(eq(pushLogs.configId, configId)).orderBy(asc(pushLogs.id));

/** Each device's values as received (at one path), duplicates of an at-least-once retry removed. */
function perDevice(path = "/in") {
  const out = new Map<number, number[]>();
  for (const r of received.filter((x) => x.path === path)) {
    const list = out.get(r.deviceId) ?? [];
    if (list.at(-1) !== r.value) list.push(r.value);
    out.set(r.deviceId, list);
  }
  return out;
}

describe("push engine", () => {
  it("delivers every value of a receiver outage, in order per device, once it is back", async () => {
    // A long measured outage waits up to 5 s between tries, as a real schedule's early steps do.
    const { engine, emit } = engineWith(process.env.PUSH_OUTAGE_MS ? { ...FAST, retry: { baseMs: 20, maxMs: 5000, maxAttempts: 1000 } } : FAST);
    const sent: number[] = [];
    for (let i = 0; i < 5; i++) {
      const b = batch();
      sent.push(b[0].num!);
      emit(b);
    }
    await until(async () => (await queued()) === 0 && received.length === 15, "the first values");
    const outageStart = Date.now();
    await stopReceiver();
    // PUSH_OUTAGE_MS holds the receiver down longer (the README's 10-minute measurement); values keep coming meanwhile.
    const downUntil = Date.now() + Number(process.env.PUSH_OUTAGE_MS || 0);
    for (let i = 0; i < 20 || Date.now() < downUntil; i++) {
      const b = batch();
      sent.push(b[0].num!);
      emit(b);
      await new Promise((r) => setTimeout(r, i < 20 ? 5 : 200));
    }
    await engine.idle();
    await until(async () => (await logs()).filter((l) => l.status === 3).length >= 5, "tries while the receiver is down");
    expect(received.length).toBe(15);
    const downFor = Date.now() - outageStart;
    await listen();
    const backAt = Date.now();
    await until(async () => (await queued()) === 0, "the queue to drain", 120_000 + Number(process.env.PUSH_OUTAGE_MS || 0));
    await engine.close();
    for (const id of deviceIds) expect(perDevice().get(id)).toEqual(sent);
    if (process.env.PUSH_OUTAGE_MS) console.log(`[push outage] receiver down ${downFor} ms, ${sent.length * deviceIds.length} values sent, ${received.length} received (duplicates included), queue drained ${Date.now() - backAt} ms after it came back, all in order per device`);
    const attempts = await logs();
    expect(attempts.some((l) => l.status === 3 && l.httpStatus === null && l.error)).toBe(true);
    expect(attempts.at(-1)).toMatchObject({ status: 1, httpStatus: 200 });
    // The waits grow: consecutive failed tries of one batch are further apart than the first two.
    expect(attempts.filter((l) => l.status === 3).map((l) => l.attempt).slice(0, 3)).toEqual([1, 2, 3]);
  }, 60_000 + 2 * Number(process.env.PUSH_OUTAGE_MS || 0));

  it("keeps the order per device when the receiver fails now and then", async () => {
    answer = (n) => (n % 3 === 0 ? 503 : 200);
    const { engine, emit } = engineWith();
    const sent: number[] = [];
    for (let i = 0; i < 30; i++) {
      const b = batch();
      sent.push(b[0].num!);
      emit(b);
    }
    await engine.idle();
    await until(async () => (await queued()) === 0, "the queue to drain");
    await engine.close();
    for (const id of deviceIds) expect(perDevice().get(id)).toEqual(sent);
    expect((await logs()).some((l) => l.status === 2 && l.httpStatus === 503)).toBe(true);
  });

  it("stores a batch once for every configuration, each sending it from its own queue", async () => {
    const [other] = await cloud.db
      .insert(pushConfigs)
      .values({ tenantId: 2, projectId, pushName: "second", method: "POST", address: `http://127.0.0.1:${port}/b`, dataTypes: [1], enableStatus: 1 })
      .returning();
    let secondDown = true;
    answer = (_, path) => (path === "/b" && secondDown ? 503 : 200);
    const { engine, emit } = engineWith();
    const sent: number[] = [];
    for (let i = 0; i < 5; i++) {
      const b = batch();
      sent.push(b[0].num!);
      emit(b);
    }
    await engine.idle();
    const queueOf = async (id: number) => (await cloud.db.select({ id: pushOutbox.id }).from(pushOutbox).where(eq(pushOutbox.configId, id))).length;
    await until(async () => received.length === 15 && (await queueOf(configId)) === 0, "the first configuration's values");
    // One stored copy per device and ingest batch; the failing configuration still queues all of them.
    expect(await cloud.db.select({ id: pushBatches.id }).from(pushBatches)).toHaveLength(15);
    expect(await queueOf(other.id)).toBe(15);
    secondDown = false;
    await until(async () => (await queued()) === 0, "the second configuration's queue");
    await engine.close();
    for (const id of deviceIds) {
      expect(perDevice("/in").get(id)).toEqual(sent);
      expect(perDevice("/b").get(id)).toEqual(sent);
    }
    // Delivered everywhere: nothing of the batches is kept.
    expect(await cloud.db.select({ id: pushBatches.id }).from(pushBatches)).toHaveLength(0);
  });

  it("survives a restart: what one engine queued, the next one sends", async () => {
    await stopReceiver();
    const first = engineWith();
    const b = batch();
    first.emit(b);
    await until(async () => (await logs()).length >= 1, "a failed try");
    await first.engine.close();
    expect(await queued()).toBeGreaterThan(0);
    await listen();
    const second = new PushEngine(cloud.db, FAST).start();
    await until(async () => (await queued()) === 0, "the queue to drain");
    await second.close();
    expect(perDevice().get(deviceIds[0])).toEqual([b[0].num]);
  });

  it("gives a batch up as a dead letter after the last try, then goes on", async () => {
    answer = (n) => (n <= 3 ? 500 : 200);
    const { engine, emit } = engineWith({ ...FAST, retry: { baseMs: 10, maxMs: 10, maxAttempts: 3 }, batchRows: 1 });
    const first = batch();
    emit(first.slice(0, 1));
    await until(async () => (await logs()).some((l) => l.final), "the last try");
    const second = batch();
    emit(second.slice(0, 1));
    await until(async () => (await queued()) === 0 && received.length === 1, "the next batch");
    await engine.close();
    const dead = await cloud.db.select().from(pushOutbox).where(eq(pushOutbox.configId, configId));
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatchObject({ dead: true, attempts: 3 });
    const [kept] = await cloud.db.select().from(pushBatches).where(eq(pushBatches.id, dead[0].batchId));
    expect(kept.items[0]).toMatchObject({ value: first[0].num });
    expect(received).toEqual([{ deviceId: deviceIds[0], identifier: "angleX", value: second[0].num, path: "/in" }]);
    expect((await logs()).map((l) => [l.status, l.attempt, l.final])).toEqual([
      [2, 1, false],
      [2, 2, false],
      [2, 3, true],
      [1, 1, false],
    ]);
  });

  it("pushes only what a configuration asks for: chosen devices, alarms, enabled ones", async () => {
    await cloud.db.update(pushConfigs).set({ deviceScope: 2, deviceIds: [deviceIds[1]], dataTypes: [1] }).where(eq(pushConfigs.id, configId));
    const { engine, emit, alarms } = engineWith();
    emit(batch());
    const alarm = { id: 9, projectId, deviceId: deviceIds[1], alarmName: "x", identifier: "angleX", content: "", triggeredAt: new Date() } as AlarmRow;
    alarms.emit("raised", alarm);
    await engine.idle();
    await until(async () => (await queued()) === 0 && received.length === 1, "the chosen device's value");
    expect(received[0].deviceId).toBe(deviceIds[1]);
    // Alarms only: the values of the next batch are not queued, the alarm is.
    await cloud.db.update(pushConfigs).set({ deviceScope: 1, dataTypes: [2] }).where(eq(pushConfigs.id, configId));
    engine.invalidate();
    emit(batch());
    alarms.emit("raised", alarm);
    await engine.idle();
    await until(async () => (await queued()) === 0 && requests === 2, "the alarm");
    // An escalation goes out too, with its new level and the value that raised it.
    alarmItems.length = 0;
    const i18n = { content: { "zh-cn": "X 轴倾角 = 25.1 (≥ 20)", en: "X-axis tilt = 25.1 (≥ 20)" } };
    alarms.emit("escalated", { ...alarm, levelNum: 4, levelName: "控制", levelColor: "#e5484d", value: 12.5, latestValue: 21, i18n }, { value: 25.1, at: new Date("2026-03-02T08:00:00Z") });
    await engine.idle();
    await until(async () => (await queued()) === 0 && requests === 3, "the escalation");
    expect(alarmItems).toEqual([expect.objectContaining({ event: "escalated", alarmId: 9, levelNum: 4, levelName: "控制", value: 12.5, raisingValue: 25.1, latestValue: 21, i18n, ts: "2026-03-02T08:00:00.000Z" })]);
    // Disabled: nothing is queued.
    await cloud.db.update(pushConfigs).set({ enableStatus: 2 }).where(eq(pushConfigs.id, configId));
    engine.invalidate();
    alarms.emit("raised", alarm);
    emit(batch());
    await engine.idle();
    expect(await queued()).toBe(0);
    await engine.close();
    expect(requests).toBe(3);
  });
});
