import { describe, expect, it, vi } from "vitest";
import { and, count, eq, like, sum } from "drizzle-orm";
import mqtt from "mqtt";
import { deviceTopic } from "@/lib/contract/device/topics";
import type { Db } from "../db/client";
import { deviceRejectCounts, deviceRejects, ingestDeadLetters, telemetry } from "../db/schema";
import { SETUP_MS } from "../testing";
import { NOISY_PAYLOADS, ingestBench, type IngestBench } from "./fixtures";
import type { DeviceChannel } from ".";

let db: Db;
let channel: DeviceChannel;
let productId: number;
let devs: IngestBench["devs"];
const clients = ingestBench({ code: "noisy", count: 2, prefix: "NOISE" }, (b) => ({ db, channel, productId, devs } = b));

async function connect(d: { sn: string; secret: string }) {
  const c = await mqtt.connectAsync(channel.transport.url, { username: d.sn, password: d.secret, clientId: d.sn, reconnectPeriod: 0 });
  clients.push(c);
  return c;
}

describe("one device cannot spoil the others' batches", () => {
  it("stores every value of a normal device beside a device flooding NUL-laden, malformed and oversized payloads, and counts every refusal", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const [normal, noisy] = devs;
      const [good, bad] = await Promise.all([connect(normal), connect(noisy)]);
      const MESSAGES = 2000;
      let done = false;
      const sending = (async () => {
        for (let i = 0; i < MESSAGES; i += 50) {
          await Promise.all(Array.from({ length: 50 }, (_, j) => good.publishAsync(deviceTopic(productId, normal.sn, "property/post"), JSON.stringify({ params: { temperature: (i + j) % 50, humidity: 40 } }), { qos: 1 })));
        }
        done = true;
      })();
      // As fast as the broker takes them, until the normal device is through.
      let refusals = 0;
      let junk = 0;
      const topic = deviceTopic(productId, noisy.sn, "property/post");
      while (!done) {
        await Promise.all(NOISY_PAYLOADS.map(([payload, n]) => bad.publishAsync(topic, payload, { qos: 1 }).then(() => ((refusals += n), junk++))));
      }
      await sending;

      const [stored] = await db.select({ n: count() }).from(telemetry).where(eq(telemetry.deviceId, normal.id));
      expect(stored.n).toBe(MESSAGES * 2);
      // Acknowledged means committed: every refusal of every acknowledged message is counted.
      const [tally] = await db.select({ n: sum(deviceRejectCounts.count).mapWith(Number), unsampled: sum(deviceRejectCounts.unsampled).mapWith(Number) }).from(deviceRejectCounts).where(eq(deviceRejectCounts.deviceId, noisy.id));
      expect(junk).toBeGreaterThan(0);
      expect(tally.n).toBe(refusals);
      // Samples, not every row: the rest is counted only.
      const [rows] = await db.select({ n: count() }).from(deviceRejects).where(eq(deviceRejects.deviceId, noisy.id));
      expect(rows.n).toBeLessThan(refusals);
      expect(rows.n + tally.unsampled).toBe(refusals);
      // What was sent with NULs is kept with them escaped.
      const [escaped] = await db.select({ n: count() }).from(deviceRejects).where(and(eq(deviceRejects.deviceId, noisy.id), like(deviceRejects.payload, "%\\\\u0000%")));
      expect(escaped.n).toBeGreaterThan(0);
      // Not one batch spoiled, nothing dead-lettered, no log line.
      expect(channel.ingest.writer.stats).toMatchObject({ failures: 0, deadLettered: 0 });
      expect(await db.select().from(ingestDeadLetters)).toEqual([]);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  }, SETUP_MS);

  it("holds back a device past its refusal samples, and only that device", async () => {
    const [normal, noisy] = devs;
    const topic = (d: { sn: string }) => deviceTopic(productId, d.sn, "property/post");
    const junk = Buffer.from(JSON.stringify({ params: { nope: 1 } }));
    // Past its 60 samples of the minute (spent already when the flood above ran first), its junk starts being held.
    const before = channel.ingest.stats.throttled;
    for (let i = 0; i < 100 && channel.ingest.stats.throttled === before; i++) await channel.ingest.handle(topic(noisy), junk);
    expect(channel.ingest.stats.throttled).toBe(before + 1);
    // Three messages of a thousand refusals each: held one after another, seconds in all.
    const done: string[] = [];
    const [wide] = NOISY_PAYLOADS[4];
    const held = Promise.all([1, 2, 3].map(() => channel.ingest.handle(topic(noisy), wide).then(() => done.push("noisy"))));
    // A good message of another device meanwhile is not held: it is answered once committed.
    const outcome = await channel.ingest.handle(topic(normal), Buffer.from(JSON.stringify({ params: { temperature: 1 } })));
    done.push("normal");
    expect(outcome).toEqual({ accepted: 1, rejects: [] });
    await held;
    expect(done).toEqual(["normal", "noisy", "noisy", "noisy"]);
    expect(channel.ingest.stats.throttled).toBe(before + 4);
  }, SETUP_MS);
});
