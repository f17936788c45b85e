import { EventEmitter } from "node:events";
import { sealData } from "iron-session";
import { asc, sql } from "drizzle-orm";
import { WebSocket } from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedIn, TEST_PROXY_SECRET, type TestCloud } from "@/cloud/testing";
import { devices, otaTasks } from "@/cloud/db/schema";
import { attachIngest, inboxChanged, otaChanged } from "@/cloud/live/bus";
import type { Ingest } from "@/cloud/ingest/pipeline";
import { deviceTopic, INBOX_TOPIC, LIVE_PATH, otaTopic } from "@/lib/contract/live/topics";
import { type LiveServerMessage } from "@/lib/contract/live/live";
import { startLiveHarness, type LiveHarness } from "./live-harness";
import { SESSION_COOKIE, SESSION_TTL_S } from "@/lib/server/session";

const SECRET = "live-channel-test-secret-live-channel-test-secret";
process.env.SESSION_SECRET = SECRET;

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
let ids: Record<"admin" | "operator" | "platform", number>;
signedIn((s) => ({ cloud, admin, operator, platform, ids } = s), ["admin", "operator", "platform"]);

let harness: LiveHarness | undefined;
let base: string;
/** The ingest's events as the cloud's bus hears them (the test cloud has no device channel). */
const ingest = new EventEmitter() as unknown as Ingest;
let detach: () => void;

beforeAll(async () => {
  harness = await startLiveHarness(cloud.app.fetch);
  base = harness.base;
  detach = attachIngest(ingest);
});
afterAll(async () => {
  detach?.();
  await harness?.close();
});

/** The demo tilt meters: SIM01001 in the riverside project (the operator's), SIM01002 in the metro project. */
async function demo() {
  const rows = await cloud.db.select({ id: devices.id }).from(devices).where(sql`${devices.deviceSn} in ('SIM01001', 'SIM01002')`).orderBy(asc(devices.deviceSn));
  return { own: rows[0].id, other: rows[1].id };
}

const cookieOf = async (token: string, userId: number) =>
  `${SESSION_COOKIE}=${await sealData({ token, roles: "", tenantId: 2, projId: null, user: { id: userId, name: "u", realname: "u", avatar: null, tenantId: 2 } }, { password: SECRET, ttl: SESSION_TTL_S })}; locale=en`;

/** A browser's socket: its messages in order, and a way to wait for the next one that matches. */
async function open(cookie?: string) {
  const ws = new WebSocket(`${base}${LIVE_PATH}`, { headers: cookie ? { cookie } : {} });
  const got: LiveServerMessage[] = [];
  const waiters: { test: (m: LiveServerMessage) => boolean; done: (m: LiveServerMessage) => void }[] = [];
  ws.on("message", (d) => {
    const m = JSON.parse(d.toString()) as LiveServerMessage;
    got.push(m);
    for (const w of [...waiters]) if (w.test(m)) waiters.splice(waiters.indexOf(w), 1) && w.done(m);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("unexpected-response", (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once("error", reject);
  });
  const next = (test: (m: LiveServerMessage) => boolean) =>
    new Promise<LiveServerMessage>((done, fail) => {
      const seen = got.find(test);
      if (seen) return done(seen);
      waiters.push({ test, done });
      setTimeout(() => fail(new Error("no such message in time")), 10_000);
    });
  const send = (m: object) => ws.send(JSON.stringify(m));
  return { ws, got, next, send };
}

describe("the live channel", () => {
  it("refuses an upgrade without a session or with a forged one", async () => {
    await expect(open()).rejects.toThrow("refused 401");
    await expect(open(`${SESSION_COOKIE}=Fe26.2**forged`)).rejects.toThrow("refused 401");
  });

  it("grants a device the caller may read, refuses one of another project, and passes values and state", async () => {
    const { own, other } = await demo();
    const s = await open(await cookieOf(operator, ids.operator));
    // The console hears the cloud's stream (one connection for all sockets).
    await s.next((m) => m.type === "state" && m.live);
    s.send({ type: "sub", topic: deviceTopic(own) });
    s.send({ type: "sub", topic: deviceTopic(other) });
    await s.next((m) => m.type === "subscribed" && m.topic === deviceTopic(own));
    const refused = await s.next((m) => m.type === "refused");
    expect(refused).toMatchObject({ topic: deviceTopic(other) });
    expect((refused as { msg: string }).msg.length).toBeGreaterThan(0);

    const at = (s: number) => new Date(Date.UTC(2026, 2, 2, 10, 0, s));
    ingest.emit("telemetry", [
      { deviceId: own, identifier: "angleX", ts: at(0), num: 1, txt: null },
      { deviceId: own, identifier: "angleX", ts: at(1), num: 2, txt: null },
      { deviceId: other, identifier: "angleX", ts: at(1), num: 9, txt: null },
    ], new Map());
    const e = await s.next((m) => m.type === "event");
    // The newest value per property, nothing of the refused device.
    expect(e).toEqual({ type: "event", topic: deviceTopic(own), data: { values: [{ identifier: "angleX", ts: at(1).toISOString(), num: 2, txt: null }], lastReportTime: at(1).toISOString() } });
    ingest.emit("status", [{ deviceId: own, status: 0, at: at(2) }]);
    expect(await s.next((m) => m.type === "event" && !!m.data && m.data.status === 0)).toMatchObject({ topic: deviceTopic(own) });
    expect(s.got.filter((m) => m.type === "event" && m.topic === deviceTopic(other))).toEqual([]);

    // Unsubscribed: no more events.
    s.send({ type: "unsub", topic: deviceTopic(own) });
    s.send({ type: "ping" });
    await s.next((m) => m.type === "pong");
    const before = s.got.length;
    ingest.emit("telemetry", [{ deviceId: own, identifier: "angleX", ts: at(3), num: 3, txt: null }], new Map());
    s.send({ type: "ping" });
    await new Promise((r) => setTimeout(r, 300));
    expect(s.got.slice(before).filter((m) => m.type === "event")).toEqual([]);
    s.ws.close();
  });

  it("tells only the user whose inbox changed", async () => {
    const a = await open(await cookieOf(admin, ids.admin));
    const o = await open(await cookieOf(operator, ids.operator));
    a.send({ type: "sub", topic: INBOX_TOPIC });
    o.send({ type: "sub", topic: INBOX_TOPIC });
    await a.next((m) => m.type === "subscribed");
    await o.next((m) => m.type === "subscribed");
    inboxChanged([ids.admin]);
    expect(await a.next((m) => m.type === "event")).toEqual({ type: "event", topic: INBOX_TOPIC, data: null });
    await new Promise((r) => setTimeout(r, 500));
    expect(o.got.filter((m) => m.type === "event")).toEqual([]);
    a.ws.close();
    o.ws.close();
  });

  it("grants an OTA task to who may read it, and tells its page once per burst of reports", async () => {
    const [task] = await cloud.db.select({ id: otaTasks.id }).from(otaTasks).limit(1);
    const p = await open(await cookieOf(platform, ids.platform));
    const a = await open(await cookieOf(admin, ids.admin));
    p.send({ type: "sub", topic: otaTopic(task.id) });
    a.send({ type: "sub", topic: otaTopic(task.id) });
    await p.next((m) => m.type === "subscribed" && m.topic === otaTopic(task.id));
    // The tenant's administrator reads no OTA task: refused in the caller's language.
    expect(await a.next((m) => m.type === "refused")).toMatchObject({ topic: otaTopic(task.id) });
    for (let i = 0; i < 20; i++) otaChanged(task.id);
    otaChanged(task.id + 1000);
    expect(await p.next((m) => m.type === "event")).toEqual({ type: "event", topic: otaTopic(task.id), data: null });
    await new Promise((r) => setTimeout(r, 900));
    expect(p.got.filter((m) => m.type === "event")).toHaveLength(1);
    expect(a.got.filter((m) => m.type === "event")).toEqual([]);
    p.ws.close();
    a.ws.close();
  });

  it("closes the socket of a session the cloud no longer knows", async () => {
    const { own } = await demo();
    const s = await open(await cookieOf("not-a-token", ids.admin));
    const closed = new Promise<number>((r) => s.ws.once("close", (code) => r(code)));
    s.send({ type: "sub", topic: deviceTopic(own) });
    expect(await closed).toBe(4401);
  });

  it("keeps the cloud's internal stream to the console", async () => {
    const res = await cloud.request("/comm/apiWs/events", { body: {} });
    expect(res.body.code).toBe(403);
    const forged = await cloud.request("/comm/apiWs/events", { body: {}, headers: { "x-console-live": "guess", "x-console-secret": TEST_PROXY_SECRET } });
    expect(forged.body.code).toBe(403);
  });
});
