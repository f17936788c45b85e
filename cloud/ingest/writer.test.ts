import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbHandle } from "../db/client";
import { deviceHeard, deviceRejects, devices, deviceStatusLog, ingestDeadLetters, telemetry, telemetryHourly, telemetryLatest, telemetryProps, tenants } from "../db/schema";
import { openTestDb, SETUP_MS } from "../testing";
import { addDevices, addSensorProduct } from "./fixtures";
import { ensurePartitions } from "./partitions";
import { sweepOffline } from "./sweep";
import { BatchWriter, type Flushed } from "./writer";
import { insertTelemetry } from "../db/queries/telemetry-props";
import { DEVICE_ROW_STEP_MS } from "../db/queries/device-heard";

let handle: DbHandle;
let db: Db;
let devs: { id: number; sn: string }[];
let tenantId: number;
let productId: number;
const T0 = new Date("2026-03-02T08:00:00Z");
const at = (s: number) => new Date(T0.getTime() + s * 1000);

beforeAll(async () => {
  handle = await openTestDb();
  db = handle.db;
  const [t] = await db.insert(tenants).values({ name: "writer test", code: "writer" }).returning();
  tenantId = t.id;
  productId = await addSensorProduct(db, t.id, { activeCycle: 5 });
  devs = await addDevices(db, { tenantId: t.id, productId, count: 3, prefix: "W" });
}, SETUP_MS);
afterAll(() => handle?.close());

const rowsOf = (deviceId: number) =>
  db.select({ identifier: telemetryProps.identifier, ts: telemetry.ts, num: telemetry.num, txt: telemetry.txt }).from(telemetry).innerJoin(telemetryProps, eq(telemetryProps.id, telemetry.propId)).where(eq(telemetry.deviceId, deviceId)).orderBy(asc(telemetry.ts));

describe("BatchWriter", () => {
  it("writes a batch at once, keeps the newest value per property and logs a device coming online once", async () => {
    const flushed: Flushed[] = [];
    const w = new BatchWriter(db, { flushMs: 10, onFlushed: (f) => void flushed.push(f) });
    const [a] = devs;
    w.push({ points: [{ deviceId: a.id, identifier: "temperature", ts: at(20), num: 21.5, txt: null }], rejects: [], heard: { deviceId: a.id, at: at(20), battery: 80 } });
    // An older value arriving later must not overwrite the latest one.
    w.push({ points: [{ deviceId: a.id, identifier: "temperature", ts: at(10), num: 19, txt: null }], rejects: [], heard: { deviceId: a.id, at: at(21) } });
    w.push({ points: [], rejects: [{ deviceId: a.id, at: at(21), topic: "t", identifier: "x", reason: "unknownIdentifier" }] });
    await w.drain();
    expect(w.stats).toMatchObject({ stored: 2, rejected: 1, batches: 1 });
    expect((await rowsOf(a.id)).map((r) => r.num)).toEqual([19, 21.5]);
    const [latest] = await db.select().from(telemetryLatest).where(eq(telemetryLatest.deviceId, a.id));
    expect(latest).toMatchObject({ identifier: "temperature", num: 21.5 });
    const [d] = await db.select().from(devices).where(eq(devices.id, a.id));
    expect(d).toMatchObject({ status: 2, battery: 80 });
    expect(d.lastReportTime).toEqual(at(21));
    expect(flushed[0].online).toEqual([{ deviceId: a.id, status: 2, at: at(21) }]);

    w.push({ points: [{ deviceId: a.id, identifier: "temperature", ts: at(30), num: 22, txt: null }], rejects: [], heard: { deviceId: a.id, at: at(30) } });
    await w.drain();
    const log = await db.select().from(deviceStatusLog).where(eq(deviceStatusLog.deviceId, a.id));
    expect(log.map((l) => l.status)).toEqual([2]);
    expect(flushed[1].online).toEqual([]);
  });

  it("splits a batch a value spoils: the good messages are stored, the bad one kept as a refusal", async () => {
    const w = new BatchWriter(db, { flushMs: 10 });
    const [, b] = devs;
    w.push({ topic: "ok", points: [{ deviceId: b.id, identifier: "humidity", ts: at(1), num: 50, txt: null }], rejects: [] });
    // Longer than the column: the database refuses it (the checks upstream would not let it through).
    w.push({ topic: "bad", points: [{ deviceId: b.id, identifier: "h".repeat(80), ts: at(2), num: 1, txt: null }], rejects: [] });
    await w.drain();
    expect(w.stats.stored + w.stats.rejected).toBe(2);
    expect((await rowsOf(b.id)).map((r) => r.identifier)).toEqual(["humidity"]);
    const [r] = await db.select().from(deviceRejects).where(eq(deviceRejects.topic, "bad"));
    expect(r.reason).toBe("storeFailed");
  });

  it("dead-letters values it can neither store nor record as refused, and stops retrying", async () => {
    const w = new BatchWriter(db, { flushMs: 10 });
    const [a] = devs;
    // A device deleted between the check and the write: its values and the record of their refusal both break a key.
    const gone = 2_000_000_000;
    w.push({ topic: "ok", points: [{ deviceId: a.id, identifier: "humidity", ts: at(40), num: 51, txt: null }], rejects: [] });
    w.push({ topic: "gone", points: [{ deviceId: gone, identifier: "humidity", ts: at(41), num: 1, txt: null }, { deviceId: gone, identifier: "temperature", ts: at(41), num: 2, txt: null }], rejects: [] });
    await w.drain();
    expect(w.stats).toMatchObject({ stored: 1, rejected: 0, deadLettered: 2 });
    const [dead] = await db.select().from(ingestDeadLetters).where(eq(ingestDeadLetters.topic, "gone"));
    expect(dead).toMatchObject({ deviceId: gone, values: 2 });
    expect(dead.points).toHaveLength(2);
    expect(dead.error).toMatch(/foreign key|violates/i);
  });

  it("gives a batch up after its retries when the database stays away, and says so in the log", async () => {
    const errors: unknown[][] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void errors.push(args));
    try {
      const away = { transaction: async () => Promise.reject(new Error("connection refused")), insert: () => { throw new Error("connection refused"); } } as unknown as Db;
      const w = new BatchWriter(away, { flushMs: 1, maxAttempts: 3, retryMs: 1 });
      w.push({ topic: "t", points: [{ deviceId: 1, identifier: "humidity", ts: at(1), num: 1, txt: null }], rejects: [{ deviceId: 1, at: at(1), topic: "t", reason: "outOfRange" }] });
      await w.drain();
      expect(w.stats).toMatchObject({ stored: 0, rejected: 0, deadLettered: 2, failures: 3 });
      // Not even the dead letter could be stored: the log keeps the values.
      expect(errors.some((e) => String(e[0]).includes("dead letter") && String(e[1]).includes('"humidity"'))).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it("makes senders wait above its high-water mark and lets them go once written", async () => {
    const w = new BatchWriter(db, { flushMs: 100, maxBatch: 100, highWater: 10 });
    const [, , c] = devs;
    const points = Array.from({ length: 12 }, (_, i) => ({ deviceId: c.id, identifier: "humidity", ts: at(100 + i), num: i, txt: null }));
    const waited = w.push({ points, rejects: [] });
    expect(waited).toBeInstanceOf(Promise);
    await waited;
    await w.drain();
    expect(await rowsOf(c.id)).toHaveLength(12);
  });
});

describe("BatchWriter, a message sent again", () => {
  it("stores and rolls up only its values not stored yet, by device, property and time", async () => {
    const [, , c] = devs;
    const w = new BatchWriter(db, { flushMs: 10 });
    w.push({ points: [{ deviceId: c.id, identifier: "pressure", ts: at(600), num: 5, txt: null }], rejects: [] });
    await w.drain();
    // The broker sends the message again (an instance died before acknowledging it), now with a second value.
    w.push({
      redelivered: true,
      points: [
        { deviceId: c.id, identifier: "pressure", ts: at(600), num: 5, txt: null },
        { deviceId: c.id, identifier: "pressure", ts: at(610), num: 7, txt: null },
      ],
      rejects: [],
    });
    await w.drain();
    expect((await rowsOf(c.id)).filter((r) => r.identifier === "pressure").map((r) => r.num)).toEqual([5, 7]);
    const [hour] = await db.select().from(telemetryHourly).where(and(eq(telemetryHourly.deviceId, c.id), eq(telemetryHourly.identifier, "pressure")));
    expect(hour).toMatchObject({ n: 2, sum: 12, min: 5, max: 7 });
  });
});

describe("BatchWriter's group commit", () => {
  /** A database whose commits the test lets happen: what each batch held, and the commit to release. */
  function slowDb() {
    const commits: (() => void)[] = [];
    const tx = { execute: async () => ({ rows: [] }) };
    // The property ids are read before the transaction (telemetry_props): the one identifier is id 1.
    const props = { insert: () => ({ values: () => ({ onConflictDoNothing: async () => {} }) }), execute: async () => ({ rows: [{ id: 1, identifier: "humidity" }] }) };
    const db = { ...props, transaction: async (fn: (t: typeof tx) => Promise<void>) => {
      await fn(tx);
      await new Promise<void>((resolve) => commits.push(resolve));
    } } as unknown as Db;
    return { db, commits };
  }
  const msg = (i: number) => ({ points: [{ deviceId: 1, identifier: "humidity", ts: at(i), num: i, txt: null }], rejects: [] });

  it("gathers what arrives around a commit into one batch, flushed one interval after the commit at most", async () => {
    vi.useFakeTimers();
    try {
      const { db, commits } = slowDb();
      const batches: number[] = [];
      const acked: number[] = [];
      const w = new BatchWriter(db, { flushMs: 50, onFlushed: (f) => void batches.push(f.points.length) });
      const send = (i: number) => w.push(msg(i), () => void acked.push(i));
      send(1);
      await vi.advanceTimersByTimeAsync(49);
      expect(commits).toHaveLength(0);
      // A lone message is written one flush interval after it came.
      await vi.advanceTimersByTimeAsync(1);
      expect(commits).toHaveLength(1);
      // Arrives while the first batch commits.
      await vi.advanceTimersByTimeAsync(10);
      send(2);
      await vi.advanceTimersByTimeAsync(10);
      commits.shift()!();
      await vi.advanceTimersByTimeAsync(0);
      expect(acked).toEqual([1]);
      // The device just acknowledged answers with its next message: it joins the one waiting.
      await vi.advanceTimersByTimeAsync(20);
      send(3);
      await vi.advanceTimersByTimeAsync(29);
      expect(commits).toHaveLength(0);
      // One interval after the commit: written, without waiting for more company.
      await vi.advanceTimersByTimeAsync(1);
      expect(commits).toHaveLength(1);
      commits.shift()!();
      await vi.advanceTimersByTimeAsync(0);
      expect(acked).toEqual([1, 2, 3]);
      expect(batches).toEqual([1, 2]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("writes a full batch as soon as the previous one is committed, and a drain at once", async () => {
    vi.useFakeTimers();
    try {
      const { db, commits } = slowDb();
      const batches: number[] = [];
      // Two values' worth per message (its value and its device heard): three messages fill a batch.
      const w = new BatchWriter(db, { flushMs: 50, maxBatch: 6, onFlushed: (f) => void batches.push(f.points.length) });
      for (let i = 0; i < 4; i++) w.push(msg(i));
      // Full: written at once, the fourth left for the next batch.
      await vi.advanceTimersByTimeAsync(0);
      expect(commits).toHaveLength(1);
      w.push(msg(4));
      w.push(msg(5));
      commits.shift()!();
      // Full again when the first is committed: no wait for the interval.
      await vi.advanceTimersByTimeAsync(0);
      expect(commits).toHaveLength(1);
      w.push(msg(6));
      commits.shift()!();
      const drained = w.drain();
      await vi.advanceTimersByTimeAsync(0);
      expect(commits).toHaveLength(1);
      commits.shift()!();
      await drained;
      expect(batches).toEqual([3, 3, 1]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("BatchWriter, last heard (issue 41)", () => {
  it("keeps the exact last-heard time, battery and signal apart: the device's row is rewritten only when it comes online or its time crosses its step boundary", async () => {
    const [d] = await addDevices(db, { tenantId, productId, count: 1, prefix: "HEARD" });
    const step = DEVICE_ROW_STEP_MS / 1000;
    // Seconds from T0 of the device's first step boundary (its own second of the hour) and 10 s after it.
    const phase = Number(((BigInt(d.id) * 2654435761n) % 4294967296n) * BigInt(step) / 4294967296n);
    const boundary = step - ((T0.getTime() / 1000 + phase) % step);
    const b = (s: number) => boundary + 10 + s;
    const w = new BatchWriter(db, { flushMs: 10 });
    const hear = async (s: number, battery?: number) => {
      w.push({ points: [{ deviceId: d.id, identifier: "temperature", ts: at(s), num: s, txt: null }], rejects: [], heard: { deviceId: d.id, at: at(s), battery, signal: -60 - s / 10 } });
      await w.drain();
    };
    // The row's version (xmin) changes with every rewrite of it.
    const row = async () => (await db.select({ version: sql<string>`xmin::text`, status: devices.status, lastReportTime: devices.lastReportTime, battery: devices.battery }).from(devices).where(eq(devices.id, d.id)))[0];
    const heard = async () => (await db.select().from(deviceHeard).where(eq(deviceHeard.deviceId, d.id)))[0];

    await hear(b(0), 90);
    const online = await row();
    expect(online).toMatchObject({ status: 2, lastReportTime: at(b(0)), battery: 90 });
    for (let s = 10; s <= 100; s += 10) await hear(b(s), 90 - s / 10);
    expect(await row()).toEqual(online);
    expect(await heard()).toEqual({ deviceId: d.id, at: at(b(100)), battery: 80, signal: -60 - b(100) / 10 });
    // An older message arriving late moves nothing back.
    await hear(b(50));
    expect((await heard()).at).toEqual(at(b(100)));

    // Past the device's next step boundary the row follows, once.
    await hear(b(step - 10), 70);
    const moved = await row();
    expect(moved.version).not.toBe(online.version);
    expect(moved).toMatchObject({ status: 2, lastReportTime: at(b(step - 10)), battery: 70 });
    await hear(b(step));
    expect((await row()).version).toBe(moved.version);

    // Back from offline: the row at once, and the change logged once.
    await db.update(devices).set({ status: 3 }).where(eq(devices.id, d.id));
    await hear(b(step + 10));
    expect(await row()).toMatchObject({ status: 2, lastReportTime: at(b(step + 10)) });
    const log = await db.select({ status: deviceStatusLog.status, at: deviceStatusLog.at }).from(deviceStatusLog).where(eq(deviceStatusLog.deviceId, d.id)).orderBy(asc(deviceStatusLog.id));
    expect(log).toEqual([
      { status: 2, at: at(b(0)) },
      { status: 2, at: at(b(step + 10)) },
    ]);
  });
});

describe("sweepOffline", () => {
  it("marks a device offline once silent past its product's active cycle by its exact last-heard time, logged at the moment it became overdue", async () => {
    const [a, b] = devs;
    await db.update(devices).set({ status: 2, lastReportTime: at(0) }).where(inArray(devices.id, [a.id, b.id]));
    // a was last heard at 0; b's row trails its exact time, +200 s.
    await db
      .insert(deviceHeard)
      .values([
        { deviceId: a.id, at: at(0) },
        { deviceId: b.id, at: at(200) },
      ])
      .onConflictDoUpdate({ target: deviceHeard.deviceId, set: { at: sql`excluded.at` } });
    // Active cycle 5 minutes: at +6 min a is overdue, b is not.
    const changes = await sweepOffline(db, at(360));
    expect(changes).toEqual([{ deviceId: a.id, status: 3, at: at(300) }]);
    const [d] = await db.select({ status: devices.status }).from(devices).where(eq(devices.id, a.id));
    expect(d.status).toBe(3);
    expect(await sweepOffline(db, at(360))).toEqual([]);
    // b becomes overdue at +500 s; going offline writes its exact time to its row.
    expect(await sweepOffline(db, at(600))).toEqual([{ deviceId: b.id, status: 3, at: at(500) }]);
    const [e] = await db.select({ status: devices.status, lastReportTime: devices.lastReportTime }).from(devices).where(eq(devices.id, b.id));
    expect(e).toEqual({ status: 3, lastReportTime: at(200) });
  });
});

describe("ensurePartitions", () => {
  it("creates monthly partitions ahead and moves rows the default partition caught", async () => {
    const [a] = devs;
    const far = new Date("2031-05-10T00:00:00Z");
    await insertTelemetry(db, [{ deviceId: a.id, identifier: "humidity", ts: far, num: 1 }]);
    const created = await ensurePartitions(db, new Date("2031-04-20T00:00:00Z"), far);
    expect(created).toEqual(["telemetry_y2031m04", "telemetry_y2031m05"]);
    const moved = await db.execute(sql`select count(*)::int as n from telemetry_y2031m05`);
    expect((moved as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);
    expect(await ensurePartitions(db, new Date("2031-04-20T00:00:00Z"), far)).toEqual([]);
  });
});
