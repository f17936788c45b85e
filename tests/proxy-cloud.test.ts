import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestCloud, SETUP_MS, type TestCloud } from "@/cloud/testing";
import { proxyApi } from "@/lib/server/api-proxy";
import type { UpstreamConfig } from "@/lib/server/upstream";

process.env.SESSION_SECRET ??= "proxy-cloud-test-secret-proxy-cloud-test-secret";

let cloud: TestCloud;
let server: ServerType;
let config: UpstreamConfig;
beforeAll(async () => {
  cloud = await createTestCloud();
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: cloud.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  config = { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, product: "iot", timeoutMs: 10_000 };
}, SETUP_MS);
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await cloud?.close();
});

const post = (path: string, body: string) => proxyApi(new Request(`http://console.local/api/${path}`, { method: "POST", body, headers: { "content-type": "application/json" } }), path.split("/")[0], config);
const get = (path: string) => proxyApi(new Request(`http://console.local/api/${path}`), path.split("/")[0], config);

describe("the console before the built-in cloud", () => {
  it("keeps every later call working after the cloud refused a body over its limit", async () => {
    const big = JSON.stringify({ username: "x".repeat(3 * 1024 * 1024), password: "x", tId: 2 });
    for (let i = 0; i < 5; i++) {
      expect((await post("sys/login/username", big)).headers.get("x-upstream-status")).toBe("413");
      expect((await get("sys/login/getPwdMode?tId=2")).status).toBe(200);
      // A refusal of the form (no failure counted toward the captcha).
      expect((await post("sys/login/username", "{}")).headers.get("x-upstream-status")).toBe("400");
    }
  });
});
