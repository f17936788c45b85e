import { describe, expect, it } from "vitest";
import { and, count, eq, sum } from "drizzle-orm";
import mqtt, { type MqttClient } from "mqtt";
import { deviceTopic } from "@/lib/contract/device/topics";
import type { Db } from "../db/client";
import { deviceRejectCounts, deviceRejects, devices, telemetry, telemetryLatest } from "../db/schema";
import { SETUP_MS } from "../testing";
import { ingestBench, type IngestBench } from "./fixtures";
import type { DeviceChannel } from ".";
import { propIdOf } from "../db/queries/telemetry-props";

let db: Db;
let channel: DeviceChannel;
let productId: number;
let devs: IngestBench["devs"];
const clients = ingestBench({ code: "ingest", count: 4, prefix: "ING" }, (b) => ({ db, channel, productId, devs } = b));

/** Connects as a device; rejects with the broker's refusal. */
async function connect(sn: string, secret: string): Promise<MqttClient> {
  const c = await mqtt.connectAsync(channel.transport.url, { username: sn, password: secret, reconnectPeriod: 0, clientId: `${sn}-${clients.length}` });
  clients.push(c);
  return c;
}
const post = (d: { sn: string }, params: unknown, time?: number) => JSON.stringify({ time, params });
const rejectsOf = (deviceId: number) => db.select().from(deviceRejects).where(eq(deviceRejects.deviceId, deviceId));
/** Every refusal, counted (the rows in device_rejects are a device's samples). */
const refusalsOf = async (deviceId: number) => (await db.select({ n: sum(deviceRejectCounts.count).mapWith(Number) }).from(deviceRejectCounts).where(eq(deviceRejectCounts.deviceId, deviceId)))[0].n ?? 0;
const valuesOf = (deviceId: number, identifier: string) =>
  db.select({ num: telemetry.num }).from(telemetry).where(and(eq(telemetry.deviceId, deviceId), eq(telemetry.propId, propIdOf(identifier))));

describe("MQTT ingest", () => {
  it("refuses a wrong secret and an unknown SN", async () => {
    await expect(connect(devs[0].sn, "wrong")).rejects.toThrow(/Bad username or password/i);
    await expect(connect("NOPE", "x")).rejects.toThrow(/Bad username or password/i);
  });

  it("stores good values, brings the device online, and records bad values with their reason instead of storing them", async () => {
    const d = devs[0];
    const c = await connect(d.sn, d.secret);
    await c.publishAsync(deviceTopic(productId, d.sn, "property/post"), post(d, { temperature: 21.5, humidity: 140, battery: 77, pressure: 3 }), { qos: 1 });
    await c.publishAsync(deviceTopic(productId, d.sn, "property/post"), "{not json", { qos: 1 });
    await c.publishAsync(deviceTopic(productId, d.sn, "event/post"), JSON.stringify({ identifier: "overload", params: { value: 12 } }), { qos: 1 });
    await c.publishAsync(deviceTopic(productId, d.sn, "property/post"), post(d, { mode: 7 }), { qos: 1 });
    await channel.ingest.drain();

    expect(await valuesOf(d.id, "temperature")).toEqual([{ num: 21.5 }]);
    expect(await valuesOf(d.id, "humidity")).toEqual([]);
    expect(await valuesOf(d.id, "overload")).toHaveLength(1);
    const reasons = (await rejectsOf(d.id)).map((r) => [r.identifier, r.reason]).sort();
    expect(reasons).toEqual([
      [null, "badJson"],
      ["humidity", "check.range"],
      ["mode", "check.enum"],
      ["pressure", "unknownIdentifier"],
    ]);
    const [dev] = await db.select().from(devices).where(eq(devices.id, d.id));
    expect(dev).toMatchObject({ status: 2, battery: 77 });
    const latest = await db.select().from(telemetryLatest).where(eq(telemetryLatest.deviceId, d.id));
    expect(latest.map((l) => l.identifier).sort()).toEqual(["battery", "overload", "temperature"]);
  });

  it("cuts off a device publishing on another device's topic and keeps the attempt as a refusal", async () => {
    const [a, b] = devs.slice(1);
    const c = await connect(a.sn, a.secret);
    const closed = new Promise<void>((resolve) => c.once("close", () => resolve()));
    c.publish(deviceTopic(productId, b.sn, "property/post"), post(b, { temperature: 1 }), { qos: 1 });
    await closed;
    await channel.ingest.drain();
    expect(await valuesOf(b.id, "temperature")).toEqual([]);
    expect((await rejectsOf(a.id)).map((r) => r.reason)).toEqual(["foreignTopic"]);
  });

  it("grants a device its own command topics only, and delivers commands to it", async () => {
    const d = devs[3];
    const c = await connect(d.sn, d.secret);
    const own = await c.subscribeAsync(deviceTopic(productId, d.sn, "property/set"), { qos: 1 });
    expect(own[0].qos).toBe(1);
    // Refused subscriptions are granted 128, which the client reports as an error.
    await expect(c.subscribeAsync(deviceTopic(productId, devs[0].sn, "property/set"), { qos: 1 })).rejects.toThrow(/Subscribe error/);
    await expect(c.subscribeAsync("iot/#", { qos: 1 })).rejects.toThrow(/Subscribe error/);
    const got = new Promise<string>((resolve) => c.once("message", (_t, p) => resolve(p.toString())));
    expect(await channel.ingest.command({ productId, sn: d.sn }, "property/set", { id: "1", params: { mode: 1 } })).toBe(true);
    expect(JSON.parse(await got)).toEqual({ id: "1", params: { mode: 1 } });
  });

  it("takes a device's answer to a cycle command: the device's reporting cycle changes and the reply is announced", async () => {
    const d = devs[3];
    const c = await connect(d.sn, d.secret);
    const reply = new Promise<unknown>((resolve) => channel.ingest.once("reply", resolve));
    await c.publishAsync(deviceTopic(productId, d.sn, "cycle/reply"), JSON.stringify({ id: "7", cycle: 600 }), { qos: 1 });
    expect(await reply).toMatchObject({ deviceId: d.id, channel: "cycle/reply", message: { id: "7", cycle: 600 } });
    const [dev] = await db.select({ reportCycle: devices.reportCycle }).from(devices).where(eq(devices.id, d.id));
    expect(dev.reportCycle).toBe(600);
  });

  it("acknowledges a firmware message once its handler is done, hands over the device's next one only then, and cuts off the device when the handler fails", async () => {
    const d = devs[2];
    const c = await connect(d.sn, d.secret);
    const seen: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const off = channel.ingest.handleFirmware(async (m) => {
      seen.push(Number(m.body.step));
      if (m.body.step === 1) await held;
      if (m.body.step === 3) throw new Error("database away");
    });
    try {
      const topic = deviceTopic(productId, d.sn, "ota/progress");
      let acked = 0;
      const first = c.publishAsync(topic, JSON.stringify({ taskId: 1, step: 1 }), { qos: 1 }).then(() => acked++);
      const second = c.publishAsync(topic, JSON.stringify({ taskId: 1, step: 2 }), { qos: 1 }).then(() => acked++);
      // Well past the writer's commit, the first report is still in hand: not acknowledged, and the second waits its turn.
      await channel.ingest.drain();
      await new Promise((r) => setTimeout(r, 300));
      expect(acked).toBe(0);
      expect(seen).toEqual([1]);
      release();
      await Promise.all([first, second]);
      expect(seen).toEqual([1, 2]);
      // A report the handler could not keep is not acknowledged: the device is cut off and sends it again when back.
      const closed = new Promise<void>((resolve) => c.once("close", () => resolve()));
      c.publish(topic, JSON.stringify({ taskId: 1, step: 3 }), { qos: 1 });
      await closed;
      expect(seen).toEqual([1, 2, 3]);
    } finally {
      off();
    }
  });

  it("loses nothing in a burst of 10,000 messages: published = stored + refused, nothing dead-lettered", async () => {
    const d = devs[2];
    const c = await connect(d.sn, d.secret);
    const topic = deviceTopic(productId, d.sn, "property/post");
    const base = Date.now() - 3600_000;
    const sent = { good: 0, bad: 0 };
    for (let i = 0; i < 10_000; i++) {
      // Every 10th value is out of range.
      const bad = i % 10 === 0;
      if (bad) sent.bad++;
      else sent.good++;
      c.publish(topic, JSON.stringify({ time: base + i, params: { temperature: bad ? 500 : (i % 80) - 20 } }), { qos: 0 });
    }
    await c.endAsync();
    // The broker acknowledges QoS 0 only by reading on: wait until every message reached the ingest.
    for (let tries = 0; tries < 600; tries++) {
      const [{ n }] = await db.select({ n: count() }).from(telemetry).where(eq(telemetry.deviceId, d.id));
      const r = await refusalsOf(d.id);
      if (n + r >= 10_000) break;
      await channel.ingest.drain();
      await new Promise((res) => setTimeout(res, 100));
    }
    await channel.ingest.drain();
    const [{ n }] = await db.select({ n: count() }).from(telemetry).where(eq(telemetry.deviceId, d.id));
    expect({ stored: n, rejected: await refusalsOf(d.id) }).toEqual({ stored: sent.good, rejected: sent.bad });
    expect(channel.ingest.writer.stats.deadLettered).toBe(0);
  }, SETUP_MS);
});
