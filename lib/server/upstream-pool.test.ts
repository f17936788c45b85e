import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forward, type UpstreamConfig } from "./upstream";
import { UpstreamPool } from "./upstream-pool";

/** Two live instances that say who answered, and an address where nothing listens. */
const hits: string[] = [];
const servers: Server[] = [];
let live: string[] = [];
let dead = "";

async function instance(name: string) {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c));
    req.on("end", () => {
      hits.push(`${name} ${req.method} ${body}`);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ code: 200, msg: "ok", data: name, success: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  live = [await instance("a"), await instance("b")];
  const gone = createServer();
  await new Promise<void>((resolve) => gone.listen(0, "127.0.0.1", resolve));
  dead = `http://127.0.0.1:${(gone.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => gone.close(() => resolve()));
});
afterAll(() => servers.forEach((s) => s.close()));

const config = (baseUrl: string): UpstreamConfig => ({ baseUrl, product: "iot", timeoutMs: 5_000, connectMs: 1_000, firstByteMs: 5_000 });

async function call(baseUrl: string, method: "GET" | "POST", body?: string) {
  const request = new Request("http://console.local/api/sys/who", { method, body, headers: body ? { "content-type": "application/json", "content-length": String(body.length) } : undefined });
  const { response } = await forward({ request, service: "sys", path: "who", locale: "en" }, config(baseUrl));
  return (await response.json()) as { code: number; data: string | null };
}

describe("UPSTREAM_URL as a list of instances", () => {
  it("takes the instances in turn, those sitting out last", () => {
    const pool = new UpstreamPool(["x", "y", "z"]);
    expect([pool.order(0)[0], pool.order(0)[0], pool.order(0)[0], pool.order(0)[0]]).toEqual(["x", "y", "z", "x"]);
    pool.down("y", 0);
    expect(pool.order(1)).toEqual(["z", "x", "y"]);
    expect(pool.order(1)).toEqual(["z", "x", "y"]);
    // Sitting out ends after a while, or at once when it answers again.
    expect(pool.order(10_000)).toEqual(["x", "y", "z"]);
    pool.down("z", 0);
    pool.up("z");
    expect(pool.order(1)).toContain("z");
  });

  it("spreads calls over the instances", async () => {
    hits.length = 0;
    const list = live.join(",");
    const who = [];
    for (let i = 0; i < 4; i++) who.push((await call(list, "GET")).data);
    expect(who.sort()).toEqual(["a", "a", "b", "b"]);
  });

  it("sends a GET on to another instance when one is down, and stops trying the dead one", async () => {
    hits.length = 0;
    const list = `${dead},${live[0]}`;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await call(list, "GET"));
    expect(answers.every((a) => a.code === 200 && a.data === "a")).toBe(true);
    expect(hits).toHaveLength(4);
  });

  it("sends a form the dead instance never received to another, exactly once", async () => {
    hits.length = 0;
    const list = `${live[1]}, ${dead}`;
    // The pool's turn starts at the dead one for one of two calls.
    const answers = [await call(list, "POST", '{"n":1}'), await call(list, "POST", '{"n":2}')];
    expect(answers.map((a) => a.code)).toEqual([200, 200]);
    expect(hits.sort()).toEqual(['b POST {"n":1}', 'b POST {"n":2}']);
  });

  it("with one instance, a refused connection is the network error it always was", async () => {
    const answer = await call(dead, "GET");
    expect(answer.code).not.toBe(200);
  });
});
