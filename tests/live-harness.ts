import { createServer } from "node:http";
import { sealData } from "iron-session";
import { WebSocket } from "ws";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { TEST_PROXY_SECRET } from "@/cloud/testing";
import { LIVE_PATH } from "@/lib/contract/live/topics";
import { type LiveServerMessage } from "@/lib/contract/live/live";
import { createLiveServer, type LiveServer } from "@/lib/server/live/live-server";
import { SESSION_COOKIE, SESSION_TTL_S } from "@/lib/server/session";

export type LiveHarness = { live: LiveServer; base: string; close: () => Promise<void> };

/** A cloud app served on loopback and the console's live server in front of it, joined as server.ts joins them. */
export async function startLiveHarness(fetch: (request: Request) => Response | Promise<Response>): Promise<LiveHarness> {
  const cloudServer = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const config = { baseUrl: `http://127.0.0.1:${(cloudServer.address() as AddressInfo).port}`, product: "iot", timeoutMs: 10_000, proxySecret: TEST_PROXY_SECRET };
  const live = createLiveServer({ config });
  const consoleServer = createServer((_, res) => res.writeHead(404).end());
  consoleServer.on("upgrade", (req, socket, head) => {
    if (!live.handleUpgrade(req, socket, head)) socket.end("HTTP/1.1 404 Not Found\r\n\r\n");
  });
  await new Promise<void>((r) => consoleServer.listen(0, "127.0.0.1", r));
  return {
    live,
    base: `ws://127.0.0.1:${(consoleServer.address() as AddressInfo).port}`,
    async close() {
      live.close();
      await new Promise((r) => consoleServer.close(r));
      await new Promise((r) => cloudServer.close(r));
    },
  };
}

/**
 * A browser's socket on the live server, signed in as `who` (a session cookie sealed with `secret`, as the
 * console's is): it sends messages of one kind (`type`) about one device and collects the answers of that kind.
 */
export async function liveSocket<K extends LiveServerMessage["type"]>(base: string, secret: string, who: string, u: { token: string; tenantId: number; id: number }, type: K, deviceId: number) {
  type Answer = Extract<LiveServerMessage, { type: K }>;
  const cookie = `${SESSION_COOKIE}=${await sealData({ token: u.token, roles: "", tenantId: u.tenantId, projId: null, user: { id: u.id, name: who, realname: who, avatar: null, tenantId: u.tenantId } }, { password: secret, ttl: SESSION_TTL_S })}; locale=en`;
  const ws = new WebSocket(`${base}${LIVE_PATH}`, { headers: { cookie } });
  const got: Answer[] = [];
  ws.on("message", (d) => {
    const m = JSON.parse(d.toString()) as LiveServerMessage;
    if (m.type === type) got.push(m as Answer);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  const send = (m: object) => ws.send(JSON.stringify({ type, deviceId, ...m }));
  const next = async (test: (m: Answer) => boolean, ms = 10_000) => {
    const t0 = Date.now();
    for (;;) {
      const m = got.find(test);
      if (m) return m;
      if (Date.now() - t0 > ms) throw new Error(`no such answer; got ${JSON.stringify(got)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { ws, got, send, next };
}
