import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "@/lib/contract/envelope";
import type { DeviceAdded, DeviceCredentials } from "@/lib/contract/device/device";
import type { Product } from "@/lib/contract/device/product";
import type { Project } from "@/lib/contract/project";
import { BROKER_HOOK_HEADER, brokerAccessAnswer, brokerLoginAnswer, type BrokerAccessAnswer, type BrokerLoginAnswer } from "@/lib/contract/device/broker-hooks";
import { deviceTopic } from "@/lib/contract/device/topics";
import { Ingest } from "../../ingest";
import { signedIn, type TestCloud } from "../../testing";

/** EMQX's HTTP hooks as EMQX calls them: its request bodies, the shared secret header, its answer shapes. */
let cloud: TestCloud;
let admin: string;
signedIn((s) => ({ cloud, admin } = s), ["admin"]);

const HOOK_SECRET = "hook-secret-for-tests";
let prj: number;
let productId: number;

beforeAll(async () => {
  cloud.deps.ingest = new Ingest(cloud.db, { now: cloud.now });
  cloud.deps.mqttUrl = "mqtt://cloud:cloud-password@127.0.0.1:1883";
  cloud.deps.config.brokerHookSecret = HOOK_SECRET;
  prj = (await cloud.request<Page<Project>>("/device/project/page", { token: admin })).body.data.records[0].id;
  productId = (await cloud.request<Page<Product>>("/device/product/page?size=100", { token: admin })).body.data.records.find((p) => p.monitorType === "tilt")!.id;
});

const device = async <T>(path: string, body: unknown) => (await cloud.request<T>(`/device/device/${path}`, { token: admin, body, headers: { projectid: String(prj) } })).body.data;
const hook = (path: "auth" | "acl", body: unknown, secret: string | null = HOOK_SECRET) => cloud.request(`/comm/mqtt/${path}`, { body, headers: secret === null ? {} : { [BROKER_HOOK_HEADER]: secret } });
async function login(username: string, password: string): Promise<BrokerLoginAnswer> {
  const res = await hook("auth", { clientid: `${username}-1`, username, password });
  expect(res.status).toBe(200);
  return brokerLoginAnswer.parse(res.body);
}
async function may(username: string, action: "publish" | "subscribe", topic: string, secret = ""): Promise<BrokerAccessAnswer["result"]> {
  const res = await hook("acl", { clientid: `${username}-1`, username, action, topic, secret });
  expect(res.status).toBe(200);
  return brokerAccessAnswer.parse(res.body).result;
}

describe("EMQX HTTP hooks", () => {
  it("answer only EMQX's shared secret, and are not served without one", async () => {
    expect((await hook("auth", { username: "x", password: "y" }, null)).status).toBe(403);
    expect((await hook("auth", { username: "x", password: "y" }, "wrong")).status).toBe(403);
    cloud.deps.config.brokerHookSecret = undefined;
    try {
      expect((await hook("auth", { username: "x", password: "y" })).status).toBe(404);
    } finally {
      cloud.deps.config.brokerHookSecret = HOOK_SECRET;
    }
    expect((await hook("acl", { username: "x", action: "delete", topic: "a" })).status).toBe(400);
  });

  it("log a device in by its SN and secret, never as a superuser, and the cloud by its own account", async () => {
    const d = await device<DeviceAdded>("add", { deviceName: "EMQX 1", deviceSn: "EMQ-01", productId, reportCycle: 60 });
    const ok = await login("EMQ-01", d.credentials.secret);
    expect(ok).toMatchObject({ result: "allow", is_superuser: false });
    expect(ok.client_attrs?.secret).toMatch(/^[0-9a-f]{16}$/);
    expect((await login("EMQ-01", "wrong")).result).toBe("deny");
    expect((await login("NOBODY", "x")).result).toBe("deny");
    expect((await login("", "")).result).toBe("deny");
    expect(await login("cloud", "cloud-password")).toEqual({ result: "allow", is_superuser: false });
    expect((await login("cloud", "cloud-passwordx")).result).toBe("deny");
  });

  it("keep a device to its own topics", async () => {
    await device<DeviceAdded>("add", { deviceName: "EMQX 2", deviceSn: "EMQ-02", productId, reportCycle: 60 });
    expect(await may("EMQ-02", "publish", deviceTopic(productId, "EMQ-02", "property/post"))).toBe("allow");
    expect(await may("EMQ-02", "publish", deviceTopic(productId, "EMQ-01", "property/post"))).toBe("deny");
    expect(await may("EMQ-02", "publish", deviceTopic(productId + 1, "EMQ-02", "property/post"))).toBe("deny");
    expect(await may("EMQ-02", "publish", deviceTopic(productId, "EMQ-02", "property/set"))).toBe("deny");
    expect(await may("EMQ-02", "subscribe", `iot/${productId}/EMQ-02/#`)).toBe("allow");
    expect(await may("EMQ-02", "subscribe", `iot/${productId}/EMQ-01/#`)).toBe("deny");
    expect(await may("EMQ-02", "subscribe", "iot/#")).toBe("deny");
    expect(await may("NOBODY", "publish", deviceTopic(productId, "NOBODY", "property/post"))).toBe("deny");
  });

  it("let the cloud take its shared subscription and send commands, nothing else", async () => {
    expect(await may("cloud", "subscribe", "$share/cloud/iot/+/+/property/post")).toBe("allow");
    expect(await may("cloud", "subscribe", "iot/+/+/event/post")).toBe("allow");
    expect(await may("cloud", "subscribe", "#")).toBe("deny");
    expect(await may("cloud", "publish", deviceTopic(productId, "EMQ-02", "service/call"))).toBe("allow");
    expect(await may("cloud", "publish", "iot/+/+/service/call")).toBe("deny");
    expect(await may("cloud", "publish", deviceTopic(productId, "EMQ-02", "property/post"))).toBe("deny");
  });

  it("refuse at once a session whose secret was replaced, and a disabled device", async () => {
    const d = await device<DeviceAdded>("add", { deviceName: "EMQX 3", deviceSn: "EMQ-03", productId, reportCycle: 60 });
    const topic = deviceTopic(productId, "EMQ-03", "property/post");
    const old = (await login("EMQ-03", d.credentials.secret)).client_attrs!.secret;
    expect(await may("EMQ-03", "publish", topic, old)).toBe("allow");
    const reset = await device<DeviceCredentials>("resetSecret", { id: d.id });
    expect(await may("EMQ-03", "publish", topic, old)).toBe("deny");
    expect((await login("EMQ-03", d.credentials.secret)).result).toBe("deny");
    const fresh = (await login("EMQ-03", reset.secret)).client_attrs!.secret;
    expect(await may("EMQ-03", "publish", topic, fresh)).toBe("allow");
    await device("close", { id: d.id });
    expect(await may("EMQ-03", "publish", topic, fresh)).toBe("deny");
    expect((await login("EMQ-03", reset.secret)).result).toBe("deny");
  });
});
