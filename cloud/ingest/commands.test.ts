import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { COMMAND_STATUS } from "@/lib/contract/device/command";
import { deviceTopic } from "@/lib/contract/device/topics";
import { deviceCommands, devices } from "../db/schema";
import type { OpsDevice } from "../db/queries/device-ops";
import { createTestCloud, SETUP_MS, type TestCloud } from "../testing";
import { CommandRefused, Commands } from "./commands";
import { addDevices, addSensorProduct } from "./fixtures";
import { Ingest } from "./pipeline";

let cloud: TestCloud;
let ingest: Ingest;
let commands: Commands;
let device: OpsDevice;
let info: Awaited<ReturnType<Ingest["authenticate"]>>;
/** What the cloud published, and the time-outs it armed (fired by the test, not by the clock). */
let sent: { topic: string; body: Record<string, unknown> }[] = [];
let timers: { run: () => void; ms: number; cancelled: boolean }[] = [];

beforeAll(async () => {
  cloud = await createTestCloud();
  ingest = new Ingest(cloud.db, { now: cloud.now, writer: { flushMs: 1 } });
  ingest.attach(async (topic, payload) => void sent.push({ topic, body: JSON.parse(payload) }));
  commands = new Commands(cloud.db, ingest, {
    now: cloud.now,
    schedule: (run, ms) => {
      const t = { run, ms, cancelled: false };
      timers.push(t);
      return () => void (t.cancelled = true);
    },
  });
  const productId = await addSensorProduct(cloud.db, 2);
  const [d] = await addDevices(cloud.db, { tenantId: 2, productId, count: 1, prefix: "CMD" });
  await cloud.db.update(devices).set({ status: 2, reportCycle: 60 }).where(eq(devices.id, d.id));
  device = { id: d.id, tenantId: 2, projectId: null, productId, sn: d.sn, name: d.sn, enableStatus: 1, status: 2, reportCycle: 60 };
  info = await ingest.authenticate(d.sn, d.secret);
}, SETUP_MS);
afterAll(async () => {
  commands?.close();
  await ingest?.close();
  await cloud?.close();
});
beforeEach(() => {
  sent = [];
  timers = [];
});

/** The device answers on one of its upward channels, through the ingest like any message. */
const answer = (channel: "service/reply" | "cycle/reply" | "property/post", body: unknown) => ingest.handle(deviceTopic(device.productId, device.sn, channel), Buffer.from(JSON.stringify(body)), info!);

describe("commands", () => {
  it("stores a restart as waiting, publishes it with an id, and settles it as success on the device's reply", async () => {
    const row = await commands.send({ device, cmdType: "reboot", timeoutS: 10, by: { userId: 1, name: "Ann" } });
    expect(row).toMatchObject({ status: COMMAND_STATUS.waiting, cmdType: "reboot", identifier: "reboot", deviceSn: "CMD0001", sentByName: "Ann", timeoutS: 10 });
    expect(sent).toEqual([{ topic: `iot/${device.productId}/CMD0001/service/call`, body: { id: row.msgId, identifier: "reboot", params: {} } }]);
    expect(timers[0].ms).toBe(10_000);
    const settled = commands.wait(row.id);
    await answer("service/reply", { id: row.msgId, identifier: "reboot", code: 200, params: {} });
    expect(await settled).toMatchObject({ status: COMMAND_STATUS.success, replyCode: 200 });
    expect(timers[0].cancelled).toBe(true);
  });

  it("marks a call failed when the device answers with another code", async () => {
    const row = await commands.send({ device, cmdType: "laserOn" });
    const settled = commands.wait(row.id);
    await answer("service/reply", { id: row.msgId, identifier: "laserOn", code: 404 });
    expect(await settled).toMatchObject({ status: COMMAND_STATUS.failed, replyCode: 404 });
  });

  it("times out when the device stays silent, and a late reply changes nothing", async () => {
    const row = await commands.send({ device, cmdType: "init", timeoutS: 5 });
    const settled = commands.wait(row.id);
    timers[0].run();
    expect(await settled).toMatchObject({ status: COMMAND_STATUS.timeout, answeredAt: null });
    await answer("service/reply", { id: row.msgId, code: 200 });
    await new Promise((r) => setTimeout(r, 20));
    const [again] = await cloud.db.select().from(deviceCommands).where(eq(deviceCommands.id, row.id));
    expect(again.status).toBe(COMMAND_STATUS.timeout);
  });

  it("sends the same command once while it waits: a double click answers the waiting one", async () => {
    const [a, b] = await Promise.all([commands.send({ device, cmdType: "service", identifier: "reboot", params: { x: 1, y: 2 } }), commands.send({ device, cmdType: "service", identifier: "reboot", params: { y: 2, x: 1 } })]);
    const c = await commands.send({ device, cmdType: "service", identifier: "reboot", params: { x: 1, y: 2 } });
    expect(b.id).toBe(a.id);
    expect(c.id).toBe(a.id);
    expect(sent).toHaveLength(1);
    timers[0].run();
    await commands.wait(a.id);
    const d = await commands.send({ device, cmdType: "service", identifier: "reboot", params: { x: 1, y: 2 } });
    expect(d.id).not.toBe(a.id);
    timers[1].run();
  });

  it("sends a waited-for idempotent command again under its id until answered: a lost copy costs one gap, not the time-out", async () => {
    const stop = { device, cmdType: "service" as const, identifier: "vidiconOperate", params: { controlType: "horizontal", controlValue: 0 }, timeoutS: 1, resendMs: 150 };
    const row = await commands.send(stop);
    const settled = commands.wait(row.id);
    // The first copy is lost on the way; the second, on the resend's timer, reaches the camera.
    const [expire, resend] = timers;
    expect([expire.ms, resend.ms]).toEqual([1000, 150]);
    resend.run();
    expect(sent.map((s) => s.body.id)).toEqual([row.msgId, row.msgId]);
    await answer("service/reply", { id: row.msgId, identifier: "vidiconOperate", code: 200, params: { pan: 1 } });
    expect(await settled).toMatchObject({ status: COMMAND_STATUS.success, replyCode: 200 });
    expect(expire.cancelled).toBe(true);
    expect(timers.slice(2).every((t) => t.cancelled)).toBe(true);
    // The resend's count is written beside the send, not awaited by it: read until it lands (a loaded database is slow).
    const stored = async () => (await cloud.db.select().from(deviceCommands).where(eq(deviceCommands.id, row.id)))[0];
    await expect.poll(stored, { timeout: 10_000 }).toMatchObject({ status: COMMAND_STATUS.success, repeats: 2 });
  });

  it("stops resending a waiting command once the service's next command goes out (a stop never lands after the next move)", async () => {
    const row = await commands.send({ device, cmdType: "service", identifier: "vidiconOperate", params: { controlType: "horizontal", controlValue: 0 }, timeoutS: 1, resendMs: 150 });
    const resend = timers[1];
    await commands.send({ device, cmdType: "service", identifier: "vidiconOperate", params: { controlType: "horizontal", controlValue: 5 }, timeoutS: 1 });
    expect(resend.cancelled).toBe(true);
    resend.run();
    expect(sent.map((s) => s.body.params)).toEqual([{ controlType: "horizontal", controlValue: 0 }, { controlType: "horizontal", controlValue: 5 }]);
    timers[0].run();
    expect(await commands.wait(row.id)).toMatchObject({ status: COMMAND_STATUS.timeout });
    timers[2].run();
  });

  it("changes the stored reporting cycle only when the device confirms it", async () => {
    const row = await commands.send({ device, cmdType: "cycle", params: { cycle: 120 } });
    expect(sent[0].body).toEqual({ id: row.msgId, cycle: 120 });
    const stored = async () => (await cloud.db.select({ c: devices.reportCycle }).from(devices).where(eq(devices.id, device.id)))[0].c;
    expect(await stored()).toBe(60);
    const settled = commands.wait(row.id);
    await answer("cycle/reply", { id: row.msgId, cycle: 120 });
    expect(await settled).toMatchObject({ status: COMMAND_STATUS.success });
    expect(await stored()).toBe(120);
  });

  it("settles a property-set when the device reports the values it was sent", async () => {
    const row = await commands.send({ device, cmdType: "property", params: { mode: 1 } });
    expect(sent[0]).toMatchObject({ topic: `iot/${device.productId}/CMD0001/property/set`, body: { params: { mode: 1 } } });
    const settled = commands.wait(row.id);
    await answer("property/post", { params: { mode: 0, temperature: 20 } });
    await ingest.drain();
    const [still] = await cloud.db.select().from(deviceCommands).where(eq(deviceCommands.id, row.id));
    expect(still.status).toBe(COMMAND_STATUS.waiting);
    await answer("property/post", { params: { mode: 1 } });
    await ingest.drain();
    expect(await settled).toMatchObject({ status: COMMAND_STATUS.success, reply: JSON.stringify({ params: { mode: 1 } }) });
  });

  it("refuses a disabled or offline device's command instead of queueing it", async () => {
    await expect(commands.send({ device: { ...device, enableStatus: 2 }, cmdType: "reboot" })).rejects.toEqual(new CommandRefused("disabled"));
    await expect(commands.send({ device: { ...device, status: 3 }, cmdType: "reboot" })).rejects.toEqual(new CommandRefused("offline"));
    expect(sent).toHaveLength(0);
  });

  it("times out what a previous run left waiting once its time is up", async () => {
    const [row] = await cloud.db
      .insert(deviceCommands)
      .values({ tenantId: 2, deviceId: device.id, deviceSn: device.sn, deviceName: device.name, msgId: "stale01", cmdType: "reboot", status: 0, timeoutS: 15, sentAt: new Date(cloud.now().getTime() - 60_000) })
      .returning();
    const [fresh] = await cloud.db
      .insert(deviceCommands)
      .values({ tenantId: 2, deviceId: device.id, deviceSn: device.sn, deviceName: device.name, msgId: "fresh01", cmdType: "reboot", status: 0, timeoutS: 15, sentAt: cloud.now() })
      .returning();
    await commands.expireStale();
    const status = async (id: number) => (await cloud.db.select({ s: deviceCommands.status }).from(deviceCommands).where(eq(deviceCommands.id, id)))[0].s;
    expect(await status(row.id)).toBe(COMMAND_STATUS.timeout);
    expect(await status(fresh.id)).toBe(COMMAND_STATUS.waiting);
  });
});
