import { and, eq, sql } from "drizzle-orm";
import { createCloud } from "../cloud/app";
import { openDb } from "../cloud/db/client";
import { devices, products, projects, tenants } from "../cloud/db/schema";
import { sha256 } from "../cloud/lib/crypto";
import { DEMO_ACCOUNTS, seed } from "../cloud/seed";
import { cloudConfig } from "../cloud/start";
import { startPgCluster } from "../scripts/pg-cluster";

/**
 * `npm run bench:devices`: BENCH_DEVICES devices (default 50,000) in one project of the demo
 * tenant, then BENCH_REQUESTS (default 300) calls of the device page as the console makes them —
 * 20 rows sorted by last report, newest first, through the cloud's whole route (token, menu
 * check, project check, page and total) — and prints the server's p50 / p99 in ms, plus the same
 * for a search by name. On in-memory PGlite, and on PostgreSQL when DATABASE_URL is given (the
 * database should be empty: the bench seeds it); BENCH_DB=postgres without it starts a throwaway
 * cluster, BENCH_DB=pglite runs PGlite only.
 */
const N = Number(process.env.BENCH_DEVICES ?? 50_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function bench(kind: string, url?: string) {
  const handle = await openDb(url ? { url } : { dataDir: "memory" });
  const db = handle.db;
  await seed(db, { passwords: { demoadmin: DEMO_ACCOUNTS.demoadmin.password } });
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, 2));
  const [prj] = await db.select().from(projects).where(eq(projects.tenantId, tenant.id)).limit(1);
  const [prod] = await db.select().from(products).where(and(eq(products.tenantId, tenant.id), eq(products.prodType, "device"))).limit(1);
  const started = Date.now();
  const now = Date.now();
  for (let i = 0; i < N; i += 5000) {
    const rows = Array.from({ length: Math.min(5000, N - i) }, (_, k) => {
      const n = i + k;
      return {
        tenantId: tenant.id,
        projectId: prj.id,
        productId: prod.id,
        deviceName: `压测设备-${n}`,
        deviceSn: `BENCH${String(n).padStart(7, "0")}`,
        secretHash: sha256(String(n)),
        reportCycle: 60,
        // Most report now and then; a tenth have never reported.
        status: n % 10 === 0 ? 1 : n % 7 === 0 ? 3 : 2,
        lastReportTime: n % 10 === 0 ? null : new Date(now - ((n * 7919) % 86_400) * 1000),
        battery: n % 100,
        signal: -50 - (n % 60),
      };
    });
    await db.insert(devices).values(rows);
  }
  await db.execute(sql`analyze devices`);
  const insertS = (Date.now() - started) / 1000;

  const app = createCloud({ db, config: cloudConfig({ filesDir: ".data/bench-files" }), delivery: { send: async () => {} }, now: () => new Date() });
  const login = await app.request("/iotCloud/sys/login/username", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "demoadmin", password: DEMO_ACCOUNTS.demoadmin.password, tId: 2 }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}`, projectid: String(prj.id) };

  async function measure(path: string, rows = 20) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < REQUESTS + 20; i++) {
      const current = 1 + (i % 5);
      const t0 = performance.now();
      const res = await app.request(`/iotCloud/device/device/${path}&current=${current}`, { headers });
      const body = (await res.json()) as { code: number; data: { records?: unknown[]; total?: number } };
      const ms = performance.now() - t0;
      if (body.code !== 200 || (body.data.records?.length ?? 1) !== rows) throw new Error(`page answered ${JSON.stringify(body).slice(0, 200)}`);
      total = body.data.total ?? 0;
      // The first calls warm the caches and the JIT.
      if (i >= 20) times.push(ms);
    }
    times.sort((a, b) => a - b);
    return { p50: +pct(times, 50).toFixed(1), p99: +pct(times, 99).toFixed(1), total };
  }
  const byReport = await measure("page?size=20&sortField=lastReportTime&sortOrder=desc");
  // A call of the same route chain (token, menu, project) reading one row by key: the fixed cost.
  const [one] = await db.select({ id: devices.id }).from(devices).where(eq(devices.projectId, prj.id)).limit(1);
  const info = await measure(`info?id=${one.id}`, 1);
  const byName = await measure(`page?size=20&deviceName=${encodeURIComponent("设备-1")}&sortField=lastReportTime&sortOrder=desc`);
  await handle.close();
  return {
    database: kind,
    devices: N,
    "insert s": +insertS.toFixed(1),
    "page p50 ms": byReport.p50,
    "page p99 ms": byReport.p99,
    "info p50 ms": info.p50,
    "search p50 ms": byName.p50,
    "search p99 ms": byName.p99,
    "search total": byName.total,
  };
}

const which = process.env.BENCH_DB;
const rows = [];
if (which !== "postgres") rows.push(await bench("pglite"));
if (process.env.DATABASE_URL && which !== "pglite") rows.push(await bench("postgres", process.env.DATABASE_URL));
else if (which === "postgres") {
  const cluster = await startPgCluster();
  try {
    rows.push(await bench("postgres", cluster.url));
  } finally {
    cluster.stop();
  }
}
console.table(rows);
process.exit(0);
