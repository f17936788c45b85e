import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray } from "drizzle-orm";
import mqtt, { type MqttClient } from "mqtt";
import { deviceTopic } from "@/lib/contract/device/topics";
import { openDb, type DbHandle } from "../db/client";
import { telemetry, tenants } from "../db/schema";
import { openTestDb, SETUP_MS } from "../testing";
import { addDevices, addSensorProduct } from "./fixtures";

/** Devices publishing at once, each with this many QoS 1 messages in flight. */
const DEVICES = 4;
const WINDOW = 25;

let dir: string;
/** PostgreSQL (`npm run test:pg`): the test's own database, which the cloud process is pointed at. */
let pgUrl: string | undefined;
let devs: { id: number; sn: string; secret: string }[];
let productId: number;
let cloud: ChildProcess | undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "ingest-kill-"));
  let handle: DbHandle & { url?: string };
  if (process.env.TEST_DATABASE_URL) {
    handle = await openTestDb();
    pgUrl = handle.url;
  } else handle = await openDb({ dataDir: join(dir, "pglite") });
  const [t] = await handle.db.insert(tenants).values({ name: "kill test", code: "kill" }).returning();
  productId = await addSensorProduct(handle.db, t.id);
  devs = await addDevices(handle.db, { tenantId: t.id, productId, count: DEVICES, prefix: "KILL" });
  // PGlite's files are the cloud process's alone; a PostgreSQL database stays open to be dropped at the end.
  if (pgUrl) afterAll(() => handle.close());
  else await handle.close();
}, SETUP_MS);
afterAll(async () => {
  cloud?.kill("SIGKILL");
  await rm(dir, { recursive: true, force: true });
});

/** `npm run cloud` as a process of its own (node itself, no launcher between, so SIGKILL reaches the cloud), resolving with its broker's address. */
function startCloudProcess(): Promise<string> {
  const child = spawn(process.execPath, ["--import", "tsx", "cloud/main.ts"], {
    env: { ...process.env, CLOUD_PORT: "0", MQTT_PORT: "0", SIMULATOR: "off", DATA_DIR: dir, DATABASE_URL: pgUrl ?? "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  cloud = child;
  let log = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const m = log.match(/MQTT broker on (mqtt:\/\/\S+)/);
      if (m) resolve(m[1]);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`the cloud process ended (${code}) before its broker listened:\n${log}`)));
  });
}

describe("MQTT QoS 1 acknowledgement", () => {
  it("is a promise kept across kill -9: every acknowledged value is stored", async () => {
    const url = await startCloudProcess();
    const clients: MqttClient[] = await Promise.all(devs.map((d) => mqtt.connectAsync(url, { username: d.sn, password: d.secret, clientId: d.sn, reconnectPeriod: 0 })));
    // Each message is dated by its number, so a stored row names the message it came from.
    const base = Date.now() - 3600_000;
    const acked: number[][] = devs.map(() => []);
    let total = 0;
    const killAt = 400 + Math.floor(Math.random() * 600);
    const killed = new Promise<void>((resolve) => cloud!.once("exit", () => resolve()));
    for (const c of clients) c.on("error", () => {});
    const streams = clients.map(async (c, k) => {
      const topic = deviceTopic(productId, devs[k].sn, "property/post");
      for (let seq = 0; ; seq += WINDOW) {
        const window = Array.from({ length: WINDOW }, (_, i) =>
          c.publishAsync(topic, JSON.stringify({ time: base + seq + i, params: { humidity: 50 } }), { qos: 1 }).then(() => {
            acked[k].push(seq + i);
            if (++total === killAt) cloud!.kill("SIGKILL");
          }),
        );
        // The connection dies with the process: the messages still in flight are never acknowledged.
        if ((await Promise.allSettled(window)).some((r) => r.status === "rejected")) return;
      }
    });
    await killed;
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await Promise.all(streams);

    // The same database opened again, as the next start would.
    const handle = pgUrl ? await openDb({ url: pgUrl }) : await openDb({ dataDir: join(dir, "pglite") });
    try {
      const rows = await handle.db.select({ deviceId: telemetry.deviceId, ts: telemetry.ts }).from(telemetry).where(inArray(telemetry.deviceId, devs.map((d) => d.id)));
      const stored = devs.map((d) => new Set(rows.filter((r) => r.deviceId === d.id).map((r) => r.ts.getTime() - base)));
      const lost = acked.flatMap((seqs, k) => seqs.filter((seq) => !stored[k].has(seq)));
      console.info(`[kill -9] ${total} acknowledged, ${rows.length} stored, ${lost.length} acknowledged and lost`);
      expect(total).toBeGreaterThanOrEqual(killAt);
      expect(lost).toEqual([]);
    } finally {
      await handle.close();
    }
  }, SETUP_MS);
});
