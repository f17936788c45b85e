import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCloud } from "@/cloud/app";
import { projects, robotCommands } from "@/cloud/db/schema";
import { commandsOf } from "@/cloud/ingest/commands";
import { Ingest } from "@/cloud/ingest/pipeline";
import { tenantOf } from "@/cloud/lib/scope";
import { DEMO_ACCOUNTS } from "@/cloud/seed";
import { createTestCloud, SETUP_MS, type TestCloud } from "@/cloud/testing";
import { ROBOT_TTL_MS } from "@/lib/contract/robot/robot";
import type { LiveServer } from "@/lib/server/live/live-server";
import { liveSocket, startLiveHarness, type LiveHarness } from "./live-harness";
import { FakeRobot, robotDevice } from "./fake-robot";

const SECRET = "robot-live-test-secret-robot-live-test-secret-000";
process.env.SESSION_SECRET = SECRET;

let cloud: TestCloud;
let ingest: Ingest;
let harness: LiveHarness | undefined;
let live: LiveServer;
let base: string;
let robot: { id: number; name: string };
const fake = new FakeRobot();
const users = {} as Record<"admin" | "operator" | "platform", { token: string; id: number; tenantId: number }>;

beforeAll(async () => {
  // The real clock: leases and round trips are measured as they happen.
  cloud = await createTestCloud({ now: new Date() });
  ingest = new Ingest(cloud.db, { writer: { flushMs: 1 } });
  ingest.attach(async (topic, payload) => {
    const body = JSON.parse(payload);
    const reply = fake.call(body);
    if (reply) setImmediate(() => void ingest.handle(topic.replace("service/call", "service/reply"), Buffer.from(JSON.stringify({ id: body.id, identifier: body.identifier, ...reply }))));
  });
  const app = createCloud({ ...cloud.deps, now: () => new Date(), ingest });
  const [project] = await cloud.db.select().from(projects).where(tenantOf(2).where(projects)).orderBy(asc(projects.id));
  robot = await robotDevice(cloud.db, 2, project.id);
  for (const [w, username, tenantId] of [["admin", "demoadmin", 2], ["operator", "operator01", 2], ["platform", "superadmin", 1]] as const) {
    users[w] = { token: await cloud.login(username, DEMO_ACCOUNTS[username].password, tenantId), id: await cloud.userId(username, tenantId), tenantId };
  }
  harness = await startLiveHarness(app.fetch);
  live = harness.live;
  base = harness.base;
}, SETUP_MS);
afterAll(async () => {
  fake.close();
  await harness?.close();
  commandsOf(ingest).close();
  await ingest?.close();
  await cloud?.close();
});

/** A browser's socket signed in as `who`: the console's robot answers in order, and a wait for one. */
const socket = (who: keyof typeof users) => liveSocket(base, SECRET, who, users[who], "robot", robot.id);

/** Holds a direction as the page does: a press every 150 ms until the returned stop is called. */
function hold(s: Awaited<ReturnType<typeof socket>>, axis: "travel" | "lifter", code: string) {
  s.send({ op: "move", axis, code });
  const t = setInterval(() => s.send({ op: "move", axis, code }), 150);
  return () => clearInterval(t);
}

const lastAudit = async (n: number) => cloud.db.select().from(robotCommands).where(eq(robotCommands.deviceId, robot.id)).orderBy(desc(robotCommands.id)).limit(n);

describe("the robot pad over the live socket", () => {
  it("moves while held (each repeat carrying the TTL), and stops on release once acknowledged", async () => {
    const s = await socket("admin");
    s.send({ op: "take" });
    expect(await s.next((m) => m.op === "take")).toMatchObject({ ok: true, driver: { mine: true } });
    const release = hold(s, "travel", "1");
    await fake.until((r) => r.travel === "1");
    await new Promise((r) => setTimeout(r, ROBOT_TTL_MS * 2));
    // Each repeat reaches the robot with a fresh TTL (how long it keeps going depends on the machine's load: not asserted).
    expect(fake.calls.filter((c) => c.identifier === "robotControl" && c.params.controlType === "1" && c.params.ttlMs === ROBOT_TTL_MS).length).toBeGreaterThanOrEqual(3);
    release();
    s.send({ op: "stop", axis: "travel" });
    expect(await s.next((m) => m.op === "stop")).toMatchObject({ ok: true, answer: { result: 2, rttMs: expect.any(Number) } });
    expect(fake.travel).toBe("9");
    expect(fake.motions.filter((m) => m.axis === "travel").at(-1)).toMatchObject({ code: "9", why: "command" });
    s.ws.close();
    await live.robots.settled();
  });

  it("stops the robot itself when the page's repeats stop (a frozen page)", async () => {
    const s = await socket("admin");
    s.send({ op: "take" });
    await s.next((m) => m.op === "take");
    s.send({ op: "move", axis: "lifter", code: "0" });
    await fake.until((r) => r.lifter === "0");
    await fake.until((r) => r.lifter === "2", ROBOT_TTL_MS * 4);
    await live.robots.settled();
    expect((await lastAudit(5)).map((r) => r.trigger)).toContain("lapse");
    s.ws.close();
    await live.robots.settled();
  });

  it("stops every robot a socket moved when it is cut, sending the stop again until the robot acknowledges, and frees the lock", async () => {
    const s = await socket("admin");
    s.send({ op: "take" });
    await s.next((m) => m.op === "take");
    hold(s, "travel", "8");
    await fake.until((r) => r.travel === "8");
    // The robot's replies are lost for a while: the console must not give up.
    fake.answering = false;
    const before = fake.calls.length;
    s.ws.terminate();
    await new Promise((r) => setTimeout(r, 2_500));
    const stopsUnanswered = fake.calls.slice(before).filter((c) => c.identifier === "robotControl" && c.params.controlType === "9").length;
    expect(stopsUnanswered).toBeGreaterThanOrEqual(2);
    fake.answering = true;
    await live.robots.settled();
    expect(fake.travel).toBe("9");
    const lines = (await lastAudit(20)).filter((r) => r.trigger === "socket");
    expect(lines.length).toBeGreaterThanOrEqual(3);
    // The lock went with the socket: another user may drive now.
    const o = await socket("operator");
    o.send({ op: "take" });
    expect(await o.next((m) => m.op === "take")).toMatchObject({ ok: true });
    o.send({ op: "release" });
    await o.next((m) => m.op === "release");
    o.ws.close();
  });

  it("refuses a second driver with who drives, lets an administrator take over, and refuses another tenant's robot at the socket", async () => {
    const o = await socket("operator");
    o.send({ op: "take" });
    await o.next((m) => m.op === "take" && m.ok);
    const a = await socket("admin");
    a.send({ op: "take" });
    expect(await a.next((m) => m.op === "take")).toMatchObject({ ok: false, msg: expect.stringMatching(/^Driven by \S/) });
    a.send({ op: "move", axis: "travel", code: "1" });
    expect(await a.next((m) => m.op === "move")).toMatchObject({ ok: false, msg: expect.stringMatching(/^Driven by \S/) });
    expect(fake.travel).toBe("9");

    a.send({ op: "takeover" });
    expect(await a.next((m) => m.op === "takeover")).toMatchObject({ ok: true, driver: { mine: true } });
    o.send({ op: "move", axis: "travel", code: "1" });
    expect(await o.next((m) => m.op === "move")).toMatchObject({ ok: false, msg: expect.stringMatching(/^Driven by /) });

    const p = await socket("platform");
    p.send({ op: "take" });
    p.send({ op: "move", axis: "travel", code: "1" });
    expect(await p.next((m) => m.op === "take")).toMatchObject({ ok: false });
    expect(await p.next((m) => m.op === "move")).toMatchObject({ ok: false });
    expect(fake.travel).toBe("9");
    for (const s of [o, a, p]) s.ws.close();
    await live.robots.settled();
  });
});
