import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { TEST_PROXY_SECRET } from "@/cloud/testing";
import { createLiveServer, type LiveServer } from "@/lib/server/live/live-server";

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
