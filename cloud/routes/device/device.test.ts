import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Page } from "@/lib/contract/envelope";
import type { AdminDevice, Device, DeviceAdded, DeviceCredentials, DeviceTreeNode } from "@/lib/contract/device/device";
import type { Product } from "@/lib/contract/device/product";
import type { Project } from "@/lib/contract/project";
import { createCloud } from "../../app";
import { devices, telemetry } from "../../db/schema";
import { BatchWriter } from "../../ingest/writer";
import { Ingest } from "../../ingest/pipeline";
import { signedIn, type TestCloud } from "../../testing";

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
signedIn((s) => ({ cloud, admin, operator, platform } = s));

let ingest: Ingest;
let app: ReturnType<typeof createCloud>;
let prj: number;
let otherPrj: number;
let sensor: Product;
let gateway: Product;

beforeAll(async () => {
  ingest = new Ingest(cloud.db, { now: cloud.now });
  // The routes and the HTTP ingest share one catalog, as in the running cloud.
  cloud.deps.ingest = ingest;
  cloud.deps.mqttUrl = "mqtt://127.0.0.1:1883";
  app = createCloud(cloud.deps);
  const projects = await cloud.request<Page<Project>>("/device/project/page?size=100", { token: admin });
  [prj, otherPrj] = projects.body.data.records.map((p) => p.id);
  const products = await cloud.request<Page<Product>>("/device/product/page?size=100", { token: admin, language: "en" });
  sensor = products.body.data.records.find((p) => p.monitorType === "tilt") ?? products.body.data.records.find((p) => p.monitorType)!;
  gateway = products.body.data.records.find((p) => p.prodType === "gateway")!;
});
afterAll(() => ingest?.close());

type Opts = { token?: string; project?: number; language?: string };
async function call<T>(path: string, body?: unknown, o: Opts = {}) {
  const headers: Record<string, string> = {};
  if (o.project !== 0) headers.projectid = String(o.project ?? prj);
  return (await cloud.request<T>(`/device/device/${path}`, { token: o.token ?? admin, body, headers, language: o.language ?? "en" })).body;
}
async function add(body: Record<string, unknown>, o: Opts = {}) {
  const res = await call<DeviceAdded>("add", { productId: sensor.id, reportCycle: 60, ...body }, o);
  expect(res.code, JSON.stringify(res)).toBe(200);
  return res.data;
}
async function publish(sn: string, secret: string, params: Record<string, unknown>, productId = sensor.id) {
  const res = await app.request(`/iotCloud/comm/ingest/${productId}/${sn}/property/post`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Basic ${Buffer.from(`${sn}:${secret}`).toString("base64")}` },
    body: JSON.stringify({ params }),
  });
  return res.status;
}
const firstNumber = (p: Product) => p.id;

describe("device/device", () => {
  it("lists the call's project's devices only, with product and project names", async () => {
    const page = await call<Page<Device>>("page?size=100");
    expect(page.code).toBe(200);
    expect(page.data.total).toBeGreaterThan(0);
    expect(page.data.records.every((d) => d.projectId === prj && d.prodName)).toBe(true);
    const other = await call<Page<Device>>("page?size=100", undefined, { project: otherPrj });
    expect(other.data.records.some((d) => page.data.records.some((x) => x.id === d.id))).toBe(false);
    expect((await call("page", undefined, { project: 0 })).code).toBe(400);
    expect((await call("page", undefined, { token: platform })).code).toBe(403);
    const byStatus = await call<Page<Device>>(`page?size=100&status=1&productId=${firstNumber(sensor)}`);
    expect(byStatus.data.records.every((d) => Number(d.status) === 1 && d.productId === sensor.id)).toBe(true);
  });

  it("adds a device with a secret shown once, which the ingest accepts at once", async () => {
    const d = await add({ deviceName: "新倾角计", deviceSn: "T-NEW-01", longitude: "120.1", latitude: 30.2, powerSupply: "solar", projectId: "", spaceId: "", channelNo: "", secretHash: "x", status: 2 });
    expect(d).toMatchObject({ deviceName: "新倾角计", deviceSn: "T-NEW-01", projectId: prj, prodName: sensor.prodName, status: 1, enableStatus: 1, longitude: 120.1, powerSupply: "solar" });
    expect(d.credentials).toMatchObject({ id: d.id, deviceSn: "T-NEW-01", productId: sensor.id, broker: { host: "127.0.0.1", port: 1883 } });
    expect(d.credentials.secret.length).toBeGreaterThanOrEqual(32);
    const info = await call<Device & { secretHash?: string; credentials?: unknown }>(`info?id=${d.id}`);
    expect(info.data.secretHash).toBeUndefined();
    expect(info.data.credentials).toBeUndefined();
    expect(await publish("T-NEW-01", "wrong", { angleX: 1 })).toBe(401);
    expect(await publish("T-NEW-01", d.credentials.secret, { angleX: 1.5 })).toBe(200);
    // The credentials' example is the product's properties with plausible values: posted as it is, every value is kept.
    const props = Object.keys(d.credentials.example);
    expect(props).toEqual(expect.arrayContaining(["angleX", "angleY"]));
    const pasted = await app.request(`/iotCloud/comm/ingest/${sensor.id}/T-NEW-01/property/post`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Basic ${Buffer.from(`T-NEW-01:${d.credentials.secret}`).toString("base64")}` },
      body: JSON.stringify({ params: d.credentials.example }),
    });
    expect(await pasted.json()).toMatchObject({ code: 200, data: { accepted: props.length, rejects: [] } });
    await ingest.drain();
    const after = await call<Device>(`info?id=${d.id}`);
    expect(after.data.status).toBe(2);
    expect(after.data.lastReportTime).not.toBeNull();
  });

  it("refuses bad input with the field named and an SN taken anywhere", async () => {
    expect(await call("add", { productId: sensor.id, deviceName: "x", deviceSn: "a/b", reportCycle: 1 })).toMatchObject({ code: 400, msg: expect.stringContaining("SN"), data: expect.objectContaining({ field: "deviceSn" }) });
    expect(await call("add", { productId: sensor.id, deviceName: "x", deviceSn: "OK-1", reportCycle: 1, channelNo: 10000 })).toMatchObject({ code: 400, msg: "Channel: Must not exceed 9999" });
    expect(await call("add", { productId: sensor.id, deviceName: "x", deviceSn: "SIM01001", reportCycle: 1 })).toMatchObject({ code: 400, msg: "SN SIM01001 is already used by another device" });
    expect(await call("add", { productId: 999999, deviceName: "x", deviceSn: "OK-2", reportCycle: 1 })).toMatchObject({ code: 400, msg: "The product does not exist" });
    expect(await call("add", { productId: sensor.id, deviceName: "x", deviceSn: "OK-3", reportCycle: 1, gatewaySn: "NOPE" })).toMatchObject({ code: 400, msg: "No gateway device has SN NOPE" });
    expect((await call("add", { productId: sensor.id, deviceName: "x", deviceSn: "OK-4", reportCycle: 1 }, { token: operator })).code).toBe(403);
  });

  it("changes SN, secret and enable state with immediate effect on the ingest", async () => {
    const d = await add({ deviceName: "改凭据", deviceSn: "T-CRED-01" });
    expect(await publish("T-CRED-01", d.credentials.secret, { angleX: 1 })).toBe(200);
    const moved = await call<Device>("updSn", { id: d.id, deviceSn: "T-CRED-02" });
    expect(moved.data.deviceSn).toBe("T-CRED-02");
    expect(await publish("T-CRED-01", d.credentials.secret, { angleX: 1 })).toBe(401);
    expect(await publish("T-CRED-02", d.credentials.secret, { angleX: 1 })).toBe(200);
    const reset = await call<DeviceCredentials>("resetSecret", { id: d.id });
    expect(reset.data.secret).not.toBe(d.credentials.secret);
    expect(await publish("T-CRED-02", d.credentials.secret, { angleX: 1 })).toBe(401);
    expect(await publish("T-CRED-02", reset.data.secret, { angleX: 1 })).toBe(200);
    expect((await call("close", { id: d.id })).code).toBe(200);
    expect((await call<Device>(`info?id=${d.id}`)).data.enableStatus).toBe(2);
    expect(await publish("T-CRED-02", reset.data.secret, { angleX: 1 })).toBe(401);
    expect((await call("openOrClose", { id: d.id, status: 1 })).code).toBe(200);
    expect(await publish("T-CRED-02", reset.data.secret, { angleX: 1 })).toBe(200);
    const upd = await call<Device>("upd", { id: d.id, deviceName: "改了名", deviceSn: "T-CRED-03" });
    expect(upd.data).toMatchObject({ deviceName: "改了名", deviceSn: "T-CRED-03", reportCycle: 60 });
    expect(await publish("T-CRED-03", reset.data.secret, { angleX: 1 })).toBe(200);
  });

  it("refuses to delete a device with data until its data is deleted", async () => {
    const d = await add({ deviceName: "有数据", deviceSn: "T-DATA-01" });
    expect(await publish("T-DATA-01", d.credentials.secret, { angleX: 2 })).toBe(200);
    await ingest.drain();
    expect(await call("del", { ids: [d.id] })).toMatchObject({ code: 409, msg: "These devices still have data; delete their data first: 有数据" });
    expect((await call("del", { ids: [d.id] }, { token: platform })).code).toBe(403);
    expect((await call("delDataByTime", { ids: [d.id], startTime: "2030-01-01T00:00:00Z", endTime: "2020-01-01T00:00:00Z" })).code).toBe(400);
    expect((await call<{ deleted: number }>("delDataByTime", { ids: [d.id] })).data.deleted).toBe(1);
    expect(await cloud.db.select().from(telemetry).where(eq(telemetry.deviceId, d.id))).toEqual([]);
    expect((await call("del", { ids: [d.id] })).code).toBe(200);
    expect((await call(`info?id=${d.id}`)).code).toBe(404);
    expect(await publish("T-DATA-01", d.credentials.secret, { angleX: 2 })).toBe(401);
  });

  it("binds devices to a gateway and lists a gateway's sub-devices", async () => {
    const gw = await add({ productId: gateway.id, deviceName: "网关", deviceSn: "T-GW-01" });
    const sub = await add({ deviceName: "子设备", deviceSn: "T-SUB-01" });
    expect(await call("bind", { ids: [sub.id], gatewaySn: "T-SUB-01" })).toMatchObject({ code: 400, msg: "A device cannot be its own gateway" });
    expect(await call("bind", { ids: [gw.id], gatewaySn: "SIM01001" })).toMatchObject({ code: 400 });
    expect((await call("bind", { ids: [sub.id], gatewaySn: "T-GW-01", channelNo: 3 })).code).toBe(200);
    const subs = await call<Device[]>(`subDeviceList?id=${gw.id}`);
    expect(subs.data.map((s) => [s.id, s.channelNo])).toEqual([[sub.id, 3]]);
    expect(await call("del", { ids: [gw.id] })).toMatchObject({ code: 409 });
    expect((await call("unBind", { ids: [sub.id] })).code).toBe(200);
    expect((await call<Device[]>(`subDeviceList?id=${gw.id}`)).data).toEqual([]);
  });

  it("counts the project's devices anew after an add or a delete", async () => {
    const total = async () => (await call<Page<Device>>("page?size=1")).data.total;
    const before = await total();
    const d = await add({ deviceName: "计数", deviceSn: "T-COUNT-01" });
    expect(await total()).toBe(before + 1);
    expect((await call<Page<Device>>("page?size=100&deviceSn=T-COUNT")).data.total).toBe(1);
    expect((await call("del", { ids: [d.id] })).code).toBe(200);
    expect(await total()).toBe(before);
  });

  it("gives pickers the project's devices: by project, by SN, as a tree by product", async () => {
    const all = await call<{ id: number; deviceSn: string }[]>("allDevByPrj");
    expect(all.data.length).toBeGreaterThan(0);
    const one = await call<{ id: number }>(`snIdCode?sn=${all.data[0].deviceSn}`);
    expect(one.data.id).toBe(all.data[0].id);
    expect((await call(`snIdCode?sn=NOPE`)).code).toBe(404);
    const tree = await call<DeviceTreeNode[]>(`deviceTreeByProdId?productId=${sensor.id}`);
    expect(tree.data.map((t) => t.productId)).toEqual([sensor.id]);
    expect(tree.data[0].subItem!.length).toBeGreaterThan(0);
    expect(tree.data[0].subItem!.every((d) => d.productId === sensor.id && d.sn)).toBe(true);
  });

  it("shows a device's exact last report, battery and signal in its list, detail and real-time data, though its row follows at a coarse step (issue 41)", async () => {
    const d = await add({ deviceName: "Heard", deviceSn: "T-HEARD-01" });
    const w = new BatchWriter(cloud.db, { flushMs: 1 });
    const hear = async (at: Date, battery: number) => {
      w.push({ points: [], rejects: [], heard: { deviceId: d.id, at, battery, signal: -71 } });
      await w.drain();
    };
    // A minute past this device's own step boundary (its second of the hour, as `rowStepDue` hashes its id): the 30 s
    // that follow cross none, whatever id the database gave it.
    const phaseS = Math.floor((Number((BigInt(d.id) * 2654435761n) % 4294967296n) * 3600) / 4294967296);
    const first = new Date((Date.UTC(2026, 2, 2, 8) / 1000 - phaseS + 60) * 1000);
    const last = new Date(first.getTime() + 30_000);
    await hear(first, 50);
    await hear(last, 48);
    const [row] = await cloud.db.select({ lastReportTime: devices.lastReportTime, battery: devices.battery }).from(devices).where(eq(devices.id, d.id));
    expect(row).toEqual({ lastReportTime: first, battery: 50 });
    const shown = { lastReportTime: last.toISOString(), battery: 48, signal: -71 };
    expect((await call<Device>(`info?id=${d.id}`)).data).toMatchObject(shown);
    expect((await call<Page<Device>>("page?size=10&deviceSn=T-HEARD-01")).data.records).toEqual([expect.objectContaining(shown)]);
    expect((await call<{ lastReportTime: string }>(`getDevRealTimeData?id=${d.id}`)).data.lastReportTime).toBe(last.toISOString());
  });

  it("shows platform administrators every tenant's devices (pageAdmin), nobody else", async () => {
    const page = await call<Page<AdminDevice>>("pageAdmin?size=5&sortField=lastReportTime&sortOrder=desc", undefined, { token: platform, project: 0 });
    expect(page.code).toBe(200);
    expect(page.data.total).toBeGreaterThan(0);
    expect(page.data.records[0].tenantName).toBeTruthy();
    expect((await call("pageAdmin", undefined, { token: admin })).code).toBe(403);
  });
});
