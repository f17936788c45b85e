import { createHash, randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import mqtt, { type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OtaFile, OtaPackage } from "@/lib/contract/ota/package";
import type { OtaTask } from "@/lib/contract/ota/task-api";
import type { OtaUpgradeMessage } from "@/lib/contract/ota/protocol";
import { devices, otaEvents, otaPackages, otaTaskDevices } from "../db/schema";
import { startDeviceChannel, type DeviceChannel } from "../ingest";
import { sha256 } from "../lib/crypto";
import { signedIn, type TestCloud } from "../testing";
import { OtaEngine } from "./engine";
import { images } from "./images";

let cloud: TestCloud;
let platform: string;
signedIn((s) => ({ cloud, platform } = s), ["platform"]);

const IMAGE = randomBytes(200 * 1024);
const BASE = "http://cloud.test/iotCloud";
let channel: DeviceChannel;
let engine: OtaEngine;
let productId: number;
let pkg: OtaPackage;
type Dev = { id: number; sn: string; secret: string; client: MqttClient; offers: OtaUpgradeMessage[] };
const devs: Dev[] = [];

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`waited in vain for ${what}`);
}

const post = async <T>(path: string, body: unknown) => (await cloud.request<T>(`/device/${path}`, { token: platform, body, language: "en" })).body;
const row = async (taskId: number, deviceId: number) => (await cloud.db.select().from(otaTaskDevices).where(eq(otaTaskDevices.taskId, taskId))).find((r) => r.deviceId === deviceId)!;

/** The device side: downloads its URL over HTTP with its own credentials, `Range` from `from`. */
function download(d: Pick<Dev, "sn" | "secret">, url: string, range?: string) {
  const headers: Record<string, string> = { authorization: `Basic ${Buffer.from(`${d.sn}:${d.secret}`).toString("base64")}` };
  if (range) headers.range = range;
  return cloud.app.request(url.replace("http://cloud.test", ""), { headers });
}
const publish = (d: Dev, channelName: string, body: unknown) => d.client.publishAsync(`iot/${productId}/${d.sn}/${channelName}`, JSON.stringify(body), { qos: 1 });

beforeAll(async () => {
  channel = await startDeviceChannel(cloud.db, { mqttPort: 0, sweepMs: 3600_000, now: cloud.deps.now });
  engine = new OtaEngine(cloud.db, { now: cloud.deps.now, baseUrl: BASE }).attach(channel.ingest);
  cloud.deps.ingest = channel.ingest;
  cloud.deps.ota = engine;
  const [first] = await cloud.db.select({ productId: devices.productId }).from(devices).limit(1);
  productId = first.productId;
  const rows = (await cloud.db.select().from(devices).where(eq(devices.productId, productId))).slice(0, 3);
  for (const [i, r] of rows.entries()) {
    const secret = `secret-${i}-${r.deviceSn}`;
    await cloud.db.update(devices).set({ secretHash: sha256(secret), firmwareVersion: "V1.0.0" }).where(eq(devices.id, r.id));
    channel.ingest.forgetDevice(r.deviceSn);
    const client = await mqtt.connectAsync(channel.transport.url, { username: r.deviceSn, password: secret, reconnectPeriod: 0, clientId: `ota-${r.deviceSn}` });
    const d: Dev = { id: r.id, sn: r.deviceSn, secret, client, offers: [] };
    client.on("message", (_t, payload) => d.offers.push(JSON.parse(payload.toString())));
    await client.subscribeAsync(`iot/${productId}/${r.deviceSn}/ota/upgrade`, { qos: 1 });
    devs.push(d);
  }
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(IMAGE)]), "fw.bin");
  const up = (await (await cloud.app.request(`/iotCloud/device/ota/uploadFile?productId=${productId}`, { method: "POST", body: form, headers: { authorization: `Bearer ${platform}` } })).json()) as { data: OtaFile };
  pkg = (await post<OtaPackage>("ota/add", { packageName: "Protocol", productId, version: "V2.0.0", filePath: up.data.path })).data;
}, 120_000);
afterAll(async () => {
  await Promise.all(devs.map((d) => d.client.endAsync(true)));
  engine?.close();
  await channel?.close();
});

/** A task for some of the devices; the rollout job's first pass notifies them. */
async function taskFor(ds: Dev[], more: Record<string, unknown> = {}) {
  const res = await post<OtaTask>("otaTask/add", { taskName: `t${Date.now()}`, packageId: pkg.id, target: 4, deviceIds: ds.map((d) => d.id), retries: 0, ...more });
  expect(res.code, res.msg).toBe(200);
  for (const d of ds) d.offers.length = 0;
  await engine.step();
  for (const d of ds) await until(async () => d.offers.length, (n) => n > 0, `the offer to ${d.sn}`);
  return res.data;
}

describe("a device upgrading over its MQTT topics", () => {
  it("downloads with Range, reports progress, and succeeds only when it informs the target version", async () => {
    const [d] = devs;
    const task = await taskFor([d]);
    const offer = d.offers[0];
    expect(offer).toMatchObject({ taskId: task.id, module: "default", version: "V2.0.0", size: IMAGE.length, isDiff: false, sha256: createHash("sha256").update(IMAGE).digest("hex") });
    // A first part, then the power goes: the rest resumes with Range.
    const head = await download(d, offer.url, "bytes=0-65535");
    expect(head.status).toBe(206);
    expect(head.headers.get("etag")).toBe(`"${offer.sha256}"`);
    expect(head.headers.get("content-range")).toBe(`bytes 0-65535/${IMAGE.length}`);
    const first = Buffer.from(await head.arrayBuffer());
    await publish(d, "ota/progress", { taskId: task.id, step: 30, desc: "downloading" });
    const rest = await download(d, offer.url, `bytes=${first.length}-`);
    expect(rest.status).toBe(206);
    const whole = Buffer.concat([first, Buffer.from(await rest.arrayBuffer())]);
    expect(createHash("sha256").update(whole).digest("hex")).toBe(offer.sha256);
    expect((await row(task.id, d.id)).bytesServed).toBe(IMAGE.length);
    await publish(d, "ota/progress", { taskId: task.id, step: 100 });
    await until(() => row(task.id, d.id), (r) => r.phase === "rebooting", "rebooting");
    // 100 % is not success: the device must come back on the new version.
    expect((await row(task.id, d.id)).status).toBe(2);
    await publish(d, "ota/inform", { module: "default", version: "2.0.0" });
    const done = await until(() => row(task.id, d.id), (r) => r.status === 4, "success");
    expect(done).toMatchObject({ phase: "done", progress: 100, fromVersion: "V1.0.0", errorCode: null });
    const [dev] = await cloud.db.select().from(devices).where(eq(devices.id, d.id));
    expect(dev.firmwareVersion).toBe("2.0.0");
  });

  it("serves an image over the memory budget from disk, with the same Range answers", async () => {
    const [d] = devs;
    await cloud.db.update(devices).set({ firmwareVersion: "V1.0.0" }).where(eq(devices.id, d.id));
    const task = await taskFor([d]);
    const url = d.offers[0].url;
    images.resize(0);
    try {
      const part = await download(d, url, "bytes=100-199");
      expect(part.status).toBe(206);
      expect(part.headers.get("content-range")).toBe(`bytes 100-199/${IMAGE.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(IMAGE.subarray(100, 200))).toBe(true);
      const whole = await download(d, url);
      expect(whole.status).toBe(200);
      expect(Buffer.from(await whole.arrayBuffer()).equals(IMAGE)).toBe(true);
      expect((await download(d, url, `bytes=${IMAGE.length}-`)).status).toBe(416);
    } finally {
      images.resize(64);
    }
    expect(Buffer.from(await (await download(d, url, "bytes=100-199")).arrayBuffer()).equals(IMAGE.subarray(100, 200))).toBe(true);
    expect((await row(task.id, d.id)).bytesServed).toBe(100 + IMAGE.length + 100);
    await post("otaTask/close", { id: task.id });
  });

  it("takes a device's reports in the order sent, each acknowledged once stored", async () => {
    const [d] = devs;
    await cloud.db.update(devices).set({ firmwareVersion: "V1.0.0" }).where(eq(devices.id, d.id));
    const task = await taskFor([d]);
    // Sent back to back, as a device downloading fast does; the last acknowledgement means all are stored, in order.
    const acks = Array.from({ length: 40 }, (_, i) => publish(d, "ota/progress", { taskId: task.id, step: i + 1 }));
    await acks[acks.length - 1];
    expect(await row(task.id, d.id)).toMatchObject({ progress: 40, phase: "downloading", status: 2 });
    await Promise.all(acks);
    await post("otaTask/close", { id: task.id });
  });

  it("writes the reports and download parts that arrive together in one statement each, every one on its own device", async () => {
    await cloud.db.update(devices).set({ firmwareVersion: "V1.0.0" }).where(inArray(devices.id, devs.map((d) => d.id)));
    // At 1,000 a minute the first pass notifies all three (17 a second).
    const task = await taskFor(devs, { rate: 1000 });
    const at = cloud.deps.now();
    const info = await Promise.all(devs.map(async (d) => (await channel.ingest.authenticate(d.sn, d.secret))!));
    // Three devices' reports in the same turn (one of them naming a task it is not upgrading in): one group.
    const before = { groups: engine.reports.groups, items: engine.reports.items };
    const steps = [30, 80, 50];
    await Promise.all(info.map((device, i) => engine.message({ device, channel: "ota/progress", body: { taskId: i === 2 ? task.id + 1000 : task.id, step: steps[i], desc: i === 1 ? "verifying" : undefined }, at })));
    expect({ groups: engine.reports.groups - before.groups, items: engine.reports.items - before.items }).toEqual({ groups: 1, items: 3 });
    const [a, b, c] = await Promise.all(devs.map((d) => row(task.id, d.id)));
    expect(a).toMatchObject({ progress: 30, phase: "downloading" });
    expect(b).toMatchObject({ progress: 80, phase: "verifying" });
    expect(b.firstProgressAt).not.toBeNull();
    expect(c).toMatchObject({ progress: 0, phase: "notified", firstProgressAt: null });
    // A report that changes the phase is logged, with the device's words; one within a phase and off the quarters is not.
    const log = async (id: number) => (await cloud.db.select().from(otaEvents).where(eq(otaEvents.taskDeviceId, id))).map((e) => e.text);
    expect(await log(b.id)).toContain("progress:80 verifying");
    expect(await log(a.id)).toContain("progress:30");
    await engine.message({ device: info[0], channel: "ota/progress", body: { taskId: task.id, step: 31 }, at });
    expect(await log(a.id)).not.toContain("progress:31");
    // Parts read and counted together: each on its own task device, none on one that no longer upgrades.
    await cloud.db.update(otaTaskDevices).set({ status: 3 }).where(eq(otaTaskDevices.id, c.id));
    const reads = await Promise.all([a.id, b.id, c.id, 999_999].map((id) => engine.downloads.push(id)));
    expect(reads.map((r) => r && { id: r.id, deviceId: r.deviceId, status: r.status, sha256: r.sha256 })).toEqual([
      { id: a.id, deviceId: devs[0].id, status: 2, sha256: pkg.sha256 },
      { id: b.id, deviceId: devs[1].id, status: 2, sha256: pkg.sha256 },
      { id: c.id, deviceId: devs[2].id, status: 3, sha256: pkg.sha256 },
      null,
    ]);
    const counted = await Promise.all([
      engine.served.push({ id: a.id, bytes: 100 }),
      engine.served.push({ id: b.id, bytes: 200 }),
      engine.served.push({ id: a.id, bytes: 300 }),
      engine.served.push({ id: c.id, bytes: 400 }),
    ]);
    expect(counted).toEqual([task.id, task.id, task.id, null]);
    expect((await row(task.id, devs[0].id)).bytesServed).toBe(400);
    expect((await row(task.id, devs[1].id)).bytesServed).toBe(200);
    expect((await row(task.id, devs[2].id)).bytesServed).toBe(0);
    // A part asked for once the task device stopped upgrading is refused, not served.
    expect((await post("otaTask/close", { id: task.id })).code).toBe(200);
    const refused = await download(devs[0], devs[0].offers[0].url, "bytes=0-99");
    expect(refused.headers.get("content-type")).toContain("application/json");
    expect(((await refused.json()) as { code: number }).code).toBe(409);
  });

  it("notifies at the task's rate, spread over its minute", async () => {
    await cloud.db.update(otaTaskDevices).set({ status: 3 }).where(inArray(otaTaskDevices.status, [1, 2]));
    await cloud.db.update(devices).set({ firmwareVersion: "V1.0.0" }).where(inArray(devices.id, devs.map((d) => d.id)));
    for (const d of devs) d.offers.length = 0;
    const task = (await post<OtaTask>("otaTask/add", { taskName: "Paced", packageId: pkg.id, target: 4, deviceIds: devs.map((d) => d.id), rate: 10, retries: 0 })).data;
    const notified = async () => (await cloud.db.select().from(otaTaskDevices).where(eq(otaTaskDevices.taskId, task.id))).filter((r) => r.notifiedAt !== null).length;
    // 10 a minute: one now, none more within its share of the minute, the next once the pace allows.
    await engine.step();
    expect(await notified()).toBe(1);
    cloud.advance(2_000);
    await engine.step();
    expect(await notified()).toBe(1);
    cloud.advance(5_000);
    await engine.step();
    expect(await notified()).toBe(2);
    await post("otaTask/close", { id: task.id });
  });

  it("lets no more of a task's devices download at once than its cap: the rest wait for their offer, and a device past it is told when to ask again", async () => {
    await cloud.db.update(otaTaskDevices).set({ status: 3 }).where(inArray(otaTaskDevices.status, [1, 2]));
    await cloud.db.update(devices).set({ firmwareVersion: "V1.0.0" }).where(inArray(devices.id, devs.map((d) => d.id)));
    for (const d of devs) d.offers.length = 0;
    const [first, second] = devs.slice(0, 2).sort((x, y) => x.id - y.id);
    const task = (await post<OtaTask>("otaTask/add", { taskName: "Capped", packageId: pkg.id, target: 4, deviceIds: [first.id, second.id], rate: 1000, maxDownloads: 1, retries: 0 })).data;
    expect(task.maxDownloads).toBe(1);
    // 1,000 a minute would offer both in the first pass: the cap offers one.
    await engine.step();
    await until(async () => first.offers.length, (n) => n > 0, "the first offer");
    expect(second.offers).toEqual([]);
    expect((await download(first, first.offers[0].url, "bytes=0-99")).status).toBe(206);
    await engine.step();
    expect(second.offers).toEqual([]);
    expect((await row(task.id, second.id)).status).toBe(1);
    // A device that holds an offer anyway (an old device that asked, one offered before the others came back) is told to come back.
    const [stored] = await cloud.db.select().from(otaPackages).where(eq(otaPackages.id, pkg.id));
    const late = await row(task.id, second.id);
    await cloud.db.update(otaTaskDevices).set({ status: 2, phase: "notified", attempt: 1, notifiedAt: cloud.now() }).where(eq(otaTaskDevices.id, late.id));
    const url = engine.upgradeMessage(stored, task.id, late.id, 1, cloud.now()).url;
    const full = await download(second, url, "bytes=0-99");
    expect(full.status).toBe(429);
    expect(Number(full.headers.get("retry-after"))).toBeGreaterThanOrEqual(5);
    expect(Number(full.headers.get("retry-after"))).toBeLessThanOrEqual(15);
    const said = (await full.json()) as { code: number; msg: string };
    expect(said.code).toBe(429);
    expect(said.msg).toMatch(/^当前下载该升级的设备已满，请 \d+ 秒后重试$/);
    expect(await row(task.id, second.id)).toMatchObject({ phase: "notified", bytesServed: 0 });
    // Once the first has its image (it verifies), the place is the second's.
    await publish(first, "ota/progress", { taskId: task.id, step: 80, desc: "verifying" });
    await until(() => row(task.id, first.id), (r) => r.phase === "verifying", "verifying");
    expect((await download(second, url, "bytes=0-99")).status).toBe(206);
    expect(await row(task.id, second.id)).toMatchObject({ phase: "downloading", bytesServed: 100 });
    await post("otaTask/close", { id: task.id });
  });

  it("fails a device that reports a failed verification", async () => {
    const [, d] = devs;
    const task = await taskFor([d]);
    await publish(d, "ota/progress", { taskId: task.id, step: 60 });
    await publish(d, "ota/progress", { taskId: task.id, step: -3, desc: "sha256 mismatch" });
    const failed = await until(() => row(task.id, d.id), (r) => r.status === 5, "failed");
    expect(failed).toMatchObject({ errorCode: "verify", errorText: "sha256 mismatch" });
    await engine.step();
    expect((await cloud.request<OtaTask>(`/device/otaTask/info?id=${task.id}`, { token: platform })).body.data).toMatchObject({ status: 4, failCount: 1 });
  });

  it("fails a device that restarts into the old version, then retries it after the interval", async () => {
    const [, , d] = devs;
    const task = await taskFor([d], { retries: 1, retryIntervalMin: 1 });
    await publish(d, "ota/progress", { taskId: task.id, step: 95, desc: "flashing" });
    await until(() => row(task.id, d.id), (r) => r.phase === "installing", "installing");
    await publish(d, "ota/inform", { module: "default", version: "V1.0.0" });
    const retry = await until(() => row(task.id, d.id), (r) => r.errorCode === "oldVersion", "the rollback noticed");
    expect(retry).toMatchObject({ status: 1, phase: "queued", attempt: 1 });
    d.offers.length = 0;
    await engine.step();
    expect(d.offers).toEqual([]);
    cloud.advance(61_000);
    await engine.step();
    await until(async () => d.offers.length, (n) => n > 0, "the second offer");
    expect((await row(task.id, d.id)).attempt).toBe(2);
    await publish(d, "ota/progress", { taskId: task.id, step: 99 });
    await until(() => row(task.id, d.id), (r) => r.progress === 99, "progress");
    await publish(d, "ota/inform", { module: "default", version: "V1.0.1" });
    const failed = await until(() => row(task.id, d.id), (r) => r.status === 5, "failed for good");
    expect(failed).toMatchObject({ errorCode: "oldVersion", errorText: "V1.0.1" });
  });

  it("times a device out from its first progress report", async () => {
    const [, d] = devs;
    await cloud.db.update(devices).set({ firmwareVersion: "V1.0.0" }).where(eq(devices.id, d.id));
    const task = await taskFor([d]);
    await publish(d, "ota/progress", { taskId: task.id, step: 10 });
    await until(() => row(task.id, d.id), (r) => r.firstProgressAt !== null, "the first progress");
    cloud.advance(29 * 60_000);
    await engine.step();
    expect((await row(task.id, d.id)).status).toBe(2);
    cloud.advance(2 * 60_000);
    await engine.step();
    expect(await row(task.id, d.id)).toMatchObject({ status: 5, errorCode: "timeout" });
  });

  it("refuses another device's URL, an expired URL and a tampered one", async () => {
    const [a, b] = devs;
    await cloud.db.update(devices).set({ firmwareVersion: "V1.0.0" }).where(inArray(devices.id, [a.id, b.id]));
    await taskFor([a]);
    const url = a.offers[0].url;
    const json = async (r: Response) => ((await r.json()) as { code: number; msg: string }).msg;
    const other = await download(b, url);
    expect(other.status).toBe(403);
    expect(await json(other)).toBe("该下载链接属于其他设备");
    const tampered = url.replace(/s=([a-f0-9])/, (_m, c: string) => `s=${c === "0" ? "1" : "0"}`);
    expect((await download(a, tampered)).status).toBe(403);
    const otherTask = url.replace(/d=(\d+)/, (_m, n: string) => `d=${Number(n) + 1}`);
    expect((await download(a, otherTask)).status).toBe(403);
    expect((await download({ sn: a.sn, secret: "wrong" }, url)).status).toBe(401);
    cloud.advance(2 * 3600_000);
    const expired = await download(a, url);
    expect(expired.status).toBe(403);
    expect(await json(expired)).toBe("下载链接已过期，请重新请求升级");
  });

  it("holds the rollout at the gate when the first batch fails, and lets the rest go when a person resumes", async () => {
    await cloud.db.update(otaTaskDevices).set({ status: 3 }).where(inArray(otaTaskDevices.status, [1, 2]));
    await cloud.db.update(devices).set({ firmwareVersion: "V1.0.0" }).where(inArray(devices.id, devs.map((d) => d.id)));
    const [first, ...rest] = devs;
    for (const d of devs) d.offers.length = 0;
    const task = (await post<OtaTask>("otaTask/add", { taskName: "Staged", packageId: pkg.id, target: 4, deviceIds: devs.map((d) => d.id), batchCount: 1, gateSuccessPct: 100, retries: 0, rate: 1000 })).data;
    await engine.step();
    await until(async () => first.offers.length, (n) => n > 0, "the first batch's offer");
    expect(rest.map((d) => d.offers.length)).toEqual([0, 0]);
    await publish(first, "ota/progress", { taskId: task.id, step: -4, desc: "flash write error" });
    await until(() => row(task.id, first.id), (r) => r.status === 5, "the first batch failed");
    await engine.step();
    const held = (await cloud.request<OtaTask>(`/device/otaTask/info?id=${task.id}`, { token: platform })).body.data;
    expect(held).toMatchObject({ status: 2, hold: 1 });
    await engine.step();
    expect(rest.map((d) => d.offers.length)).toEqual([0, 0]);
    expect((await post<OtaTask>("otaTask/oper", { id: task.id, action: "resume" })).data.hold).toBe(0);
    await engine.step();
    for (const d of rest) await until(async () => d.offers.length, (n) => n > 0, `the offer to ${d.sn} after the gate`);
  });
});
