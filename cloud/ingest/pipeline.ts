import { EventEmitter } from "node:events";
import { eq } from "drizzle-orm";
import { deviceTopic, parseUpTopic, type DownChannel, type UpChannel } from "@/lib/contract/device/topics";
import type { Db } from "../db/client";
import { devices } from "../db/schema";
import { sha256 } from "../lib/crypto";
import { createCatalog, type Catalog, type DeviceContext, type DeviceInfo, type ProductInfo } from "./catalog";
import { DECODERS, DecodeError, type Decoded } from "./decoders";
import type { Coordinator } from "../lib/coordination";
import { BatchWriter, type Flushed, type Message, type Point, type Reject, type StatusChange, type WriterOptions } from "./writer";

/** Values dated further ahead than this are refused: a device clock gone wrong. */
const FUTURE_MS = 10 * 60_000;
/** Values older than this are refused: partitions reach back a year and a month. */
export const HISTORY_MS = 400 * 86_400_000;
const PAYLOAD_KEEP = 2000;
const DEVICE_SIGNAL = "device";
/**
 * A device's refusals beyond its per-minute samples hold its next message this long each, at
 * most THROTTLE_MAX_MS a message, added up per device: one sending nothing but junk is read at
 * ≈ 1,000 refusals a second and cannot take the thread from the others; one bad value now and
 * then is never held. Every refusal is still counted. Over the embedded broker and HTTP, whose
 * sender waits for `handle`; an external broker's shared subscription carries every device, so
 * holding one there would hold them all.
 */
const THROTTLE_MS_PER_REFUSAL = 1;
const THROTTLE_MAX_MS = 1000;

export type IngestEvents = {
  /** Values just stored, with their devices' contexts (alarms, linkage and live screens listen here). */
  telemetry: [Point[], DeviceContexts];
  /** A device came online or went offline. */
  status: [StatusChange[]];
  rejects: [Reject[]];
  /** A device answered a command (service/reply, cycle/reply). */
  reply: [{ deviceId: number; channel: UpChannel; message: Decoded }];
  /** A device's SN, secret, enable state or product changed (the broker drops its connections). */
  deviceChanged: [sn: string];
  /** Every message up and down as it passed, for online debugging (emitted only while someone listens). */
  traffic: [Traffic];
};

/** A device's firmware message (ota/progress, ota/inform, ota/request): the OTA engine's. */
export type FirmwareMessage = { device: DeviceInfo; channel: UpChannel; body: Record<string, unknown>; at: Date };
/** Handles a firmware message; the message is acknowledged once this resolves, and sent again by the device when it rejects. */
export type FirmwareHandler = (m: FirmwareMessage) => Promise<void>;
/** A checked message, with its firmware handling under way when it was one. */
type Checked = Message & { handled?: Promise<void> };
/** Waits for a firmware message's handling without ever rejecting: its error, or null. */
const settled = (handled: Promise<void> | undefined) => handled?.then(
  () => null,
  (err: Error) => err,
) ?? Promise.resolve(null);

/** One message on a device's topics: its payload as sent, and what the ingest refused of it. */
export type Traffic = { dir: "up" | "down"; topic: string; payload: string; at: string; refused: string[] };

/** What became of one message: values kept and values (or the whole message) refused. */
export type Outcome = { accepted: number; rejects: Reject[] };

/** The devices of a batch's values as the ingest read them (a device missing: read it from the database). */
export type DeviceContexts = ReadonlyMap<number, DeviceContext>;

export type IngestOptions = { now?: () => Date; writer?: WriterOptions; catalog?: Catalog };

/**
 * A broker that keeps device accounts of its own (Mosquitto's dynamic security): only a secret's
 * hash is stored, so it is told each new secret as it is issued (`issue` throws when the broker
 * cannot take it, and the change is then not made), and re-reads a device after every change (`sync`).
 */
export type BrokerAccounts = {
  /** Within the transaction (`tx`) that stores the device's new secret, so no other instance's reconcile sees one without the other. */
  issue(device: { sn: string; productId: number; enabled: boolean }, secret: string, tx: Db): Promise<void>;
  sync(sn: string): Promise<void>;
};

/** Which secret a broker session or account holds, without the secret: a short digest of its stored hash. */
export const secretFingerprint = (secretHash: string) => sha256(secretHash).slice(0, 16);

/**
 * The one login rule every way in shares — the embedded broker, the HTTP ingest, EMQX's hook and
 * Mosquitto's accounts: a known, enabled device of a product that exists. Its secret is checked
 * on top when the product verifies secrets.
 */
export const mayConnect = (device: Pick<DeviceInfo, "enabled"> | null, product: object | boolean | null): boolean => !!device && device.enabled && !!product;

/**
 * The device channel's one entry: MQTT (embedded or external broker) and HTTP hand it a topic and
 * a payload; it authenticates, decodes, checks against the thing model and queues what it keeps
 * for the batch writer. It never throws on a message: whatever is wrong becomes a refusal.
 */
export class Ingest extends EventEmitter<IngestEvents> {
  readonly catalog: Catalog;
  readonly writer: BatchWriter;
  private readonly now: () => Date;
  /** Messages handed in; with the writer's stats it proves nothing was lost. */
  received = 0;
  /** Messages held back for their device's refusals beyond its samples (`throttle`). */
  readonly stats = { throttled: 0 };
  /** The broker the commands go out through (set by the device channel). */
  private send: ((topic: string, payload: string) => Promise<void>) | null = null;
  /** The cluster this instance belongs to (set by the device channel), for the services beside the ingest. */
  cluster: Coordinator | null = null;
  /** An external broker's own device accounts, kept in step with every change (set by the device channel). */
  accounts: BrokerAccounts | null = null;

  constructor(
    readonly db: Db,
    opts: IngestOptions = {},
  ) {
    super();
    this.now = opts.now ?? (() => new Date());
    this.catalog = opts.catalog ?? createCatalog(db);
    this.writer = new BatchWriter(db, { ...opts.writer, onFlushed: (f) => this.flushed(f) });
  }

  private flushed(f: Flushed) {
    if (f.points.length) this.emit("telemetry", f.points, f.devices);
    if (f.online.length) this.emit("status", f.online);
    if (f.rejects.length) this.emit("rejects", f.rejects);
    if (f.points.length && this.durable.size) return Promise.all([...this.durable].map((take) => take(f.points, f.devices)));
  }

  /** The firmware messages' handler (the OTA engine). */
  private firmware: FirmwareHandler | null = null;
  /** Per device, the last of its firmware messages in hand: the next is handled after it. */
  private readonly firmwareTail = new Map<number, Promise<void>>();

  /**
   * Takes the devices' firmware messages. Like a value, a firmware message is acknowledged once the
   * handler has stored what it says (a crash in between makes the device send it again), and the
   * broker reads no more from that device meanwhile, so a database that falls behind slows the
   * devices down instead of piling their reports up in memory. A device's messages are handled one
   * after the other in the order they came (a broker hands over a whole read of a connection at
   * once). Answers the removal.
   */
  handleFirmware(handler: FirmwareHandler) {
    this.firmware = handler;
    return () => void (this.firmware === handler && (this.firmware = null));
  }

  /** Listeners whose work on stored values must be done before the values are acknowledged to their sender (data push's queue). */
  private readonly durable = new Set<(points: Point[], devices: DeviceContexts) => Promise<unknown>>();

  /** Takes stored values before they are acknowledged: a crash in between makes the sender send them again. Answers the removal. */
  takeDurably(take: (points: Point[], devices: DeviceContexts) => Promise<unknown>) {
    this.durable.add(take);
    return () => void this.durable.delete(take);
  }

  /**
   * A device was changed or deleted: it is read again at its next message, and its open
   * connections, which logged in as it was, are dropped so it must log in again; an external
   * broker's own accounts follow before this resolves.
   */
  async forgetDevice(sn: string) {
    // Every instance caches devices and holds their connections; the broker's accounts are one, kept by this one.
    if (this.cluster) await this.cluster.signal(DEVICE_SIGNAL, sn).catch((err) => console.error("[ingest] signalling a device change:", (err as Error).message));
    else this.forgetHere(sn);
    await this.accounts?.sync(sn);
  }

  /** Device changes made through any instance reach this one. */
  joinCluster(cluster: Coordinator) {
    this.cluster = cluster;
    return cluster.on(DEVICE_SIGNAL, (sn) => (typeof sn === "string" ? this.forgetHere(sn) : this.catalog.forgetAll()));
  }

  private forgetHere(sn: string) {
    this.catalog.forgetDevice(sn);
    this.emit("deviceChanged", sn);
  }

  /** A device's new secret, for a broker that keeps its own accounts; throws when the broker could not take it. */
  async issueSecret(device: { sn: string; productId: number; enabled: boolean }, secret: string, tx: Db) {
    await this.accounts?.issue(device, secret, tx);
  }

  /** The device a SN and secret belong to, or null (unknown, disabled, wrong secret). */
  async authenticate(sn: string, secret: string | undefined): Promise<DeviceInfo | null> {
    const device = await this.catalog.device(sn);
    const product = device && (await this.catalog.product(device.productId));
    if (!device || !product || !mayConnect(device, product)) return null;
    if (!product.verifySecret) return device;
    return secret !== undefined && sha256(secret) === device.secretHash ? device : null;
  }

  attach(send: (topic: string, payload: string) => Promise<void>) {
    this.send = send;
  }

  /**
   * Sends a command to a device (property/set, service/call, cycle/set); it answers on the
   * matching reply channel, which the `reply` event carries. False when no broker is attached.
   */
  async command(device: { productId: number; sn: string }, channel: DownChannel, body: Record<string, unknown>): Promise<boolean> {
    if (!this.send) return false;
    const topic = deviceTopic(device.productId, device.sn, channel);
    const payload = JSON.stringify(body);
    await this.send(topic, payload);
    if (this.listenerCount("traffic")) this.emit("traffic", { dir: "down", topic, payload, at: this.now().toISOString(), refused: [] });
    return true;
  }

  /** Records a refusal that happened before a message reached `handle` (a foreign topic). */
  refuse(r: Omit<Reject, "at">) {
    this.received++;
    return this.writer.push({ points: [], rejects: [{ ...r, at: this.now() }] });
  }

  /**
   * Takes one message. `from` is the authenticated sender (MQTT client or HTTP caller); an
   * external broker has authenticated it already. With `wait` "committed" the outcome comes once
   * the batch holding the message is committed, so an acknowledgement sent then is a promise kept
   * across a crash; it rejects when the message could not be kept at all (the database stayed
   * away), and the sender should send it again. With "queued" (best effort: MQTT QoS 0) it comes
   * once the writer has room, its back-pressure. Either way the transport should read no more from
   * that sender until it comes.
   */
  async handle(topic: string, payload: Buffer, from?: DeviceInfo, wait: "committed" | "queued" = "committed"): Promise<Outcome> {
    const { handled, ...msg } = await this.prepare(topic, payload, from);
    const firmware = settled(handled);
    if (wait === "queued") {
      await this.writer.push(msg);
      // Best effort: a firmware message that could not be handled is not sent again.
      await firmware;
    } else {
      await new Promise<void>((resolve, reject) => void this.writer.push(msg, (err) => (err ? reject(err) : resolve())));
      const err = await firmware;
      if (err) throw err;
    }
    await this.throttle(msg);
    return { accepted: msg.points.length, rejects: msg.rejects };
  }

  /** When each throttled device may be read again (epoch ms). */
  private readonly throttled = new Map<number, number>();

  /** Holds a device over its refusal samples (see THROTTLE_MS_PER_REFUSAL); its messages in flight queue up behind each other. */
  private async throttle(msg: Message) {
    let over = 0;
    for (const r of msg.rejects) if (r.sampled === false) over++;
    const id = msg.rejects[0]?.deviceId;
    if (!over || id == null) return;
    const now = Date.now();
    const until = Math.max(now, this.throttled.get(id) ?? 0) + Math.min(THROTTLE_MAX_MS, over * THROTTLE_MS_PER_REFUSAL);
    this.throttled.set(id, until);
    this.stats.throttled++;
    await new Promise((r) => setTimeout(r, until - now));
    if (this.throttled.get(id) === until) this.throttled.delete(id);
  }

  /**
   * A message from an external broker, which must keep reading while earlier messages wait for
   * their batch: `queued` resolves when the writer has room (read the next), `committed` when the
   * message is stored (acknowledge it to the broker then, so a crash loses nothing acknowledged).
   */
  accept(topic: string, payload: Buffer, redelivered = false): { queued: Promise<void>; committed: Promise<void> } {
    let stored!: () => void;
    let failed!: (err: Error) => void;
    const committed = new Promise<void>((resolve, reject) => {
      stored = resolve;
      failed = reject;
    });
    const queued = this.prepare(topic, payload).then(({ handled, ...msg }) => {
      const firmware = settled(handled);
      return this.writer.push({ ...msg, redelivered }, (err) => (err ? failed(err) : void firmware.then((e) => (e ? failed(e) : stored()))));
    });
    queued.catch(failed);
    return { queued, committed };
  }

  /** Hands a firmware message to the handler once the device's previous one is done (whatever became of it). */
  private firmwareInTurn(m: FirmwareMessage): Promise<void> | undefined {
    const handler = this.firmware;
    if (!handler) return undefined;
    const before = this.firmwareTail.get(m.device.id);
    const handled = before ? before.then(() => handler(m)) : handler(m);
    const tail = handled.then(
      () => {},
      () => {},
    );
    this.firmwareTail.set(m.device.id, tail);
    void tail.then(() => this.firmwareTail.get(m.device.id) === tail && this.firmwareTail.delete(m.device.id));
    return handled;
  }

  /** A message checked: the values kept and the refusals, never a throw. */
  private async prepare(topic: string, payload: Buffer, from?: DeviceInfo): Promise<Checked> {
    this.received++;
    let msg: Checked;
    try {
      msg = await this.check(topic, payload, from);
    } catch (err) {
      // The catalog could not be read (database away): the message is kept as a refusal, not dropped.
      msg = { points: [], rejects: [{ deviceId: from?.id ?? null, at: this.now(), topic, reason: "internal", detail: (err as Error).message.slice(0, 500), payload: payload.subarray(0, PAYLOAD_KEEP).toString("utf8") }] };
    }
    msg.topic = topic;
    if (this.listenerCount("traffic"))
      this.emit("traffic", { dir: "up", topic, payload: payload.subarray(0, PAYLOAD_KEEP).toString("utf8"), at: this.now().toISOString(), refused: msg.rejects.map((r) => (r.identifier ? `${r.identifier}: ${r.reason}` : r.reason)) });
    return msg;
  }

  /** A whole message refused, quoting its start; the device is heard all the same unless it is disabled. */
  private refusal(topic: string, payload: Buffer, at: Date, deviceId: number | null, reason: string, detail?: string): Message {
    return {
      points: [],
      rejects: [{ deviceId, at, topic, reason, detail, payload: payload.subarray(0, PAYLOAD_KEEP).toString("utf8") }],
      heard: deviceId && reason !== "disabled" ? { deviceId, at } : undefined,
    };
  }

  // The refusals are built by methods, not closures made per message: a flood of junk makes many of them.
  private async check(topic: string, payload: Buffer, from?: DeviceInfo): Promise<Checked> {
    const at = this.now();
    const refuse = this.refusal.bind(this, topic, payload, at);
    const parsed = parseUpTopic(topic);
    if (!parsed) return refuse(from?.id ?? null, "badTopic");
    const device = from?.sn === parsed.sn ? from : await this.catalog.device(parsed.sn);
    if (!device) return refuse(null, "unknownDevice", parsed.sn);
    if (from && from.id !== device.id) return refuse(from.id, "foreignTopic");
    if (device.productId !== parsed.productId) return refuse(device.id, "wrongProduct", String(parsed.productId));
    if (!device.enabled) return refuse(device.id, "disabled");
    const product = await this.catalog.product(device.productId);
    if (!product) return refuse(device.id, "unknownProduct");
    const decode = DECODERS[product.dataFormat];
    if (!decode) return refuse(device.id, "noDecoder", product.dataFormat);
    let decoded: Decoded;
    try {
      decoded = decode(parsed.channel, payload);
    } catch (err) {
      if (err instanceof DecodeError) return refuse(device.id, err.reason, err.detail);
      return refuse(device.id, "badPayload", (err as Error).message.slice(0, 200));
    }
    const ts = decoded.time ?? at;
    if (ts.getTime() > at.getTime() + FUTURE_MS || ts.getTime() < at.getTime() - HISTORY_MS) return refuse(device.id, "badTime", ts.toISOString());
    const heard: NonNullable<Message["heard"]> = { deviceId: device.id, at };
    if (decoded.body) return { points: [], rejects: [], heard, handled: this.firmwareInTurn({ device, channel: parsed.channel, body: decoded.body, at }) };
    if (parsed.channel === "property/post") return this.properties(device, product, decoded, ts, topic, at);
    if (parsed.channel === "event/post") return { ...this.event(device, product, decoded, ts, topic, at), heard };
    if (parsed.channel === "cycle/reply") {
      if (decoded.cycle! < 0 || decoded.cycle! > 31_536_000) return refuse(device.id, "badCycle", String(decoded.cycle));
      await this.db.update(devices).set({ reportCycle: decoded.cycle! }).where(eq(devices.id, device.id));
    }
    this.emit("reply", { deviceId: device.id, channel: parsed.channel, message: decoded });
    return { points: [], rejects: [], heard };
  }

  private properties(device: DeviceInfo, product: ProductInfo, d: Decoded, ts: Date, topic: string, at: Date): Message {
    const points: Point[] = [];
    const rejects: Reject[] = [];
    const heard: NonNullable<Message["heard"]> = { deviceId: device.id, at };
    for (const identifier in d.params) {
      const value = d.params[identifier];
      const fn = product.functions.get(identifier);
      // The value is quoted as text only if this refusal is kept as a row (a sample).
      if (!fn) rejects.push({ deviceId: device.id, at, topic, identifier, reason: "unknownIdentifier", payload: { value } });
      else if (fn.type !== 1) rejects.push({ deviceId: device.id, at, topic, identifier, reason: "notProperty", payload: { value } });
      else {
        const r = fn.check(value);
        if ("reason" in r) rejects.push({ deviceId: device.id, at, topic, identifier, reason: r.reason, detail: r.detail, payload: { value } });
        else {
          points.push({ deviceId: device.id, identifier, ts, num: r.num, txt: r.txt });
          if ((identifier === "battery" || identifier === "signal") && r.num !== null) heard[identifier] = r.num;
        }
      }
    }
    return { points, rejects, heard, device };
  }

  private event(device: DeviceInfo, product: ProductInfo, d: Decoded, ts: Date, topic: string, at: Date): Message {
    const identifier = d.identifier!;
    const fn = product.functions.get(identifier);
    const reject = (reason: string, detail?: string): Message => ({ points: [], rejects: [{ deviceId: device.id, at, topic, identifier, reason, detail, payload: { value: d.params } }] });
    if (!fn) return reject("unknownIdentifier");
    if (fn.type !== 2) return reject("notEvent");
    const r = fn.check(d.params);
    if ("reason" in r) return reject(r.reason, r.detail);
    return { points: [{ deviceId: device.id, identifier, ts, num: null, txt: JSON.stringify(d.params) }], rejects: [], device };
  }

  /** Writes what is queued; then `received` equals stored + rejected messages' worth of values. */
  drain() {
    return this.writer.drain();
  }

  async close() {
    await this.writer.drain();
    this.removeAllListeners();
  }
}

export type { DeviceContext, DeviceInfo, ProductInfo };
