import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import mqtt, { type MqttClient } from "mqtt";
import type { Page } from "@/lib/contract/envelope";
import type { DeviceAdded, DeviceCredentials } from "@/lib/contract/device/device";
import type { Product } from "@/lib/contract/device/product";
import type { Project } from "@/lib/contract/project";
import { deviceTopic } from "@/lib/contract/device/topics";
import { mosquittoInstalled, startMosquitto, type Mosquitto } from "@/scripts/mosquitto";
import { devices, telemetry } from "../db/schema";
import { sha256 } from "../lib/crypto";
import { demoDeviceSecret } from "../simulator/key";
import { signedIn, SETUP_MS, type TestCloud } from "../testing";
import { DEVICE_MARK, DynsecAccounts } from "./dynsec";
import { startDeviceChannel, type DeviceChannel } from ".";
import { propIdOf } from "../db/queries/telemetry-props";

/**
 * Devices on a real Mosquitto 2 with its dynamic-security plugin (`MQTT_DYNSEC=on`): the cloud keeps
 * the broker's accounts in step with the devices and takes their values through `$share/cloud/…`.
 * Debian's mosquitto is started here on a free loopback port with a throwaway configuration;
 * `npm run test:broker` installs it when missing and requires this file to run.
 */
const required = !!process.env.TEST_MOSQUITTO;
const run = required || mosquittoInstalled();
if (!run) console.warn("[dynsec.test] mosquitto is not installed: skipped (npm run test:broker installs and runs it)");

let cloud: TestCloud;
let admin: string;
signedIn((s) => ({ cloud, admin } = s), ["admin"]);

let broker: Mosquitto;
let channel: DeviceChannel;
let prj: number;
let productId: number;
const clients: MqttClient[] = [];

beforeAll(async () => {
  if (!run) return;
  broker = await startMosquitto();
  channel = await startDeviceChannel(cloud.db, { mqttUrl: broker.url, mqttDynsec: true, sweepMs: 3600_000 });
  cloud.deps.ingest = channel.ingest;
  cloud.deps.mqttUrl = `mqtt://${broker.host}:${broker.port}`;
  prj = (await cloud.request<Page<Project>>("/device/project/page", { token: admin })).body.data.records[0].id;
  productId = (await cloud.request<Page<Product>>("/device/product/page?size=100", { token: admin })).body.data.records.find((p) => p.monitorType === "tilt")!.id;
}, SETUP_MS);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await channel?.close();
  await broker?.stop();
});

const call = async <T>(path: string, body: unknown) => (await cloud.request<T>(`/device/device/${path}`, { token: admin, body, headers: { projectid: String(prj) } })).body;
const add = async (sn: string) => {
  const res = await call<DeviceAdded>("add", { deviceName: sn, deviceSn: sn, productId, reportCycle: 60 });
  expect(res.code, JSON.stringify(res)).toBe(200);
  return res.data;
};
async function connect(sn: string, secret: string) {
  const c = await mqtt.connectAsync(`mqtt://${broker.host}:${broker.port}`, { username: sn, password: secret, reconnectPeriod: 0, clientId: `${sn}-${clients.length}` });
  clients.push(c);
  return c;
}
const refused = /Not authorized|Bad username or password/i;
const closed = (c: MqttClient) => new Promise<void>((resolve) => (c.disconnected ? resolve() : c.once("close", () => resolve())));
const post = (c: MqttClient, productId: number, sn: string, angleX: number) => c.publishAsync(deviceTopic(productId, sn, "property/post"), JSON.stringify({ params: { angleX } }), { qos: 1 });
const stored = async (deviceId: number, angleX: number) =>
  (await cloud.db.select({ n: telemetry.num }).from(telemetry).where(and(eq(telemetry.deviceId, deviceId), eq(telemetry.propId, propIdOf("angleX")), eq(telemetry.num, angleX)))).length;
/** Waits for what the cloud takes through its shared subscription (written in its next batch). */
async function until(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

describe.runIf(run)("devices on Mosquitto's dynamic security", () => {
  it("gives every device an account at start: a demo device logs in with the secret the cloud derives, and its values arrive through $share/cloud", async () => {
    const [demo] = await cloud.db.select({ id: devices.id, sn: devices.deviceSn, productId: devices.productId, secretHash: devices.secretHash }).from(devices).where(eq(devices.productId, productId));
    expect(sha256(demoDeviceSecret(demo.sn))).toBe(demo.secretHash);
    const c = await connect(demo.sn, demoDeviceSecret(demo.sn));
    await post(c, demo.productId, demo.sn, 1.25);
    expect(await until(async () => (await stored(demo.id, 1.25)) === 1)).toBe(true);
  });

  it("logs a new device in with the secret add answered, and refuses a wrong one", async () => {
    const d = await add("MOS-01");
    await expect(connect("MOS-01", "not-the-secret")).rejects.toThrow(refused);
    const c = await connect("MOS-01", d.credentials.secret);
    await post(c, productId, "MOS-01", 2.5);
    expect(await until(async () => (await stored(d.id, 2.5)) === 1)).toBe(true);
  });

  it("keeps a device to its own topics: another device's topic is neither published to nor subscribed", async () => {
    const mine = await add("MOS-02");
    const other = await add("MOS-03");
    const c = await connect("MOS-02", mine.credentials.secret);
    // MQTT 3.1.1 has no refusal for a publish: the broker drops it. The device's own message after it shows the cloud took everything sent before.
    await post(c, productId, "MOS-03", 3.75);
    await post(c, productId, "MOS-02", 3.5);
    expect(await until(async () => (await stored(mine.id, 3.5)) === 1)).toBe(true);
    expect(await stored(other.id, 3.75)).toBe(0);
    // A refused subscription is granted 0x80, which mqtt.js reports as an error.
    await expect(c.subscribeAsync(deviceTopic(productId, "MOS-03", "property/set"), { qos: 1 })).rejects.toThrow(/Subscribe error/);
    const [own] = await c.subscribeAsync(deviceTopic(productId, "MOS-02", "property/set"), { qos: 1 });
    expect(own.qos).toBe(1);
  });

  it("drops a connected device when it gets a new secret, refuses the old one at once and takes the new one", async () => {
    const d = await add("MOS-04");
    const c = await connect("MOS-04", d.credentials.secret);
    const gone = closed(c);
    const reset = await call<DeviceCredentials>("resetSecret", { id: d.id });
    expect(reset.code).toBe(200);
    await gone;
    await expect(connect("MOS-04", d.credentials.secret)).rejects.toThrow(refused);
    expect((await connect("MOS-04", reset.data.secret)).connected).toBe(true);
  });

  it("drops and refuses a disabled device, lets it back in when enabled, and refuses it once deleted", async () => {
    const d = await add("MOS-05");
    const c = await connect("MOS-05", d.credentials.secret);
    const gone = closed(c);
    expect((await call("close", { id: d.id })).code).toBe(200);
    await gone;
    await expect(connect("MOS-05", d.credentials.secret)).rejects.toThrow(refused);
    expect((await call("open", { id: d.id })).code).toBe(200);
    const again = await connect("MOS-05", d.credentials.secret);
    const goneAgain = closed(again);
    expect((await call("del", { ids: [d.id] })).code).toBe(200);
    await goneAgain;
    await expect(connect("MOS-05", d.credentials.secret)).rejects.toThrow(refused);
  });

  it("moves a device's topics with its product, and lets a device whose SN changed in only once it has a new secret", async () => {
    const products = (await cloud.request<Page<Product>>("/device/product/page?size=100", { token: admin })).body.data.records;
    const other = products.find((p) => p.id !== productId && p.prodType === "device")!.id;
    const d = await add("MOS-08");
    expect((await call("upd", { id: d.id, deviceName: "MOS-08", deviceSn: "MOS-08", productId: other })).code).toBe(200);
    const c = await connect("MOS-08", d.credentials.secret);
    await expect(c.subscribeAsync(`iot/${productId}/MOS-08/#`, { qos: 1 })).rejects.toThrow(/Subscribe error/);
    expect((await c.subscribeAsync(`iot/${other}/MOS-08/#`, { qos: 1 }))[0].qos).toBe(1);
    await c.endAsync();
    // The broker knows a secret only when it is issued: under its new SN the device needs a new one.
    expect((await call("updSn", { id: d.id, deviceSn: "MOS-09" })).code).toBe(200);
    await expect(connect("MOS-08", d.credentials.secret)).rejects.toThrow(refused);
    await expect(connect("MOS-09", d.credentials.secret)).rejects.toThrow(refused);
    const reset = await call<DeviceCredentials>("resetSecret", { id: d.id });
    expect((await connect("MOS-09", reset.data.secret)).connected).toBe(true);
  });

  it("reconciles what changed while the cloud was away: a deleted device's account goes, a secret replaced behind its back stops working", async () => {
    const gone = await add("MOS-06");
    const changed = await add("MOS-07");
    await cloud.db.delete(devices).where(eq(devices.id, gone.id));
    await cloud.db.update(devices).set({ secretHash: sha256("set elsewhere") }).where(eq(devices.id, changed.id));
    const accounts = channel.ingest.accounts as import("./dynsec").DynsecAccounts;
    await accounts.reconcile();
    await expect(connect("MOS-06", gone.credentials.secret)).rejects.toThrow(refused);
    await expect(connect("MOS-07", changed.credentials.secret)).rejects.toThrow(refused);
    const [list] = await accounts.run([{ command: "listClients", verbose: true, count: -1, offset: 0 }]);
    const names = (list.data!.clients as { username: string; textname?: string }[]).filter((c) => c.textname === DEVICE_MARK).map((c) => c.username);
    // A device has an account exactly while the broker holds its current secret.
    const sns = (await cloud.db.select({ sn: devices.deviceSn }).from(devices)).map((d) => d.sn);
    expect(names.sort()).toEqual(sns.filter((sn) => sn !== "MOS-07").sort());
  });

  it("keeps the account of a device added while another instance reconciles: the reconcile waits for the device's transaction (issue 33)", async () => {
    // A second instance of the cloud on the same broker and database (on PostgreSQL the two take turns by an advisory lock).
    const other = await DynsecAccounts.start(cloud.db, broker.url, !!process.env.TEST_DATABASE_URL);
    const secret = "the secret of MOS-08";
    let issued!: () => void;
    let commit!: () => void;
    const inside = new Promise<void>((r) => (issued = r));
    const held = new Promise<void>((r) => (commit = r));
    try {
      const [tenant] = await cloud.db.select({ tenantId: devices.tenantId }).from(devices).where(eq(devices.productId, productId)).limit(1);
      const adding = cloud.db.transaction(async (tx) => {
        await tx.insert(devices).values({ tenantId: tenant.tenantId, projectId: prj, productId, deviceName: "MOS-08", deviceSn: "MOS-08", secretHash: sha256(secret) });
        await channel.ingest.issueSecret({ sn: "MOS-08", productId, enabled: true }, secret, tx);
        issued();
        await held;
      });
      await inside;
      // The broker holds MOS-08's client now, the database not yet (uncommitted): a reconcile must not read it as left over.
      const reconciling = other.reconcile();
      await new Promise((r) => setTimeout(r, 500));
      commit();
      await adding;
      await reconciling;
      const c = await connect("MOS-08", secret);
      expect(c.connected).toBe(true);
    } finally {
      commit();
      await other.close();
    }
  });
});
