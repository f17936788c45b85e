import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { COMMAND_STATUS } from "@/lib/contract/device/command";
import { deviceTopic } from "@/lib/contract/device/topics";
import { createCloud } from "../../app";
import { deviceCommands, devices } from "../../db/schema";
import { commandsOf } from "../../ingest/commands";
import { addDevices, addSensorProduct } from "../../ingest/fixtures";
import { Ingest } from "../../ingest/pipeline";
import { createTestCloud, SETUP_MS, type TestCloud } from "../../testing";
import { DEMO_ACCOUNTS } from "../../seed";

let cloud: TestCloud;
let ingest: Ingest;
let app: ReturnType<typeof createCloud>;
let admin: string;
let otherTenant: string;
let productId: number;
let dev: { id: number; sn: string; secret: string };
let offline: { id: number; sn: string; secret: string };
const sent: { topic: string; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  cloud = await createTestCloud();
  ingest = new Ingest(cloud.db, { now: cloud.now, writer: { flushMs: 1 } });
  ingest.attach(async (topic, payload) => void sent.push({ topic, body: JSON.parse(payload) }));
  app = createCloud({ ...cloud.deps, ingest });
  productId = await addSensorProduct(cloud.db, 2);
  [dev, offline] = await addDevices(cloud.db, { tenantId: 2, productId, count: 2, prefix: "OPS" });
  await cloud.db.update(devices).set({ status: 2, reportCycle: 60 }).where(eq(devices.id, dev.id));
  admin = await cloud.login("demoadmin", DEMO_ACCOUNTS.demoadmin.password, 2);
  otherTenant = await cloud.login("superadmin", DEMO_ACCOUNTS.superadmin.password, 1);
}, SETUP_MS);
afterAll(async () => {
  commandsOf(ingest).close();
  await ingest?.close();
  await cloud?.close();
});

async function call<T = Record<string, unknown>>(path: string, opts: { body?: unknown; token?: string; language?: string } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${opts.token ?? admin}`, language: opts.language ?? "en" };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const res = await app.request(`/iotCloud${path}`, { method: opts.body === undefined ? "GET" : "POST", headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  return (await res.json()) as { code: number; msg: string; data: T };
}

const reply = (channel: "service/reply" | "cycle/reply", body: unknown) => ingest.handle(deviceTopic(productId, dev.sn, channel), Buffer.from(JSON.stringify(body)));

describe("device commands", () => {
  it("restarts a device: the command is logged as waiting, then success once the device answers", async () => {
    const res = await call<{ id: number; status: number }>("/device/device/deviceRest", { body: { id: dev.id } });
    expect(res).toMatchObject({ code: 200, msg: "Command sent: waiting for the device's reply", data: { status: COMMAND_STATUS.waiting } });
    const out = sent.at(-1)!;
    expect(out).toMatchObject({ topic: `iot/${productId}/OPS0001/service/call`, body: { identifier: "reboot" } });
    await reply("service/reply", { id: out.body.id, identifier: "reboot", code: 200 });
    await commandsOf(ingest).wait(res.data.id);
    const info = await call<{ status: number; sentByName: string; cmdType: string }>(`/comm/instructIot/info?id=${res.data.id}`);
    expect(info.data).toMatchObject({ status: COMMAND_STATUS.success, cmdType: "reboot" });
    expect(info.data.sentByName).toBeTruthy();
  });

  it("logs the device and its sender as they were called at sending, in each reader's language", async () => {
    const [before] = await cloud.db.select().from(devices).where(eq(devices.id, dev.id));
    await cloud.db.update(devices).set({ i18n: { deviceName: { "zh-cn": before.deviceName, en: "Ops sensor 1" } } }).where(eq(devices.id, dev.id));
    const res = await call<{ id: number }>("/device/device/deviceRest", { body: { id: dev.id }, language: "zh-cn" });
    try {
      const read = (language: string) => call<{ deviceName: string; sentByName: string }>(`/comm/instructIot/info?id=${res.data.id}`, { language }).then((r) => r.data);
      expect(await read("en")).toMatchObject({ deviceName: "Ops sensor 1", sentByName: "Demo administrator" });
      expect(await read("zh-cn")).toMatchObject({ deviceName: before.deviceName, sentByName: "演示管理员" });
      // Renamed since: the log keeps the names it was sent under.
      await cloud.db.update(devices).set({ deviceName: "改名", i18n: { deviceName: { "zh-cn": "改名", en: "Renamed" } } }).where(eq(devices.id, dev.id));
      expect(await read("en")).toMatchObject({ deviceName: "Ops sensor 1" });
    } finally {
      // The device as it was, and the log as the next tests count it.
      await cloud.db.update(devices).set({ deviceName: before.deviceName, i18n: before.i18n }).where(eq(devices.id, dev.id));
      await cloud.db.delete(deviceCommands).where(eq(deviceCommands.id, res.data.id));
    }
  });

  it("sets the reporting cycle: stored only once the device confirms", async () => {
    const res = await call<{ id: number }>("/device/device/setCycleData", { body: { id: dev.id, reportCycle: 300 } });
    expect(res.code).toBe(200);
    expect((await call<{ reportCycle: number; last: { status: number } }>(`/device/device/getCycleData?id=${dev.id}`)).data).toMatchObject({ reportCycle: 60, last: { status: COMMAND_STATUS.waiting } });
    await reply("cycle/reply", { id: sent.at(-1)!.body.id, cycle: 300 });
    await commandsOf(ingest).wait(res.data.id);
    expect((await call(`/device/device/getCycleData?id=${dev.id}`)).data).toMatchObject({ reportCycle: 300, last: { status: COMMAND_STATUS.success, params: '{"cycle":300}' } });
  });

  it("refuses a bad cycle, an offline device and another tenant's device with clear messages", async () => {
    expect(await call("/device/device/setCycleData", { body: { id: dev.id, reportCycle: 40_000_000 } })).toMatchObject({ code: 400 });
    expect(await call("/device/device/deviceInit", { body: { id: offline.id }, language: "zh-cn" })).toMatchObject({ code: 400, msg: "OPS0002 离线，指令未下发（指令不排队，请在设备上线后重新发送）" });
    expect(await call("/device/device/deviceRest", { body: { id: dev.id }, token: otherTenant })).toMatchObject({ code: 404 });
  });

  it("checks a console command against the thing model before sending it", async () => {
    const before = sent.length;
    expect(await call("/comm/instructIot/add", { body: { deviceId: dev.id, cmdType: "property", params: { temperature: 5 } } })).toMatchObject({ code: 400, msg: '"temperature" is not a writable property of the device\'s thing model' });
    expect(await call("/comm/instructIot/add", { body: { deviceId: dev.id, cmdType: "property", params: { mode: 7 } } })).toMatchObject({ code: 400, msg: "mode: Not an enumeration value" });
    expect(await call("/comm/instructIot/add", { body: { deviceId: dev.id, cmdType: "service", identifier: "selfDestruct" } })).toMatchObject({ code: 400 });
    expect(sent.length).toBe(before);
    const ok = await call("/comm/instructIot/add", { body: { deviceId: dev.id, cmdType: "property", params: { mode: 1 } } });
    expect(ok).toMatchObject({ code: 200, data: { cmdType: "property", params: '{"mode":1}' } });
  });

  it("lists the handling log with filters, newest first, only to the device's tenant", async () => {
    const page = await call<{ total: number; records: { cmdType: string; deviceSn: string }[] }>("/comm/instructIot/page?size=50&deviceSn=OPS0001");
    expect(page.data.total).toBe(3);
    expect(page.data.records.map((r) => r.cmdType)).toEqual(["property", "cycle", "reboot"]);
    expect((await call<{ total: number }>(`/comm/instructIot/page?status=${COMMAND_STATUS.success}&deviceId=${dev.id}`)).data.total).toBe(2);
    expect((await call<{ total: number }>("/comm/instructIot/page", { token: otherTenant })).data.total).toBe(0);
  });
});
