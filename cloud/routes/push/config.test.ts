import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "@/lib/contract/envelope";
import { SECRET_MASK } from "@/lib/contract/secret";
import { type PushConfigRow, type PushLogRow, type PushTestResult } from "@/lib/contract/push/config";
import { devices, projects, pushConfigs } from "../../db/schema";
import { signedIn, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";

let cloud: TestCloud;
let admin: string;
let operator: string;
signedIn((s) => ({ cloud, admin, operator } = s), ["admin", "operator"]);

let projectId: number;
let otherProjectId: number;
let deviceId: number;
let foreignDeviceId: number;
let invalidated = 0;
let receiver: Server;
let receiverUrl: string;
const received: { headers: Record<string, unknown>; body: string }[] = [];

beforeAll(async () => {
  const db = cloud.db;
  const prjs = await db.select().from(projects).where(tenantOf(2).where(projects)).orderBy(asc(projects.id));
  [projectId, otherProjectId] = prjs.map((p) => p.id);
  const devs = await db.select().from(devices).where(tenantOf(2).where(devices)).orderBy(asc(devices.id));
  await db.update(devices).set({ projectId }).where(eq(devices.id, devs[0].id));
  await db.update(devices).set({ projectId: otherProjectId }).where(eq(devices.id, devs[1].id));
  [deviceId, foreignDeviceId] = [devs[0].id, devs[1].id];
  cloud.deps.push = { invalidate: () => void invalidated++ };
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.end("ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/in`;
});
afterAll(() => {
  receiver.closeAllConnections();
  receiver.close();
});

const call = <T>(path: string, token: string, body?: unknown, language?: string, prj = projectId) => cloud.request<T>(`/push/pushConfig${path}`, { token, body, language, headers: { projectid: String(prj) } });

const base = (extra: Record<string, unknown> = {}) => ({
  pushName: "业主平台",
  method: "POST",
  address: receiverUrl,
  dataTypes: [1, 2],
  headers: [
    { name: "X-Site", value: "A1", secret: false },
    { name: "Authorization", value: "Bearer s3cret-token", secret: true },
  ],
  params: [{ name: "site", value: "a1" }],
  enableStatus: 1,
  ...extra,
});

describe("push configurations", () => {
  let id: number;

  it("adds one with its secret header sealed and shown masked", async () => {
    const before = invalidated;
    const add = await call<{ id: number }>("/add", admin, base());
    expect(add.body.code).toBe(200);
    id = add.body.data.id;
    expect(invalidated).toBe(before + 1);
    const [stored] = await cloud.db.select().from(pushConfigs).where(eq(pushConfigs.id, id));
    expect(stored.headers[1].value).not.toContain("s3cret");
    expect(stored.headers[0].value).toBe("A1");
    const info = await call<PushConfigRow>(`/info?id=${id}`, admin);
    expect(info.body.data.headers).toEqual([
      { name: "X-Site", value: "A1", secret: false },
      { name: "Authorization", value: SECRET_MASK, secret: true },
    ]);
    const page = await call<Page<PushConfigRow>>(`/page?current=1&size=10&pushName=${encodeURIComponent("业主平台")}`, admin);
    // The seeded example (disabled, to example.com) and this one.
    expect(page.body.data.records.map((r) => r.pushName)).toEqual(["业主平台", "业主平台转发（示例）"]);
    expect(page.body.data.records[0]).toMatchObject({ pushName: "业主平台", method: "POST", pending: 0, dead: 0, lastStatus: null });
    expect(JSON.stringify(page.body.data)).not.toContain("s3cret");
  });

  it("delivers a new configuration at once unless it says otherwise", async () => {
    const { enableStatus: _enable, ...unset } = base({ pushName: "默认启用" });
    const add = await call<{ id: number }>("/add", admin, unset);
    expect(add.body.code).toBe(200);
    expect((await call<PushConfigRow>(`/info?id=${add.body.data.id}`, admin)).body.data.enableStatus).toBe(1);
    expect((await call("/del", admin, { ids: [add.body.data.id] })).body.code).toBe(200);
  });

  it("keeps the stored secret when an update sends the mask back, and replaces it when a new one is given", async () => {
    const info = await call<PushConfigRow>(`/info?id=${id}`, admin);
    expect((await call("/upd", admin, { ...base(), id, pushName: "业主平台2", headers: info.body.data.headers })).body.code).toBe(200);
    const test = await call<PushTestResult>("/test", admin, { id });
    expect(test.body.data).toMatchObject({ status: 2 });
    // Loopback is refused without PUSH_ALLOW_PRIVATE: the log says why, in words.
    expect(test.body.data.error).toContain("127.0.0.1");
    process.env.PUSH_ALLOW_PRIVATE = "1";
    try {
      const sent = await call<PushTestResult>("/test", admin, { id }, "en");
      expect(sent.body).toMatchObject({ code: 200, msg: "Test value delivered", data: { status: 1, httpStatus: 200 } });
      expect(received.at(-1)?.headers.authorization).toBe("Bearer s3cret-token");
      expect(received.at(-1)?.headers["x-site"]).toBe("A1");
      const body = JSON.parse(received.at(-1)!.body);
      expect(body).toMatchObject({ name: "业主平台2", count: 1 });
      await call("/upd", admin, { ...base(), id, headers: [{ name: "Authorization", value: "Bearer new", secret: true }] });
      await call("/test", admin, { id });
      expect(received.at(-1)?.headers.authorization).toBe("Bearer new");
    } finally {
      delete process.env.PUSH_ALLOW_PRIVATE;
    }
    const logs = await call<Page<PushLogRow>>(`/pageLog?current=1&size=10&configId=${id}`, admin);
    expect(logs.body.data.total).toBe(3);
    expect(logs.body.data.records.map((r) => r.status)).toEqual([1, 1, 2]);
    expect(logs.body.data.records[0]).toMatchObject({ httpStatus: 200, items: 1, attempt: 1 });
    const failed = await call<Page<PushLogRow>>(`/pageLog?current=1&size=10&configId=${id}&status=2`, admin);
    expect(failed.body.data.total).toBe(1);
    const listed = (await call<PushConfigRow>(`/info?id=${id}`, admin)).body.data;
    expect(listed.lastStatus).toBe(1);
    expect(new Date(listed.lastPushTime!).toISOString()).toBe(listed.lastPushTime);
  });

  it("enables and disables with oper", async () => {
    expect((await call("/oper", admin, { id, enableStatus: 2 })).body.code).toBe(200);
    expect((await call<PushConfigRow>(`/info?id=${id}`, admin)).body.data.enableStatus).toBe(2);
    expect((await call("/oper", admin, { id, enableStatus: 5 }, "en")).body.code).toBe(400);
  });

  it("checks the address by method, the topic, devices of the project and duplicate headers", async () => {
    const refusal = async (body: Record<string, unknown>) => (await call("/add", admin, base(body), "en")).body;
    expect(await refusal({ address: "ftp://x" })).toMatchObject({ code: 400, msg: "Address: An http:// or https:// address" });
    expect(await refusal({ method: "MQTT", address: "mqtt://broker.example.com:1883", topic: "" })).toMatchObject({ code: 400, msg: "Topic: Required" });
    expect(await refusal({ method: "MQTT", address: "mqtt://broker.example.com:1883", topic: "a/#" })).toMatchObject({ code: 400 });
    expect(await refusal({ method: "KAFKA", address: "", topic: "t" })).toMatchObject({ code: 400, msg: "Kafka needs brokers: enter them, or set KAFKA_BROKERS on the server" });
    expect(await refusal({ deviceScope: 2, deviceIds: [] })).toMatchObject({ code: 400 });
    expect(await refusal({ deviceScope: 2, deviceIds: [foreignDeviceId] })).toMatchObject({ code: 400, msg: "A chosen device is not in this project" });
    expect(await refusal({ headers: [{ name: "Bad Header", value: "x" }] })).toMatchObject({ code: 400 });
    expect(await refusal({ headers: [{ name: "X-A", value: "a\r\nX-B: b" }] })).toMatchObject({ code: 400 });
    expect(await refusal({ headers: [{ name: "x-a", value: "1" }, { name: "X-A", value: "2" }] })).toMatchObject({ code: 400 });
    expect((await call("/add", admin, "{bad", "en")).body.code).toBe(400);
    const ok = await call<{ id: number }>("/add", admin, base({ pushName: "指定设备", deviceScope: 2, deviceIds: [deviceId] }));
    expect(ok.body.code).toBe(200);
  });

  it("keeps projects and tenants apart, and needs the permission to change", async () => {
    const other = await call<Page<PushConfigRow>>("/page?current=1&size=10", admin, undefined, undefined, otherProjectId);
    expect(other.body.data.total).toBe(0);
    expect((await call(`/info?id=${id}`, admin, undefined, undefined, otherProjectId)).body.code).toBe(404);
    expect((await call("/oper", admin, { id, enableStatus: 1 }, undefined, otherProjectId)).body.code).toBe(404);
    expect((await call("/del", operator, { ids: [id] })).body.code).toBe(403);
  });

  it("deletes with its queue and log", async () => {
    expect((await call("/del", admin, { ids: [id] })).body.code).toBe(200);
    expect((await call(`/info?id=${id}`, admin)).body.code).toBe(404);
    expect((await call<Page<PushLogRow>>(`/pageLog?current=1&size=10&configId=${id}`, admin)).body.data.total).toBe(0);
  });
});
