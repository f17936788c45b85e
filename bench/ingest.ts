import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { createServer, type AddressInfo } from "node:net";
import { Aedes } from "aedes";
import { CLOUD_FILTERS } from "@/lib/contract/device/topics";
import { count, sql, sum } from "drizzle-orm";
import { deviceTopic } from "@/lib/contract/device/topics";
import { openDb } from "../cloud/db/client";
import { AlarmEvaluator } from "../cloud/alarms/evaluator";
import { alarmLevels, alarmRules, alarms, deviceRejectCounts, devices, ingestDeadLetters, linkageLogs, linkageRules, projects, pushConfigs, telemetry, tenants } from "../cloud/db/schema";
import { LinkageEngine } from "../cloud/linkage/engine";
import { PushEngine } from "../cloud/push/engine";
import { startDeviceChannel } from "../cloud/ingest";
import { addDevices, addSensorProduct, NOISY_PAYLOADS } from "../cloud/ingest/fixtures";
import { freePort, startPgCluster, type PgCluster } from "../scripts/pg-cluster";
import { startOpenMosquitto } from "../scripts/mosquitto";
import { cpuReading, cpuRow, saturation, threadId, type CpuShare, type Part } from "./cpu";
import { rawInsert, type RawInsert } from "./raw-insert";
import { boundHeapGrowth } from "../cloud/lib/heap-growth";

/**
 * `npm run bench:ingest`: BENCH_DEVICES devices (default 200) each publish BENCH_MESSAGES / devices
 * property posts (default 100,000 in all; two values each, one value in a hundred out of range)
 * over MQTT to the embedded broker, from a worker thread so publishing and ingesting use both
 * cores. Prints stored values per second, messages per second, publish-to-queryable latency p50 /
 * p99, and checks that published values = stored + refused + dead-lettered (values the writer
 * could neither store nor record as refused, kept in ingest_dead_letters). Runs on PGlite, then on a throwaway
 * PostgreSQL cluster (BENCH_DB=pglite or postgres for one of them). Each database runs twice: without
 * alarm rules, then with BENCH_RULES (default 100) enabled rules evaluated on every stored value,
 * one of them crossed by the data (so alarms are raised, joined and recovered during the run); the
 * rules' rows add the evaluator's lag behind the ingest (p99) and the alarms it wrote. A third run
 * has BENCH_PUSH (default 3) enabled data-push configurations POSTing every value to a local
 * receiver: its rows add when the last value reached the receiver and how many did.
 * With BENCH_LINKAGE=N (e.g. 100) each database runs once more with N enabled linkage rules instead of
 * alarm rules, one per device, evaluated in memory on every stored value; one of them is met by the
 * data and fires (repeat-suppressed, calling a web service that answers at once).
 * BENCH_QOS=1 publishes with QoS 1, each device waiting for the PUBACK of every 50th message.
 * BENCH_NOISY=N adds N devices flooding junk (QoS 0, as fast as the broker reads) until the others' values are stored; their refusals are
 * counted apart, so the others' msg/s against a run without them is what one noisy device costs.
 *
 * In the same run (issue 33) it measures this machine's limits and gives the ingest as a share of
 * them: the database's raw COPY and multi-row INSERT of the same rows into `telemetry`
 * (`raw-insert.ts`), and the broker's raw publish → subscriber msg/s with the same publishers (the
 * embedded aedes bare; with BENCH_INSTANCES the Mosquitto the instances use). Every run, raw or
 * not, prints the CPU each part used (`cpu.ts`: the cloud's thread, PostgreSQL, the broker, the
 * publishers, from /proc) and what saturated it. BENCH_LIMITS=0 skips the raw measures.
 */
const DEVICES = Number(process.env.BENCH_DEVICES ?? 200);
/**
 * `BENCH_INSTANCES=1,2`: instead of the runs below, whole cloud processes (`cloud/main.ts`, as
 * `npm run cloud` starts them) on one throwaway PostgreSQL behind one Mosquitto (anonymous, as the
 * cluster test runs it), taking the devices' messages through their shared subscription: one run per
 * count, instances added between runs. Throughput is timed from the devices' login to the last
 * value stored (the database is polled every 100 ms).
 */
const INSTANCES = (process.env.BENCH_INSTANCES ?? "").split(",").map(Number).filter((n) => n > 0);
/** Rule counts, one run each (`BENCH_RULES=1,100,1000`); each run's msg/s is also given against the rule-free run's. */
const RULES = (process.env.BENCH_RULES ?? "100").split(",").map(Number).filter((n) => n > 0);
const PUSHES = Number(process.env.BENCH_PUSH ?? 3);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const LINKAGE = Number(process.env.BENCH_LINKAGE ?? 0);
/** QoS of the publishes: 0 (the default, best effort) or 1 (each window of 50 waits for its last PUBACK). */
const QOS = Number(process.env.BENCH_QOS ?? 0);
/** Devices flooding junk (NUL-laden, malformed, oversized: NOISY_PAYLOADS) beside the others for as long as they publish. */
const NOISY = Number(process.env.BENCH_NOISY ?? 0);
const VALUES_PER_MESSAGE = 2;
/** `BENCH_LIMITS=0` skips measuring the machine's raw insert and broker limits (before / after comparisons of the ingest alone). */
const LIMITS = process.env.BENCH_LIMITS !== "0";
/** The whole list of runs this many times over (`BENCH_ROUNDS=3`): each round's runs against its own rule-free run, so a loaded machine's drift shows as the spread between rounds. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));

/** The publishers: plain mqtt.js clients, one per device, each sending its share as fast as the broker reads. */
const PUBLISHER = `
const { parentPort, workerData } = require("node:worker_threads");
const mqtt = require("mqtt");
const { url, devices, perDevice, qos, noisy, junk } = workerData;
(async () => {
  const clients = await Promise.all(devices.map((d) => mqtt.connectAsync(url, { username: d.sn, password: d.secret, clientId: "bench-" + d.sn, reconnectPeriod: 0 })));
  const noisyClients = await Promise.all(noisy.map((d) => mqtt.connectAsync(url, { username: d.sn, password: d.secret, clientId: "bench-" + d.sn, reconnectPeriod: 0 })));
  parentPort.postMessage({ type: "connected", tid: Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop()) });
  let quiet = false;
  const noise = noisyClients.map(async (c, k) => {
    while (!quiet) await Promise.all(junk.map((p) => c.publishAsync(noisy[k].topic, Buffer.from(p), { qos: 0 })));
  });
  const started = Date.now();
  await Promise.all(clients.map(async (c, k) => {
    const d = devices[k];
    for (let i = 0; i < perDevice; i += 50) {
      await new Promise((resolve) => {
        for (let j = i; j < Math.min(i + 50, perDevice); j++) {
          const bad = j % 50 === 7;
          const body = JSON.stringify({ time: Date.now(), params: { temperature: bad ? 999 : 20 + (j % 10) / 10, humidity: 40 + (j % 20) } });
          c.publish(d.topic, body, { qos }, j === Math.min(i + 50, perDevice) - 1 ? resolve : undefined);
        }
      });
    }
  }));
  parentPort.postMessage({ type: "sent", ms: Date.now() - started });
  // The noise goes on until the cloud has taken the others' messages (told by the main thread), not only until they are sent:
  // at QoS 0 the last is sent long before it is read.
  if (noisy.length) await new Promise((resolve) => parentPort.once("message", resolve));
  quiet = true;
  await Promise.all(noise);
  await Promise.all([...clients, ...noisyClients].map((c) => c.endAsync()));
  parentPort.postMessage({ type: "done" });
  // Alive until terminated, so its thread's CPU can still be read once the run is timed.
  setInterval(() => {}, 3600_000);
})().catch((e) => parentPort.postMessage({ type: "error", message: String(e && e.stack || e) }));
`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * `count` enabled rules on the bench product in one project: all but one on lines the data never
 * reaches, one on humidity (40–59) above 57 with a dead band of 4, so each device raises, stays
 * alarmed and recovers every twenty messages.
 */
async function addRules(db: Parameters<typeof addSensorProduct>[0], tenantId: number, productId: number, count: number) {
  const [prj] = await db.insert(projects).values({ tenantId, prjName: "bench" }).returning({ id: projects.id });
  await db.update(devices).set({ projectId: prj.id }).where(sql`${devices.productId} = ${productId}`);
  const [level] = await db.insert(alarmLevels).values({ tenantId, levelNum: 1, levelName: "bench", color: "#e5484d" }).returning({ id: alarmLevels.id });
  const base = { tenantId, projectId: prj.id, productId, channels: [1] };
  const levelId = level.id;
  await db.insert(alarmRules).values(
    Array.from({ length: count }, (_, i) =>
      i === 0
        ? { ...base, ruleName: "humidity", identifier: "humidity", conditions: [{ levelId, compareType: 1 as const, threshold: 57 }], deadband: 4 }
        : { ...base, ruleName: `r${i}`, identifier: i % 2 ? "temperature" : "humidity", conditions: [i % 3 ? { levelId, compareType: 1 as const, threshold: 60 + i } : { levelId, compareType: 5 as const, minValue: -10 - i, maxValue: 70 + i }] },
    ),
  );
}

/** `count` enabled push configurations of every value of the bench devices to `url`. */
async function addPushConfigs(db: Parameters<typeof addSensorProduct>[0], tenantId: number, productId: number, count: number, url: string) {
  const [prj] = await db.insert(projects).values({ tenantId, prjName: "bench push" }).returning({ id: projects.id });
  await db.update(devices).set({ projectId: prj.id }).where(sql`${devices.productId} = ${productId}`);
  await db.insert(pushConfigs).values(Array.from({ length: count }, (_, i) => ({ tenantId, projectId: prj.id, pushName: `push ${i}`, address: url, dataTypes: [1], enableStatus: 1 })));
}

/** A receiver counting the values it is sent, in a worker thread: its JSON parsing is not the ingest thread's work. */
const RECEIVER = `
const { parentPort } = require("node:worker_threads");
const http = require("node:http");
const server = http.createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    parentPort.postMessage({ type: "values", n: JSON.parse(body).count });
    res.end();
  });
});
server.listen(0, "127.0.0.1", () => parentPort.postMessage({ type: "listening", port: server.address().port }));
`;

async function startReceiver() {
  const got = { values: 0 };
  const worker = new Worker(RECEIVER, { eval: true });
  const port = await new Promise<number>((resolve) =>
    worker.on("message", (m: { type: string; n?: number; port?: number }) => {
      if (m.type === "listening") resolve(m.port!);
      if (m.type === "values") got.values += m.n!;
    }),
  );
  return { got, url: `http://127.0.0.1:${port}/in`, close: () => worker.terminate() };
}


/**
 * `count` enabled linkage rules, one per device (round robin): all but one on humidity or
 * temperature lines the data never reaches; the first on device 0's humidity above 57, which the
 * data crosses every twenty messages, suppressed for an hour so it fires once.
 */
async function addLinkageRules(db: Parameters<typeof addSensorProduct>[0], tenantId: number, productId: number, deviceIds: number[], count: number) {
  const [prj] = await db.insert(projects).values({ tenantId, prjName: "bench linkage" }).returning({ id: projects.id });
  await db.update(devices).set({ projectId: prj.id }).where(sql`${devices.productId} = ${productId}`);
  const action = { actionType: 3 as const, method: "POST" as const, url: "http://receiver.example/hook", headers: [], body: "${value}", encoding: "UTF-8" as const, delaySec: 0 };
  await db.insert(linkageRules).values(
    Array.from({ length: count }, (_, i) => ({
      tenantId,
      projectId: prj.id,
      ruleName: `l${i}`,
      triggers: [{ termType: 1 as const, deviceId: deviceIds[i % deviceIds.length], identifier: i % 2 ? "temperature" : "humidity", symbol: 2 as const, value: i ? 90 + i : 57 }],
      actions: [action],
      tactic: 2,
      suppressMinutes: 60,
    })),
  );
}

type BenchDevice = { sn: string; secret: string };

/**
 * The devices publish their share from a worker thread (`PUBLISHER`); `connected` is called, with
 * the worker's thread id, once all are logged in. The noisy devices stop once `quiet` resolves (or
 * a minute after the others are through sending). Resolves when all is sent and the clients closed.
 */
async function publish(url: string, productId: number, devs: BenchDevice[], noisy: BenchDevice[], perDevice: number, connected: (tid: number) => void, quiet?: Promise<void>) {
  const worker = new Worker(PUBLISHER, {
    eval: true,
    workerData: {
      url,
      perDevice,
      qos: QOS,
      devices: devs.map((d) => ({ sn: d.sn, secret: d.secret, topic: deviceTopic(productId, d.sn, "property/post") })),
      noisy: noisy.map((d) => ({ sn: d.sn, secret: d.secret, topic: deviceTopic(productId, d.sn, "property/post") })),
      junk: NOISY_PAYLOADS.map(([payload]) => payload),
    },
  });
  let sentMs = 0;
  await new Promise<void>((resolve, reject) => {
    worker.on("error", reject);
    worker.on("message", (m: { type: string; ms?: number; message?: string; tid?: number }) => {
      if (m.type === "connected") connected(m.tid!);
      if (m.type === "sent") {
        sentMs = m.ms!;
        if (noisy.length) void Promise.race([quiet, sleep(60_000)]).then(() => worker.postMessage("quiet"));
      }
      if (m.type === "error") reject(new Error(m.message));
      if (m.type === "done") resolve();
    });
  });
  return { worker, sentMs };
}

/** A subscriber counting what the broker delivers, in a worker thread of its own (its parsing is not the broker's work). */
const SUBSCRIBER = `
const { parentPort, workerData } = require("node:worker_threads");
const mqtt = require("mqtt");
const { url, filters, qos } = workerData;
(async () => {
  const c = await mqtt.connectAsync(url, { clientId: "bench-raw-subscriber", reconnectPeriod: 0 });
  let n = 0;
  let last = 0;
  c.on("message", () => {
    n++;
    last = Date.now();
    if (n % 1000 === 0) parentPort.postMessage({ type: "got", n, at: last });
  });
  setInterval(() => parentPort.postMessage({ type: "got", n, at: last }), 200).unref();
  await c.subscribeAsync(filters, { qos });
  parentPort.postMessage({ type: "subscribed", tid: Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop()) });
})().catch((e) => parentPort.postMessage({ type: "error", message: String(e && e.stack || e) }));
`;

type BrokerLimit = { broker: string; qos: number; messages: number; delivered: number; msgPerSecond: number; cpu: CpuShare };

/**
 * The broker's own limit (issue 33): the same devices' publishes, at the same QoS, from the same
 * publishers, delivered to one subscriber of the cloud's filters — no authentication, no ingest.
 * `aedes`: a bare embedded broker in this thread, as the in-process cloud runs it; `mosquitto`: the
 * external broker at `url` (`pid` its process), through the shared subscription the instances use.
 * Timed from the devices' login to the last message delivered (or 10 s without one).
 */
async function rawBroker(kind: "aedes" | "mosquitto", external?: { url: string; pid: number }): Promise<BrokerLimit> {
  let url = external?.url;
  let stop = async () => {};
  if (kind === "aedes") {
    const broker = await Aedes.createBroker();
    const server = createServer(broker.handle);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
    stop = async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    };
  }
  const filters = CLOUD_FILTERS.map((f) => (kind === "mosquitto" ? `$share/cloud/${f}` : f));
  const subscriber = new Worker(SUBSCRIBER, { eval: true, workerData: { url, filters, qos: QOS } });
  const got = { n: 0, at: 0 };
  const subscriberTid = await new Promise<number>((resolve, reject) => {
    subscriber.on("error", reject);
    subscriber.on("message", (m: { type: string; tid?: number; n?: number; at?: number; message?: string }) => {
      if (m.type === "subscribed") resolve(m.tid!);
      if (m.type === "error") reject(new Error(m.message));
      if (m.type === "got" && m.n! > got.n) [got.n, got.at] = [m.n!, m.at!];
    });
  });
  const perDevice = Math.ceil(MESSAGES / DEVICES);
  const messages = perDevice * DEVICES;
  const devs = Array.from({ length: DEVICES }, (_, i) => ({ sn: `RAW${i}`, secret: "-" }));
  let first = 0;
  let reading = null as ReturnType<typeof cpuReading> | null;
  const { worker } = await publish(url!, 1, devs, [], perDevice, (tid) => {
    first = Date.now();
    reading = cpuReading([
      kind === "aedes" ? { name: "broker thread (aedes)", thread: { pid: process.pid, tid: threadId() } } : { name: "Mosquitto", thread: { pid: external!.pid, tid: external!.pid } },
      { name: "publishers", thread: { pid: process.pid, tid } },
      { name: "subscriber", thread: { pid: process.pid, tid: subscriberTid } },
    ]);
  });
  for (let seen = -1, since = Date.now(); got.n < messages && Date.now() - since < 10_000; await sleep(50)) if (got.n !== seen) [seen, since] = [got.n, Date.now()];
  const cpu = reading!.stop();
  await worker.terminate();
  await subscriber.terminate();
  await stop();
  return { broker: kind, qos: QOS, messages, delivered: got.n, msgPerSecond: Math.round(got.n / ((got.at - first) / 1000)), cpu };
}

async function bench(kind: "pglite" | "postgres", pg: PgCluster | undefined, rules: number, pushes = 0, linkageRuleCount = 0, round = 1) {
  const handle = await openDb(pg ? { url: pg.url } : { dataDir: "memory" });
  const db = handle.db;
  const [t] = await db.insert(tenants).values({ name: "bench", code: `bench-${kind}-${rules}-${pushes}-${linkageRuleCount}-${round}` }).returning();
  const productId = await addSensorProduct(db, t.id);
  const devs = await addDevices(db, { tenantId: t.id, productId, count: DEVICES, prefix: `B${rules}-${pushes}-${linkageRuleCount}-${round}-` });
  const noisy = await addDevices(db, { tenantId: t.id, productId, count: NOISY, prefix: `NOISY${rules}-${pushes}-${linkageRuleCount}-${round}-` });
  if (rules) await addRules(db, t.id, productId, rules);
  const receiver = pushes ? await startReceiver() : null;
  if (receiver) await addPushConfigs(db, t.id, productId, pushes, receiver.url);
  if (linkageRuleCount) await addLinkageRules(db, t.id, productId, devs.map((d) => d.id), linkageRuleCount);
  const channel = await startDeviceChannel(db, { mqttPort: 0, sweepMs: 3600_000, writer: process.env.BENCH_BATCH ? { maxBatch: Number(process.env.BENCH_BATCH) } : undefined });
  const evaluator = rules ? new AlarmEvaluator(db, { delivery: { send: async () => {} }, staleSweepMs: 0 }).attach(channel.ingest) : null;
  const push = receiver ? new PushEngine(db, { batchRows: 200, outbound: { allowAddresses: ["127.0.0.1"] } }).attach(channel.ingest) : null;
  const linkage = linkageRuleCount ? new LinkageEngine(db, { delivery: { send: async () => {} }, webCall: async () => ({ status: 200, body: "", durationMs: 0 }) }).attach(channel.ingest) : null;
  await linkage?.idle();
  // The evaluator's lag: from a batch being stored to its evaluation done (measured on every 10th batch).
  const lags: number[] = [];
  let batchNo = 0;
  if (evaluator)
    channel.ingest.on("telemetry", () => {
      if (batchNo++ % 10) return;
      const at = Date.now();
      void evaluator.idle().then(() => lags.push(Date.now() - at));
    });
  const perDevice = Math.ceil(MESSAGES / DEVICES);
  const published = perDevice * DEVICES;

  const latencies: number[] = [];
  let first = 0;
  let last = 0;
  // The others' values all stored (a noisy device's never are): its noise may stop. One value of every 50th message is refused.
  const expected = published * VALUES_PER_MESSAGE - DEVICES * (perDevice > 7 ? Math.floor((perDevice - 8) / 50) + 1 : 0);
  let taken = 0;
  let allStored!: () => void;
  const quiet = new Promise<void>((resolve) => (allStored = resolve));
  channel.ingest.on("telemetry", (points) => {
    if ((taken += points.length) >= expected) allStored();
    const now = Date.now();
    last = now;
    // Every 10th value is enough for the percentiles.
    for (let i = 0; i < points.length; i += 10) latencies.push(now - points[i].ts.getTime());
  });

  let reading = null as ReturnType<typeof cpuReading> | null;
  const { worker, sentMs } = await publish(channel.transport.url, productId, devs, noisy, perDevice, (tid) => {
    first = Date.now();
    const main = { pid: process.pid, tid: threadId() };
    reading = cpuReading([
      { name: pg ? "cloud thread (aedes + ingest)" : "cloud thread (aedes + ingest + PGlite)", thread: main },
      ...(pg ? [{ name: "PostgreSQL", tree: pg.pid }] : []),
      { name: "publishers", thread: { pid: process.pid, tid } },
      { name: "other threads (GC, libuv)", process: process.pid, minus: ["publishers", pg ? "cloud thread (aedes + ingest)" : "cloud thread (aedes + ingest + PGlite)"] },
    ] satisfies Part[]);
  }, quiet);
  // Everything sent has been read by the broker once the clients are closed; wait for the writer for as long as it
  // makes progress (a loaded machine can take minutes), giving up after 10 s without any.
  for (let seen = channel.ingest.received, still = 0; channel.ingest.received < published && still < 200; ) {
    await new Promise((r) => setTimeout(r, 50));
    still = channel.ingest.received === seen ? still + 1 : 0;
    seen = channel.ingest.received;
  }
  await channel.ingest.drain();
  const cpu = reading!.stop();
  await evaluator?.idle();
  await linkage?.idle();
  const evaluatedAt = Date.now();
  await push?.idle();
  for (let i = 0; push && i < 6000 && receiver!.got.values < push.stats.enqueued; i++) await new Promise((r) => setTimeout(r, 50));
  const pushedAt = Date.now();
  await worker.terminate();

  // Both runs on PostgreSQL share one database: count this run's devices only.
  const mine = sql`(select ${devices.id} from ${devices} where ${devices.tenantId} = ${t.id} and ${devices.deviceSn} not like 'NOISY%')`;
  const noisyIds = sql`(select ${devices.id} from ${devices} where ${devices.tenantId} = ${t.id} and ${devices.deviceSn} like 'NOISY%')`;
  const [noise] = await db.select({ n: sum(deviceRejectCounts.count).mapWith(Number) }).from(deviceRejectCounts).where(sql`${deviceRejectCounts.deviceId} in ${noisyIds}`);
  const [{ stored }] = await db.select({ stored: count() }).from(telemetry).where(sql`${telemetry.deviceId} in ${mine}`);
  // Every refusal is counted there, rows or not (a device's refusal rows are samples).
  const [{ rejected }] = await db.select({ rejected: sum(deviceRejectCounts.count).mapWith(Number) }).from(deviceRejectCounts).where(sql`${deviceRejectCounts.deviceId} in ${mine}`);
  const [dead] = await db.select({ values: sum(ingestDeadLetters.values).mapWith(Number) }).from(ingestDeadLetters).where(sql`${ingestDeadLetters.deviceId} in ${mine}`);
  const deadLettered = dead.values ?? 0;
  const seconds = (last - first) / 1000;
  const values = published * VALUES_PER_MESSAGE;
  const refusedValues = Math.ceil(perDevice / 50) * DEVICES;
  latencies.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  const [{ raised }] = await db.select({ raised: count() }).from(alarms).where(sql`${alarms.tenantId} = ${t.id}`);
  const row = {
    db: kind,
    round,
    cpu,
    qos: QOS,
    noisy: NOISY ? `${NOISY} (${noise.n ?? 0} refusals, ${channel.ingest.stats.throttled} messages held)` : "-",
    rules,
    linkage: linkageRuleCount,
    devices: DEVICES,
    messages: published,
    "msg/s": Math.round(published / seconds),
    "stored rows/s": Math.round(stored / seconds),
    // CPU each message cost the cloud's thread (and PostgreSQL): unlike msg/s, hardly moved by what else loads the machine.
    "cloud us/msg": Math.round((cpu.parts[0].percent / 100) * cpu.seconds * 1e6 / published),
    "PostgreSQL us/msg": pg ? Math.round((cpu.parts[1].percent / 100) * cpu.seconds * 1e6 / published) : "-",
    "p50 ms": pct(latencies, 50),
    "p99 ms": pct(latencies, 99),
    "publish s": +(sentMs / 1000).toFixed(1),
    "ingest s": +seconds.toFixed(1),
    batches: channel.ingest.writer.stats.batches,
    "published values": values,
    stored,
    refused: rejected,
    "dead-lettered": deadLettered,
    lost: values - stored - rejected - deadLettered,
    "alarm lag p99 ms": evaluator ? (pct(lags, 99) ?? 0) : "-",
    // (value, rule) pairs evaluated per watched value: what one value costs in rules.
    "rule evals/value": evaluator && "evaluated" in evaluator.stats ? +(Number(evaluator.stats.evaluated) / Math.max(1, evaluator.stats.points)).toFixed(2) : "-",
    // Rules placed in property indexes over the run: what building the rule index cost.
    "rules indexed": evaluator && "indexed" in evaluator.stats ? evaluator.stats.indexed : "-",
    "alarms done s": evaluator ? +((evaluatedAt - first) / 1000).toFixed(1) : "-",
    alarms: evaluator ? `${raised} (${evaluator.stats.joined} joined, ${evaluator.stats.recovered} recovered)` : "-",
    pushes,
    "pushed values": push ? `${receiver!.got.values} of ${push.stats.enqueued}` : "-",
    "push done s": push ? +((pushedAt - first) / 1000).toFixed(1) : "-",
    // At least once: a try that failed (a time-out under load) is sent again, so its values arrive twice.
    "push failed tries": push ? push.stats.failed : "-",
    "linkage evals": linkage ? linkage.stats.evaluations : "-",
    "linkage runs": linkage ? `${(await db.select({ n: count() }).from(linkageLogs).where(sql`${linkageLogs.tenantId} = ${t.id}`))[0].n} (${linkage.stats.suppressed} suppressed)` : "-",
  };
  if (stored + rejected + deadLettered !== values) console.error(`[bench] ${kind}: ${values - stored - rejected - deadLettered} values lost (expected ~${refusedValues} refused, got ${rejected})`);
  await channel.close();
  await evaluator?.close();
  await push?.close();
  await receiver?.close();
  await linkage?.close();
  await db.execute(sql`select 1`);
  await handle.close();
  return row;
}

console.log(`load average at the start: ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
// As the cloud bounds its heap's growth when it starts (cloud/start.ts; HEAP_GROWING_PERCENT=0 for V8's own).
boundHeapGrowth();
const which = process.env.BENCH_DB;
if (INSTANCES.length) {
  await benchInstances();
  process.exit(0);
}
const rows = [];
const runs: [rules: number, pushes: number, linkage: number][] = [
  [0, 0, 0],
  ...RULES.map((n) => [n, 0, 0] as [number, number, number]),
  ...(PUSHES ? [[0, PUSHES, 0] as [number, number, number]] : []),
  ...(LINKAGE ? [[0, 0, LINKAGE] as [number, number, number]] : []),
];
/** The machine's limits measured in this run (issue 33), each round before its runs: the ingest is given as a fraction of them. */
const limits: { db: string; round: number; inserts: RawInsert[] }[] = [];
const brokers: (BrokerLimit & { round: number })[] = [];
const valuesPerRun = Math.ceil(MESSAGES / DEVICES) * DEVICES * VALUES_PER_MESSAGE;
const batch = Number(process.env.BENCH_BATCH ?? 20_000);
for (let round = 1; LIMITS && round <= ROUNDS; round++) brokers.push({ ...(await rawBroker("aedes")), round });
if (!which || which === "pglite")
  for (let round = 1; round <= ROUNDS; round++) {
    if (LIMITS) limits.push({ db: "pglite", round, inserts: await rawInsert({ rows: valuesPerRun, devices: DEVICES, batch }) });
    for (const [n, p, l] of runs) rows.push(await bench("pglite", undefined, n, p, l, round));
  }
if (!which || which === "postgres") {
  const cluster = await startPgCluster();
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      if (LIMITS) limits.push({ db: "postgres", round, inserts: await rawInsert({ rows: valuesPerRun, devices: DEVICES, batch, pg: cluster }) });
      for (const [n, p, l] of runs) rows.push(await bench("postgres", cluster, n, p, l, round));
    }
  } finally {
    cluster.stop();
  }
}
// Each run's throughput against the same database's rule-free run, as issue 41 asks: stored rows per second (msg/s
// counts what was published, which a stalled ingest does not slow down).
for (const r of rows as Record<string, unknown>[]) {
  const base = (rows as Record<string, unknown>[]).find((b) => b.db === r.db && b.round === r.round && b.rules === 0 && b.pushes === 0 && b.linkage === 0);
  r["vs no rules"] = base && r !== base ? `${Math.round((100 * Number(r["stored rows/s"])) / Number(base["stored rows/s"]))} %` : "-";
}
const results = rows.map(({ cpu, ...r }) => ({ r, cpu }));
for (const { r } of results) Object.assign(r, ofLimits(r, limits.find((l) => l.db === r.db && l.round === r.round)?.inserts ?? [], brokers.find((b) => b.round === r.round)));
console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(" ")} (${cpus().length} cores)`);
console.table(results.map(({ r }) => r));
printLimits(limits, brokers, results.map(({ r, cpu }) => ({ label: { db: r.db, round: r.round, rules: r.rules, pushes: r.pushes, linkage: r.linkage }, cpu })));
process.exit(rows.every((r) => r.lost === 0) ? 0 : 1);

/** An ingest run's stored rows/s and msg/s as shares of the same round's raw limits. */
function ofLimits(r: Record<string, unknown>, inserts: RawInsert[], broker?: BrokerLimit): Record<string, string> {
  const share = (a: unknown, b?: number) => (b ? `${Math.round((100 * Number(a)) / b)} %` : "-");
  return {
    "of raw COPY": share(r["stored rows/s"], inserts.find((i) => i.method === "COPY")?.rowsPerSecond),
    "of raw INSERT": share(r["stored rows/s"], inserts.find((i) => i.method === "multi-row INSERT")?.rowsPerSecond),
    "of raw broker": share(r["msg/s"], broker?.msgPerSecond),
  };
}

/** The raw limits, then every run's CPU by part and what saturated it. */
function printLimits(inserts: { db: string; round: number; inserts: RawInsert[] }[], brokerLimits: (BrokerLimit & { round: number })[], runs: { label: Record<string, unknown>; cpu: CpuShare }[]) {
  console.log("Raw limits of this machine, in this run (the faster of two tries each; rows of the ingest's shape into telemetry):");
  console.table([
    ...inserts.flatMap((l) => l.inserts.map((i) => ({ round: l.round, what: `${l.db} ${i.method}`, "per second": `${i.rowsPerSecond} rows`, rows: i.rows, s: +i.seconds.toFixed(2) }))),
    ...brokerLimits.map((b) => ({ round: b.round, what: `${b.broker} publish → subscriber, QoS ${b.qos}`, "per second": `${b.msgPerSecond} msg`, rows: `${b.delivered} of ${b.messages}`, s: +(b.delivered / b.msgPerSecond).toFixed(2) })),
  ]);
  const all = [
    ...inserts.flatMap((l) => l.inserts.map((i) => ({ label: { run: `raw ${l.db} ${i.method}`, round: l.round }, cpu: i.cpu }))),
    ...brokerLimits.map((b) => ({ label: { run: `raw ${b.broker} QoS ${b.qos}`, round: b.round }, cpu: b.cpu })),
    ...runs,
  ];
  console.log("CPU by part, % of one core over each run (a thread cannot pass 100 %):");
  console.table(all.map(({ label, cpu }) => cpuRow(label, cpu)));
  console.log("What saturated each run:");
  for (const { label, cpu } of all) console.log(`- ${Object.values(label).join(" ")}: ${saturation(cpu)}`);
}

/** `BENCH_INSTANCES`: N cloud processes behind Mosquitto on PostgreSQL (see `INSTANCES`). */
async function benchInstances() {
  const dir = mkdtempSync(join(tmpdir(), "iot-bench-instances-"));
  const cluster = await startPgCluster();
  const broker = await startOpenMosquitto(dir);
  const procs: ChildProcess[] = [];
  const start = async (k: number) => {
    const port = await freePort();
    const proc = spawn(process.execPath, ["--import", "tsx", "cloud/main.ts"], {
      env: { ...process.env, DATABASE_URL: cluster.url, MQTT_URL: broker.url, MQTT_CLIENT_ID: `bench-cloud-${k}`, CLOUD_PORT: String(port), SIMULATOR: "off", CLOUD_PROXY_SECRET: "bench-instances-secret-0123456789", DATA_DIR: join(dir, `data${k}`), FILES_DIR: join(dir, "files") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    procs.push(proc);
    await new Promise<void>((resolve, reject) => {
      let log = "";
      proc.stdout!.on("data", (c: Buffer) => {
        log += c;
        if (log.includes("[cloud] listening on")) resolve();
      });
      proc.stderr!.on("data", (c: Buffer) => (log += c));
      proc.on("exit", (code) => reject(new Error(`cloud instance ${k} exited (${code}) before listening:\n${log.slice(-2000)}`)));
    });
  };
  const handle = await openDb({ url: cluster.url });
  const rows: Record<string, unknown>[] = [];
  const cpuOf: CpuShare[] = [];
  const perDevice = Math.ceil(MESSAGES / DEVICES);
  // The limits before any instance subscribes (it would take the raw messages too).
  const inserts = await rawInsert({ rows: perDevice * DEVICES * VALUES_PER_MESSAGE, devices: DEVICES, batch: Number(process.env.BENCH_BATCH ?? 20_000), pg: cluster });
  const brokerLimit = await rawBroker("mosquitto", { url: broker.url, pid: broker.child.pid! });
  try {
    for (const n of INSTANCES) {
      while (procs.length < n) await start(procs.length + 1);
      const db = handle.db;
      const [t] = await db.insert(tenants).values({ name: "bench", code: `bench-instances-${n}` }).returning();
      const productId = await addSensorProduct(db, t.id, { verifyType: "none" });
      const devs = await addDevices(db, { tenantId: t.id, productId, count: DEVICES, prefix: `I${n}-` });
      const published = perDevice * DEVICES;
      const values = published * VALUES_PER_MESSAGE;
      const mine = sql`(select ${devices.id} from ${devices} where ${devices.tenantId} = ${t.id})`;
      const counts = async () => {
        const [{ stored }] = await db.select({ stored: count() }).from(telemetry).where(sql`${telemetry.deviceId} in ${mine}`);
        const [{ rejected }] = await db.select({ rejected: sum(deviceRejectCounts.count).mapWith(Number) }).from(deviceRejectCounts).where(sql`${deviceRejectCounts.deviceId} in ${mine}`);
        const [dead] = await db.select({ values: sum(ingestDeadLetters.values).mapWith(Number) }).from(ingestDeadLetters).where(sql`${ingestDeadLetters.deviceId} in ${mine}`);
        return { stored, rejected: rejected ?? 0, dead: dead.values ?? 0 };
      };
      let first = 0;
      let reading = null as ReturnType<typeof cpuReading> | null;
      const { worker, sentMs } = await publish(broker.url, productId, devs, [], perDevice, (tid) => {
        first = Date.now();
        reading = cpuReading([
          ...procs.flatMap((p, k): Part[] => [
            { name: `cloud ${k + 1} main thread`, thread: { pid: p.pid!, tid: p.pid! } },
            { name: `cloud ${k + 1} other threads`, process: p.pid!, minus: [`cloud ${k + 1} main thread`] },
          ]),
          { name: "PostgreSQL", tree: cluster.pid },
          { name: "Mosquitto", thread: { pid: broker.child.pid!, tid: broker.child.pid! } },
          { name: "publishers", thread: { pid: process.pid, tid } },
          { name: "bench (polling)", thread: { pid: process.pid, tid: threadId() } },
        ]);
      });
      // Until every value is stored or refused, or nothing moved for 30 s.
      let c = await counts();
      let last = Date.now();
      for (let seen = -1; c.stored + c.rejected + c.dead < values && Date.now() - last < 30_000; ) {
        await sleep(100);
        c = await counts();
        const done = c.stored + c.rejected + c.dead;
        if (done !== seen) [seen, last] = [done, Date.now()];
      }
      const seconds = (last - first) / 1000;
      cpuOf.push(reading!.stop());
      await worker.terminate();
      rows.push({
        db: "postgres",
        broker: "mosquitto",
        instances: n,
        qos: QOS,
        devices: DEVICES,
        messages: published,
        "msg/s": Math.round(published / seconds),
        "stored rows/s": Math.round(c.stored / seconds),
        "publish s": +(sentMs / 1000).toFixed(1),
        "ingest s": +seconds.toFixed(1),
        "published values": values,
        stored: c.stored,
        refused: c.rejected,
        "dead-lettered": c.dead,
        lost: values - c.stored - c.rejected - c.dead,
      });
    }
  } finally {
    for (const p of procs) p.kill("SIGKILL");
    broker.child.kill("SIGKILL");
    await handle.close();
    cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const one = rows.find((r) => r.instances === 1);
  for (const r of rows) r["vs one instance"] = one && r !== one ? `${(Number(r["msg/s"]) / Number(one["msg/s"])).toFixed(2)}×` : "-";
  for (const r of rows) Object.assign(r, ofLimits(r, inserts, brokerLimit));
  console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(" ")} (${cpus().length} cores)`);
  console.table(rows);
  printLimits(
    [{ db: "postgres", round: 1, inserts }],
    [{ ...brokerLimit, round: 1 }],
    rows.map((r, i) => ({ label: { instances: r.instances }, cpu: cpuOf[i] })),
  );
  if (rows.some((r) => r.lost !== 0)) process.exit(1);
}
