import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";

/**
 * `npm run bench:proxy`: the same call direct to the built-in cloud and through the console's
 * `/api` forwarding, at 10 and 50 connections. Needs a production build (`npm run build`).
 */
const PORT = Number(process.env.BENCH_PORT ?? 3320);
const CLOUD_PORT = PORT + 1;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

async function waitUp(url: string) {
  for (let i = 0; i < 360; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

type Figures = { median: number; p99: number; rps: number };
async function measure(url: string, connections: number, headers: Record<string, string>): Promise<Figures> {
  const r = await autocannon({ url, connections, duration: DURATION, headers });
  if (r.non2xx > 0) throw new Error(`${url}: ${r.non2xx} non-2xx answers`);
  return { median: r.latency.p50, p99: r.latency.p99, rps: r.requests.average };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-proxy-"));
  const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production", PORT: String(PORT), CLOUD_PORT: String(CLOUD_PORT), DATA_DIR: dataDir, SESSION_SECRET: "bench-secret-bench-secret-bench-secret-0123" },
  });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitUp(`${base}/login`);
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ mode: "username", tId: 2, username: "demoadmin", password: process.env.DEMOADMIN_PASSWORD ?? "Demo@2026" }),
    });
    const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    // A token for the direct calls, from a second login straight at the cloud.
    const cloud = `http://127.0.0.1:${CLOUD_PORT}/iotCloud`;
    const direct = await fetch(`${cloud}/sys/login/username`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ tId: 2, username: "demoadmin", password: process.env.DEMOADMIN_PASSWORD ?? "Demo@2026" }),
    });
    const token = ((await direct.json()) as { data: { token: string } }).data.token;

    console.log(`GET sys/login/userInfo, ${DURATION} s per run`);
    console.log("connections | path     | median ms | p99 ms | req/s");
    for (const connections of (process.env.BENCH_CONNECTIONS ?? "10,50").split(",").map(Number)) {
      const d = await measure(`${cloud}/sys/login/userInfo`, connections, { authorization: token });
      const p = await measure(`${base}/api/sys/login/userInfo`, connections, { cookie });
      console.log(`${String(connections).padEnd(11)} | direct   | ${d.median.toFixed(1).padStart(9)} | ${d.p99.toFixed(1).padStart(6)} | ${d.rps.toFixed(0)}`);
      console.log(`${String(connections).padEnd(11)} | via /api | ${p.median.toFixed(1).padStart(9)} | ${p.p99.toFixed(1).padStart(6)} | ${p.rps.toFixed(0)}`);
      console.log(`${String(connections).padEnd(11)} | overhead | ${(p.median - d.median).toFixed(1).padStart(9)} ms median, throughput ratio ${(p.rps / d.rps).toFixed(2)}`);
    }
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
