import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { join } from "node:path";
import next from "next";
import { Worker } from "node:worker_threads";
import type { CloudOptions } from "./cloud/start";
import { CLIENT_IP_HEADER } from "./lib/server/request-guard";
import { createLiveServer } from "./lib/server/live/live-server";
import { createStreamSockets } from "./lib/server/live/stream-socket";
import { keepIdleConnections } from "./lib/server/keep-alive";

/**
 * One process: the Next request handler, the built-in cloud on a loopback port (unless
 * UPSTREAM_URL points elsewhere), and the place where websocket upgrades are vetted.
 */
const dev = process.env.NODE_ENV !== "production";
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || "127.0.0.1";
const dataDir = process.env.DATA_DIR || ".data";

/** SESSION_SECRET from the environment, or one generated once into the data folder (with a warning). */
function ensureSessionSecret() {
  const given = process.env.SESSION_SECRET;
  if (given !== undefined) {
    if (given.length < 32) {
      console.error("[console] SESSION_SECRET must have at least 32 characters");
      process.exit(1);
    }
    return;
  }
  const file = join(dataDir, "session-secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  console.warn(`[console] SESSION_SECRET is not set: using the generated secret in ${file}. Set SESSION_SECRET in production.`);
  process.env.SESSION_SECRET = readFileSync(file, "utf8").trim();
}

/** Only same-origin, origin-form upgrades get through (never an absolute-form or cross-site one). */
function upgradeAllowed(req: IncomingMessage): boolean {
  if (!req.url?.startsWith("/") || req.url.startsWith("//")) return false;
  const origin = req.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

function refuse(socket: Duplex, status: string) {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

type CloudHandle = { url: string; close: () => Promise<void> };

/** Starts the built-in cloud in a worker thread (loopback only) and resolves once it listens. */
function startCloudWorker(options: CloudOptions): Promise<CloudHandle> {
  // Loader hooks do not reach worker threads on Node 20: the worker registers tsx itself.
  const entry = JSON.stringify(new URL("./cloud/worker.ts", import.meta.url).href);
  const boot = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${entry}); })`;
  const worker = new Worker(boot, { eval: true, workerData: options });
  return new Promise((resolve, reject) => {
    worker.once("error", reject);
    worker.on("message", (m: { type: string; url?: string; message?: string }) => {
      if (m.type === "error") reject(new Error(m.message));
      if (m.type !== "ready") return;
      resolve({
        url: m.url!,
        close: () =>
          new Promise<void>((done) => {
            worker.on("message", (r: { type: string }) => r.type === "closed" && void worker.terminate().then(() => done()));
            worker.postMessage({ type: "close" });
          }),
      });
    });
  });
}

async function main() {
  ensureSessionSecret();
  let cloud: CloudHandle | null = null;
  if (!process.env.UPSTREAM_URL) {
    // The console and its built-in cloud share one secret (the worker inherits the environment):
    // the cloud believes the client addresses only the console gives.
    process.env.CLOUD_PROXY_SECRET ||= randomBytes(32).toString("base64url");
    cloud = await startCloudWorker({
      port: Number(process.env.CLOUD_PORT || 0),
      databaseUrl: process.env.DATABASE_URL,
      dataDir: join(dataDir, "pglite"),
      config: { filesDir: process.env.FILES_DIR || join(dataDir, "files") },
    });
    process.env.BUILTIN_CLOUD_URL = cloud.url;
    console.log(`[cloud] built-in cloud on ${cloud.url}`);
  }

  // Next adds an upgrade listener of its own to the server of its first request, which ends every upgrade whose
  // path matches a route (the cameras' stream sockets under /api). Upgrades are routed below alone (Next's own dev
  // channel included), so Next's listener goes on a server that never listens.
  const app = next({ dev, hostname: host, port, httpServer: createServer() });
  await app.prepare();
  const handle = app.getRequestHandler();
  const nextUpgrade = app.getUpgradeHandler();
  const live = createLiveServer();
  const streams = createStreamSockets();

  const server = createServer((req, res) => {
    // The cloud sees the real client address for throttling; a client cannot forge it.
    delete req.headers[CLIENT_IP_HEADER];
    req.headers[CLIENT_IP_HEADER] = req.socket.remoteAddress ?? "unknown";
    void handle(req, res);
  });
  // Devices (firmware through /api) and a proxy in front reuse kept-alive connections: keep idle ones longer than they do.
  keepIdleConnections(server);
  server.on("upgrade", (req, socket, head) => {
    if (!upgradeAllowed(req)) return refuse(socket, "403 Forbidden");
    delete req.headers[CLIENT_IP_HEADER];
    req.headers[CLIENT_IP_HEADER] = req.socket.remoteAddress ?? "unknown";
    // The live channel and the cameras' streams (session-checked there), then Next's own dev channel.
    if (live.handleUpgrade(req, socket, head) || streams.handleUpgrade(req, socket, head)) return;
    if (dev && req.url!.startsWith("/_next/")) return void nextUpgrade(req, socket, head);
    refuse(socket, "404 Not Found");
  });
  server.on("error", async (err) => {
    console.error(`[console] cannot listen on ${host}:${port}: ${err.message}`);
    await cloud?.close();
    process.exit(1);
  });
  server.listen(port, host, () => console.log(`[console] ready on http://${host}:${port} (${dev ? "development" : "production"})`));

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log("[console] stopping: finishing in-flight requests");
    // Whatever is still open after 10 s is cut so the process never hangs.
    setTimeout(() => process.exit(0), 10_000).unref();
    live.close();
    streams.close();
    server.close(async () => {
      await cloud?.close();
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((err) => {
  console.error("[console] failed to start:", err);
  process.exit(1);
});
