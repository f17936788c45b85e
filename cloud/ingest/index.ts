import type { Db } from "../db/client";
import type { Coordinator } from "../lib/coordination";
import { connectExternalBroker, startEmbeddedBroker, type Transport } from "./broker";
import { DynsecAccounts } from "./dynsec";
import { ensureAhead } from "./partitions";
import { sharedRawCut } from "../db/queries/retention";
import { HISTORY_MS, Ingest, type IngestOptions } from "./pipeline";
import { sweepOffline } from "./sweep";

export type DeviceChannelOptions = IngestOptions & {
  /** External broker (`MQTT_URL`); otherwise the embedded one on `mqttPort` / `mqttHost`. */
  mqttUrl?: string;
  /** The external broker's session name for this instance (`MQTT_CLIENT_ID`): kept across restarts. */
  mqttClientId?: string;
  mqttPort?: number;
  mqttHost?: string;
  /** The embedded broker's largest MQTT packet (`MQTT_MAX_PACKET_BYTES`, default 256 KB). */
  mqttMaxPacketBytes?: number;
  /** With `mqttUrl` naming a Mosquitto: keep its dynamic-security accounts in step with the devices (`MQTT_DYNSEC=on`). */
  mqttDynsec?: boolean;
  /** How often silent devices are looked for. */
  sweepMs?: number;
  /** The cluster's jobs: the sweep and the partition upkeep run on one instance at a time (without: this process's timers). */
  cluster?: Coordinator;
  /** An external broker: called with the ingest before it connects (a resumed session's messages arrive at once). */
  beforeConnect?: (ingest: Ingest) => void;
};

export type DeviceChannel = { ingest: Ingest; transport: Transport; close: () => Promise<void> };

const PARTITION_CHECK_MS = 6 * 3600_000;

/**
 * The cloud's device side: the ingest, its broker (embedded or external), the sweep that marks
 * silent devices offline and the upkeep that creates telemetry partitions ahead of time.
 */
export async function startDeviceChannel(db: Db, opts: DeviceChannelOptions = {}): Promise<DeviceChannel> {
  const now = opts.now ?? (() => new Date());
  const ingest = new Ingest(db, { ...opts, now });
  await ensureAhead(db, now(), HISTORY_MS, await sharedRawCut(db, now()));
  // The cloud's own account gets its role before it subscribes.
  const accounts = opts.mqttUrl && opts.mqttDynsec ? await DynsecAccounts.start(db, opts.mqttUrl, opts.cluster?.shared) : null;
  ingest.accounts = accounts;
  // Before anything listens: the services beside the ingest (commands) find the cluster on it.
  const unjoin = opts.cluster ? ingest.joinCluster(opts.cluster) : undefined;
  if (opts.mqttUrl) opts.beforeConnect?.(ingest);
  const transport = opts.mqttUrl ? await connectExternalBroker(ingest, opts.mqttUrl, { clientId: opts.mqttClientId }) : await startEmbeddedBroker(ingest, { port: opts.mqttPort ?? 1883, host: opts.mqttHost, maxPacketBytes: opts.mqttMaxPacketBytes });
  ingest.attach(transport.publish);

  // The sweep's status changes are emitted where it ran; each change is made once, by the update that makes it.
  const sweep = async () => {
    const changes = await sweepOffline(db, now());
    if (changes.length) ingest.emit("status", changes);
  };
  const upkeep = async () => void (await ensureAhead(db, now(), HISTORY_MS, await sharedRawCut(db, now())));
  const stop = opts.cluster ? clusterJobs(opts.cluster, sweep, upkeep, opts.sweepMs) : localTimers(sweep, upkeep, opts.sweepMs);
  return {
    ingest,
    transport,
    async close() {
      await stop();
      unjoin?.();
      await transport.close();
      await accounts?.close();
      await ingest.close();
    },
  };
}

function clusterJobs(cluster: Coordinator, sweep: () => Promise<void>, upkeep: () => Promise<void>, sweepMs = 30_000) {
  const off = [cluster.every("offline-sweep", sweepMs, sweep), cluster.every("telemetry-partitions", PARTITION_CHECK_MS, upkeep)];
  return async () => off.forEach((f) => f());
}

/** One process alone (tests, benchmarks): its own timers. */
function localTimers(sweep: () => Promise<void>, upkeep: () => Promise<void>, sweepMs = 30_000) {
  let sweeping: Promise<void> = Promise.resolve();
  const s = setInterval(() => (sweeping = sweep().catch((err) => console.error("[ingest] offline sweep failed:", (err as Error).message))), sweepMs);
  const u = setInterval(() => void upkeep().catch((err) => console.error("[ingest] partitions:", (err as Error).message)), PARTITION_CHECK_MS);
  s.unref();
  u.unref();
  return async () => {
    clearInterval(s);
    clearInterval(u);
    await sweeping;
  };
}

export { Ingest };
