import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { Server as HttpServer } from "node:http";
import { createHistogram, monitorEventLoopDelay, type RecordableHistogram } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { and, eq, inArray, sql } from "drizzle-orm";
import mqtt from "mqtt";
import type { OtaTask } from "@/lib/contract/ota/task-api";
import type { OtaFile, OtaPackage } from "@/lib/contract/ota/package";
import { createCloud } from "../cloud/app";
import { openDb } from "../cloud/db/client";
import { devices, otaEvents, otaTaskDevices, otaTasks } from "../cloud/db/schema";
import { startDeviceChannel } from "../cloud/ingest";
import { Coordinator } from "../cloud/lib/coordination";
import { sha256 } from "../cloud/lib/crypto";
import { OtaEngine } from "../cloud/ota/engine";
import { DEMO_ACCOUNTS, seed } from "../cloud/seed";
import { otaClient, type PartTry } from "../cloud/simulator/ota";
import { cloudConfig } from "../cloud/start";
import { boundHeapGrowth } from "../cloud/lib/heap-growth";
import { startPgCluster } from "../scripts/pg-cluster";
import { keepIdleConnections } from "../lib/server/keep-alive";
import { rowsOf } from "../cloud/ingest/writer";

/**
 * `npm run bench:ota`: one rollout to `BENCH_DEVICES` (1,000) simulated devices of a `BENCH_IMAGE_KB`
 * (1,024) KiB image at `BENCH_RATE` (1,000) devices a minute, staged: a first batch of 10 %, a gate
 * (success ≥ 90 %), then the rest. Runs on PGlite, then on a throwaway PostgreSQL cluster
 * (`BENCH_DB=pglite` or `postgres` for one; `DATABASE_URL` for a PostgreSQL of your own), each run in
 * a process of its own: the cloud (routes, the OTA engine on the cluster's job, the embedded broker,
 * signed downloads over HTTP on loopback) as the server runs it — PGlite on disk in a temporary
 * folder (`BENCH_PGLITE=memory` keeps it in memory, where its data and WAL count in the RSS). The
 * devices run in a child process of that run (so the server's RSS and CPU are the server's): each
 * an MQTT client speaking the demo devices' protocol (`cloud/simulator/ota.ts`: 64 KiB `Range`
 * requests, progress, SHA-256, restart, inform).
 *
 * Prints the time until every device succeeded (goal ≤ 90 s), devices stuck (and where), the gate's
 * decision after the first batch's last success (goal ≤ 5 s), the download throughput, the server's
 * RSS growth (goal ≤ 100 MB) with where it went (V8 heap, buffers, PGlite's WebAssembly memory), and
 * the CPU the server and the devices used against the wall time: on a shared machine, a process that
 * got far less than a core while it had work is the machine's share of a slow run.
 * A heap snapshot of the server: `NODE_OPTIONS=--heapsnapshot-signal=SIGUSR2`, then `kill -USR2 <pid>`; a CPU profile of
 * the server's process: `BENCH_CPU_PROF=<folder>` (a `.cpuprofile` for Chromium's DevTools). Where the task's garbage is
 * allocated: `BENCH_HEAP_PROF=<folder>` (a sampled `.heapprofile` over the task, objects a major GC collected included:
 * what outlived the young generation and grew the heap).
 */
const N = Number(process.env.BENCH_DEVICES ?? 1000);
const IMAGE_KB = Number(process.env.BENCH_IMAGE_KB ?? 1024);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
/** The task's cap on devices downloading at once (`maxDownloads`); unset: the task's default (200). */
const MAX_DOWNLOADS = process.env.BENCH_MAX_DOWNLOADS ? Number(process.env.BENCH_MAX_DOWNLOADS) : undefined;
const LIMIT_S = Number(process.env.BENCH_LIMIT_S ?? 600);
const ROLE = process.env.BENCH_OTA_ROLE;

type FleetDevice = { sn: string; secret: string };
type FleetStart = { brokerUrl: string; httpPort: number; productId: number; devices: FleetDevice[] };
/** What the devices saw of their downloads: tries of a part, retries, errors by cause, the longest wait for a part. */
type FleetStats = { cpuMs: number; rssPeakMb: number; tries: number; retries: number; errors: Record<string, number>; partP50: number; partP99: number; partMax: number; acceptQueueMax: number; overflows: number };
type Result = {
  db: string;
  devices: number;
  succeeded: number;
  failed: number;
  stuck: number;
  allS: number;
  gateS: number | null;
  mib: number;
  windowS: number;
  rss0: number;
  rssPeak: number;
  heapPeak: number;
  buffersPeak: number;
  wasmPeak: number | null;
  serverCpu: number;
  fleetCpu: number;
  fleetRss: number;
  load: [number, number];
};

const MB = 2 ** 20;
const mb = (n: number) => Math.round(n / MB);
const ms = (ns: number) => (ns / 1e6).toFixed(0);
/** A histogram's p50 / p99 / max in ms (perf_hooks histograms hold nanoseconds). */
const spread = (h: RecordableHistogram | ReturnType<typeof monitorEventLoopDelay>) => (h.count ? `${ms(h.percentile(50))} / ${ms(h.percentile(99))} / ${ms(h.max)} ms` : "–");

/**
 * The listening socket's accept queue: connections the kernel completed that the server has not accepted yet (at most
 * the listen backlog, Node's 511; past it the kernel drops new connections' SYNs and the client sends them again 1, 3,
 * 7 s later), from /proc/net/tcp, where listening sockets come first, so the head of the file is enough.
 */
function acceptQueue(port: number): number | null {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, "0")} `;
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let fd: number | null = null;
    try {
      fd = openSync(file, "r");
      const buf = Buffer.alloc(64 * 1024);
      const text = buf.subarray(0, readSync(fd, buf, 0, buf.length, 0)).toString("latin1");
      for (const line of text.split("\n")) {
        const f = line.trim().split(/\s+/);
        // local address, remote, state 0A (LISTEN), tx_queue:rx_queue: for a listener, rx_queue is the accept queue.
        if (f[1]?.endsWith(hex.trim()) && f[3] === "0A") return parseInt(f[4].split(":")[1], 16);
      }
    } catch {
      // Not Linux: no figure.
    } finally {
      if (fd !== null) closeSync(fd);
    }
  }
  return null;
}

/** The kernel's count of connections dropped because a listen queue was full (every process's, since boot). */
function listenOverflows(): number {
  try {
    const lines = readFileSync("/proc/net/netstat", "utf8").split("\n").filter((l) => l.startsWith("TcpExt:"));
    const [names, values] = lines.map((l) => l.split(/\s+/));
    return Number(values[names.indexOf("ListenOverflows")]) || 0;
  } catch {
    return 0;
  }
}

if (ROLE === "fleet") {
  // The device side: MQTT clients that take offers, download, report and inform.
  process.once("message", async (m: FleetStart) => {
    const clients: mqtt.MqttClient[] = [];
    // Every try of a part: its time (a whole run's and the last five seconds'), and the tries that failed by cause.
    const parts = createHistogram();
    const recent = createHistogram();
    let tries = 0;
    let retries = 0;
    const errors: Record<string, number> = {};
    const recentErrors: Record<string, number> = {};
    const onPartTry = (t: PartTry) => {
      tries++;
      if (t.attempt > 1) retries++;
      const nsTaken = Math.max(1, Math.round(t.ms * 1e6));
      parts.record(nsTaken);
      recent.record(nsTaken);
      const why = t.error ?? (t.status && t.status >= 400 ? `HTTP ${t.status}` : null);
      if (why) {
        errors[why] = (errors[why] ?? 0) + 1;
        recentErrors[why] = (recentErrors[why] ?? 0) + 1;
      }
    };
    for (let i = 0; i < m.devices.length; i += 50) {
      await Promise.all(
        m.devices.slice(i, i + 50).map(async (d) => {
          const prefix = `iot/${m.productId}/${d.sn}`;
          const client = await mqtt.connectAsync(m.brokerUrl, { username: d.sn, password: d.secret, clientId: `bench-${d.sn}`, reconnectPeriod: 1000 });
          const device = otaClient({ sn: d.sn, secret: d.secret, behaviour: "normal", version: "V1.0.0", publish: (ch, body) => void client.publishAsync(`${prefix}/${ch}`, JSON.stringify(body), { qos: 1 }).catch(() => {}), powerCycle: () => {}, onPartTry });
          client.on("message", (_t, payload) => device.offer(payload));
          await client.subscribeAsync(`${prefix}/ota/upgrade`, { qos: 1 });
          device.started();
          clients.push(client);
        }),
      );
    }
    const cpu0 = process.cpuUsage();
    let rssPeak = process.memoryUsage().rss;
    // The server's accept queue, sampled from here (the server's own loop may be the one held): the most waiting in it, per interval and in all.
    let queueMax = 0;
    let queueMaxAll = 0;
    const overflows0 = listenOverflows();
    let overflowsLast = overflows0;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      const q = acceptQueue(m.httpPort);
      if (q !== null) {
        queueMax = Math.max(queueMax, q);
        queueMaxAll = Math.max(queueMaxAll, q);
      }
    }, 50);
    const reporter = setInterval(() => {
      const overflows = listenOverflows();
      const errs = Object.entries(recentErrors).map(([k, n]) => `${n} × ${k}`);
      console.log(
        `      devices: ${recent.count} part tries (p50 / p99 / max ${spread(recent)})${errs.length ? `, failed: ${errs.join(", ")}` : ""}; server's accept queue ≤ ${queueMax}, listen overflows +${overflows - overflowsLast} (machine-wide); devices' loop delay ${spread(loop)}`,
      );
      overflowsLast = overflows;
      recent.reset();
      loop.reset();
      queueMax = 0;
      for (const k of Object.keys(recentErrors)) delete recentErrors[k];
    }, 5000);
    process.send!({ ready: clients.length, rssMb: mb(process.memoryUsage().rss) });
    process.once("message", async () => {
      clearInterval(sampler);
      clearInterval(reporter);
      const cpu = process.cpuUsage(cpu0);
      const stats: FleetStats = {
        cpuMs: (cpu.user + cpu.system) / 1000,
        rssPeakMb: mb(rssPeak),
        tries,
        retries,
        errors,
        partP50: parts.count ? parts.percentile(50) / 1e6 : 0,
        partP99: parts.count ? parts.percentile(99) / 1e6 : 0,
        partMax: parts.count ? parts.max / 1e6 : 0,
        acceptQueueMax: queueMaxAll,
        overflows: listenOverflows() - overflows0,
      };
      process.send!(stats);
      await Promise.all(clients.map((c) => c.endAsync(true)));
      process.exit(0);
    });
  });
} else if (ROLE === "run") {
  const result = await run();
  process.send!(result);
  process.exit(result.succeeded === N ? 0 : 1);
} else {
  // One process per database, so neither run's memory is in the other's figures.
  const which = process.env.DATABASE_URL ? "postgres" : process.env.BENCH_DB;
  const results: Result[] = [];
  const runIn = (env: Record<string, string>) =>
    new Promise<Result | null>((resolve) => {
      const child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, ...env, BENCH_OTA_ROLE: "run" }, execArgv: [...process.execArgv, "--expose-gc", ...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])] });
      let got: Result | null = null;
      child.on("message", (m) => (got = m as Result));
      child.once("exit", () => resolve(got));
    });
  console.log(`bench:ota — load average at the start: ${loadavg().map((l) => l.toFixed(2)).join(" ")} (${cpus().length} cores)`);
  if (!which || which === "pglite") results.push(...[await runIn({ BENCH_DB: "pglite" })].filter((r) => r !== null));
  if (!which || which === "postgres") {
    const cluster = process.env.DATABASE_URL ? null : await startPgCluster();
    try {
      results.push(...[await runIn({ BENCH_DB: "postgres", DATABASE_URL: process.env.DATABASE_URL ?? cluster!.url })].filter((r) => r !== null));
    } finally {
      cluster?.stop();
    }
  }
  console.log(`\nbench:ota — ${N} devices, ${IMAGE_KB} KiB image, ${RATE}/min, a 10 % first batch then a 90 % gate`);
  console.log("| database | succeeded | time (goal ≤ 90 s) | stuck | gate (goal ≤ 5 s) | served | server RSS (goal ≤ +100 MB) | of which heap / buffers / PGlite | server CPU | devices' CPU | load |");
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const r of results)
    console.log(
      `| ${r.db} | ${r.succeeded} of ${r.devices}, ${r.failed} failed | ${r.allS.toFixed(1)} s | ${r.stuck} | ${r.gateS === null ? "–" : `${r.gateS.toFixed(1)} s`} | ${r.mib} MiB, ${(r.mib / r.windowS).toFixed(1)} MiB/s | ${r.rss0} → ${r.rssPeak} MB (+${r.rssPeak - r.rss0}) | peaks ${r.heapPeak} / ${r.buffersPeak} / ${r.wasmPeak ?? "–"} MB | ${r.serverCpu.toFixed(0)} % of a core | ${r.fleetCpu.toFixed(0)} % (peak RSS ${r.fleetRss} MB) | ${r.load[0].toFixed(1)}–${r.load[1].toFixed(1)} |`,
    );
  process.exit(results.length && results.every((r) => r.succeeded === r.devices) ? 0 : 1);
}

async function run(): Promise<Result> {
  // As the cloud bounds its heap's growth when it starts (cloud/start.ts).
  boundHeapGrowth();
  const kind = process.env.BENCH_DB === "postgres" ? "PostgreSQL" : process.env.BENCH_PGLITE === "memory" ? "PGlite (memory)" : "PGlite (disk)";
  const dir = mkdtempSync(join(tmpdir(), "bench-ota-"));
  const filesDir = join(dir, "files");
  const handle = await openDb(process.env.BENCH_DB === "postgres" ? { url: process.env.DATABASE_URL } : { dataDir: process.env.BENCH_PGLITE === "memory" ? "memory" : join(dir, "pglite") });
  const db = handle.db;
  // PGlite's WebAssembly memory (its shared buffers, caches and, in memory, nothing of its files: those are buffers of their own).
  const pglite = (db as unknown as { $client?: { mod?: { HEAPU8?: Uint8Array } } }).$client;
  const wasm = () => (pglite?.mod?.HEAPU8 ? pglite.mod.HEAPU8.byteLength : null);
  // `BENCH_SQL=1`: every statement the server sent PGlite, by its text: how many, the rows they answered and their wall time (waits for the connection included).
  const statements = new Map<string, { n: number; rows: number; ms: number }>();
  const client = (db as unknown as { $client?: { query?: (q: string, ...rest: unknown[]) => Promise<{ rows?: unknown[] }> } }).$client;
  if (process.env.BENCH_SQL && client?.query) {
    const query = client.query.bind(client);
    client.query = async (q: string, ...rest: unknown[]) => {
      const t = performance.now();
      const r = await query(q, ...rest);
      const key = q.replace(/\s+/g, " ").slice(0, 110);
      const s = statements.get(key) ?? { n: 0, rows: 0, ms: 0 };
      s.n++;
      s.rows += r.rows?.length ?? 0;
      s.ms += performance.now() - t;
      statements.set(key, s);
      return r;
    };
  }
  await seed(db, { passwords: { superadmin: DEMO_ACCOUNTS.superadmin.password } });
  const channel = await startDeviceChannel(db, { mqttPort: 0 });
  const cluster = new Coordinator(db, { bus: handle.bus });
  const engine = new OtaEngine(db).attach(channel.ingest);
  const app = createCloud({ db, config: cloudConfig({ filesDir }), delivery: { send: async () => {} }, now: () => new Date(), ingest: channel.ingest, ota: engine, cluster });
  // Where the server's time goes: wall time per kind of work (a device's message by channel, a download part, a pass of the rollout job), waits for the database included.
  const work = new Map<string, RecordableHistogram>();
  const timed = async <T>(kind: string, fn: () => Promise<T>): Promise<T> => {
    const t = process.hrtime.bigint();
    try {
      return await fn();
    } finally {
      if (!work.has(kind)) work.set(kind, createHistogram());
      work.get(kind)!.record(Math.max(1, Number(process.hrtime.bigint() - t)));
    }
  };
  const message = engine.message.bind(engine);
  engine.message = (m) => timed(m.channel, () => message(m));
  const step = engine.step.bind(engine);
  engine.step = () => timed("rollout job", step);
  const fetchApp = (req: Request) => (req.url.includes("/device/ota/download") ? timed("download part", async () => app.fetch(req)) : app.fetch(req));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: fetchApp, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
    // As the cloud keeps idle connections (cloud/start.ts).
    keepIdleConnections(s as HttpServer);
  });
  const port = (server.address() as { port: number }).port;
  // Connections the server accepted, and those open now.
  let accepted = 0;
  let open = 0;
  server.on("connection", (socket) => {
    accepted++;
    open++;
    socket.once("close", () => open--);
  });
  engine.baseUrl = `http://127.0.0.1:${port}/iotCloud`;
  engine.schedule(cluster);
  cluster.start();

  const login = await app.request("/iotCloud/sys/login/username", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "superadmin", password: DEMO_ACCOUNTS.superadmin.password, tId: 1 }) });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}`, language: "en" };
  const post = async <T>(path: string, body: unknown) => {
    const r = (await (await app.request(`/iotCloud/device/${path}`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) })).json()) as { code: number; msg: string; data: T };
    if (r.code !== 200) throw new Error(`${path}: ${r.msg}`);
    return r.data;
  };

  // N devices of one demo product, on V1.0.0, each with its own secret.
  const [model] = await db.select().from(devices).limit(1);
  const fleet: FleetDevice[] = Array.from({ length: N }, (_, i) => ({ sn: `OTA${String(i).padStart(6, "0")}`, secret: randomBytes(12).toString("hex") }));
  const ids: number[] = [];
  for (let i = 0; i < N; i += 500) {
    const rows = await db
      .insert(devices)
      .values(fleet.slice(i, i + 500).map((d) => ({ ...model, id: undefined, deviceSn: d.sn, deviceName: d.sn, secretHash: sha256(d.secret), firmwareVersion: "V1.0.0", status: 2 })))
      .returning({ id: devices.id });
    ids.push(...rows.map((r) => r.id));
  }

  const child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, BENCH_OTA_ROLE: "fleet" }, execArgv: process.execArgv.filter((a) => a !== "--expose-gc") });
  const fromFleet = <T>() => new Promise<T>((resolve) => child.once("message", resolve as (m: unknown) => void));
  const ready = fromFleet<{ ready: number; rssMb: number }>();
  child.send({ brokerUrl: channel.transport.url, httpPort: port, productId: model.productId, devices: fleet } satisfies FleetStart);
  const fleetUp = await ready;
  console.log(`bench:ota — ${kind}, ${fleetUp.ready} devices connected (devices' RSS ${fleetUp.rssMb} MB), image ${IMAGE_KB} KiB, rate ${RATE}/min`);

  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(randomBytes(IMAGE_KB * 1024))]), "bench.bin");
  const up = (await (await app.request(`/iotCloud/device/ota/uploadFile?productId=${model.productId}`, { method: "POST", body: form, headers })).json()) as { data: OtaFile };
  const pkg = await post<OtaPackage>("ota/add", { packageName: "Bench", productId: model.productId, version: "V2.0.0", filePath: up.data.path });

  global.gc?.();
  const m0 = process.memoryUsage();
  const rss0 = mb(m0.rss);
  const peak = { rss: m0.rss, heap: m0.heapUsed, buffers: m0.external, wasm: wasm() ?? 0 };
  const sample = () => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heap = Math.max(peak.heap, m.heapUsed);
    peak.buffers = Math.max(peak.buffers, m.external);
    peak.wasm = Math.max(peak.wasm, wasm() ?? 0);
    return m;
  };
  const memLine = (m: NodeJS.MemoryUsage) => `RSS ${mb(m.rss)} MB (heap ${mb(m.heapUsed)}, buffers ${mb(m.external)}${wasm() === null ? "" : `, PGlite ${mb(wasm()!)}`})`;
  console.log(`  before the task: ${memLine(m0)}, load ${loadavg()[0].toFixed(1)}`);
  // The server's event loop: how late a timer fires, per interval and over the run (PGlite runs its statements on this thread).
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const loopAll = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  loopAll.enable();
  for (const h of work.values()) h.reset();
  statements.clear();
  let acceptedLast = accepted;
  const load0 = loadavg()[0];
  let loadMax = load0;
  const cpu0 = process.cpuUsage();
  const heapProf = process.env.BENCH_HEAP_PROF ? new Session() : null;
  heapProf?.connect();
  await heapProf?.post("HeapProfiler.startSampling", { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true });
  const t0 = performance.now();
  const task = await post<OtaTask>("otaTask/add", { taskName: "Bench rollout", packageId: pkg.id, target: 4, deviceIds: ids, rate: RATE, maxDownloads: MAX_DOWNLOADS, batchPercent: 10, gateSuccessPct: 90, retries: 0 });
  console.log(`  the task: ${ids.length} devices, rate ${task.rate}/min, at most ${task.maxDownloads} downloading at once`);
  await cluster.soon("ota-rollout");
  const counts = async () => {
    const rows = await db
      .select({ status: otaTaskDevices.status, phase: otaTaskDevices.phase, n: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${otaTaskDevices.bytesServed}), 0)::float8` })
      .from(otaTaskDevices)
      .where(eq(otaTaskDevices.taskId, task.id))
      .groupBy(otaTaskDevices.status, otaTaskDevices.phase);
    const n = (status: number) => rows.filter((r) => r.status === status).reduce((s, r) => s + r.n, 0);
    const phases = rows.filter((r) => r.status === 2).map((r) => `${r.phase} ${r.n}`);
    const downloading = rows.filter((r) => r.status === 2 && r.phase === "downloading").reduce((s, r) => s + r.n, 0);
    return { success: n(4), failed: n(5), queued: n(1), upgrading: n(2), phases, downloading, bytes: rows.reduce((s, r) => s + Number(r.bytes), 0) };
  };
  let downloadingMax = 0;
  let c = await counts();
  let last = 0;
  let held = false;
  while (c.success + c.failed < N && performance.now() - t0 < LIMIT_S * 1000 && !held) {
    await new Promise((r) => setTimeout(r, 500));
    c = await counts();
    downloadingMax = Math.max(downloadingMax, c.downloading);
    const m = sample();
    loadMax = Math.max(loadMax, loadavg()[0]);
    // A gate held for a person ends the run: nothing moves until someone resumes.
    held = (await db.select({ hold: otaTasks.hold }).from(otaTasks).where(eq(otaTasks.id, task.id)))[0].hold !== 0 && c.upgrading === 0;
    const s = Math.floor((performance.now() - t0) / 5000);
    if (s !== last) {
      last = s;
      const cpu = process.cpuUsage(cpu0);
      const cpuPct = ((cpu.user + cpu.system) / 1000 / (performance.now() - t0)) * 100;
      console.log(
        `  ${((performance.now() - t0) / 1000).toFixed(0)} s: ${c.success} succeeded, ${c.failed} failed, ${c.queued} queued, upgrading ${c.phases.join(", ") || "0"}; ${engine.inFlight} device messages in hand; ${memLine(m)}; server CPU ${cpuPct.toFixed(0)} %, load ${loadavg()[0].toFixed(1)}`,
      );
      console.log(`      server: loop delay p50 / p99 / max ${spread(loop)}; accepted ${accepted - acceptedLast} connections, ${open} open`);
      acceptedLast = accepted;
      loop.reset();
    }
  }
  const allS = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const serverCpu = ((cpu.user + cpu.system) / 1000 / (allS * 1000)) * 100;
  const mEnd = sample();
  if (heapProf) {
    const { profile } = await heapProf.post("HeapProfiler.stopSampling");
    writeFileSync(join(process.env.BENCH_HEAP_PROF!, `ota-${kind.replace(/\W+/g, "-")}.heapprofile`), JSON.stringify(profile));
    heapProf.disconnect();
  }
  global.gc?.();
  console.log(`  at the end: ${memLine(mEnd)}; after a full GC ${memLine(process.memoryUsage())}; at most ${downloadingMax} downloading at once (sampled every 0.5 s)`);

  // The gate: the first batch's last success → the first device of the rest notified.
  const [gate] = await db
    .select({
      firstDone: sql<string | null>`max(${otaTaskDevices.doneAt}) filter (where ${otaTaskDevices.batch} = 1)::text`,
      restNotified: sql<string | null>`min(${otaTaskDevices.notifiedAt}) filter (where ${otaTaskDevices.batch} <> 1)::text`,
      firstBatch: sql<number>`count(*) filter (where ${otaTaskDevices.batch} = 1)::int`,
      downloadFrom: sql<string | null>`min(${otaTaskDevices.firstProgressAt})::text`,
      downloadTo: sql<string | null>`max(${otaTaskDevices.doneAt})::text`,
    })
    .from(otaTaskDevices)
    .where(eq(otaTaskDevices.taskId, task.id));
  const gateS = gate.firstDone && gate.restNotified ? (Date.parse(gate.restNotified) - Date.parse(gate.firstDone)) / 1000 : null;
  const windowS = gate.downloadFrom && gate.downloadTo ? (Date.parse(gate.downloadTo) - Date.parse(gate.downloadFrom)) / 1000 : allS;
  // Whatever did not finish, with where it stands and the last thing its log says: why it is stuck.
  const stuck = await db
    .select({ sn: devices.deviceSn, status: otaTaskDevices.status, phase: otaTaskDevices.phase, progress: otaTaskDevices.progress, last: sql<string | null>`(select e.text from ${otaEvents} e where e.task_device_id = ${otaTaskDevices.id} order by e.id desc limit 1)` })
    .from(otaTaskDevices)
    .innerJoin(devices, eq(devices.id, otaTaskDevices.deviceId))
    .where(and(eq(otaTaskDevices.taskId, task.id), inArray(otaTaskDevices.status, [1, 2])));
  if (held) console.log("  the gate held the task for a person: the first batch's failures were over the threshold");
  for (const s of stuck.slice(0, 10)) console.log(`  stuck: ${s.sn} status ${s.status}, ${s.phase} ${s.progress} %, last event "${s.last ?? "none"}"`);
  // Why devices failed: their error code and text, counted.
  const failures = await db
    .select({ code: otaTaskDevices.errorCode, text: otaTaskDevices.errorText, n: sql<number>`count(*)::int` })
    .from(otaTaskDevices)
    .where(and(eq(otaTaskDevices.taskId, task.id), eq(otaTaskDevices.status, 5)))
    .groupBy(otaTaskDevices.errorCode, otaTaskDevices.errorText);
  for (const f of failures) console.log(`  failed: ${f.n} × ${f.code}${f.text ? ` "${f.text}"` : ""}`);

  // Each device's way through its upgrade, from the times the server took its reports: notified → its first download
  // report → verifying (80 %) → installing (90 %) → rebooting (100 %) → the version informed. The demo device itself
  // waits 175 ms after each of its 16 parts, 0.7 s verifying, 1.4 s installing, 1.4 s rebooting: the rest is the wait
  // for the server and the network.
  const phases = rowsOf(
    await db.execute(sql`
      with d as (
        select td.id, td.batch, td.notified_at n, td.done_at done, td.first_progress_at dl, min(e.at) filter (where e.phase = 'verifying') ver,
          min(e.at) filter (where e.phase = 'installing') inst, min(e.at) filter (where e.phase = 'rebooting') reb
        from ota_task_devices td left join ota_events e on e.task_device_id = td.id
        where td.task_id = ${task.id} and td.status = 4 group by td.id, td.batch, td.notified_at, td.done_at, td.first_progress_at)
      select label, percentile_cont(0.5) within group (order by s)::float8 p50, percentile_cont(0.9) within group (order by s)::float8 p90, max(s)::float8 mx
      from (select 'notified → first report' label, 1 o, extract(epoch from dl - n) s from d
        union all select 'downloading', 2, extract(epoch from ver - dl) from d
        union all select 'verifying', 3, extract(epoch from inst - ver) from d
        union all select 'installing', 4, extract(epoch from reb - inst) from d
        union all select 'rebooting → informed', 5, extract(epoch from done - reb) from d
        union all select 'notified → succeeded', 6, extract(epoch from done - n) from d) x
      where s is not null group by label, o order by o`),
  );
  for (const p of phases) console.log(`  phase ${String(p.label).padEnd(24)} p50 ${Number(p.p50).toFixed(1)} s, p90 ${Number(p.p90).toFixed(1)} s, max ${Number(p.mx).toFixed(1)} s`);
  const [notified] = rowsOf(
    await db.execute(sql`
      select extract(epoch from max(notified_at) filter (where batch = 1) - min(notified_at) filter (where batch = 1))::float8 b1span,
        extract(epoch from max(notified_at) filter (where batch <> 1) - min(notified_at) filter (where batch <> 1))::float8 restspan
      from ota_task_devices where task_id = ${task.id}`),
  );
  console.log(`  notifications: the first batch over ${Number(notified.b1span ?? 0).toFixed(1)} s, the rest over ${Number(notified.restspan ?? 0).toFixed(1)} s`);
  for (const [kind, h] of [...work].sort((a, b) => b[1].count * b[1].mean - a[1].count * a[1].mean))
    console.log(`  server work ${kind.padEnd(14)} ${String(h.count).padStart(6)} × p50 / p99 / max ${spread(h)}, ${((h.count * h.mean) / 1e9).toFixed(1)} s in all`);
  console.log(`  server loop delay over the run: p50 / p99 / max ${spread(loopAll)}`);
  const grouped = (g: { groups: number; items: number }) => `${g.items} in ${g.groups} statements`;
  console.log(`  grouped: progress reports ${grouped(engine.reports)}, parts read ${grouped(engine.downloads)}, parts counted ${grouped(engine.served)}`);
  for (const [q, st] of [...statements].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12))
    console.log(`  sql ${String(st.n).padStart(6)} × ${String(st.rows).padStart(7)} rows ${(st.ms / 1000).toFixed(1).padStart(6)} s  ${q}`);

  const fleetDone = fromFleet<FleetStats>();
  child.send("stop");
  const fleetStats = await fleetDone;
  const errs = Object.entries(fleetStats.errors).map(([k, n]) => `${n} × ${k}`);
  console.log(
    `  devices: ${fleetStats.tries} part tries, ${fleetStats.retries} of them again after a failure${errs.length ? ` (failed: ${errs.join(", ")})` : ""}; a part took p50 ${fleetStats.partP50.toFixed(0)} ms, p99 ${fleetStats.partP99.toFixed(0)} ms, max ${fleetStats.partMax.toFixed(0)} ms; the server's accept queue held up to ${fleetStats.acceptQueueMax}; listen overflows +${fleetStats.overflows} (machine-wide)`,
  );
  await new Promise((r) => child.once("exit", r));
  await cluster.close();
  engine.close();
  server.close();
  await channel.close();
  await handle.close();
  rmSync(dir, { recursive: true, force: true });

  const result: Result = {
    db: kind,
    devices: N,
    succeeded: c.success,
    failed: c.failed,
    stuck: stuck.length,
    allS,
    gateS,
    mib: Math.round(c.bytes / MB),
    windowS,
    rss0,
    rssPeak: mb(peak.rss),
    heapPeak: mb(peak.heap),
    buffersPeak: mb(peak.buffers),
    wasmPeak: wasm() === null && !peak.wasm ? null : mb(peak.wasm),
    serverCpu,
    fleetCpu: (fleetStats.cpuMs / (allS * 1000)) * 100,
    fleetRss: fleetStats.rssPeakMb,
    load: [Math.min(load0, loadavg()[0]), loadMax],
  };
  console.log(`\n  ${kind}: ${result.succeeded} succeeded, ${result.failed} failed, ${result.stuck} stuck in ${allS.toFixed(1)} s (goal ≤ 90 s); first batch ${gate.firstBatch}, gate ${gateS === null ? "–" : `${gateS.toFixed(1)} s`} (goal ≤ 5 s)`);
  console.log(`  downloads ${result.mib} MiB in 64 KiB Range requests, ${(result.mib / windowS).toFixed(1)} MiB/s over the download window (${windowS.toFixed(1)} s)`);
  console.log(`  server RSS ${rss0} → peak ${result.rssPeak} MB (+${result.rssPeak - rss0}, goal ≤ 100 MB); peaks: heap ${result.heapPeak} MB, buffers ${result.buffersPeak} MB, PGlite ${result.wasmPeak ?? "–"} MB`);
  console.log(`  CPU over the run: server ${serverCpu.toFixed(0)} % of a core, devices ${result.fleetCpu.toFixed(0)} %; load ${result.load[0].toFixed(1)}–${result.load[1].toFixed(1)} on ${cpus().length} cores`);
  return result;
}
