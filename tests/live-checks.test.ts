import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sealData } from "iron-session";
import { WebSocket } from "ws";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deviceTopic, LIVE_PATH } from "@/lib/contract/live/topics";
import type { LiveServerMessage } from "@/lib/contract/live/live";
import { CHECKS_AT_ONCE, createLiveServer, type LiveServer } from "@/lib/server/live/live-server";
import { SESSION_COOKIE, SESSION_TTL_S } from "@/lib/server/session";

const SECRET = "live-checks-test-secret-live-checks-test-secret-0";
process.env.SESSION_SECRET = SECRET;

/**
 * The cloud as the live server's subscription checks meet it: every device read answered after `delayMs`
 * (or when `release` is called, while held), counting the reads and how many were in hand at once.
 */
const cloud = { reads: 0, inHand: 0, most: 0, delayMs: 20, held: false, waiting: [] as (() => void)[], tokens: new Set<string>() };
let upstream: Server;
let consoleServer: Server;
let live: LiveServer;
let base: string;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    if (!req.url?.includes("device/device/getDevRealTimeData")) return void res.writeHead(404).end();
    cloud.reads++;
    cloud.tokens.add(String(req.headers.authorization));
    cloud.most = Math.max(cloud.most, ++cloud.inHand);
    const answer = () => {
      cloud.inHand--;
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ code: 200, msg: "ok", data: { status: 1, lastReportTime: null, values: [] } }));
    };
    if (cloud.held) cloud.waiting.push(answer);
    else setTimeout(answer, cloud.delayMs);
  });
  await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
  // No proxy secret: the live server opens no event stream of the cloud (not needed for the checks).
  live = createLiveServer({ config: { baseUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, product: "iot", timeoutMs: 10_000 } });
  consoleServer = createServer((_, res) => res.writeHead(404).end());
  consoleServer.on("upgrade", (req, socket, head) => {
    if (!live.handleUpgrade(req, socket, head)) socket.end("HTTP/1.1 404 Not Found\r\n\r\n");
  });
  await new Promise<void>((r) => consoleServer.listen(0, "127.0.0.1", r));
  base = `ws://127.0.0.1:${(consoleServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  live?.close();
  await new Promise((r) => consoleServer?.close(r));
  await new Promise((r) => upstream?.close(r));
});
beforeEach(() => Object.assign(cloud, { reads: 0, inHand: 0, most: 0, delayMs: 20, held: false, waiting: [], tokens: new Set() }));

const cookieOf = async (token: string) =>
  `${SESSION_COOKIE}=${await sealData({ token, roles: "", tenantId: 2, projId: null, user: { id: 7, name: "u", realname: "u", avatar: null, tenantId: 2 } }, { password: SECRET, ttl: SESSION_TTL_S })}; locale=en`;

/** `n` sockets of the session `cookie`, each asking for `topics` at once; resolves with each socket's answers once all are answered. */
async function burst(cookies: string[], topics: string[]) {
  const answers = await Promise.all(
    cookies.map(async (cookie) => {
      const ws = new WebSocket(`${base}${LIVE_PATH}`, { headers: { cookie } });
      const got: LiveServerMessage[] = [];
      const done = new Promise<void>((resolve) =>
        ws.on("message", (d) => {
          const m = JSON.parse(d.toString()) as LiveServerMessage;
          if (m.type === "subscribed" || m.type === "refused") got.push(m);
          if (got.length === topics.length) resolve();
        }),
      );
      await new Promise<void>((resolve, reject) => ws.once("open", () => resolve()).once("error", reject));
      for (const topic of topics) ws.send(JSON.stringify({ type: "sub", topic }));
      return { ws, got, done };
    }),
  );
  return answers;
}

const topics = [deviceTopic(1), deviceTopic(2), deviceTopic(3)];

describe("the live channel's subscription checks", () => {
  it(`asks the cloud at most ${CHECKS_AT_ONCE} at a time, however many sockets subscribe at once, and grants them all`, async () => {
    const cookies = await Promise.all(Array.from({ length: 60 }, (_, i) => cookieOf(`token-${i}`)));
    const sockets = await burst(cookies, topics);
    await Promise.all(sockets.map((s) => s.done));
    // 60 sessions × 3 devices: every check made, none more than CHECKS_AT_ONCE in hand (180 at once before).
    expect(cloud.reads).toBe(180);
    expect(cloud.tokens.size).toBe(60);
    expect(cloud.most).toBeLessThanOrEqual(CHECKS_AT_ONCE);
    expect(cloud.most).toBeGreaterThan(1);
    for (const s of sockets) expect(s.got.map((m) => m.type)).toEqual(["subscribed", "subscribed", "subscribed"]);
    sockets.forEach((s) => s.ws.close());
  });

  it("asks once for a session's topic that its tabs ask for together", async () => {
    cloud.held = true;
    const cookie = await cookieOf("one-user");
    const sockets = await burst(Array.from({ length: 40 }, () => cookie), topics);
    // All 120 asked while the first three checks are in hand.
    await new Promise((r) => setTimeout(r, 200));
    expect(cloud.reads).toBe(3);
    cloud.held = false;
    cloud.waiting.splice(0).forEach((answer) => answer());
    await Promise.all(sockets.map((s) => s.done));
    for (const s of sockets) expect(s.got.filter((m) => m.type === "subscribed").length).toBe(3);
    // Asked again later (nothing in hand): checked again, not remembered.
    const again = await burst([cookie], [deviceTopic(4)]);
    await again[0].done;
    expect(cloud.reads).toBe(4);
    [...sockets, ...again].forEach((s) => s.ws.close());
  });
});
