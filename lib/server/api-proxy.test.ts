import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sealData } from "iron-session";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LOCALE_COOKIE } from "@/lib/contract/locale";
import { login, logout } from "./auth-handlers";
import { proxyApi, proxyMcp } from "./api-proxy";
import { SESSION_COOKIE, SESSION_TTL_S, type SessionData } from "./session";
import type { UpstreamConfig } from "./upstream";

const SECRET = "forwarding-test-secret-forwarding-test-secret";
process.env.SESSION_SECRET = SECRET;

/** A local upstream that records what reaches it and answers by path. */
type Seen = { method: string; url: string; headers: IncomingMessage["headers"]; body: Buffer };
const seen: Seen[] = [];
let closed: (() => void) | null = null;
let upstream: Server;
let config: UpstreamConfig;

const json = (body: unknown) => JSON.stringify(body);
const ok = (data: unknown) => json({ code: 200, msg: "成功", data, success: true });

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const path = req.url!.split("?")[0];
      if (path === "/iotCloud/sys/slow") {
        res.on("close", () => closed?.());
        return; // never answers
      }
      if (path === "/iotCloud/sys/status401") return void res.writeHead(401).end();
      if (path.startsWith("/iotCloud/comm/ingest/")) {
        const good = req.headers.authorization === `Basic ${Buffer.from("SIM01001:s3cret").toString("base64")}`;
        return void res.writeHead(good ? 200 : 401, { "content-type": "application/json" }).end(json(good ? { code: 200, msg: "成功", data: { accepted: 1 }, success: true } : { code: 401, msg: "SN 或密钥错误", data: null, success: false }));
      }
      if (path === "/iotCloud/device/ota/download") {
        const range = req.headers.range;
        // A task with as many downloading as it allows tells the device when to come back.
        if (req.url?.includes("d=9")) return void res.writeHead(429, { "content-type": "application/json", "retry-after": "7" }).end(json({ code: 429, msg: "wait", data: null, success: false }));
        return void res.writeHead(range ? 206 : 200, { "content-type": "application/octet-stream", etag: '"abc"', "accept-ranges": "bytes", ...(range ? { "content-range": "bytes 2-3/4" } : {}) }).end(Buffer.from(range ? [2, 3] : [0, 1, 2, 3]));
      }
      if (path === "/iotCloud/mcp") return void res.writeHead(200, { "content-type": "application/json" }).end(json({ jsonrpc: "2.0", id: 1, result: { tools: [] } }));
      if (path === "/iotCloud/sys/invalid") return void res.writeHead(400, { "content-type": "application/json" }).end(json({ code: 400, msg: "名称：必填项", data: null, success: false }));
      if (path === "/iotCloud/sys/garbage") return void res.writeHead(200, { "content-type": "application/json" }).end("<html>");
      if (path === "/iotCloud/sys/envelope401") return void res.writeHead(200, { "content-type": "application/json" }).end(json({ code: 401, msg: "expired", data: null, success: false }));
      if (path === "/iotCloud/file/blob") return void res.writeHead(200, { "content-type": "application/octet-stream", "content-disposition": "attachment; filename=a.bin" }).end(body.length ? body : Buffer.from([0, 1, 2, 255]));
      if (path === "/iotCloud/sys/login/username") {
        return void res.writeHead(200, { "content-type": "application/json" }).end(ok({ token: "tok-fresh", roles: "tenantAdmin", tenantId: 2, user: { id: 7, name: "demoadmin", realname: "演示", avatar: null, tenantId: 2 } }));
      }
      res.writeHead(200, { "content-type": "application/json", "set-cookie": "upstream=1", server: "upstream-host", "x-powered-by": "hono" });
      res.end(ok({ echoed: true }));
    });
  });
  await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
  const { port } = upstream.address() as AddressInfo;
  config = { baseUrl: `http://127.0.0.1:${port}`, product: "iot", timeoutMs: 5_000 };
});
afterAll(() => new Promise<void>((r) => upstream.close(() => r())));
beforeEach(() => {
  seen.length = 0;
});

const session = (data: SessionData) => sealData(data, { password: SECRET, ttl: SESSION_TTL_S });
const signedIn = () => session({ token: "tok-123", roles: "tenantAdmin", tenantId: 2, projId: 9, user: { id: 7, name: "demoadmin", realname: "演示", avatar: null, tenantId: 2 } });

function call(path: string, init: RequestInit & { cookie?: string; headers?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("cookie", init.cookie);
  return new Request(`http://console.local${path}`, { ...init, headers });
}
const serviceOf = (path: string) => path.split("/")[2];
const forwardTo = (request: Request, c: UpstreamConfig = config) => proxyApi(request, serviceOf(new URL(request.url).pathname), c);

describe("API forwarding", () => {
  it("adds the session's token, project and language and drops what the browser may not set", async () => {
    const cookie = `${SESSION_COOKIE}=${await signedIn()}; ${LOCALE_COOKIE}=en`;
    const res = await forwardTo(
      call("/api/sys/user/page?current=1", {
        cookie,
        headers: { authorization: "forged", projectid: "1", "x-forwarded-for": "1.2.3.4", "x-forwarded-host": "evil", accept: "application/json" },
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 200, data: { echoed: true } });
    const [got] = seen;
    expect(got.url).toBe("/iotCloud/sys/user/page?current=1");
    expect(got.headers.authorization).toBe("tok-123");
    expect(got.headers.projectid).toBe("9");
    expect(got.headers.language).toBe("en");
    expect(got.headers.accept).toBe("application/json");
    expect(got.headers.cookie).toBeUndefined();
    expect(got.headers["x-forwarded-for"]).toBeUndefined();
    expect(got.headers["x-forwarded-host"]).toBeUndefined();
  });

  it("answers an upstream's envelope refusal with 200 (no console error in the browser), its status in a header", async () => {
    const res = await forwardTo(call("/api/sys/invalid", { cookie: `${SESSION_COOKIE}=${await signedIn()}` }));
    expect(res.status).toBe(200);
    expect(res.headers.get("x-upstream-status")).toBe("400");
    expect(await res.json()).toMatchObject({ code: 400, success: false });
  });

  it("keeps the upstream's cookies and identity from the browser", async () => {
    const res = await forwardTo(call("/api/sys/anything", { cookie: `${SESSION_COOKIE}=${await signedIn()}` }));
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(res.headers.get("server")).toBeNull();
    expect(res.headers.get("x-powered-by")).toBeNull();
    expect(JSON.stringify(await res.json())).not.toContain("127.0.0.1");
  });

  it("passes a device's own credentials to the HTTP ingest, and its refusal back unchanged", async () => {
    const basic = (secret: string) => `Basic ${Buffer.from(`SIM01001:${secret}`).toString("base64")}`;
    const post = (secret: string, cookie?: string) =>
      forwardTo(call("/api/comm/ingest/1/SIM01001/property/post", { method: "POST", body: json({ params: { angleX: 1.25 } }), headers: { authorization: basic(secret), "content-type": "application/json" }, cookie }));
    const good = await post("s3cret");
    expect(good.status).toBe(200);
    expect((await good.json()).data).toEqual({ accepted: 1 });
    expect(seen[0].headers.authorization).toBe(basic("s3cret"));
    expect(seen[0].body.toString()).toBe(json({ params: { angleX: 1.25 } }));
    const wrong = await post("nope", `${SESSION_COOKIE}=${await signedIn()}`);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 401, msg: "SN 或密钥错误" });
    // A signed-in browser's token never rides along on a device call, and its session is not ended.
    expect(seen[1].headers.authorization).toBe(basic("nope"));
    expect(wrong.headers.get("set-cookie")).toBeNull();
    // Anywhere else the browser's own Authorization is still dropped.
    await forwardTo(call("/api/sys/login/getCompany", { headers: { authorization: basic("s3cret") } }));
    expect(seen[2].headers.authorization).toBeUndefined();
  });

  it("passes a device's firmware download through with its credentials and Range, without a session", async () => {
    const auth = `Basic ${Buffer.from("SIM01001:s3cret").toString("base64")}`;
    const res = await forwardTo(call("/api/device/ota/download?d=1&e=2&s=ab", { headers: { authorization: auth, range: "bytes=2-" }, cookie: `${SESSION_COOKIE}=${await signedIn()}` }));
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe("bytes 2-3/4");
    expect(res.headers.get("etag")).toBe('"abc"');
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([2, 3]);
    expect(seen[0].headers.authorization).toBe(auth);
    expect(seen[0].url).toBe("/iotCloud/device/ota/download?d=1&e=2&s=ab");
    // Told to come back later: the status and when reach the device.
    const wait = await forwardTo(call("/api/device/ota/download?d=9&e=2&s=ab", { headers: { authorization: auth, range: "bytes=0-" } }));
    expect(wait.status).toBe(429);
    expect(wait.headers.get("retry-after")).toBe("7");
    expect(((await wait.json()) as { code: number }).code).toBe(429);
  });

  it("passes a robot's talk-back clip fetch through with its own credentials, not the session's", async () => {
    const auth = `Basic ${Buffer.from("RBT001:s3cret").toString("base64")}`;
    const q = "d=5&p=2%2F20261129%2F0123456789abcdef0123456789abcdef.webm&e=9&s=ab";
    await forwardTo(call(`/api/device/devRobotConsole/audioFile?${q}`, { headers: { authorization: auth }, cookie: `${SESSION_COOKIE}=${await signedIn()}` }));
    expect(seen[0].url).toBe(`/iotCloud/device/devRobotConsole/audioFile?${q}`);
    expect(seen[0].headers.authorization).toBe(auth);
    // The console's other robot calls still go with the session's token.
    await forwardTo(call("/api/device/devRobotConsole/robotList", { headers: { authorization: auth }, cookie: `${SESSION_COOKIE}=${await signedIn()}` }));
    expect(seen[1].headers.authorization).toBe("tok-123");
  });

  it("forwards /api/mcp with the caller's API key alone, never the browser's session", async () => {
    const rpc = { method: "POST", body: json({ jsonrpc: "2.0", id: 1, method: "tools/list" }) };
    const withKey = await proxyMcp(call("/api/mcp", { ...rpc, headers: { authorization: "Bearer iotk_abc-DEF_123", "content-type": "application/json" }, cookie: `${SESSION_COOKIE}=${await signedIn()}` }), config);
    expect(await withKey.json()).toEqual({ jsonrpc: "2.0", id: 1, result: { tools: [] } });
    expect(seen[0].url).toBe("/iotCloud/mcp");
    expect(seen[0].headers.authorization).toBe("Bearer iotk_abc-DEF_123");
    expect(seen[0].headers.projectid).toBeUndefined();
    // A session alone, or a token that is no key, never reaches the cloud.
    for (const headers of [{}, { authorization: "Bearer tok-123" }] as Record<string, string>[]) {
      const refused = await proxyMcp(call("/api/mcp", { ...rpc, headers, cookie: `${SESSION_COOKIE}=${await signedIn()}` }), config);
      expect(refused.status).toBe(401);
    }
    expect(seen).toHaveLength(1);
  });

  it("forwards an anonymous or tampered session without a token", async () => {
    const sealed = await signedIn();
    const tampered = sealed.slice(0, 20) + (sealed[20] === "a" ? "b" : "a") + sealed.slice(21);
    await forwardTo(call("/api/sys/login/getCompany"));
    await forwardTo(call("/api/sys/login/getCompany", { cookie: `${SESSION_COOKIE}=${tampered}` }));
    expect(seen.map((s) => s.headers.authorization)).toEqual([undefined, undefined]);
  });

  it.each([
    "/api/sys/..%2f..%2fetc/passwd",
    "/api/sys/a%2fb",
    "/api/sys/a%5cb",
    "/api/sys/..\\..\\etc",
    "/api/sys/a//b",
    "/api/sys/%2e%2e/x",
    "/api/sys/http:%2f%2fevil.example/x",
    "/api/sys/",
  ])("refuses the path %s with 400 without calling the upstream", async (path) => {
    const res = await proxyApi(call(path), "sys", config);
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe(400);
    expect(seen).toHaveLength(0);
  });

  it("answers 404 for a service off the allow-list and 403 for a foreign or null origin", async () => {
    expect((await proxyApi(call("/api/admin/x"), "admin", config)).status).toBe(404);
    for (const origin of ["https://evil.example", "null"]) {
      const res = await forwardTo(call("/api/sys/user/add", { method: "POST", body: "{}", headers: { origin, "content-type": "application/json" } }));
      expect(res.status).toBe(403);
    }
    expect(seen).toHaveLength(0);
  });

  it.each(["status401", "envelope401"])("ends the session when the upstream answers 401 (%s)", async (path) => {
    const res = await forwardTo(call(`/api/sys/${path}`, { cookie: `${SESSION_COOKIE}=${await signedIn()}` }));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 401, msg: "登录超时，请重新登录" });
    const cleared = res.headers.get("set-cookie") ?? "";
    expect(cleared).toContain(`${SESSION_COOKIE}=;`);
    expect(cleared).toMatch(/Max-Age=0/i);
  });

  it("turns garbage, a stopped upstream and a timeout into envelopes", async () => {
    const garbage = await forwardTo(call("/api/sys/garbage"));
    expect(await garbage.json()).toMatchObject({ code: 500, msg: "请求失败", success: false });

    const down = await forwardTo(call("/api/sys/user/page"), { ...config, baseUrl: "http://127.0.0.1:9" });
    expect(await down.json()).toMatchObject({ code: 502, msg: "网络错误" });

    const late = await forwardTo(call("/api/sys/slow"), { ...config, timeoutMs: 100 });
    expect(await late.json()).toMatchObject({ code: 502, msg: "网络错误" });
  });

  it("proves to the cloud that the client address it names is the console's, with the shared secret", async () => {
    await forwardTo(call("/api/sys/user/page", { headers: { "x-console-client-ip": "10.9.0.1", "x-console-secret": "forged" } }), { ...config, proxySecret: "shared" });
    expect(seen[0].headers).toMatchObject({ "x-real-ip": "10.9.0.1", "x-console-secret": "shared" });
    await forwardTo(call("/api/sys/user/page", { headers: { "x-console-secret": "forged" } }));
    expect(seen[1].headers["x-console-secret"]).toBeUndefined();
  });

  it("answers HEAD as the upstream does", async () => {
    const res = await forwardTo(call("/api/sys/user/page", { method: "HEAD" }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.text()).toBe("");
  });

  it("gives up on an upstream that accepts the call but never answers after the first-byte limit, well before the whole call's", async () => {
    const late = await forwardTo(call("/api/sys/slow"), { ...config, timeoutMs: 600_000, firstByteMs: 100 });
    expect(await late.json()).toMatchObject({ code: 502, msg: "网络错误" });
  });

  it("passes a client's abort on to the upstream", async () => {
    const upstreamClosed = new Promise<void>((r) => (closed = r));
    const abort = new AbortController();
    const pending = forwardTo(new Request("http://console.local/api/sys/slow", { signal: abort.signal }));
    await expect.poll(() => seen.length).toBe(1);
    abort.abort();
    const res = await pending;
    expect(res.status).toBe(499);
    await upstreamClosed;
  });

  it("streams request and binary answer bodies unchanged", async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 256));
    const res = await forwardTo(call("/api/file/blob", { method: "POST", body: bytes, headers: { "content-type": "application/octet-stream" } }));
    expect(res.headers.get("content-disposition")).toBe("attachment; filename=a.bin");
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(seen[0].body.equals(bytes)).toBe(true);
  });
});

describe("session cookie", () => {
  const loginRequest = (headers: Record<string, string> = {}) =>
    call("/api/auth/login", { method: "POST", body: json({ mode: "username", tId: 2, username: "demoadmin", password: "Demo@2026" }), headers: { "content-type": "application/json", ...headers } });

  it("is sealed, HttpOnly, SameSite=Lax, host-only and at most 12 h; the token stays on the server", async () => {
    const res = await login(loginRequest(), config);
    const body = await res.json();
    expect(body.code).toBe(200);
    expect(JSON.stringify(body)).not.toContain("tok-fresh");
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=Fe26`));
    expect(cookie).not.toContain("tok-fresh");
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect(Number(/Max-Age=(\d+)/i.exec(cookie)![1])).toBeLessThanOrEqual(12 * 3600);

    // The new cookie carries the token to the next forwarded call.
    await forwardTo(call("/api/sys/user/page", { cookie: cookie.split(";")[0] }));
    expect(seen.at(-1)!.headers.authorization).toBe("tok-fresh");
  });

  it("is Secure behind a TLS-terminating proxy", async () => {
    const res = await login(loginRequest({ "x-forwarded-proto": "https" }), config);
    expect(res.headers.get("set-cookie")).toMatch(/Secure/i);
  });

  it("is cleared by logout, which revokes the token upstream", async () => {
    const res = await logout(call("/api/auth/logout", { method: "POST", cookie: `${SESSION_COOKIE}=${await signedIn()}` }), config);
    expect(res.headers.get("set-cookie")).toMatch(/Max-Age=0/i);
    expect(seen.at(-1)).toMatchObject({ url: "/iotCloud/sys/login/outLogin" });
    expect(seen.at(-1)!.headers.authorization).toBe("tok-123");
  });
});
