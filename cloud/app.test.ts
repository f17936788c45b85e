import { describe, expect, it } from "vitest";
import { signedIn, type TestCloud, type TestResponse } from "./testing";

let cloud: TestCloud;
let token: string;
signedIn((s) => ({ cloud, admin: token } = s), ["admin"]);

function expectEnvelope(res: TestResponse) {
  expect(Object.keys(res.body).sort()).toEqual(["code", "data", "msg", "success"]);
  expect(typeof res.body.code).toBe("number");
  expect(typeof res.body.msg).toBe("string");
  expect(res.body.msg).not.toBe("");
  expect(res.body.success).toBe(res.body.code === 200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
}

/** Every sys/login route with a body or query that is valid, so the bad ones below differ by one thing. */
const POSTS: [string, Record<string, unknown>][] = [
  ["/sys/login/username", { username: "ghost", password: "x", tId: 2 }],
  ["/sys/login/phone/sendSmsCode", { phone: "13100000000", tId: 2 }],
  ["/sys/login/phone", { phone: "13100000000", code: "123456", tId: 2 }],
  ["/sys/login/forgetPwd/sms/send", { phone: "13100000001", tId: 2 }],
  ["/sys/login/forgetPwd/sms/verify", { phone: "13100000001", code: "123456", tId: 2 }],
  ["/sys/login/forgetPwd/email/send", { email: "ghost@example.com", tId: 2 }],
  ["/sys/login/forgetPwd/email/verify", { email: "ghost@example.com", code: "123456", tId: 2 }],
  ["/sys/login/changePwd", { dataCode: "x".repeat(32), password: "Abcdefg123", confirmPassword: "Abcdefg123" }],
];

describe("envelope", () => {
  it("wraps success and failure alike, with HTTP status mirroring the code", async () => {
    const ok = await cloud.request("/sys/login/getCompany?tId=1");
    expectEnvelope(ok);
    expect([ok.status, ok.body.code, ok.body.success]).toEqual([200, 200, true]);
    const unauthorized = await cloud.request("/sys/login/userInfo");
    expectEnvelope(unauthorized);
    expect([unauthorized.status, unauthorized.body.code, unauthorized.body.data]).toEqual([401, 401, null]);
  });

  it("localises msg by the Language header, zh-cn by default", async () => {
    const msg = async (language?: string) => (await cloud.request("/sys/login/userInfo", { language })).body.msg;
    expect(await msg()).toBe("登录超时，请重新登录");
    expect(await msg("zh-cn")).toBe("登录超时，请重新登录");
    expect(await msg("en")).toBe("Login timed out, please log in again");
    expect(await msg("en-US")).toBe("Login timed out, please log in again");
    expect(await msg("fr")).toBe("登录超时，请重新登录");
  });

  it("answers an unknown route with a 404 envelope, in the caller's language", async () => {
    for (const path of ["/sys/nope", "/device/nope/page", "/sys/login"]) {
      const res = await cloud.request(path, { token });
      expectEnvelope(res);
      expect([res.status, res.body.code]).toEqual([404, 404]);
      expect(res.body.msg).toBe("请求的资源不存在");
    }
    const en = await cloud.app.request("/elsewhere", { headers: { language: "en" } });
    expect(await en.json()).toEqual({ code: 404, msg: "The requested resource does not exist", data: null, success: false });
    // A known path under the wrong method is not found either.
    expect((await cloud.request("/sys/login/username", { method: "GET" })).body.code).toBe(404);
  });
});

describe("bad input", () => {
  it("answers a body that is not JSON with 400", async () => {
    for (const [path] of POSTS) {
      const res = await cloud.request(path, { body: "{not json", language: "en" });
      expectEnvelope(res);
      expect(res.body).toMatchObject({ code: 400, msg: "The request body is not valid JSON" });
    }
  });

  it("names each missing field", async () => {
    for (const [path, valid] of POSTS) {
      for (const field of Object.keys(valid).filter((f) => f !== "tId")) {
        const { [field]: _, ...rest } = valid;
        const res = await cloud.request(path, { body: rest, language: "en" });
        expectEnvelope(res);
        expect(res.status).toBe(400);
        // The message names the field by its label, the data by its path (for the form).
        expect(res.body.msg).toMatch(/^[^:]+: /);
        expect(res.body.data).toMatchObject({ field });
      }
    }
  });

  it("names a field of the wrong type or out of range", async () => {
    const res = await cloud.request("/sys/login/username", { body: { username: "demoadmin", password: "x", tId: "abc" }, language: "en" });
    expect(res.body).toMatchObject({ code: 400, msg: expect.stringMatching(/^tId: /) });
    const huge = await cloud.request("/sys/login/username", { body: { username: "demoadmin", password: "x", tId: 99_999_999_999 } });
    expect(huge.body).toMatchObject({ code: 400, msg: expect.stringMatching(/^tId：/) });
    const long = await cloud.request("/sys/login/username", { body: { username: "u".repeat(65), password: "x" }, language: "en" });
    expect(long.body).toMatchObject({ code: 400, msg: "Username: At most 64 characters" });
  });

  it("answers 400 to a value the database cannot hold", async () => {
    const res = await cloud.request("/sys/login/username", { body: { username: "nul\u0000byte", password: "x" }, language: "en" });
    expectEnvelope(res);
    expect([res.status, res.body.msg]).toEqual([400, "The request contains a value that cannot be processed"]);
  });

  it("keeps working behind an over-long X-Real-IP", async () => {
    const res = await cloud.request("/sys/login/username", { body: { username: "demoadmin", password: "Demo@2026", tId: 2 }, ip: "9".repeat(300) });
    expect(res.body.code).toBe(200);
  });

  it("refuses a JSON body over 2 MB with 413, with or without Content-Length", async () => {
    const big = JSON.stringify({ username: "x".repeat(3 * 1024 * 1024), password: "x" });
    const declared = await cloud.request("/sys/login/username", { body: big, headers: { "content-length": String(big.length) } });
    expectEnvelope(declared);
    expect([declared.status, declared.body.code, declared.body.msg]).toEqual([413, 413, "请求内容过大"]);
    // A chunked body carries no Content-Length: it must be counted as it arrives.
    const stream = new ReadableStream({
      start(controller) {
        const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
        for (let i = 0; i < 48; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const res = await cloud.app.request("/iotCloud/sys/login/username", {
      method: "POST",
      headers: { "content-type": "application/json", language: "en" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 413, msg: "The request is too large", data: null, success: false });
  });

  it("still reads a body under the limit", async () => {
    const res = await cloud.request("/sys/login/username", { body: JSON.stringify({ username: "demoadmin", password: "Demo@2026", tId: 2, pad: "x".repeat(1024 * 1024) }) });
    expect(res.body.code).toBe(200);
  });

  it("never answers 500 to anything a client sends", async () => {
    const bodies: unknown[] = [
      "",
      "null",
      "[]",
      "42",
      '"text"',
      "{}",
      '{"__proto__":{"x":1}}',
      { tId: -1 },
      { tId: 0 },
      { tId: 1.5 },
      { tId: 2 ** 31 },
      { tId: "1e400" },
      { tId: null },
      { username: {}, password: [], phone: 13800000000, email: true, code: 123456 },
      { username: "a'; drop table users; --", password: "x", phone: "1".repeat(11), email: "a@b.co", code: "000000", dataCode: "y".repeat(128) },
      { username: "\u0000", password: "\u0000", captchaKey: "k", captchaCode: "\u0000" },
      { username: "😀".repeat(64), password: "😀".repeat(64), captchaKey: "x".repeat(64), captchaCode: "x".repeat(16) },
      { dataCode: "z".repeat(200), password: "a", confirmPassword: "a" },
    ];
    const headerSets: Record<string, string>[] = [
      {},
      { authorization: "Bearer " + "x".repeat(8000) },
      { language: "x".repeat(500) },
      { "x-real-ip": "9".repeat(300) },
      { "content-type": "text/plain" },
    ];
    const answers: TestResponse[] = [];
    for (const [path, valid] of POSTS) {
      for (const body of bodies) answers.push(await cloud.request(path, { body }));
      for (const headers of headerSets) answers.push(await cloud.request(path, { body: valid, headers }));
    }
    for (const path of ["/sys/login/getCompany", "/sys/login/getPwdMode"]) {
      for (const q of ["", "?tId=", "?tId=abc", "?tId=-5", "?tId=99999999999", "?tId=1&tId=2", "?tId=%00", "?tId=1e3"]) {
        answers.push(await cloud.request(path + q));
      }
    }
    for (const path of ["/sys/login/userInfo", "/sys/areas/tree", "/sys/login/captcha"]) {
      for (const headers of headerSets) answers.push(await cloud.request(path, { headers }));
    }
    for (const res of answers) {
      expectEnvelope(res);
      expect(res.status).not.toBe(500);
      expect(res.body.code).not.toBe(500);
    }
  });
});

describe("areas/tree", () => {
  type Area = { code: string; name: string; childrens?: Area[] };

  it("answers provinces, cities and districts as code/name/childrens", async () => {
    const res = await cloud.request<Area[]>("/sys/areas/tree", { token });
    expect(res.body.code).toBe(200);
    const tree = res.body.data;
    expect(tree.length).toBeGreaterThanOrEqual(31);
    const beijing = tree.find((p) => p.code === "11")!;
    expect(beijing.name).toBe("北京市");
    const district = beijing.childrens!.find((c) => c.code === "1101")!.childrens!.find((d) => d.code === "110101");
    expect(district).toEqual({ code: "110101", name: "东城区" });
    let depth = 0;
    const walk = (nodes: Area[], level: number) => {
      depth = Math.max(depth, level);
      for (const n of nodes) {
        expect(Object.keys(n).every((k) => ["code", "name", "childrens"].includes(k))).toBe(true);
        expect(n.code).toMatch(/^\d+$/);
        expect(n.name).not.toBe("");
        if (n.childrens) {
          expect(n.childrens.length).toBeGreaterThan(0);
          for (const c of n.childrens) expect(c.code.startsWith(n.code)).toBe(true);
          walk(n.childrens, level + 1);
        }
      }
    };
    walk(tree, 1);
    expect(depth).toBe(3);
  });

  it("needs a login", async () => {
    expect((await cloud.request("/sys/areas/tree")).body.code).toBe(401);
  });
});

describe("contracts", () => {
  // Every contract module, to find the entities that say where they are served.
  const modules = import.meta.glob<Record<string, unknown>>(["../lib/contract/**/*.ts", "!../lib/contract/**/*.test.ts"], { eager: true });
  const served = Object.values(modules)
    .flatMap((m) => Object.values(m))
    .filter((v): v is { ns: string; api: string } => !!v && typeof v === "object" && "fields" in v && "keys" in v && typeof (v as { api?: unknown }).api === "string");

  /** Whether a route (`/xCloud/comm/:instruct{instruct[A-Za-z]*}/add`) lies under an api path (`comm/instructIot`). */
  const under = (route: string, api: string) => {
    const segments = route.split("/");
    const base = segments.findIndex((s) => s.endsWith("Cloud"));
    const parts = api.split("/");
    return (
      segments.length > base + parts.length + 1 &&
      parts.every((part, i) => {
        const s = segments[base + 1 + i];
        const param = /^:\w+(?:\{(.+)\})?$/.exec(s);
        return param ? new RegExp(`^(?:${param[1] ?? "[^/]+"})$`).test(part) : s === part;
      })
    );
  };

  it("every entity's api is a path the cloud serves", () => {
    expect(served.length).toBeGreaterThan(30);
    const paths = cloud.app.routes.map((r) => r.path);
    const missing = served.filter((e) => !paths.some((p) => under(p, e.api))).map((e) => `${e.ns}: ${e.api}`);
    expect(missing).toEqual([]);
  });
});
