import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { DbHandle } from "../db/client";
import { clusterJobs } from "../db/schema";
import { openTestDb } from "../testing";
import { Coordinator } from "./coordination";

let handle: DbHandle;
beforeAll(async () => {
  handle = await openTestDb();
});
afterAll(() => handle.close());

const backdate = (name: string) => handle.db.update(clusterJobs).set({ dueAt: sql`now() - interval '1 second'` }).where(eq(clusterJobs.name, name));

describe("Coordinator (two instances on one database)", () => {
  it("runs a due job on one instance only, and again one period after the run", async () => {
    const a = new Coordinator(handle.db);
    const b = new Coordinator(handle.db);
    const ran: string[] = [];
    a.every("sweep", 60_000, async () => void ran.push("a"), { atStart: true });
    b.every("sweep", 60_000, async () => void ran.push("b"), { atStart: true });
    const [fromA, fromB] = await Promise.all([a.tick(), b.tick()]);
    await Promise.all([a.idle(), b.idle()]);
    expect([...fromA, ...fromB]).toEqual(["sweep"]);
    expect(ran).toHaveLength(1);
    // Not due again until its period has passed, on either instance.
    expect([...(await a.tick()), ...(await b.tick())]).toEqual([]);
    await backdate("sweep");
    expect([...(await b.tick()), ...(await a.tick())]).toEqual(["sweep"]);
    await Promise.all([a.idle(), b.idle()]);
    expect(ran).toHaveLength(2);
    await Promise.all([a.close(), b.close()]);
  });

  it("does not start a job again while it runs; a dead holder's claim lapses and another instance takes over", async () => {
    const a = new Coordinator(handle.db);
    const b = new Coordinator(handle.db);
    let release!: () => void;
    const hung = new Promise<void>((r) => (release = r));
    const ran: string[] = [];
    a.every("push", 1000, async () => {
      ran.push("a");
      await hung;
    }, { atStart: true, leaseMs: 300 });
    b.every("push", 1000, async () => void ran.push("b"), { atStart: true, leaseMs: 300 });
    expect(await a.tick()).toEqual(["push"]);
    // While a runs and renews its claim, b finds the job held.
    await new Promise((r) => setTimeout(r, 400));
    expect(await b.tick()).toEqual([]);
    // a dies: nothing renews the claim any more. Its renewal timer is cleared only when the run ends,
    // so model the death by moving the claim into the past, as a lapsed lease looks.
    await handle.db.update(clusterJobs).set({ leasedUntil: sql`now() - interval '1 millisecond'`, holder: "dead" }).where(eq(clusterJobs.name, "push"));
    expect(await b.tick()).toEqual(["push"]);
    await b.idle();
    expect(ran).toEqual(["a", "b"]);
    // The dead instance's late finish does not reschedule what b now owns.
    release();
    await a.idle();
    const [row] = await handle.db.select().from(clusterJobs).where(eq(clusterJobs.name, "push"));
    expect(row.holder).toBeNull();
    await Promise.all([a.close(), b.close()]);
  });

  it("records a failing run and keeps the job on its schedule", async () => {
    const a = new Coordinator(handle.db);
    a.every("upkeep", 60_000, async () => {
      throw new Error("disk full");
    }, { atStart: true });
    expect(await a.tick()).toEqual(["upkeep"]);
    await a.idle();
    const [row] = await handle.db.select().from(clusterJobs).where(eq(clusterJobs.name, "upkeep"));
    expect(row).toMatchObject({ holder: null, lastError: "disk full" });
    expect(row.dueAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    await a.close();
  });

  it("runs a job at once when new work arrives, and refuses a name twice", async () => {
    const a = new Coordinator(handle.db);
    let runs = 0;
    a.every("outbox", 3600_000, async () => void runs++);
    expect(await a.tick()).toEqual([]);
    await a.soon("outbox");
    await a.idle();
    expect(runs).toBe(1);
    expect(() => a.every("outbox", 1000, async () => {})).toThrow(/twice/);
    await a.close();
  });
});

describe("Coordinator: leases, marks and signals", () => {
  it("lets one instance hold a lease at a time, and frees it when the work ends", async () => {
    const a = new Coordinator(handle.db);
    const b = new Coordinator(handle.db);
    let release!: () => void;
    const busy = new Promise<void>((r) => (release = r));
    const held = a.hold("push:1", () => busy);
    await new Promise((r) => setTimeout(r, 50));
    expect(await b.hold("push:1", async () => {})).toBe(false);
    release();
    expect(await held).toBe(true);
    expect(await b.hold("push:1", async () => {})).toBe(true);
  });

  it("takes each occurrence of a timer once across instances, and never an earlier one", async () => {
    const a = new Coordinator(handle.db);
    const b = new Coordinator(handle.db);
    const t1 = new Date("2026-03-02T08:00:00Z");
    const [x, y] = await Promise.all([a.once("timer:7", t1), b.once("timer:7", t1)]);
    expect([x, y].filter(Boolean)).toHaveLength(1);
    expect(await b.once("timer:7", new Date(t1.getTime() - 1000))).toBe(false);
    expect(await b.once("timer:7", new Date(t1.getTime() + 1000))).toBe(true);
  });

  it("plays a role on one instance, and another takes it over once it closes", async () => {
    const a = new Coordinator(handle.db);
    const b = new Coordinator(handle.db);
    const playing: string[] = [];
    const play = (who: string) => async () => (playing.push(who), { close: async () => void playing.splice(playing.indexOf(who), 1) });
    a.role("simulator", play("a"));
    b.role("simulator", play("b"));
    await a.tick();
    await b.tick();
    expect(playing).toEqual(["a"]);
    await a.close();
    expect(playing).toEqual([]);
    await b.tick();
    expect(playing).toEqual(["b"]);
    await b.close();
  });

  it("delivers a signal to every listener of its topic (in-process without a bus)", async () => {
    const a = new Coordinator(handle.db);
    const got: unknown[] = [];
    a.on("alarm-rules", (p) => got.push(p));
    await a.signal("alarm-rules", 7);
    await a.signal("other", 1);
    await new Promise((r) => setTimeout(r, 0));
    expect(got).toEqual([7]);
    await a.close();
  });
});
