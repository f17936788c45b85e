import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { and, eq, inArray, sql } from "drizzle-orm";
import mqtt from "mqtt";
import type { OtaTask } from "@/lib/contract/ota/api";
import type { OtaFile, OtaPackage } from "@/lib/contract/ota/package";
import { createCloud } from "../cloud/app";
import { openDb } from "../cloud/db/client";
import { devices, otaTaskDevices } from "../cloud/db/schema";
import { startDeviceChannel } from "../cloud/ingest";
import { Coordinator } from "../cloud/lib/coordination";
import { sha256 } from "../cloud/lib/crypto";
import { OtaEngine } from "../cloud/ota/engine";
import { DEMO_ACCOUNTS, seed } from "../cloud/seed";
import { otaClient } from "../cloud/simulator/ota";
import { cloudConfig } from "../cloud/start";

/**
 * `npm run bench:ota`: one rollout to `BENCH_DEVICES` (1,000) simulated devices of a `BENCH_IMAGE_KB`
 * (1,024) KiB image at `BENCH_RATE` (1,000) devices a minute, staged: a first batch of 10 %, a gate
 * (success ≥ 90 %), then the rest. The cloud (routes, OTA engine on the cluster's job, embedded
 * broker, signed downloads) runs here on PGlite in memory, or on PostgreSQL with `DATABASE_URL`;
 * the devices run in a child process (so the server's RSS is the server's): each an MQTT client
 * speaking the demo devices' protocol (`cloud/simulator/ota.ts`: 64 KiB `Range` requests, progress,
 * SHA-256, restart, inform). Prints the time until every device succeeded (goal ≤ 90 s), devices
 * stuck, the gate's decision after the first batch's last success (goal ≤ 5 s), the download
 * throughput and the server's RSS growth (goal ≤ 100 MB).
 */
const N = Number(process.env.BENCH_DEVICES ?? 1000);
const IMAGE_KB = Number(process.env.BENCH_IMAGE_KB ?? 1024);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const LIMIT_S = Number(process.env.BENCH_LIMIT_S ?? 600);

type FleetDevice = { sn: string; secret: string };
type FleetStart = { brokerUrl: string; productId: number; devices: FleetDevice[] };

if (process.env.BENCH_OTA_FLEET === "1") {
  // The device side: MQTT clients that take offers, download, report and inform.
  process.once("message", async (m: FleetStart) => {
    const clients: mqtt.MqttClient[] = [];
    for (let i = 0; i < m.devices.length; i += 50) {
      await Promise.all(
        m.devices.slice(i, i + 50).map(async (d) => {
          const prefix = `iot/${m.productId}/${d.sn}`;
          const client = await mqtt.connectAsync(m.brokerUrl, { username: d.sn, password: d.secret, clientId: `bench-${d.sn}`, reconnectPeriod: 1000 });
          const device = otaClient({ sn: d.sn, secret: d.secret, behaviour: "normal", version: "V1.0.0", publish: (ch, body) => void client.publishAsync(`${prefix}/${ch}`, JSON.stringify(body), { qos: 1 }).catch(() => {}), powerCycle: () => {} });
          client.on("message", (_t, payload) => device.offer(payload));
          await client.subscribeAsync(`${prefix}/ota/upgrade`, { qos: 1 });
          device.started();
          clients.push(client);
        }),
      );
    }
    process.send!({ ready: clients.length, rssMb: Math.round(process.memoryUsage().rss / 2 ** 20) });
    process.once("message", async () => {
      await Promise.all(clients.map((c) => c.endAsync(true)));
      process.exit(0);
    });
  });
} else {
  const mb = () => Math.round(process.memoryUsage().rss / 2 ** 20);
  const filesDir = `.data/bench-ota-${process.pid}`;
  const handle = await openDb(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: "memory" });
  const db = handle.db;
  await seed(db, { passwords: { superadmin: DEMO_ACCOUNTS.superadmin.password } });
  const channel = await startDeviceChannel(db, { mqttPort: 0 });
  const cluster = new Coordinator(db, { bus: handle.bus });
  const engine = new OtaEngine(db).attach(channel.ingest);
  const app = createCloud({ db, config: cloudConfig({ filesDir }), delivery: { send: async () => {} }, now: () => new Date(), ingest: channel.ingest, ota: engine, cluster });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const port = (server.address() as { port: number }).port;
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

  const child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, BENCH_OTA_FLEET: "1" }, execArgv: process.execArgv });
  const ready = new Promise<{ ready: number; rssMb: number }>((resolve) => child.once("message", resolve as (m: unknown) => void));
  child.send({ brokerUrl: channel.transport.url, productId: model.productId, devices: fleet } satisfies FleetStart);
  const fleetUp = await ready;
  console.log(`bench:ota — ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite (memory)"}, ${fleetUp.ready} devices connected (fleet RSS ${fleetUp.rssMb} MB), image ${IMAGE_KB} KiB, rate ${RATE}/min`);

  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(randomBytes(IMAGE_KB * 1024))]), "bench.bin");
  const up = (await (await app.request(`/iotCloud/device/ota/uploadFile?productId=${model.productId}`, { method: "POST", body: form, headers })).json()) as { data: OtaFile };
  const pkg = await post<OtaPackage>("ota/add", { packageName: "Bench", productId: model.productId, version: "V2.0.0", filePath: up.data.path });

  global.gc?.();
  const rss0 = mb();
  let rssPeak = rss0;
  const t0 = performance.now();
  const task = await post<OtaTask>("otaTask/add", { taskName: "Bench rollout", packageId: pkg.id, target: 4, deviceIds: ids, rate: RATE, batchPercent: 10, gateSuccessPct: 90, retries: 0 });
  await cluster.soon("ota-rollout");
  const counts = async () => {
    const rows = await db
      .select({ status: otaTaskDevices.status, n: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${otaTaskDevices.bytesServed}), 0)::float8` })
      .from(otaTaskDevices)
      .where(eq(otaTaskDevices.taskId, task.id))
      .groupBy(otaTaskDevices.status);
    const by = Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<number, number>;
    return { success: by[4] ?? 0, failed: by[5] ?? 0, running: (by[1] ?? 0) + (by[2] ?? 0), bytes: rows.reduce((s, r) => s + Number(r.bytes), 0) };
  };
  let c = await counts();
  let last = 0;
  while (c.success + c.failed < N && performance.now() - t0 < LIMIT_S * 1000) {
    await new Promise((r) => setTimeout(r, 500));
    c = await counts();
    rssPeak = Math.max(rssPeak, mb());
    const s = Math.floor((performance.now() - t0) / 5000);
    if (s !== last) {
      last = s;
      console.log(`  ${((performance.now() - t0) / 1000).toFixed(0)} s: ${c.success} succeeded, ${c.failed} failed, ${c.running} pending or upgrading, RSS ${mb()} MB`);
    }
  }
  const allS = (performance.now() - t0) / 1000;

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
  const stuck = await db.select({ n: sql<number>`count(*)::int` }).from(otaTaskDevices).where(and(eq(otaTaskDevices.taskId, task.id), inArray(otaTaskDevices.status, [1, 2])));
  const [load1] = (await import("node:os")).loadavg();

  console.log(`\nbench:ota — ${N} devices, ${IMAGE_KB} KiB image, ${RATE}/min, first batch ${gate.firstBatch} then a 90 % gate`);
  console.log(`  all succeeded in      ${allS.toFixed(1)} s (goal ≤ 90 s at 1,000 devices): ${c.success} succeeded, ${c.failed} failed, ${stuck[0].n} stuck`);
  console.log(`  gate decided          ${gateS === null ? "—" : `${gateS.toFixed(1)} s`} after the first batch's last success (goal ≤ 5 s)`);
  console.log(`  downloads             ${(c.bytes / 2 ** 20).toFixed(0)} MiB served in 64 KiB Range requests, ${(c.bytes / 2 ** 20 / windowS).toFixed(1)} MiB/s over the download window (${windowS.toFixed(1)} s)`);
  console.log(`  server RSS            ${rss0} MB before, peak ${rssPeak} MB (growth ${rssPeak - rss0} MB, goal ≤ 100 MB)`);
  console.log(`  load average (1 min)  ${load1.toFixed(2)}`);

  child.send("stop");
  await new Promise((r) => child.once("exit", r));
  await cluster.close();
  engine.close();
  server.close();
  await channel.close();
  await handle.close();
  rmSync(filesDir, { recursive: true, force: true });
  process.exit(c.success === N ? 0 : 1);
}
