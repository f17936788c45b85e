import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { CameraRow, CameraSources, WhepAnswer } from "@/lib/contract/video/video";
import { devices } from "../../db/schema";
import { signedIn, type TestCloud } from "../../testing";

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
signedIn((s) => ({ cloud, admin, operator, platform } = s));

/** What the fake media server was asked: method, path, the headers WHEP cares about and the body. */
type Seen = { method: string; path: string; type: string | undefined; ifMatch: string | undefined; accept: string | undefined; body: string };

/**
 * A WHEP endpoint as MediaMTX serves one: POST `/cam1/whep` with an SDP offer → 201, the answer,
 * a relative `Location` and an `ETag`; PATCH and DELETE on that session. `/broken/whep` answers 500,
 * `/notsdp/whep` a 200 page that is no SDP.
 */
const ANSWER = "v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=ice-ufrag:srv\r\n";
const OFFER = "v=0\r\no=- 2 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=recvonly\r\n";
const seen: Seen[] = [];
let server: Server;
let base = "";
const read = (req: IncomingMessage) => new Promise<string>((resolve) => {
  let s = "";
  req.on("data", (c: Buffer) => (s += c.toString("utf8")));
  req.on("end", () => resolve(s));
});
beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await read(req);
    seen.push({ method: req.method!, path: req.url!, type: req.headers["content-type"], ifMatch: req.headers["if-match"] as string | undefined, accept: req.headers.accept, body });
    if (req.url === "/cam1/whep" && req.method === "POST") {
      res.writeHead(201, { "content-type": "application/sdp", location: "/cam1/whep/session/abc", etag: '"e1"' });
      return res.end(ANSWER);
    }
    if (req.url === "/cam1/whep/session/abc" && (req.method === "PATCH" || req.method === "DELETE")) return res.writeHead(204).end();
    if (req.url === "/broken/whep") return res.writeHead(500).end("boom");
    if (req.url === "/notsdp/whep") return res.writeHead(200, { "content-type": "text/html" }).end("<html>login</html>");
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const cameras = async (token: string) => (await cloud.request<CameraRow[]>("/device/video/cameraList", { token })).body.data;
const save = (token: string, id: number, whepUrl: string | null) => cloud.request<CameraSources>("/device/video/sourcesSave", { token, body: { id, whepUrl }, language: "en" });
const offer = (token: string, id: number, sdp = OFFER) => cloud.request<WhepAnswer>("/device/video/whep", { token, body: { id, sdp }, language: "en" });

describe("device/video WebRTC (WHEP)", () => {
  it("keeps a camera's WHEP address for its editors only; the wall learns only that it has one", async () => {
    const [camera, other] = await cameras(admin);
    expect(camera.whep).toBe(false);
    // Not an http(s) address, or one carrying credentials: refused with the field's message.
    for (const bad of ["ftp://media/cam1/whep", "not a url", "http://user:pw@media/whep"]) {
      const r = await save(admin, camera.id, bad);
      expect(r.body.code).toBe(400);
      expect(r.body.msg).toContain("http://");
    }
    const saved = await save(admin, camera.id, `${base}/cam1/whep`);
    expect(saved.body.code).toBe(200);
    expect(saved.body.msg).toBe("Stream source saved");
    const list = await cameras(admin);
    expect(list.find((c) => c.id === camera.id)!.whep).toBe(true);
    expect(list.find((c) => c.id === other.id)!.whep).toBe(false);
    // The list carries no address; its editors read it.
    expect(JSON.stringify(list)).not.toContain("127.0.0.1");
    expect((await cloud.request<CameraSources>(`/device/video/sources?id=${camera.id}`, { token: admin })).body.data.whepUrl).toBe(`${base}/cam1/whep`);
    // Another tenant's camera is not found, for the platform as for a tenant.
    expect((await save(platform, camera.id, `${base}/x`)).body.code).toBe(404);
    const [own] = await cloud.db.select().from(devices).where(eq(devices.id, camera.id));
    const [foreign] = await cloud.db.insert(devices).values({ ...own, id: undefined, tenantId: 1, projectId: null, deviceSn: "CAMWHEPFOREIGN", deviceName: "foreign" }).returning({ id: devices.id });
    expect((await save(admin, foreign.id, `${base}/cam1/whep`)).body.code).toBe(404);
    expect((await offer(admin, foreign.id)).body.code).toBe(404);
    // An empty address removes the source.
    expect((await save(admin, other.id, `${base}/cam1/whep`)).body.code).toBe(200);
    expect((await save(admin, other.id, "")).body.data.whepUrl).toBeNull();
    expect((await cameras(admin)).find((c) => c.id === other.id)!.whep).toBe(false);
    expect((await offer(admin, other.id)).body.msg).toMatch(/has no WebRTC \(WHEP\) source/);
  });

  it("signals offer → answer, trickle and end to the media server as WHEP says, behind a sealed session", async () => {
    const mine = await cameras(operator);
    const camera = mine[0];
    expect((await save(admin, camera.id, `${base}/cam1/whep`)).body.code).toBe(200);
    seen.length = 0;

    const started = await offer(operator, camera.id);
    expect(started.body.code).toBe(200);
    expect(started.body.data.sdp).toBe(ANSWER);
    expect(seen).toEqual([{ method: "POST", path: "/cam1/whep", type: "application/sdp", accept: "application/sdp", ifMatch: undefined, body: OFFER }]);
    // The session names no media-server host, port or path the browser could read.
    const session = started.body.data.session;
    for (const s of ["127.0.0.1", base.split(":").pop()!, "cam1", "session/abc"]) expect(session).not.toContain(s);

    const frag = "a=ice-ufrag:abcd\r\na=ice-pwd:efgh\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=mid:0\r\na=candidate:1 1 udp 2130706431 192.0.2.7 50000 typ host\r\n";
    expect((await cloud.request("/device/video/whepIce", { token: operator, body: { session, frag } })).body.code).toBe(200);
    expect(seen[1]).toEqual({ method: "PATCH", path: "/cam1/whep/session/abc", type: "application/trickle-ice-sdpfrag", ifMatch: '"e1"', accept: "*/*", body: frag });

    // Another user's hands, or a token changed by one character, get nothing.
    expect((await cloud.request("/device/video/whepEnd", { token: admin, body: { session }, language: "en" })).body.msg).toMatch(/not yours or has expired/);
    const forged = session.slice(0, -2) + (session.endsWith("A") ? "BB" : "AA");
    expect((await cloud.request("/device/video/whepEnd", { token: operator, body: { session: forged } })).body.code).toBe(400);
    expect(seen).toHaveLength(2);

    expect((await cloud.request("/device/video/whepEnd", { token: operator, body: { session } })).body.code).toBe(200);
    expect(seen[2]).toMatchObject({ method: "DELETE", path: "/cam1/whep/session/abc" });
  });

  it("says what went wrong when the media server refuses, answers no SDP or is not there; a bad offer is refused here", async () => {
    const [camera] = await cameras(admin);
    await save(admin, camera.id, `${base}/broken/whep`);
    expect((await offer(admin, camera.id)).body).toMatchObject({ code: 400, msg: "The media server refused the WebRTC session (HTTP 500)" });
    await save(admin, camera.id, `${base}/notsdp/whep`);
    expect((await offer(admin, camera.id)).body).toMatchObject({ code: 400, msg: "The address answered no SDP: is it the camera's WHEP endpoint?" });
    // A port nobody listens on (the server's own, closed for this).
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    await save(admin, camera.id, `http://127.0.0.1:${port}/cam1/whep`);
    expect((await offer(admin, camera.id)).body).toMatchObject({ code: 400, msg: "The media server's WebRTC (WHEP) endpoint did not answer" });
    // Not an SDP offer: refused before anything is sent.
    await save(admin, camera.id, `${base}/cam1/whep`);
    seen.length = 0;
    expect((await offer(admin, camera.id, "hello")).body.code).toBe(400);
    expect(seen).toHaveLength(0);
  });
});
