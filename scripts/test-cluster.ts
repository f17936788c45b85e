import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import mqtt from "mqtt";
import { deviceTopic } from "@/lib/contract/device/topics";
import { openDb } from "../cloud/db/client";
import { alarmLevels, alarmRules, alarms, clusterJobs, deviceHeard, devices, linkageLogs, linkageRules, productFunctions, products, projects, pushConfigs, telemetry, tenants } from "../cloud/db/schema";
import { rowsOf } from "../cloud/ingest/writer";
import { DEMO_ACCOUNTS } from "../cloud/seed";
import { freePort, startPgCluster } from "./pg-cluster";
import { startOpenMosquitto } from "./mosquitto";
import { loginApi } from "@/lib/contract/auth";
import { LIVE_KEY_HEADER, type CloudLiveEvent } from "@/lib/contract/live/live";
import { streamParts } from "@/lib/stream-parts";
import { upstreamCall, upstreamConfig } from "@/lib/server/upstream";
import { liveKey } from "../cloud/live/bus";

/**
 * `npm run test:cluster`: two cloud instances on one PostgreSQL (Debian's, as test:pg starts it)
 * behind one MQTT broker (Debian's Mosquitto, a throwaway configuration on loopback). Devices
 * publish QoS 1 messages; one instance is killed with SIGKILL mid-stream and started again; then
 * every acknowledged value must be stored exactly once, a crossed rule must raise one alarm,
 * escalate and recover once, a silent device raise one offline alarm, the push receiver get every
 * value (exactly once once nothing fails), a linkage timer fire once per run, and a rule switched
 * on through one instance act on values the other handles within a second. The console's side:
 * a value taken by one instance reaches a live stream opened on the other, and calls over the
 * `UPSTREAM_URL` list keep answering when an instance dies.
 */
const DEVICES = 20;
const PER_DEVICE = Number(process.env.CLUSTER_MESSAGES ?? 400);
const T0 = Date.now() - 3600_000;
/** The console's secret with both instances (its live stream's key derives from it). */
const PROXY_SECRET = "cluster-console-secret-0123456789";
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? "  ✓" : "  ✗"} ${what}`);
  if (!ok) failures.push(what);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, test: () => Promise<boolean>, ms = 30_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await test()) return true;
    await sleep(200);
  }
  console.log(`  … gave up waiting for ${what}`);
  return false;
}

const dir = mkdtempSync(join(tmpdir(), "iot-cluster-"));
const children = new Set<ChildProcess>();
const pg = await startPgCluster();
const { url: MQTT_URL, child: broker } = await startOpenMosquitto(dir);
children.add(broker);

// The receiver of data push and of the linkage rule's web call.
const pushed = new Map<string, number>();
const linkageHits: number[] = [];
const body = (req: IncomingMessage) => new Promise<string>((resolve) => {
  let s = "";
  req.on("data", (c) => (s += c));
  req.on("end", () => resolve(s));
});
const receiver = createServer(async (req, res) => {
  const text = await body(req);
  if (req.url?.startsWith("/push")) for (const item of JSON.parse(text).items as { deviceSn: string; identifier: string; ts: string }[]) pushed.set(`${item.deviceSn}|${item.identifier}|${item.ts}`, (pushed.get(`${item.deviceSn}|${item.identifier}|${item.ts}`) ?? 0) + 1);
  else linkageHits.push(Date.now());
  res.end("ok");
});
const receiverPort = await new Promise<number>((resolve) => receiver.listen(0, "127.0.0.1", () => resolve((receiver.address() as { port: number }).port)));

type Instance = { name: string; port: number; proc: ChildProcess };
function startInstance(name: string, port: number): Promise<Instance> {
  const proc = spawn(process.execPath, ["--import", "tsx", "cloud/main.ts"], {
    env: { ...process.env, CLOUD_PROXY_SECRET: PROXY_SECRET, DATABASE_URL: pg.url, MQTT_URL, MQTT_CLIENT_ID: `cloud-${name}`, CLOUD_PORT: String(port), SIMULATOR: "off", PUSH_ALLOW_PRIVATE: "1", DATA_DIR: join(dir, "data"), FILES_DIR: join(dir, "files") },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(proc);
  proc.on("exit", () => children.delete(proc));
  return new Promise((resolve, reject) => {
    let log = "";
    const take = (chunk: Buffer) => {
      log += chunk;
      if (log.includes("[cloud] listening on")) resolve({ name, port, proc });
    };
    proc.stdout!.on("data", take);
    proc.stderr!.on("data", (c: Buffer) => process.env.CLUSTER_VERBOSE && process.stderr.write(`[${name}] ${c}`));
    proc.on("exit", (code) => reject(new Error(`instance ${name} exited (${code}) before listening:\n${log.slice(-2000)}`)));
  });
}

let status = 1;
try {
  const ports = [await freePort(), await freePort()];
  // Started together on an empty database: one migrates and seeds, the other waits for it.
  const started = Date.now();
  const both = await Promise.all([startInstance("a", ports[0]), startInstance("b", ports[1])]);
  let a = both[0];
  const b = both[1];
  console.log(`[cluster] two instances up in ${((Date.now() - started) / 1000).toFixed(1)} s on ${pg.url} and Mosquitto ${MQTT_URL}`);
  const handle = await openDb({ url: pg.url });
  const db = handle.db;
  check((await db.select().from(tenants)).length === 2, "instances started together seed the database once");

  // Fixtures: a sensor product with 20 devices in the demo project, rules, a push configuration and a linkage timer.
  const [demo] = await db.select().from(tenants).where(eq(tenants.code, "demo"));
  const [project] = await db.select().from(projects).where(eq(projects.tenantId, demo.id)).limit(1);
  const [product] = await db
    .insert(products)
    .values({ tenantId: demo.id, prodName: "Cluster sensor", prodCategory: "sensor", prodType: "device", netType: "mqtt", dataFormat: "json", verifyType: "none", activeCycle: 1 })
    .returning();
  await db.insert(productFunctions).values({
    tenantId: demo.id,
    productId: product.id,
    funcName: "Temperature",
    identifier: "temperature",
    funcType: 1,
    dataType: "float",
    accessMode: "r",
    definition: { funcName: "Temperature", identifier: "temperature", funcType: 1, accessMode: "r", dataType: { type: "float", min: -1000, max: 1000, unit: "°C" } },
  });
  const devs = await db
    .insert(devices)
    .values(Array.from({ length: DEVICES }, (_, i) => ({ tenantId: demo.id, projectId: project.id, productId: product.id, deviceName: `CL${i}`, deviceSn: `CL${String(i).padStart(4, "0")}`, secretHash: "-" })))
    .returning();
  const levels = await db.select().from(alarmLevels).where(eq(alarmLevels.tenantId, demo.id)).orderBy(alarmLevels.levelNum);
  const ruleBase = { tenantId: demo.id, projectId: project.id, productId: product.id, identifier: "temperature", channels: [] as number[] };
  const [crossRule] = await db
    .insert(alarmRules)
    .values({ ...ruleBase, ruleName: "cluster crossing", deviceId: devs[0].id, conditions: [{ levelId: levels[0].id, compareType: 1, threshold: 100 }, { levelId: levels[1].id, compareType: 1, threshold: 200 }] })
    .returning();
  const [offlineRule] = await db.insert(alarmRules).values({ ...ruleBase, ruleName: "cluster offline", ruleType: 2, deviceId: devs[19].id, identifier: null, levelId: levels[0].id }).returning();
  const [switchedRule] = await db
    .insert(alarmRules)
    .values({ ...ruleBase, ruleName: "cluster switched", enableStatus: 2, conditions: [{ levelId: levels[0].id, compareType: 1, threshold: 500 }] })
    .returning();
  await db.insert(pushConfigs).values({ tenantId: demo.id, projectId: project.id, pushName: "cluster", address: `http://127.0.0.1:${receiverPort}/push`, enableStatus: 1 });
  const [timerRule] = await db
    .insert(linkageRules)
    .values({
      tenantId: demo.id,
      projectId: project.id,
      ruleName: "cluster timer",
      triggers: [{ termType: 3, cron: "*/3 * * * * ? *" }],
      actions: [{ actionType: 3, method: "POST", url: `http://127.0.0.1:${receiverPort}/linkage`, headers: [], body: "", encoding: "UTF-8", delaySec: 0 }],
    })
    .returning();
  // Written behind the instances' backs: they are told as a route would tell them.
  for (const topic of ["alarm-rules", "push-configs", "linkage-rules"]) await db.execute(sql`select pg_notify('cloud_signals', ${JSON.stringify({ topic, payload: null })})`);

  // 20 devices publish QoS 1; instance a is killed mid-stream and started again.
  const acked = new Set<string>();
  const clients = await Promise.all(devs.map((d) => mqtt.connectAsync(MQTT_URL, { clientId: d.deviceSn, clean: true })));
  const value = (d: number, k: number) => (d === 0 ? 50 : (k % 90) - 10);
  const publishAll = async (from: number, to: number, spreadMs: number) => {
    for (let k = from; k < to; k++) {
      await Promise.all(
        clients.map(async (c, d) => {
          const ts = T0 + k * 1000;
          await c.publishAsync(deviceTopic(product.id, devs[d].deviceSn, "property/post"), JSON.stringify({ time: ts, params: { temperature: value(d, k) } }), { qos: 1 });
          acked.add(`${devs[d].id}|${ts}`);
        }),
      );
      if (spreadMs) await sleep(spreadMs);
    }
  };
  const streaming = publishAll(0, PER_DEVICE, 5);
  await sleep(PER_DEVICE * 6);
  a.proc.kill("SIGKILL");
  console.log(`[cluster] instance a killed with SIGKILL after ${acked.size} acknowledged messages`);
  await sleep(1500);
  a = await startInstance("a", ports[0]);
  await streaming;
  console.log(`[cluster] ${acked.size} messages acknowledged; instance a back`);

  const stored = async () => rowsOf(await db.execute(sql`select count(*)::int as n, count(distinct (device_id, ts))::int as d from ${telemetry} where device_id = any(${`{${devs.map((d) => d.id).join(",")}}`}::int[])`))[0] as { n: number; d: number };
  await until("every acknowledged value stored", async () => (await stored()).d >= acked.size);
  const s = await stored();
  check(s.d === acked.size && s.n === acked.size, `every acknowledged value stored exactly once (${acked.size} acknowledged, ${s.d} distinct stored, ${s.n - s.d} duplicated)`);

  // Device 0: crosses level 1, escalates to level 2, recovers — one step at a time, as a device reports.
  const step = async (k: number, v: number) => {
    await clients[0].publishAsync(deviceTopic(product.id, devs[0].deviceSn, "property/post"), JSON.stringify({ time: T0 + k * 1000, params: { temperature: v } }), { qos: 1 });
    await sleep(400);
  };
  let k = PER_DEVICE;
  for (const v of [150, 160, 250, 260, 40, 30]) await step(k++, v);
  const crossed = await db.select().from(alarms).where(eq(alarms.ruleId, crossRule.id));
  check(crossed.length === 1, `a crossed rule raises one alarm (${crossed.length})`);
  check(crossed[0]?.condition?.levelIndex === 1 && crossed[0]?.levelId === levels[1].id, "the alarm escalates to the rule's second level");
  check(!!crossed[0]?.recoveredAt, "the alarm recovers once back in range");

  // A rule switched on through instance a acts on values both instances handle, within a second.
  const login = await fetch(`http://127.0.0.1:${a.port}/iotCloud/sys/login/username`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "demoadmin", password: DEMO_ACCOUNTS.demoadmin.password, tId: demo.id }) }).then((r) => r.json());
  const switched = await fetch(`http://127.0.0.1:${a.port}/iotCloud/alarm/rule/oper`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${login.data?.token}`, projectid: String(project.id) },
    body: JSON.stringify({ id: switchedRule.id, enableStatus: 1 }),
  }).then((r) => r.json());
  check(switched.code === 200, `the rule is switched on through instance a (${switched.code} ${switched.msg ?? ""})`);
  await sleep(1000);
  await Promise.all(clients.slice(1, 11).map((c, i) => c.publishAsync(deviceTopic(product.id, devs[i + 1].deviceSn, "property/post"), JSON.stringify({ time: T0 + k * 1000, params: { temperature: 600 } }), { qos: 1 })));
  k++;
  const raisedBySwitched = async () => (await db.select().from(alarms).where(eq(alarms.ruleId, switchedRule.id))).length;
  await until("the switched rule's alarms", async () => (await raisedBySwitched()) >= 10, 5000);
  check((await raisedBySwitched()) === 10, `the switched rule raises on each of 10 devices, whichever instance took the value (${await raisedBySwitched()})`);

  // Device 19 falls silent: the sweep (made due now) marks it offline once, which raises one alarm.
  await db.update(devices).set({ lastReportTime: sql`now() - interval '10 minutes'` }).where(eq(devices.id, devs[19].id));
  await db.update(deviceHeard).set({ at: sql`now() - interval '10 minutes'` }).where(eq(deviceHeard.deviceId, devs[19].id));
  await db.update(clusterJobs).set({ dueAt: sql`now()` }).where(eq(clusterJobs.name, "offline-sweep"));
  await until("the offline alarm", async () => (await db.select().from(alarms).where(eq(alarms.ruleId, offlineRule.id))).length > 0, 10_000);
  await sleep(1500);
  const offline = await db.select().from(alarms).where(eq(alarms.ruleId, offlineRule.id));
  check(offline.length === 1, `a silent device raises one offline alarm (${offline.length})`);

  // Push: every stored value reaches the receiver; after the restart, with nothing failing, exactly once.
  const keyOf = (d: number, kk: number) => `${devs[d].deviceSn}|temperature|${new Date(T0 + kk * 1000).toISOString()}`;
  const before = k;
  await publishAll(k, k + 20, 20);
  k += 20;
  const expected: string[] = [];
  for (let d = 0; d < DEVICES; d++) for (let kk = 0; kk < PER_DEVICE; kk++) expected.push(keyOf(d, kk));
  await until("every value pushed", async () => expected.every((x) => pushed.has(x)) && Array.from({ length: DEVICES }, (_, d) => keyOf(d, before)).every((x) => pushed.has(x)), 60_000);
  const missing = expected.filter((x) => !pushed.has(x)).length;
  check(missing === 0, `push delivers every value of the stream at least once (${missing} missing)`);
  const calm: string[] = [];
  for (let d = 0; d < DEVICES; d++) for (let kk = before; kk < before + 20; kk++) calm.push(keyOf(d, kk));
  await until("the calm values pushed", async () => calm.every((x) => pushed.has(x)), 20_000);
  check(calm.every((x) => pushed.get(x) === 1), `with no failure, push delivers each value exactly once (${calm.filter((x) => pushed.get(x) !== 1).length} not once)`);
  const dupStream = expected.filter((x) => (pushed.get(x) ?? 0) > 1).length;
  console.log(`  · values of the stream pushed twice around the kill: ${dupStream}`);

  // The linkage timer runs every 3 s on both instances' clocks: each run fires once across the cluster.
  const logs = await db.select().from(linkageLogs).where(eq(linkageLogs.ruleId, timerRule.id)).orderBy(linkageLogs.fireTime);
  const gaps = logs.slice(1).map((l, i) => l.fireTime.getTime() - logs[i].fireTime.getTime());
  check(logs.length >= 3 && gaps.every((g) => g > 1500), `a linkage timer fires once per run (${logs.length} runs, closest ${Math.min(...gaps)} ms apart)`);
  const succeeded = logs.filter((l) => l.failedCount === 0).length;
  check(linkageHits.length === succeeded, `its web call was made once per successful run (${linkageHits.length} calls, ${succeeded} runs succeeded, ${logs.length - succeeded} failed)`);

  // The console's live stream from instance a sees a value that instance b took (over HTTP ingest).
  const seen: CloudLiveEvent[] = [];
  const live = new AbortController();
  const res = await fetch(`http://127.0.0.1:${a.port}/iotCloud/comm/apiWs/events`, { method: "POST", headers: { "content-type": "application/json", [LIVE_KEY_HEADER]: liveKey(PROXY_SECRET) }, body: "{}", signal: live.signal });
  void (async () => {
    for await (const part of streamParts(res.body!, "\n\n")) {
      const data = /^event: live\ndata: (.*)$/m.exec(part)?.[1];
      if (data) seen.push(JSON.parse(data) as CloudLiveEvent);
    }
  })().catch(() => {});
  await sleep(500);
  const posted = await fetch(`http://127.0.0.1:${b.port}/iotCloud/comm/ingest/${product.id}/${devs[5].deviceSn}/property/post`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Basic ${Buffer.from(`${devs[5].deviceSn}:-`).toString("base64")}` },
    body: JSON.stringify({ params: { temperature: 42.5 } }),
  }).then((r) => r.json());
  const crossedOver = () => seen.some((e) => e.kind === "device" && e.deviceId === devs[5].id && e.values.some((v) => v.num === 42.5));
  await until("the value on the other instance's live stream", async () => crossedOver(), 5000);
  check(posted.code === 200 && crossedOver(), `a value taken by instance b reaches a console streaming from instance a (${posted.code}, ${seen.length} events)`);
  live.abort();

  // The console spreads calls over the UPSTREAM_URL list; with instance b killed, its GETs still answer.
  const upstream = { ...upstreamConfig(), baseUrl: `http://127.0.0.1:${a.port},http://127.0.0.1:${b.port}`, proxySecret: PROXY_SECRET };
  const ask = () => upstreamCall(loginApi.company, { tId: demo.id }, { locale: "en" }, upstream).then((r) => r.code);
  const steady = await Promise.all(Array.from({ length: 10 }, ask));
  b.proc.kill("SIGKILL");
  await sleep(300);
  const degraded: number[] = [];
  for (let i = 0; i < 10; i++) degraded.push(await ask());
  check([...steady, ...degraded].every((c) => c === 200), `console calls over both instances answer, and keep answering with one killed (${[...steady, ...degraded].filter((c) => c !== 200).length} failed of 20)`);

  await Promise.all(clients.map((c) => c.endAsync()));
  for (const inst of [a, b]) inst.proc.kill("SIGTERM");
  await handle.close();
  status = failures.length ? 1 : 0;
  console.log(failures.length ? `[cluster] ${failures.length} check(s) failed` : "[cluster] every check passed");
} catch (err) {
  console.error("[cluster]", err);
} finally {
  for (const c of children) c.kill("SIGKILL");
  receiver.close();
  await sleep(300);
  pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
