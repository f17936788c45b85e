import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { createCloud } from "../../app";
import type { Db } from "../../db/client";
import { devices, telemetryLatest } from "../../db/schema";
import { addDevices, addSensorProduct } from "../../ingest/fixtures";
import { Ingest } from "../../ingest/pipeline";
import { createTestCloud, SETUP_MS, type TestCloud } from "../../testing";

let cloud: TestCloud;
let ingest: Ingest;
let app: ReturnType<typeof createCloud>;
let productId: number;
let dev: { id: number; sn: string; secret: string };

beforeAll(async () => {
  cloud = await createTestCloud();
  ingest = new Ingest(cloud.db, { now: cloud.now });
  app = createCloud({ ...cloud.deps, ingest });
  productId = await addSensorProduct(cloud.db, 2);
  [dev] = await addDevices(cloud.db, { tenantId: 2, productId, count: 1, prefix: "HTTP" });
}, SETUP_MS);
afterAll(async () => {
  await ingest?.close();
  await cloud?.close();
});

async function post(path: string, body: string, auth?: string, language = "en") {
  const headers: Record<string, string> = { "content-type": "application/json", language };
  if (auth) headers.authorization = `Basic ${Buffer.from(auth).toString("base64")}`;
  const res = await app.request(`/iotCloud/comm/ingest/${path}`, { method: "POST", headers, body });
  return { status: res.status, body: await res.json() };
}

describe("POST comm/ingest/{productId}/{sn}/{channel}", () => {
  it("stores a device's values without a console session, authenticated by SN and secret", async () => {
    const res = await post(`${productId}/${dev.sn}/property/post`, JSON.stringify({ params: { temperature: 18.25, humidity: 40 } }), `${dev.sn}:${dev.secret}`);
    expect(res.body).toMatchObject({ code: 200, data: { accepted: 2, rejects: [] } });
    // No drain: the answer comes once the values are committed.
    const latest = await cloud.db.select().from(telemetryLatest).where(eq(telemetryLatest.deviceId, dev.id));
    expect(latest.map((l) => [l.identifier, l.num]).sort()).toEqual([
      ["humidity", 40],
      ["temperature", 18.25],
    ]);
    const [d] = await cloud.db.select({ status: devices.status }).from(devices).where(eq(devices.id, dev.id));
    expect(d.status).toBe(2);
  });

  it("says the values were not stored, and accepts none, when the database stays away", async () => {
    const away = { transaction: () => Promise.reject(new Error("connection refused")), insert: () => { throw new Error("connection refused"); } } as unknown as Db;
    const down = new Ingest(away, { catalog: ingest.catalog, writer: { flushMs: 1, maxAttempts: 2, retryMs: 1 } });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const app = createCloud({ ...cloud.deps, ingest: down });
      const res = await app.request(`/iotCloud/comm/ingest/${productId}/${dev.sn}/property/post`, {
        method: "POST",
        headers: { "content-type": "application/json", language: "en", authorization: `Basic ${Buffer.from(`${dev.sn}:${dev.secret}`).toString("base64")}` },
        body: JSON.stringify({ params: { temperature: 18 } }),
      });
      expect(await res.json()).toMatchObject({ success: false, data: null, msg: "The message could not be stored (the database is unavailable): send it again" });
    } finally {
      errors.mockRestore();
    }
  });

  it("answers a wrong secret or none with 401", async () => {
    expect((await post(`${productId}/${dev.sn}/property/post`, "{}", `${dev.sn}:nope`)).status).toBe(401);
    const res = await post(`${productId}/${dev.sn}/property/post`, "{}", undefined, "zh-cn");
    expect(res.body).toMatchObject({ code: 401, success: false, msg: "设备认证失败：SN 不存在、密钥错误或设备已禁用" });
  });

  it("names each refused value and refuses a message with nothing usable as a 400", async () => {
    const some = await post(`${productId}/${dev.sn}/property/post`, JSON.stringify({ params: { temperature: 99, battery: 50 } }), `${dev.sn}:${dev.secret}`);
    expect(some.body.data).toEqual({ accepted: 1, rejects: [{ identifier: "temperature", reason: "check.range", msg: "temperature: the value is out of range" }] });
    const none = await post(`${productId}/${dev.sn}/property/post`, "{oops", `${dev.sn}:${dev.secret}`);
    expect(none.body).toMatchObject({ code: 400, msg: "The message was refused: The payload is not a JSON object" });
  });

  it("refuses another device's topic and unknown channels", async () => {
    const [other] = await addDevices(cloud.db, { tenantId: 2, productId, count: 1, prefix: "HTTPX" });
    const foreign = await post(`${productId}/${other.sn}/property/post`, JSON.stringify({ params: { temperature: 1 } }), `${dev.sn}:${dev.secret}`);
    expect(foreign.body).toMatchObject({ code: 400, data: { rejects: [{ reason: "foreignTopic" }] } });
    expect((await post(`${productId}/${dev.sn}/property/set`, "{}", `${dev.sn}:${dev.secret}`)).status).toBe(404);
  });
});
