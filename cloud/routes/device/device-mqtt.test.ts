import { afterAll, beforeAll, describe, expect, it } from "vitest";
import mqtt, { type MqttClient } from "mqtt";
import type { Page } from "@/lib/contract/envelope";
import type { DeviceAdded, DeviceCredentials } from "@/lib/contract/device/device";
import type { Product } from "@/lib/contract/device/product";
import type { Project } from "@/lib/contract/project";
import { startDeviceChannel, type DeviceChannel } from "../../ingest";
import { signedIn, type TestCloud } from "../../testing";

let cloud: TestCloud;
let admin: string;
signedIn((s) => ({ cloud, admin } = s), ["admin"]);

let channel: DeviceChannel;
let prj: number;
let productId: number;
const clients: MqttClient[] = [];

beforeAll(async () => {
  channel = await startDeviceChannel(cloud.db, { mqttPort: 0, sweepMs: 3600_000 });
  cloud.deps.ingest = channel.ingest;
  cloud.deps.mqttUrl = channel.transport.url;
  prj = (await cloud.request<Page<Project>>("/device/project/page", { token: admin })).body.data.records[0].id;
  productId = (await cloud.request<Page<Product>>("/device/product/page?size=100", { token: admin })).body.data.records.find((p) => p.monitorType === "tilt")!.id;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await channel?.close();
});

const call = async <T>(path: string, body: unknown) => (await cloud.request<T>(`/device/device/${path}`, { token: admin, body, headers: { projectid: String(prj) } })).body;
async function connect(sn: string, secret: string) {
  const c = await mqtt.connectAsync(channel.transport.url, { username: sn, password: secret, reconnectPeriod: 0, clientId: `${sn}-${clients.length}` });
  clients.push(c);
  return c;
}
const closed = (c: MqttClient) => new Promise<void>((resolve) => (c.disconnected ? resolve() : c.once("close", () => resolve())));

describe("device changes reach the MQTT broker at once", () => {
  it("logs a device in with the credentials add answered, at the broker the answer names", async () => {
    const d = (await call<DeviceAdded>("add", { deviceName: "MQTT 设备", deviceSn: "MQ-01", productId, reportCycle: 60 })).data;
    expect(d.credentials.broker).toEqual({ host: "127.0.0.1", port: channel.transport.port });
    const c = await connect("MQ-01", d.credentials.secret);
    expect(c.connected).toBe(true);
  });

  it("drops a connected device when it gets a new secret, and refuses the old one", async () => {
    const d = (await call<DeviceAdded>("add", { deviceName: "换密钥", deviceSn: "MQ-02", productId, reportCycle: 60 })).data;
    const c = await connect("MQ-02", d.credentials.secret);
    const gone = closed(c);
    const reset = (await call<DeviceCredentials>("resetSecret", { id: d.id })).data;
    await gone;
    await expect(connect("MQ-02", d.credentials.secret)).rejects.toThrow(/Bad username or password/i);
    expect((await connect("MQ-02", reset.secret)).connected).toBe(true);
  });

  it("drops a device when it is disabled, and lets it back in when enabled", async () => {
    const d = (await call<DeviceAdded>("add", { deviceName: "停用", deviceSn: "MQ-03", productId, reportCycle: 60 })).data;
    const c = await connect("MQ-03", d.credentials.secret);
    const gone = closed(c);
    expect((await call("close", { id: d.id })).code).toBe(200);
    await gone;
    await expect(connect("MQ-03", d.credentials.secret)).rejects.toThrow(/Bad username or password/i);
    expect((await call("open", { id: d.id })).code).toBe(200);
    expect((await connect("MQ-03", d.credentials.secret)).connected).toBe(true);
  });
});
