import { asc, eq, inArray } from "drizzle-orm";
import type { MqttClient } from "mqtt";
import { deviceTopic } from "@/lib/contract/device/topics";
import { MAINTENANCE_SERVICES } from "@/lib/contract/device/command";
import { FUNC_TYPE, type ThingFunction } from "@/lib/contract/device/thing-model";
import type { Db } from "../db/client";
import { devices, productFunctions, products } from "../db/schema";
import { sha256 } from "../lib/crypto";
import { BatchWriter, type Point } from "../ingest/writer";
import { PAD_SERVICE } from "@/lib/contract/linkage/pad";
import { VIDICON_SERVICE } from "@/lib/contract/video/video";
import { demoDeviceSecret } from "./key";
import { padAnswer, settle, vidiconAnswer, type PadState } from "./pad";
import { otaBehaviour, otaClient, type OtaBehaviour } from "./ota";
import { runRobot } from "./robot";
import { arraySeriesFor, noise, sampleValue, seriesFor, stringLengthOf } from "./series";

const DAY = 86_400_000;

export type SimDevice = {
  id: number;
  sn: string;
  productId: number;
  secret: string;
  cycleS: number;
  activeCycleMin: number;
  seed: number;
  series: { identifier: string; at: (t: number) => number }[];
  /** Array properties reported whole (an inclinometer string's units, a logger's temperatures). */
  arrays: { identifier: string; at: (t: number) => unknown[] }[];
  others: ThingFunction[];
  events: ThingFunction[];
  services: ThingFunction[];
  /** The firmware it runs, and how it answers an upgrade. */
  firmware: string;
  ota: OtaBehaviour;
  /** An inspection robot: it patrols and answers the pad instead of reporting series. */
  robot: boolean;
};

/** The maintenance calls every device answers besides its thing model's services (deviceRest, deviceInit, deviceLaserOn). */
const MAINTENANCE = new Set(Object.values(MAINTENANCE_SERVICES));
/** Every this many commands one is lost (radio, a busy device): no reply, and the cloud times it out. */
const LOST_EVERY = 7;
/** How long a device takes to answer a call, in ms: a restart takes a while. */
const ANSWER_MS: Record<string, number> = { reboot: 2500, init: 1200, [PAD_SERVICE]: 50, [VIDICON_SERVICE]: 20 };

/** The devices whose secret is the simulator's (the demo devices), with what they report. */
async function simulatedDevices(db: Db): Promise<SimDevice[]> {
  const rows = await db
    .select({ id: devices.id, sn: devices.deviceSn, productId: devices.productId, secretHash: devices.secretHash, cycle: devices.reportCycle, activeCycle: products.activeCycle, firmware: devices.firmwareVersion, category: products.prodCategory })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(eq(devices.enableStatus, 1))
    .orderBy(asc(devices.id));
  const mine = rows.map((r) => ({ ...r, secret: demoDeviceSecret(r.sn) })).filter((r) => sha256(r.secret) === r.secretHash);
  if (!mine.length) return [];
  const fns = await db
    .select({ productId: productFunctions.productId, definition: productFunctions.definition })
    .from(productFunctions)
    .where(inArray(productFunctions.productId, [...new Set(mine.map((r) => r.productId))]));
  return mine.map((r) => {
    const own = fns.filter((f) => f.productId === r.productId).map((f) => f.definition);
    const props = own.filter((f) => f.funcType === FUNC_TYPE.property);
    const context = { stringLength: stringLengthOf(props) };
    const series = props.flatMap((f) => {
      const at = seriesFor(f, r.id * 101, context);
      return at ? [{ identifier: f.identifier, at }] : [];
    });
    return {
      id: r.id,
      sn: r.sn,
      productId: r.productId,
      secret: r.secret,
      cycleS: r.cycle > 0 ? r.cycle : 60,
      activeCycleMin: r.activeCycle,
      seed: r.id * 101,
      series,
      arrays: props.flatMap((f) => {
        const at = arraySeriesFor(f, r.id * 101);
        return at ? [{ identifier: f.identifier, at }] : [];
      }),
      others: props.filter((f) => !series.some((s) => s.identifier === f.identifier) && f.dataType && f.dataType.type !== "struct" && f.dataType.type !== "array"),
      events: own.filter((f) => f.funcType === FUNC_TYPE.event),
      services: own.filter((f) => f.funcType === FUNC_TYPE.service),
      firmware: r.firmware ?? "1.0.0",
      ota: otaBehaviour(mine.filter((x) => x.productId === r.productId).indexOf(r)),
      robot: r.category === "robot",
    };
  });
}

/** Series back-filled per device: the first few numeric properties. */
const BACKFILL_SERIES = 3;

/**
 * A year of history for a few measurement points (the first simulated device of each product),
 * written straight to storage in large batches: every 3 hours for the year, every 10 minutes for
 * the last three days. About 3,400 values per series: a few seconds on PGlite at first start.
 */
export async function backfill(db: Db, sims: SimDevice[], now: number): Promise<number> {
  const writer = new BatchWriter(db, { maxBatch: 20_000, highWater: 100_000 });
  const firstOfProduct = sims.filter((s, i) => !s.robot && sims.findIndex((x) => x.productId === s.productId) === i);
  const recent = now - 3 * DAY;
  const times: number[] = [];
  for (let t = Math.ceil((now - 365 * DAY) / (3 * 3600_000)) * 3 * 3600_000; t < recent; t += 3 * 3600_000) times.push(t);
  for (let t = recent; t < now; t += 10 * 60_000) times.push(t);
  for (const s of firstOfProduct) {
    const series = s.series.slice(0, BACKFILL_SERIES);
    let lastArrays = -Infinity;
    for (let i = 0; i < times.length; i += 2000) {
      const points: Point[] = [];
      for (const t of times.slice(i, i + 2000)) {
        for (const x of series) points.push({ deviceId: s.id, identifier: x.identifier, ts: new Date(t), num: x.at(t), txt: null });
        // Arrays are large: one a day for the year, every step for the last days.
        if (s.arrays.length && (t >= recent || t - lastArrays >= DAY)) {
          lastArrays = t;
          for (const u of s.arrays) points.push({ deviceId: s.id, identifier: u.identifier, ts: new Date(t), num: null, txt: JSON.stringify(u.at(t)) });
        }
      }
      if (points.length) await writer.push({ points, rejects: [] });
    }
  }
  await writer.drain();
  return writer.stats.stored;
}

type Running = { client: MqttClient; timer: NodeJS.Timeout | null; silentUntil: number; overrides: Map<string, unknown>; commands: number; pad: PadState; robot?: Awaited<ReturnType<typeof runRobot>> };

export type SimulatorOptions = {
  brokerUrl: string;
  /** Fill a year of history first (the first start with demo data). */
  backfill?: boolean;
  now?: () => number;
  /** SNs of devices that take commands in and never answer them (default from SIMULATOR_IGNORE). */
  ignoreCommands?: readonly string[];
};

/** `SIMULATOR_IGNORE=SN,SN`: demo devices that stay deaf to commands, so their commands time out (a test's switch). */
const ignoredFromEnv = () => (process.env.SIMULATOR_IGNORE ?? "").split(",").map((x) => x.trim()).filter(Boolean);

/**
 * The demo devices over real MQTT: each logs in with its SN and secret, reports its properties
 * every reporting cycle, now and then posts an event, sometimes falls silent for longer than its
 * product's active cycle, and answers property-set, cycle-set and service calls (a restart after
 * a few seconds, an unknown service with code 404, and every seventh command not at all). Devices
 * named in `ignoreCommands` answer none.
 */
export async function startSimulator(db: Db, opts: SimulatorOptions) {
  const now = opts.now ?? Date.now;
  const deaf = new Set(opts.ignoreCommands ?? ignoredFromEnv());
  const sims = await simulatedDevices(db);
  if (opts.backfill && sims.length) {
    const started = Date.now();
    const rows = await backfill(db, sims, now());
    console.log(`[simulator] back-filled ${rows} values of ${sims.length} devices in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const mqtt = await import("mqtt");
  const running = new Map<number, Running>();
  let tick = 0;

  const publish = (s: SimDevice, r: Running, channel: Parameters<typeof deviceTopic>[2], body: unknown) => {
    if (r.client.connected) r.client.publish(deviceTopic(s.productId, s.sn, channel), JSON.stringify(body), { qos: 0 });
  };

  const report = (s: SimDevice, r: Running) => {
    const t = now();
    if (t < r.silentUntil) return;
    tick++;
    // About once a day per device at a 30 s cycle: silent past the active cycle, so it goes offline.
    if (noise(s.seed + 9, tick) < 0.0004) {
      r.silentUntil = t + (s.activeCycleMin + 2) * 60_000;
      return;
    }
    const params: Record<string, unknown> = {};
    for (const x of s.series) params[x.identifier] = r.overrides.get(x.identifier) ?? x.at(t);
    for (const u of s.arrays) params[u.identifier] = u.at(t);
    for (const f of s.others) params[f.identifier] = r.overrides.get(f.identifier) ?? sampleValue(f.dataType!, s.seed, Math.floor(t / 3600_000));
    if (Object.keys(params).length) publish(s, r, "property/post", { time: t, params });
    const event = s.events[0];
    if (event && noise(s.seed + 11, tick) < 0.01) {
      const out = Object.fromEntries((event.outputParams ?? []).map((p, i) => [p.identifier, sampleValue(p.dataType, s.seed + i, tick)]));
      publish(s, r, "event/post", { time: t, identifier: event.identifier, params: out });
    }
  };

  const schedule = (s: SimDevice, r: Running) => {
    if (r.timer) clearInterval(r.timer);
    r.timer = setInterval(() => report(s, r), s.cycleS * 1000);
  };

  for (const s of sims) {
    const client = mqtt.connect(opts.brokerUrl, { clientId: `sim-${s.sn}`, username: s.sn, password: s.secret, reconnectPeriod: 5000, connectTimeout: 10_000 });
    const r: Running = { client, timer: null, silentUntil: 0, overrides: new Map(), commands: 0, pad: { pan: 0, tilt: 0 } };
    running.set(s.id, r);
    client.on("error", () => {});
    if (s.robot) {
      const auth = `Basic ${Buffer.from(`${s.sn}:${s.secret}`).toString("base64")}`;
      // Talk-back clips come from the cloud over HTTP, with the robot's own credentials.
      const fetchClip = async (url: string) => {
        const res = await fetch(url, { headers: { authorization: auth }, signal: AbortSignal.timeout(8000) });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return Buffer.from(await res.arrayBuffer());
      };
      r.robot = await runRobot(db, { deviceId: s.id, seed: s.seed, now, publish: (channel, body) => publish(s, r, channel, body), fetchClip });
      client.on("connect", () => client.subscribe([deviceTopic(s.productId, s.sn, "service/call")]));
      client.on("message", (_topic, payload) => {
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(payload.toString());
        } catch {
          return;
        }
        const identifier = String(body.identifier ?? "");
        void r.robot!.call(identifier, (body.params ?? {}) as Record<string, unknown>).then(({ code, out }) => publish(s, r, "service/reply", { id: body.id, identifier, code, params: out }));
      });
      continue;
    }
    const ota = otaClient({
      sn: s.sn,
      secret: s.secret,
      behaviour: s.ota,
      version: s.firmware,
      publish: (channel, body) => publish(s, r, channel, body),
      // The power goes: the connection drops at once and the client logs in again after its reconnect period.
      powerCycle: () => client.stream.destroy(),
    });
    client.on("connect", () => {
      client.subscribe([deviceTopic(s.productId, s.sn, "property/set"), deviceTopic(s.productId, s.sn, "cycle/set"), deviceTopic(s.productId, s.sn, "service/call"), deviceTopic(s.productId, s.sn, "ota/upgrade")]);
      ota.started();
      report(s, r);
    });
    client.on("message", (topic, payload) => {
      if (topic.endsWith("/ota/upgrade")) return ota.offer(payload);
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(payload.toString());
      } catch {
        return;
      }
      r.commands++;
      if (deaf.has(s.sn) || r.commands % LOST_EVERY === 0) return;
      if (topic.endsWith("/property/set") && body.params && typeof body.params === "object") {
        for (const [k, v] of Object.entries(body.params)) r.overrides.set(k, v);
        report(s, r);
      } else if (topic.endsWith("/cycle/set") && Number.isInteger(body.cycle) && (body.cycle as number) >= 0) {
        s.cycleS = (body.cycle as number) || s.cycleS;
        schedule(s, r);
        publish(s, r, "cycle/reply", { id: body.id, cycle: body.cycle });
      } else if (topic.endsWith("/service/call")) {
        const identifier = String(body.identifier ?? "");
        const fn = s.services.find((f) => f.identifier === identifier);
        // A call the device does not know is answered as such: the command fails.
        if (!fn && !MAINTENANCE.has(identifier as never)) return publish(s, r, "service/reply", { id: body.id, identifier, code: 404, params: {} });
        // The pad's camera answers from its own state; other services with sample outputs.
        const params = (body.params ?? {}) as Record<string, unknown>;
        const pad = identifier === PAD_SERVICE ? padAnswer(r.pad, params, s.sn) : identifier === VIDICON_SERVICE ? vidiconAnswer(r.pad, params, s.sn, Date.now()) : null;
        const out = pad?.out ?? Object.fromEntries((fn?.outputParams ?? []).map((p, i) => [p.identifier, sampleValue(p.dataType, s.seed + i, r.commands)]));
        setTimeout(() => {
          publish(s, r, "service/reply", { id: body.id, identifier, code: pad?.code ?? 200, params: out });
          // Back from a restart or re-initialisation, a device reports at once.
          if (identifier === "reboot" || identifier === "init") report(s, r);
        }, ANSWER_MS[identifier] ?? 300).unref();
      }
    });
    schedule(s, r);
  }
  if (sims.length) console.log(`[simulator] ${sims.length} demo devices publishing to ${opts.brokerUrl}${deaf.size ? `; ignoring commands to ${[...deaf].join(", ")}` : ""}`);

  return {
    devices: sims.length,
    /** Where a simulated pan-tilt camera points (its pictures follow it). */
    padOf: (deviceId: number): PadState | undefined => {
      const pad = running.get(deviceId)?.pad;
      return pad && settle(pad, Date.now());
    },
    async close() {
      await Promise.all(
        [...running.values()].map(async (r) => {
          if (r.timer) clearInterval(r.timer);
          r.robot?.stop();
          await r.client.endAsync(true);
        }),
      );
    },
  };
}
