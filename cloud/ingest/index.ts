import type { Db } from "../db/client";
import { connectExternalBroker, startEmbeddedBroker, type Transport } from "./broker";
import { DynsecAccounts } from "./dynsec";
import { ensureAhead } from "./partitions";
import { HISTORY_MS, Ingest, type IngestOptions } from "./pipeline";
import { sweepOffline } from "./sweep";

export type DeviceChannelOptions = IngestOptions & {
  /** External broker (`MQTT_URL`); otherwise the embedded one on `mqttPort` / `mqttHost`. */
  mqttUrl?: string;
  mqttPort?: number;
  mqttHost?: string;
  /** The embedded broker's largest MQTT packet (`MQTT_MAX_PACKET_BYTES`, default 256 KB). */
  mqttMaxPacketBytes?: number;
  /** With `mqttUrl` naming a Mosquitto: keep its dynamic-security accounts in step with the devices (`MQTT_DYNSEC=on`). */
  mqttDynsec?: boolean;
  /** How often silent devices are looked for. */
  sweepMs?: number;
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
  await ensureAhead(db, now(), HISTORY_MS);
  // The cloud's own account gets its role before it subscribes.
  const accounts = opts.mqttUrl && opts.mqttDynsec ? await DynsecAccounts.start(db, opts.mqttUrl) : null;
  ingest.accounts = accounts;
  const transport = opts.mqttUrl ? await connectExternalBroker(ingest, opts.mqttUrl) : await startEmbeddedBroker(ingest, { port: opts.mqttPort ?? 1883, host: opts.mqttHost, maxPacketBytes: opts.mqttMaxPacketBytes });
  ingest.attach(transport.publish);

  let sweeping: Promise<void> = Promise.resolve();
  const sweep = setInterval(() => {
    sweeping = sweepOffline(db, now()).then(
      (changes) => void (changes.length && ingest.emit("status", changes)),
      (err) => console.error("[ingest] offline sweep failed:", (err as Error).message),
    );
  }, opts.sweepMs ?? 30_000);
  const upkeep = setInterval(() => void ensureAhead(db, now(), HISTORY_MS).catch((err) => console.error("[ingest] partitions:", (err as Error).message)), PARTITION_CHECK_MS);
  sweep.unref();
  upkeep.unref();
  return {
    ingest,
    transport,
    async close() {
      clearInterval(sweep);
      clearInterval(upkeep);
      await transport.close();
      await accounts?.close();
      await sweeping;
      await ingest.close();
    },
  };
}

export { Ingest };
