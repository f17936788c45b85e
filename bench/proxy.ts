import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";

/**
 * `npm run bench:proxy`: the same call direct to the built-in cloud and through the console's
 * `/api` forwarding, in alternating rounds at each connection count. Needs a production build (`npm run build`).
 */
const PORT = Number(process.env.BENCH_PORT ?? 3320);
const CLOUD_PORT = PORT + 1;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

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

/** Each figure's median over the rounds, taken separately. */
function middle(runs: Figures[]): Figures {
  const mid = (k: keyof Figures) => runs.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  return { median: mid("median"), p99: mid("p99"), rps: mid("rps") };
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

    console.log(`GET sys/login/userInfo, ${ROUNDS} alternating rounds of ${DURATION} s per path and connection count`);
    console.log("connections | path     | median ms | p99 ms | req/s   (median of the rounds)");
    for (const connections of (process.env.BENCH_CONNECTIONS ?? "10,50").split(",").map(Number)) {
      // The cloud's own latency drifts over a run (PGlite's garbage collection, caches): alternating
      // short rounds exposes both paths to the same drift, and the spread of the rounds is printed.
      const d: Figures[] = [];
      const p: Figures[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        d.push(await measure(`${cloud}/sys/login/userInfo`, connections, { authorization: token }));
        p.push(await measure(`${base}/api/sys/login/userInfo`, connections, { cookie }));
      }
      const dm = middle(d);
      const pm = middle(p);
      const spread = p.map((x, i) => (x.median - d[i].median).toFixed(1)).join(", ");
      console.log(`${String(connections).padEnd(11)} | direct   | ${dm.median.toFixed(1).padStart(9)} | ${dm.p99.toFixed(1).padStart(6)} | ${dm.rps.toFixed(0)}`);
      console.log(`${String(connections).padEnd(11)} | via /api | ${pm.median.toFixed(1).padStart(9)} | ${pm.p99.toFixed(1).padStart(6)} | ${pm.rps.toFixed(0)}`);
      console.log(`${String(connections).padEnd(11)} | overhead | ${(pm.median - dm.median).toFixed(1).padStart(9)} ms median (rounds: ${spread}), throughput ratio ${(pm.rps / dm.rps).toFixed(2)}`);
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
