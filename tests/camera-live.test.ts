import { and, asc, eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCloud } from "@/cloud/app";
import { deviceCommands, devices, products } from "@/cloud/db/schema";
import { commandsOf } from "@/cloud/ingest/commands";
import { Ingest } from "@/cloud/ingest/pipeline";
import { tenantOf } from "@/cloud/lib/scope";
import { DEMO_ACCOUNTS } from "@/cloud/seed";
import { turning, vidiconAnswer, type PadState } from "@/cloud/simulator/pad";
import { createTestCloud, SETUP_MS, type TestCloud } from "@/cloud/testing";
import { COMMAND_STATUS } from "@/lib/contract/device/command";
import { CAMERA_REPEAT_MS, CAMERA_TTL_MS, VIDICON_SERVICE } from "@/lib/contract/video/video";
import type { LiveServer } from "@/lib/server/live/live-server";
import { liveSocket, startLiveHarness, type LiveHarness } from "./live-harness";

const SECRET = "camera-live-test-secret-camera-live-test-secret-00";
process.env.SESSION_SECRET = SECRET;

let cloud: TestCloud;
let ingest: Ingest;
let harness: LiveHarness | undefined;
let live: LiveServer;
let base: string;
let camera: { id: number; sn: string };
/** The camera behind the broker, answering as the simulator's does; every call it got. */
const state: PadState = { pan: 0, tilt: 0 };
const calls: { id: string; params: Record<string, unknown>; at: number }[] = [];
/** Calls the camera loses on the way (QoS 0, as the simulator's radio loses every seventh): the next ones matching are dropped. */
const losing: ((params: Record<string, unknown>) => boolean)[] = [];
const users = {} as Record<"admin" | "platform", { token: string; id: number; tenantId: number }>;

beforeAll(async () => {
  cloud = await createTestCloud({ now: new Date() });
  ingest = new Ingest(cloud.db, { writer: { flushMs: 1 } });
  ingest.attach(async (topic, payload) => {
    const body = JSON.parse(payload);
    if (body.identifier !== VIDICON_SERVICE) return;
    const lost = losing.findIndex((l) => l(body.params));
    if (lost >= 0) return void losing.splice(lost, 1);
    calls.push({ id: body.id, params: body.params, at: Date.now() });
    const { code, out } = vidiconAnswer(state, body.params, camera.sn, Date.now());
    setImmediate(() => void ingest.handle(topic.replace("service/call", "service/reply"), Buffer.from(JSON.stringify({ id: body.id, identifier: body.identifier, code, params: out }))));
  });
  const app = createCloud({ ...cloud.deps, now: () => new Date(), ingest });
  const [row] = await cloud.db
    .select({ id: devices.id, sn: devices.deviceSn })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(tenantOf(2).where(devices, and(eq(products.prodCategory, "camera"))))
    .orderBy(asc(devices.id))
    .limit(1);
  await cloud.db.update(devices).set({ status: 2 }).where(eq(devices.id, row.id));
  camera = row;
  for (const [w, username, tenantId] of [["admin", "demoadmin", 2], ["platform", "superadmin", 1]] as const) {
    users[w] = { token: await cloud.login(username, DEMO_ACCOUNTS[username].password, tenantId), id: await cloud.userId(username, tenantId), tenantId };
  }
  harness = await startLiveHarness(app.fetch);
  live = harness.live;
  base = harness.base;
}, SETUP_MS);
afterAll(async () => {
  await harness?.close();
  commandsOf(ingest).close();
  await ingest?.close();
  await cloud?.close();
});

const socket = (who: keyof typeof users) => liveSocket(base, SECRET, who, users[who], "camera", camera.id);

/** Until the condition holds (the camera's state changes as its calls arrive). */
async function until(test: () => boolean, ms = 10_000) {
  const t0 = Date.now();
  while (!test()) {
    if (Date.now() - t0 > ms) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Holds a direction as the page does: a press every 500 ms until the returned stop is called. */
function hold(s: Awaited<ReturnType<typeof socket>>, axis: "vertical" | "horizontal", dir: 1 | -1) {
  s.send({ op: "move", axis, dir });
  const t = setInterval(() => s.send({ op: "move", axis, dir }), CAMERA_REPEAT_MS);
  return () => clearInterval(t);
}

const stopsOf = (axis: string, since: number) => calls.filter((c) => c.at >= since && c.params.controlType === axis && c.params.controlValue === 0);

describe("the camera pad over the live socket", () => {
  it("turns while held (step 5, each press carrying the TTL), and stops on release once acknowledged", async () => {
    const s = await socket("admin");
    const pan0 = state.pan;
    const release = hold(s, "horizontal", 1);
    expect(await s.next((m) => m.op === "move")).toMatchObject({ ok: true });
    await until(() => turning(state, "horizontal", Date.now()));
    await new Promise((r) => setTimeout(r, CAMERA_REPEAT_MS * 2));
    expect(calls.filter((c) => c.params.controlType === "horizontal" && c.params.controlValue === 5 && c.params.ttlMs === CAMERA_TTL_MS).length).toBeGreaterThanOrEqual(2);
    release();
    const t = Date.now();
    s.send({ op: "stop", axis: "horizontal" });
    expect(await s.next((m) => m.op === "stop")).toMatchObject({ ok: true, answer: { pan: expect.any(Number) } });
    // One stop (sent again under its id when the camera's answer is slow).
    expect(new Set(stopsOf("horizontal", t).map((c) => c.id)).size).toBe(1);
    expect(turning(state, "horizontal", Date.now())).toBe(false);
    expect(state.pan).toBeGreaterThan(pan0);
    s.ws.close();
    await live.cameras.settled();
  });

  it("acknowledges a release whose first stop the camera lost on the next copy of the same command, not after the wait's time-out", async () => {
    const s = await socket("admin");
    const release = hold(s, "horizontal", -1);
    await until(() => turning(state, "horizontal", Date.now()));
    release();
    const t = new Date();
    losing.push((p) => p.controlType === "horizontal" && p.controlValue === 0);
    s.send({ op: "stop", axis: "horizontal" });
    expect(await s.next((m) => m.op === "stop")).toMatchObject({ ok: true });
    expect(turning(state, "horizontal", Date.now())).toBe(false);
    // The release's stop command was answered: it did not time out into the console's retry.
    const stops = async () => (await cloud.db.select().from(deviceCommands).where(and(eq(deviceCommands.deviceId, camera.id), gte(deviceCommands.sentAt, t)))).filter((r) => JSON.parse(r.params ?? "{}").controlValue === 0).sort((a, b) => a.id - b.id);
    expect((await stops()).map((r) => r.status)).not.toContain(COMMAND_STATUS.timeout);
    expect((await stops())[0].status).toBe(COMMAND_STATUS.success);
    // Sent twice: the lost copy and the one the cloud sent again (its count lands just after the publish).
    for (let i = 0; i < 100 && (await stops())[0].repeats < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await stops())[0].repeats).toBeGreaterThanOrEqual(2);
    s.ws.close();
    await live.cameras.settled();
  });

  it("stops the camera itself when the page's repeats stop (a frozen page)", async () => {
    const s = await socket("admin");
    const t = Date.now();
    s.send({ op: "move", axis: "vertical", dir: -1 });
    await until(() => stopsOf("vertical", t).length > 0, CAMERA_TTL_MS * 10);
    await live.cameras.settled();
    expect(turning(state, "vertical", Date.now())).toBe(false);
    s.ws.close();
  });

  it("stops the camera it was turning when the socket is cut", async () => {
    const s = await socket("admin");
    hold(s, "vertical", 1);
    await until(() => turning(state, "vertical", Date.now()));
    const t = Date.now();
    s.ws.terminate();
    await until(() => stopsOf("vertical", t).length > 0);
    await live.cameras.settled();
    expect(turning(state, "vertical", Date.now())).toBe(false);
  });

  it("steps 10 on a click (one repeat's turn), restores home, and refuses another tenant's camera", async () => {
    const s = await socket("admin");
    s.send({ op: "step", axis: "horizontal", dir: -1 });
    expect(await s.next((m) => m.op === "step")).toMatchObject({ ok: true });
    expect(calls.at(-1)?.params).toMatchObject({ controlType: "horizontal", controlValue: -10, ttlMs: CAMERA_REPEAT_MS });
    s.send({ op: "restore" });
    expect(await s.next((m) => m.op === "restore")).toMatchObject({ ok: true, answer: { pan: 0, tilt: 0 } });
    s.ws.close();
    const other = await socket("platform");
    other.send({ op: "move", axis: "horizontal", dir: 1 });
    const refused = await other.next((m) => m.op === "move");
    expect(refused.ok).toBe(false);
    expect(refused.msg).toBeTruthy();
    other.ws.close();
    await live.cameras.settled();
  });
});
