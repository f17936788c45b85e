import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sealData } from "iron-session";
import { WebSocket } from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE, SESSION_TTL_S, type SessionData } from "../session";
import { CLOSE_REFUSED, createStreamSockets } from "./stream-socket";

const SECRET = "stream-socket-test-secret-stream-socket-test-secret";
process.env.SESSION_SECRET = SECRET;

/** An upstream camera stream: a header, then a chunk every 20 ms until the reader goes; camera 2 is refused. */
const asked: IncomingMessage["headers"][] = [];
let cut = 0;
let upstream: Server;
let console_: Server;
let base: string;
let streams: ReturnType<typeof createStreamSockets>;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    asked.push(req.headers);
    if (req.url!.includes("id=2")) {
      return void res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ code: 400, msg: "camera offline", data: null, success: false }));
    }
    res.writeHead(200, { "content-type": "video/x-flv" });
    res.write(Buffer.from("FLV\x01"));
    let n = 0;
    const timer = setInterval(() => res.write(Buffer.from([n++ & 0xff])), 20);
    res.on("close", () => {
      clearInterval(timer);
      cut++;
    });
  });
  await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
  streams = createStreamSockets({ config: { baseUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, product: "iot", timeoutMs: 5_000 } });
  console_ = createServer((_req, res) => res.writeHead(404).end());
  console_.on("upgrade", (req, socket, head) => {
    if (!streams.handleUpgrade(req, socket, head)) socket.end("HTTP/1.1 404 Not Found\r\n\r\n");
  });
  await new Promise<void>((r) => console_.listen(0, "127.0.0.1", r));
  base = `ws://127.0.0.1:${(console_.address() as AddressInfo).port}`;
});

afterAll(async () => {
  streams.close();
  await new Promise((r) => console_.close(r));
  await new Promise((r) => upstream.close(r));
});

const signedIn = () => sealData({ token: "tok-9", roles: "tenantAdmin", tenantId: 2, projId: 4, user: { id: 7, name: "demoadmin", realname: "演示", avatar: null, tenantId: 2 } } satisfies SessionData, { password: SECRET, ttl: SESSION_TTL_S });

function open(path: string, cookie?: string) {
  return new WebSocket(`${base}${path}`, { headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {} });
}
const status = (ws: WebSocket) => new Promise<number>((resolve) => ws.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0)).once("open", () => resolve(101)));

describe("the cameras' streams over a WebSocket", () => {
  it("refuses a socket without a session, and leaves other paths alone", async () => {
    expect(await status(open("/api/device/video/flv?id=1"))).toBe(401);
    expect(asked).toHaveLength(0);
    expect(await status(open("/api/device/device/page", await signedIn()))).toBe(404);
  });

  it("carries the stream's bytes as binary messages under the session's token and project, and cuts the upstream when the viewer goes", async () => {
    const ws = open("/api/device/video/flv?id=1", await signedIn());
    const got: Buffer[] = [];
    await new Promise<void>((resolve) =>
      ws.on("message", (data: Buffer, binary) => {
        expect(binary).toBe(true);
        got.push(data);
        if (got.length === 5) resolve();
      }),
    );
    expect(Buffer.concat(got).subarray(0, 4).toString("latin1")).toBe("FLV\x01");
    expect(asked.at(-1)).toMatchObject({ authorization: "tok-9", projectid: "4" });
    const before = cut;
    ws.close();
    await expect.poll(() => cut).toBe(before + 1);
  });

  it("answers a refusal with its envelope, then closes", async () => {
    const ws = open("/api/device/video/flv?id=2", await signedIn());
    const text = new Promise<string>((resolve) => ws.once("message", (d: Buffer) => resolve(d.toString())));
    const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
    expect(JSON.parse(await text)).toMatchObject({ code: 400, msg: "camera offline" });
    expect(await closed).toBe(CLOSE_REFUSED);
  });

  it("serves the robot cameras' stream path too", async () => {
    const ws = open("/api/device/devRobotConsole/flv?deviceId=1&deviceNum=1", await signedIn());
    await new Promise((resolve) => ws.once("message", resolve));
    expect(asked.at(-1)).toMatchObject({ authorization: "tok-9" });
    ws.close();
  });
});
