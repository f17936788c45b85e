import { join } from "node:path";
import type { Server as HttpServer } from "node:http";
import { serve, type ServerType } from "@hono/node-server";
import { createCloud } from "./app";
import { openDb } from "./db/client";
import { seed } from "./seed";
import { writeDemoPlans } from "./seed/scenes";
import { writeDemoDocs } from "./seed/knowledge-docs";
import { writeDemoFirmware } from "./seed/ota";
import { writeDemoTrackMaps } from "./seed/robots";
import { AlarmEvaluator } from "./alarms/evaluator";
import { PushEngine } from "./push/engine";
import { createDelivery, webhookSms } from "./lib/delivery";
import type { CloudConfig } from "./lib/context";
import { startDeviceChannel, type DeviceChannel, type Ingest } from "./ingest";
import type { WriterOptions } from "./ingest/writer";
import { startSimulator } from "./simulator";
import { scheduleFileUpkeep } from "./lib/file-upkeep";
import { scheduleSim } from "./sim/schedule";
import { schedulePlans } from "./robot/scheduler";
import { attachRobotRecords, type CameraFrame } from "./robot/records";
import { ROBOT_CAMERA_NUMS } from "@/lib/contract/robot/control";
import { backfillRecordDays, backfillTaskDays } from "./db/queries/robots";
import { scheduleReports } from "./report/engine";
import { closePdf } from "./report/pdf";
import { carriersFromEnv } from "./sim/carriers";
import { Coordinator } from "./lib/coordination";
import { pgliteUpkeep, RowPacedVacuum, VACUUM_EVERY_MS } from "./db/vacuum";
import { PACK_EVERY_MS, packClosedPartitions } from "./ingest/partitions";
import { scheduleRetention } from "./lib/retention-job";
import { llmConfigFromEnv } from "./lib/llm";
import { storageQuotaMbFromEnv } from "./lib/storage";
import { LinkageEngine } from "./linkage/engine";
import { OtaEngine } from "./ota/engine";
import { safeFetch } from "./lib/outbound";
import { attachIngest, shareLive } from "./live/bus";
import { followTenantZones } from "./db/queries/company";
import { CameraStreams } from "./media/cameras";
import { CameraRecordings } from "./media/recordings";
import { commandsOf } from "./ingest/commands";
import { keepIdleConnections } from "@/lib/server/keep-alive";
import { boundHeapGrowth } from "./lib/heap-growth";
import { displayZone } from "@/lib/format";

export type CloudOptions = {
  port: number;
  /** Loopback only: the console is the built-in cloud's one client. */
  host?: string;
  databaseUrl?: string;
  dataDir?: string;
  config?: Partial<CloudConfig>;
  /** MQTT: an external broker, or the embedded one's port and host (defaults from MQTT_URL, MQTT_PORT, MQTT_HOST). */
  mqttUrl?: string;
  mqttPort?: number;
  mqttHost?: string;
  /** Demo devices publishing over MQTT (default: on, unless SIMULATOR=off). */
  simulator?: boolean;
};

/** `DATA_DIR` holds the embedded database (`pglite/`) and the uploads (`files/`), as the README says. */
const dataDir = () => process.env.DATA_DIR || ".data";

export function cloudConfig(overrides: Partial<CloudConfig> = {}): CloudConfig {
  return {
    product: process.env.CLOUD_PRODUCT || "iot",
    filesDir: process.env.FILES_DIR || join(dataDir(), "files"),
    tokenTtlMs: 12 * 3600_000,
    storageQuotaMb: storageQuotaMbFromEnv(),
    llm: llmConfigFromEnv(),
    proxySecret: process.env.CLOUD_PROXY_SECRET || undefined,
    brokerHookSecret: process.env.MQTT_HOOK_SECRET || undefined,
    trustedProxies: (process.env.TRUSTED_PROXIES ?? "").split(",").map((a) => a.trim()).filter(Boolean),
    ...overrides,
  };
}

/** Opens the database, migrates, seeds on first start and serves the cloud. */
export async function startCloud(opts: CloudOptions) {
  boundHeapGrowth();
  const handle = await openDb({ url: opts.databaseUrl, dataDir: opts.dataDir ?? join(dataDir(), "pglite") });
  const seeded = await seed(handle.db);
  if (seeded) console.log("[cloud] seeded the platform tenant, the demo tenant and the demo accounts");
  // The inspection records' daily roll-up, built once from the records that predate it (before any new record is written).
  const rolledUp = await backfillRecordDays(handle.db);
  if (rolledUp) console.log(`[cloud] inspection records rolled up into ${rolledUp} daily rows`);
  // The same for the tasks' daily counts (before the scheduler writes any task).
  const taskDays = await backfillTaskDays(handle.db);
  if (taskDays) console.log(`[cloud] inspection tasks counted into ${taskDays} daily rows`);
  // Periodic work, leases and cache signals go through the cluster, so N instances on one database
  // run each job once and see each other's changes (on PGlite, one instance: the same calls, in-process).
  const cluster = new Coordinator(handle.db, { bus: handle.bus });
  const delivery = createDelivery({ db: handle.db, smtpUrl: process.env.SMTP_URL, smtpFrom: process.env.SMTP_FROM, sms: process.env.SMS_WEBHOOK_URL ? webhookSms(process.env.SMS_WEBHOOK_URL) : undefined });
  // Every engine: built here, attached to the ingest, told of changes (invalidate), idle and closed.
  const alarms = new AlarmEvaluator(handle.db, { delivery, cluster });
  const push = new PushEngine(handle.db, { cluster });
  const linkage = new LinkageEngine(handle.db, { delivery, webCall: safeFetch, cluster });
  const ota = new OtaEngine(handle.db);
  const streams = new CameraStreams();
  console.log(`[cloud] simulated cameras: ${streams.live ? "live pictures with ffmpeg" : "the shipped clip looped (no ffmpeg)"}`);
  // An inspection record's photo is a frame of the robot's first camera, taken with ffmpeg from its live stream.
  const robotFrame: CameraFrame | null = streams.capture.available
    ? (id, name) => streams.capture.snapshot(`robot-${id}-${ROBOT_CAMERA_NUMS[0]}`, { label: `${name} ${ROBOT_CAMERA_NUMS[0]}`, position: () => ({ pan: 0, tilt: 0 }), zone: displayZone() })
    : null;
  console.log(`[cloud] inspection photos: ${robotFrame ? "frames of the robot camera's stream (ffmpeg)" : "the robot's own pictures (no ffmpeg: no frames of its camera)"}`);
  let attached: Ingest | null = null;
  const unshareLive = shareLive(cluster);
  const unfollowZones = followTenantZones(handle.db, cluster);
  let detachLive = () => {};
  let detachRobots = () => {};
  const attach = (ingest: Ingest) => {
    if (attached) return;
    attached = ingest;
    commandsOf(ingest);
    alarms.attach(ingest);
    push.attach(ingest, alarms.events);
    detachLive = attachIngest(ingest);
    linkage.attach(ingest);
    ota.attach(ingest);
    detachRobots = attachRobotRecords(ingest, handle.db, { filesDir: cloudConfig(opts.config).filesDir, raise: (r) => alarms.inspection(r), frame: robotFrame });
  };
  // On an external broker the engines listen before the session resumes: what the broker sends again at once is handled in full.
  // PGlite has no autovacuum: the ingest's writes pace its vacuum (the rest of the hot tables are looked at once a minute, below).
  const vacuum = handle.kind === "pglite" ? new RowPacedVacuum(handle.db) : null;
  const channel = await openDeviceChannel(handle.db, opts, cluster, attach, vacuum ? { upkeep: vacuum.wrote } : undefined);
  attach(channel.ingest);
  const commands = commandsOf(channel.ingest);
  const config = cloudConfig(opts.config);
  // Recordings run on the instance that started them and are seen, stopped and (their instance dead) closed from any.
  const recordings = new CameraRecordings({ db: handle.db, capture: streams.capture, library: { filesDir: config.filesDir, quotaMb: config.storageQuotaMb, now: () => new Date() }, cluster });
  recordings.schedule(cluster);
  // The demo scene's floor plan is a file beside the database: drawn again when missing.
  await writeDemoPlans(handle.db, config.filesDir);
  await writeDemoDocs(handle.db, config.filesDir);
  await writeDemoFirmware(handle.db, config.filesDir);
  await writeDemoTrackMaps(handle.db, config.filesDir);
  scheduleFileUpkeep(cluster, handle.db, config.filesDir);
  if (vacuum) cluster.every("pglite-vacuum", VACUUM_EVERY_MS, () => pgliteUpkeep(handle.db));
  // Closed months packed one row per series and hour, a device's day per statement (on PGlite too: its disk holds the same year).
  cluster.every("telemetry-pack", PACK_EVERY_MS, async () => void (await packClosedPartitions(handle.db, new Date())));
  // Raw partitions past every tenant's retention are dropped, old hours folded into days.
  scheduleRetention(cluster, handle.db);
  scheduleSim(cluster, handle.db, carriersFromEnv(), alarms.events);
  // Inspection plans generate their tasks once per slot across the cluster (the unique slot holds it too).
  schedulePlans(cluster, handle.db);
  const reports = scheduleReports(cluster, handle.db, config.filesDir);
  // The demo devices publish from one instance of the cluster; another takes over if it dies.
  let simulator: Awaited<ReturnType<typeof startSimulator>> | null = null;
  if (opts.simulator ?? process.env.SIMULATOR !== "off")
    cluster.role("simulator", async () => {
      const s = (simulator = await startSimulator(handle.db, { brokerUrl: channel.transport.url, backfill: seeded }));
      return { close: () => ((simulator = null), s.close()) };
    });
  await cluster.listening();
  // The first look at the jobs and roles before serving: a first start's simulator has back-filled its history.
  await cluster.tick();
  const app = createCloud({
    db: handle.db,
    config,
    delivery,
    now: () => new Date(),
    ingest: channel.ingest,
    mqttUrl: channel.transport.url,
    alarms,
    push,
    linkage,
    cameras: { streams, recordings, positionOf: (id) => simulator?.padOf(id) },
    ota,
    reports,
    cluster,
  });
  const host = opts.host ?? "127.0.0.1";
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: opts.port, hostname: host }, () => resolve(s));
    // Devices download firmware here in 64 KiB parts on kept-alive connections: idle ones are kept longer than theirs.
    keepIdleConnections(s as HttpServer);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : opts.port;
  // Devices download firmware from the cloud itself unless OTA_DOWNLOAD_URL names the address they reach (the console's /api).
  ota.baseUrl ||= `http://${host}:${port}/${config.product}Cloud`;
  // The rollout offers downloads at that address: it runs once the address is known.
  ota.schedule(cluster);
  cluster.start();
  return {
    url: `http://${host}:${port}`,
    port,
    app,
    mqttUrl: channel.transport.url,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await cluster.close();
      detachLive();
      unshareLive();
      unfollowZones();
      detachRobots();
      await recordings.close();
      streams.close();
      await channel.close();
      await alarms.close();
      await push.close();
      await linkage.close();
      ota.close();
      await closePdf();
      commands.close();
      await handle.close();
    },
  };
}

/**
 * The device channel: an external broker with MQTT_URL, else the embedded one on MQTT_PORT
 * (default 1883). When that default port is taken (another console on the machine), any free
 * port is used instead, with a warning; an explicitly chosen port that is taken stops the start.
 */
async function openDeviceChannel(db: Parameters<typeof startDeviceChannel>[0], opts: CloudOptions, cluster: Coordinator, beforeConnect: (ingest: Ingest) => void, writer?: WriterOptions): Promise<DeviceChannel> {
  const mqttUrl = opts.mqttUrl ?? (process.env.MQTT_URL || undefined);
  const explicit = opts.mqttPort ?? (process.env.MQTT_PORT ? Number(process.env.MQTT_PORT) : undefined);
  const mqttHost = opts.mqttHost ?? (process.env.MQTT_HOST || "127.0.0.1");
  const mqttMaxPacketBytes = process.env.MQTT_MAX_PACKET_BYTES ? Number(process.env.MQTT_MAX_PACKET_BYTES) : undefined;
  if (mqttMaxPacketBytes !== undefined && !(Number.isInteger(mqttMaxPacketBytes) && mqttMaxPacketBytes > 0)) throw new Error(`MQTT_MAX_PACKET_BYTES must be a whole number of bytes, not "${process.env.MQTT_MAX_PACKET_BYTES}"`);
  try {
    const channel = await startDeviceChannel(db, { mqttUrl, mqttClientId: process.env.MQTT_CLIENT_ID || undefined, mqttPort: explicit ?? 1883, mqttHost, mqttMaxPacketBytes, mqttDynsec: process.env.MQTT_DYNSEC === "on", cluster, beforeConnect, writer });
    console.log(`[cloud] MQTT ${mqttUrl ? "via external broker" : "broker"} on ${channel.transport.url}`);
    return channel;
  } catch (err) {
    if (mqttUrl || explicit !== undefined || (err as NodeJS.ErrnoException).code !== "EADDRINUSE") throw err;
    const channel = await startDeviceChannel(db, { mqttPort: 0, mqttHost, mqttMaxPacketBytes, cluster, writer });
    console.warn(`[cloud] MQTT port 1883 is taken: the embedded broker listens on ${channel.transport.url} instead (set MQTT_PORT to choose)`);
    return channel;
  }
}
