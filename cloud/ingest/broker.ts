import { createServer, type AddressInfo, type Server } from "node:net";
import { randomBytes } from "node:crypto";
import { Aedes, type AuthenticateError, type Client } from "aedes";
import { CLOUD_FILTERS, devicePrefix, parseUpTopic } from "@/lib/contract/device/topics";
import type { DeviceInfo, Ingest } from "./pipeline";
import { PacketGate } from "./packet-gate";

/** How the cloud reaches devices: the embedded broker or an external one. */
export type Transport = {
  /** `host:port` of the embedded broker, or the external broker's URL. */
  url: string;
  port?: number;
  publish(topic: string, payload: string | Buffer): Promise<void>;
  close(): Promise<void>;
};

const deviceOf = new WeakMap<Client, DeviceInfo>();

/** Default largest MQTT packet: far above any device's message, far below what would strain memory. */
export const MAX_PACKET_BYTES = 256 * 1024;
/** Before login a connection may send its CONNECT (SN, secret, perhaps a will) and little more. */
const UNAUTHENTICATED_BYTES = 64 * 1024;
/** Time from accepting a connection to its CONNECT: a connection that never logs in is not kept. */
const CONNECT_TIMEOUT_MS = 10_000;

function authError(): AuthenticateError {
  return Object.assign(new Error("bad SN or secret"), { returnCode: 4 as const });
}

/**
 * The embedded broker (aedes) on `port` (0: any free port). Devices log in with username = SN and
 * password = secret key; each may publish only its upward channels and subscribe only under its
 * own prefix. Every device message goes through the ingest, and a QoS 1 or 2 one is committed,
 * before the broker acknowledges it.
 */
export async function startEmbeddedBroker(ingest: Ingest, opts: { port: number; host?: string; maxPacketBytes?: number }): Promise<Transport> {
  const broker = await Aedes.createBroker({
    connectTimeout: CONNECT_TIMEOUT_MS,
    authenticate(client, username, password, done) {
      if (!username) return done(authError(), false);
      ingest.authenticate(username, password?.toString("utf8")).then(
        (device) => {
          if (!device) return done(authError(), false);
          deviceOf.set(client, device);
          (client.conn as unknown as PacketGate).admit();
          done(null, true);
        },
        () => done(Object.assign(new Error("server unavailable"), { returnCode: 3 as const }), false),
      );
    },
    authorizePublish(client, packet, done) {
      // The cloud's own commands come from no client.
      if (!client) return done(null);
      const device = deviceOf.get(client);
      const up = parseUpTopic(packet.topic);
      if (device && up && up.sn === device.sn && up.productId === device.productId) {
        // A device's report is not kept for later subscribers.
        packet.retain = false;
        // aedes writes the PUBACK (PUBREC for QoS 2) as soon as this callback is called, so the
        // message is ingested here and the callback waits for its batch's commit: an acknowledged
        // value survives a crash. QoS 0 is best effort and waits only for room in the writer's queue.
        // Meanwhile the broker reads no more from this device. A message not even dead-lettered
        // is never acknowledged: the client is cut off and sends it again.
        // The payload as the parser cut it (a client's publish is a Buffer): copying it is work a junk flood multiplies.
        ingest.handle(packet.topic, typeof packet.payload === "string" ? Buffer.from(packet.payload) : packet.payload, device, packet.qos ? "committed" : "queued").then(
          () => done(null),
          (err: Error) => done(err),
        );
        return;
      }
      // Kept as a refusal on the device, then the client is cut off (MQTT 3.1.1 has no negative acknowledgement).
      void ingest.refuse({ deviceId: device?.id ?? null, topic: packet.topic.slice(0, 200), reason: "foreignTopic", payload: packet.payload.toString().slice(0, 2000) });
      done(new Error("topic not allowed"));
    },
    authorizeSubscribe(client, sub, done) {
      const device = deviceOf.get(client);
      const own = device && sub.topic.startsWith(devicePrefix(device.productId, device.sn));
      done(null, own ? sub : null);
    },
  });
  broker.on("clientError", () => {});
  const clients = () => Object.values((broker as unknown as { clients: Record<string, Client> }).clients);
  // A changed device logs in again: with its old secret, SN or while disabled it is refused.
  const dropDevice = (sn: string) => {
    for (const c of clients()) if (deviceOf.get(c)?.sn === sn) c.close();
  };
  ingest.on("deviceChanged", dropDevice);
  const limits = {
    maxPacket: opts.maxPacketBytes ?? MAX_PACKET_BYTES,
    maxUnauthenticated: UNAUTHENTICATED_BYTES,
    // A device's own oversized message is kept as a refusal, so its page says why it was cut off.
    onOversize(gate: PacketGate, bytes: number) {
      const device = deviceOf.get(gate.client as Client);
      if (device) void ingest.refuse({ deviceId: device.id, topic: "", reason: "tooLarge", detail: String(bytes) });
    },
  };
  const server: Server = createServer((socket) => broker.handle(new PacketGate(socket, limits)));
  await new Promise<void>((resolve, reject) => {
    server.once("error", (err) => broker.close(() => reject(err)));
    server.listen(opts.port, opts.host ?? "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `mqtt://${opts.host ?? "127.0.0.1"}:${port}`,
    port,
    publish: (topic, payload) => new Promise((resolve, reject) => broker.publish({ cmd: "publish", topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false }, (err) => (err ? reject(err) : resolve()))),
    async close() {
      ingest.off("deviceChanged", dropDevice);
      for (const c of clients()) c.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}

/**
 * An external broker (Mosquitto, EMQX) at `url`: the broker authenticates devices; the cloud takes
 * the upward channels through a shared subscription, so several cloud instances split the load.
 */
export async function connectExternalBroker(ingest: Ingest, url: string, opts: { clientId?: string } = {}): Promise<Transport> {
  const mqtt = await import("mqtt");
  // A named instance (`MQTT_CLIENT_ID`) keeps its session: what the broker sent it and it had not
  // acknowledged when it stopped is sent again when it is back.
  const client = mqtt.connect(url, { clientId: opts.clientId ?? `cloud-${randomBytes(6).toString("hex")}`, clean: !opts.clientId, reconnectPeriod: 2000 });
  // mqtt.js reads the next message once this callback's PUBACK is written, one message at a time:
  // waiting for each commit would cap the cloud at a message per batch. So the callback waits only
  // for room in the writer (back-pressure reaches the broker), and the PUBACK itself is held back
  // until the message's batch is committed: a message the broker counts as delivered is stored.
  const held = new Map<number, Promise<void>>();
  const internals = client as unknown as { _sendPacket: (packet: { cmd: string; messageId?: number }, cb?: () => void, ...rest: unknown[]) => void };
  const sendPacket = internals._sendPacket.bind(client);
  internals._sendPacket = (packet, cb, ...rest) => {
    const committed = packet.cmd === "puback" && packet.messageId !== undefined ? held.get(packet.messageId) : undefined;
    if (!committed) return sendPacket(packet, cb, ...rest);
    held.delete(packet.messageId!);
    cb?.();
    // Not stored (the database refused even the dead letter): no PUBACK, the broker sends it again.
    committed.then(
      () => sendPacket(packet),
      () => {},
    );
  };
  client.handleMessage = (packet, callback) => {
    if (packet.cmd !== "publish") return callback();
    const { queued, committed } = ingest.accept(packet.topic, Buffer.from(packet.payload), packet.dup);
    if (packet.qos && packet.messageId !== undefined) held.set(packet.messageId, committed);
    committed.catch(() => {});
    queued.then(
      () => callback(),
      () => callback(),
    );
  };
  await new Promise<void>((resolve, reject) => {
    client.once("connect", () => resolve());
    client.once("error", reject);
  });
  client.on("error", (err) => console.error("[mqtt] external broker:", err.message));
  // A refused subscription (granted 0x80) would leave the cloud deaf without a word.
  const granted = await client.subscribeAsync(CLOUD_FILTERS.map((f) => `$share/cloud/${f}`), { qos: 1 }).catch(() => [{ qos: 128 }]);
  if (granted.some((g) => g.qos === 128)) {
    await client.endAsync();
    throw new Error("the external broker refused the cloud's shared subscription to the devices' topics: see docs/deploy.md for the account it needs");
  }
  return {
    url,
    publish: async (topic, payload) => void (await client.publishAsync(topic, payload, { qos: 1 })),
    close: () => client.endAsync(),
  };
}
