import { createHash } from "node:crypto";
import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROBOT_AUDIO, ROBOT_RESULT, type RobotCommandAnswer, type RobotCommandResult, type RobotCommandRow, type RobotDriver, type RobotRow } from "@/lib/contract/robot/control";
import { ROBOT_SERVICES, ROBOT_TTL_MS } from "@/lib/contract/robot/robot";
import { RobotSim } from "../../simulator/robot";
import { FakeRobot, robotDevice } from "@/tests/fake-robot";
import { createCloud } from "../../app";
import { devices, products, projects, robotPlans, robotPoints, robotTasks, robotTracks, storedFiles } from "../../db/schema";
import { PATROL_STATUS } from "@/lib/contract/robot/enums";
import type { TrackMarks } from "@/lib/contract/robot/track";
import { commandsOf } from "../../ingest/commands";
import { Ingest } from "../../ingest/pipeline";
import { DEMO_ACCOUNTS } from "../../seed";
import { tenantOf } from "../../lib/scope";
import { createTestCloud, SETUP_MS, type TestCloud } from "../../testing";

let cloud: TestCloud;
let ingest: Ingest;
let app: ReturnType<typeof createCloud>;
let admin: string;
let operator: string;
let otherTenant: string;
let robot: { id: number; sn: string; name: string; productId: number };
let projectId: number;
const fake = new FakeRobot();
/** The robot's speaker, as the simulated robot plays talk-back (fetching the clip from the cloud with its credentials). */
const speaker = new RobotSim(1, 100);
let hasSpeaker = true;
const ROBOT_SECRET = "robot-secret-for-talk-back";
const robotAuth = () => `Basic ${Buffer.from(`${robot.sn}:${ROBOT_SECRET}`).toString("base64")}`;
/** The links the robot was given and what each fetch answered. */
const fetched: { url: string; status: number }[] = [];
const A = "holder-of-the-admin-socket";
const B = "holder-of-the-operator-sock";

beforeAll(async () => {
  cloud = await createTestCloud();
  ingest = new Ingest(cloud.db, { now: cloud.now, writer: { flushMs: 1 } });
  // The robot behind the broker: obeys each call and answers it as the simulated robot does.
  ingest.attach(async (topic, payload) => {
    const body = JSON.parse(payload);
    if (body.identifier === ROBOT_SERVICES.audio) {
      const fetchClip = async (url: string) => {
        const res = await app.request(url, { headers: { authorization: robotAuth() } });
        fetched.push({ url, status: res.status });
        if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
        return Buffer.from(await res.arrayBuffer());
      };
      const { code, out } = await speaker.play(body.params, hasSpeaker ? fetchClip : undefined, () => Date.now());
      setImmediate(() => void ingest.handle(topic.replace("service/call", "service/reply"), Buffer.from(JSON.stringify({ id: body.id, identifier: body.identifier, code, params: out }))));
      return;
    }
    const reply = fake.call(body);
    if (reply) setImmediate(() => void ingest.handle(topic.replace("service/call", "service/reply"), Buffer.from(JSON.stringify({ id: body.id, identifier: body.identifier, ...reply }))));
  });
  app = createCloud({ ...cloud.deps, ingest });
  // The operator's project: the riverside project is the first of the demo tenant.
  const [project] = await cloud.db.select().from(projects).where(tenantOf(2).where(projects)).orderBy(asc(projects.id));
  robot = await robotDevice(cloud.db, 2, project.id);
  // The robot signs in with its own secret (talk-back clips are fetched so).
  await cloud.db.update(products).set({ verifyType: "secret" }).where(eq(products.id, robot.productId));
  await cloud.db.update(devices).set({ secretHash: createHash("sha256").update(ROBOT_SECRET).digest("hex") }).where(eq(devices.id, robot.id));
  projectId = project.id;
  admin = await cloud.login("demoadmin", DEMO_ACCOUNTS.demoadmin.password, 2);
  operator = await cloud.login("operator01", DEMO_ACCOUNTS.operator01.password, 2);
  otherTenant = await cloud.login("superadmin", DEMO_ACCOUNTS.superadmin.password, 1);
}, SETUP_MS);
afterAll(async () => {
  fake.close();
  commandsOf(ingest).close();
  await ingest?.close();
  await cloud?.close();
});

async function call<T>(path: string, body: unknown, opts: { token?: string; language?: string; get?: boolean } = {}) {
  const q = opts.get ? `?${new URLSearchParams(Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, String(v)]))}` : "";
  const res = await app.request(`/iotCloud/device/devRobotConsole/${path}${q}`, {
    method: opts.get ? "GET" : "POST",
    headers: { authorization: `Bearer ${opts.token ?? admin}`, language: opts.language ?? "en", "content-type": "application/json" },
    body: opts.get ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string; data: T };
}
const drive = (controlType: string, holder: string, token?: string) => call<RobotCommandAnswer>("robotControl", { deviceId: robot.id, controlType, holder }, { token });
const audit = async () => (await call<{ records: RobotCommandRow[]; total: number }>("commandPage", { deviceId: robot.id, size: 100 }, { get: true })).data.records;

describe("the robot console", () => {
  it("lists the robot with nobody driving; a press without the controls is refused and audited", async () => {
    const list = await call<RobotRow[]>("robotList", {}, { get: true });
    expect(list.data.map((r) => r.id)).toContain(robot.id);
    expect(list.data.find((r) => r.id === robot.id)?.driver).toBeNull();
    expect(await drive("1", A)).toMatchObject({ code: 400, msg: `Take the controls of ${robot.name} first` });
    expect(fake.travel).toBe("9");
    expect((await audit())[0]).toMatchObject({ code: "1", result: ROBOT_RESULT.refused, message: `Take the controls of ${robot.name} first`, rttMs: null });
  });

  it("moves the held robot with the TTL, folds the repeats onto one audited command, and stops on release once acknowledged", async () => {
    const taken = await call<RobotDriver>("takeDriver", { deviceId: robot.id, holder: A });
    expect(taken).toMatchObject({ code: 200, data: { name: expect.any(String), mine: true } });
    const press = await drive("1", A);
    expect(press).toMatchObject({ code: 200, data: { result: ROBOT_RESULT.waiting } });
    await fake.until((r) => r.travel === "1");
    // Every press carries the time-to-live after which the robot stops by itself.
    expect(fake.calls.at(-1)).toMatchObject({ identifier: "robotControl", params: { controlType: "1", ttlMs: ROBOT_TTL_MS } });
    await drive("1", A);
    await drive("1", A);
    const release = await drive("9", A);
    expect(release).toMatchObject({ code: 200, data: { result: ROBOT_RESULT.success, rttMs: expect.any(Number) } });
    expect(fake.travel).toBe("9");
    const [stop, held] = await audit();
    expect(stop).toMatchObject({ code: "9", trigger: "release", result: ROBOT_RESULT.success, repeats: 1, userName: taken.data.name });
    expect(stop.rttMs).toBeGreaterThanOrEqual(0);
    expect(held).toMatchObject({ code: "1", trigger: "press", repeats: 3, result: ROBOT_RESULT.success });
  });

  it("lets the robot stop by itself when the repeats stop for the TTL", async () => {
    await drive("8", A);
    await fake.until((r) => r.travel === "8");
    await fake.until((r) => r.travel === "9", ROBOT_TTL_MS * 5);
    expect(fake.motions.at(-1)).toMatchObject({ axis: "travel", code: "9", why: "ttl" });
  });

  it("drives the lifter the same way", async () => {
    const res = await call<RobotCommandAnswer>("setRobotLifter", { deviceId: robot.id, lifterDirection: "0", holder: A });
    expect(res.code).toBe(200);
    await fake.until((r) => r.lifter === "0");
    expect((await call<RobotCommandAnswer>("setRobotLifter", { deviceId: robot.id, lifterDirection: "2", holder: A })).data.result).toBe(ROBOT_RESULT.success);
    expect(fake.lifter).toBe("2");
  });

  it("refuses a second driver with who drives, in either language, and lets an administrator take over", async () => {
    const name = (await call<RobotDriver>("driver", { deviceId: robot.id }, { get: true })).data.name;
    expect(await call("takeDriver", { deviceId: robot.id, holder: B }, { token: operator })).toMatchObject({ code: 400, msg: `Driven by ${name}` });
    expect(await call("takeDriver", { deviceId: robot.id, holder: B }, { token: operator, language: "zh-cn" })).toMatchObject({ code: 400, msg: `${name} 正在控制` });
    expect(await drive("1", B, operator)).toMatchObject({ code: 400, msg: `Driven by ${name}` });
    expect(fake.travel).toBe("9");
    // Taking over is an administrator's: the operator may not.
    expect((await call("takeOverDriver", { deviceId: robot.id, holder: B }, { token: operator })).code).toBe(403);

    await call("releaseDriver", { deviceId: robot.id, holder: A });
    const op = await call<RobotDriver>("takeDriver", { deviceId: robot.id, holder: B }, { token: operator });
    expect(op).toMatchObject({ code: 200, data: { mine: true } });
    await drive("1", B, operator);
    await fake.until((r) => r.travel === "1");
    const over = await call<RobotDriver>("takeOverDriver", { deviceId: robot.id, holder: A });
    expect(over).toMatchObject({ code: 200, data: { name, mine: true } });
    // The take-over stopped the operator's movement; the operator now views only.
    expect(fake.travel).toBe("9");
    expect((await audit()).filter((r) => r.trigger === "takeover").map((r) => r.code).sort()).toEqual(["2", "9"]);
    expect(await drive("1", B, operator)).toMatchObject({ code: 400, msg: `Driven by ${name}` });
    expect((await call<RobotDriver>("driver", { deviceId: robot.id, holder: B }, { get: true, token: operator })).data).toMatchObject({ name, mine: false });
  });

  it("switches mode, captures and records through the robot's services", async () => {
    expect((await call<RobotCommandAnswer>("setMode", { deviceId: robot.id, mode: 3, holder: A })).code).toBe(200);
    expect(fake.mode).toBe(3);
    expect(await call("setMode", { deviceId: robot.id, mode: 2, holder: B }, { token: operator })).toMatchObject({ code: 403 });
    expect(await call("pictureVideoController", { deviceId: robot.id, deviceNum: "01", controlType: "beginVideo" })).toMatchObject({ code: 200, data: { recording: true } });
    expect(await call("getCameraInfo", { deviceId: robot.id, deviceNum: "01" }, { get: true })).toMatchObject({ code: 200, data: { recording: true } });
    expect(await call("pictureVideoController", { deviceId: robot.id, deviceNum: "01", controlType: "endVideo" })).toMatchObject({ code: 200, data: { recording: false } });
    expect(await call("pictureVideoController", { deviceId: robot.id, deviceNum: "07", controlType: "getPhoto" })).toMatchObject({ code: 400 });
  });

  it("answers the robot's track with its points' marks: its running task's, else its plans', none without either", async () => {
    expect(await call("robotTrack", { deviceId: robot.id }, { get: true })).toMatchObject({ code: 200, data: null });
    const own = { tenantId: 2, projectId };
    const [a, b] = await cloud.db.insert(robotTracks).values([{ ...own, trackName: "Rail A", trackMap: "/files/a.png", trackLength: 30, mapScale: 0.05 }, { ...own, trackName: "Rail B", trackMap: "/files/b.png", trackLength: 12, mapScale: 0.05 }]).returning();
    await cloud.db.insert(robotPoints).values([
      { ...own, trackId: a.id, pointName: "A2", markPosition: '{"x":600,"y":100}', pointType: 1, position: 20, sort: 2 },
      { ...own, trackId: a.id, pointName: "A1", markPosition: '{"x":200,"y":100}', pointType: 1, position: 10, sort: 1 },
      { ...own, trackId: b.id, pointName: "B1", markPosition: '{"x":100,"y":200}', pointType: 1, position: 4, sort: 1 },
    ]);
    const plan = { ...own, deviceId: robot.id, repetition: 1, startTime: "2026-03-03 00:00:00", startAt: new Date("2026-03-02T16:00:00Z"), cycle: "0 0 * * * ? *", duration: 1 };
    const [, onB] = await cloud.db.insert(robotPlans).values([{ ...plan, schemeName: "On A", trackId: a.id, publishStatus: 1 }, { ...plan, schemeName: "On B", trackId: b.id }]).returning();
    // The published plan's track, with its points in their order.
    const onA = await call<TrackMarks>("robotTrack", { deviceId: robot.id }, { get: true });
    expect(onA.data.trackInfo).toMatchObject({ trackName: "Rail A", trackMap: "/files/a.png", trackLength: 30 });
    expect(onA.data.pointList.map((p) => p.pointName)).toEqual(["A1", "A2"]);
    // A running task on the other track wins: that is where the robot is.
    await cloud.db.insert(robotTasks).values({ ...own, schemeId: onB.id, trackId: b.id, deviceId: robot.id, taskName: "On B", slotAt: cloud.now(), dueAt: new Date(cloud.now().getTime() + 3_600_000), duration: 1, patrolStatus: PATROL_STATUS.running });
    expect((await call<TrackMarks>("robotTrack", { deviceId: robot.id }, { get: true, language: "zh-cn" })).data.pointList.map((p) => p.pointName)).toEqual(["B1"]);
    expect(await call("robotTrack", { deviceId: "x" }, { get: true })).toMatchObject({ code: 400 });
  });

  describe("talk-back", () => {
    // A WebM clip as Chromium's MediaRecorder writes it (the EBML header, then Opus frames).
    const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2000, 3)]);
    const talk = async (bytes: Buffer, name: string, durationMs: number | string, o: { token?: string; language?: string } = {}) => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(bytes)]), name);
      const res = await app.request(`/iotCloud/device/devRobotConsole/uploadAudioFile?deviceId=${robot.id}&durationMs=${durationMs}`, { method: "POST", body: form, headers: { authorization: `Bearer ${o.token ?? admin}`, language: o.language ?? "en" } });
      return (await res.json()) as { code: number; msg: string; data: RobotCommandAnswer };
    };
    const result = (logId: number, o: { token?: string; language?: string } = {}) => call<RobotCommandResult>("commandResult", { deviceId: robot.id, logId }, { get: true, ...o });
    /** The outcome once the robot answered (sent → played / failed). */
    const settled = async (logId: number, language = "en") => {
      for (let i = 0; i < 100; i++) {
        const r = await result(logId, { language });
        if (r.data.result !== ROBOT_RESULT.waiting) return r.data;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error("the robot never answered");
    };
    const clips = async () => (await cloud.db.select({ n: count() }).from(storedFiles).where(eq(storedFiles.tenantId, 2)))[0].n;

    it("sends a clip to the robot, which fetches it with its own credentials and plays it: sent, then played, audited", async () => {
      const sent = await talk(WEBM, "talk.webm", 2500);
      expect(sent).toMatchObject({ code: 200, data: { result: ROBOT_RESULT.waiting, rttMs: null } });
      expect(await settled(sent.data.logId)).toMatchObject({ result: ROBOT_RESULT.success, rttMs: expect.any(Number), message: null });
      expect(speaker.clipsPlayed).toBe(1);
      expect(speaker.speaking).toMatchObject({ bytes: WEBM.length, format: "webm" });
      expect(fetched.at(-1)).toMatchObject({ status: 200 });
      const [line] = await audit();
      expect(line).toMatchObject({ id: sent.data.logId, service: ROBOT_SERVICES.audio, code: "2.5", trigger: "talk", result: ROBOT_RESULT.success });
      // An operator with the drive permission may talk without holding the controls (it moves nothing).
      const byOperator = await talk(WEBM, "talk.webm", 1000, { token: operator });
      expect(byOperator.code).toBe(200);
      expect((await settled(byOperator.data.logId)).result).toBe(ROBOT_RESULT.success);
    });

    it("keeps the clip's link to that robot, signed and unexpired", async () => {
      const url = new URL(fetched.at(-1)!.url, "http://cloud.test");
      const get = (u: URL, auth?: string) => app.request(`${u.pathname}${u.search}`, { headers: auth ? { authorization: auth, language: "en" } : { language: "en" } });
      expect((await get(url, robotAuth())).status).toBe(200);
      // Without the robot's credentials, or with a wrong secret: not signed in.
      expect(((await (await get(url)).json()) as { code: number }).code).toBe(401);
      expect(((await (await get(url, `Basic ${Buffer.from(`${robot.sn}:wrong`).toString("base64")}`)).json()) as { code: number }).code).toBe(401);
      // Another file under the same signature, or another robot's number: the link does not hold.
      const forged = new URL(url);
      forged.searchParams.set("p", url.searchParams.get("p")!.replace(/[a-f0-9]{32}/, "0".repeat(32)));
      expect(await (await get(forged, robotAuth())).json()).toMatchObject({ code: 403, msg: "The clip's link is not valid" });
      const otherRobot = new URL(url);
      otherRobot.searchParams.set("d", String(robot.id + 1));
      expect(await (await get(otherRobot, robotAuth())).json()).toMatchObject({ code: 403 });
      cloud.advance((ROBOT_AUDIO.linkS + 1) * 1000);
      expect(await (await get(url, robotAuth())).json()).toMatchObject({ code: 403, msg: "The clip's link has expired" });
    });

    it("says why a robot did not play it, in the reader's language", async () => {
      hasSpeaker = false;
      try {
        const sent = await talk(WEBM, "talk.webm", 1200);
        expect(await settled(sent.data.logId)).toMatchObject({ result: ROBOT_RESULT.failed, message: `${robot.name} has no speaker: it cannot play talk-back` });
        expect((await result(sent.data.logId, { language: "zh-cn" })).data.message).toBe(`${robot.name} 没有扬声器，无法播放对讲语音`);
      } finally {
        hasSpeaker = true;
      }
      expect(await result(999_999)).toMatchObject({ code: 404 });
    });

    it("refuses what is no clip, a tap too short, and an offline robot, keeping no file and sending nothing", async () => {
      const before = { files: await clips(), played: speaker.clipsPlayed, sent: fetched.length };
      // A picture named .webm: its bytes are not WebM.
      const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
      expect(await talk(png, "talk.webm", 2000)).toMatchObject({ code: 400 });
      expect((await talk(WEBM, "talk.txt", 2000)).code).toBe(400);
      expect(await talk(WEBM, "talk.webm", 100)).toMatchObject({ code: 400, msg: expect.stringContaining(String(ROBOT_AUDIO.minMs)) });
      expect(await talk(WEBM, "talk.webm", "x")).toMatchObject({ code: 400 });
      await cloud.db.update(devices).set({ status: 3 }).where(eq(devices.id, robot.id));
      try {
        expect(await talk(WEBM, "talk.webm", 2000)).toMatchObject({ code: 400, msg: expect.stringContaining("offline") });
        expect((await audit())[0]).toMatchObject({ service: ROBOT_SERVICES.audio, trigger: "talk", result: ROBOT_RESULT.refused });
      } finally {
        await cloud.db.update(devices).set({ status: 2 }).where(eq(devices.id, robot.id));
      }
      expect({ files: await clips(), played: speaker.clipsPlayed, sent: fetched.length }).toEqual(before);
    });

    it("refuses another tenant's robot", async () => {
      expect([403, 404]).toContain((await talk(WEBM, "talk.webm", 2000, { token: otherTenant })).code);
      const [line] = await audit();
      expect([403, 404]).toContain((await result(line.id, { token: otherTenant })).code);
    });
  });

  it("refuses another tenant's robot at every call", async () => {
    const before = fake.calls.length;
    for (const [path, body, get] of [
      ["robotControl", { deviceId: robot.id, controlType: "9", holder: A }],
      ["setRobotLifter", { deviceId: robot.id, lifterDirection: "2", holder: A }],
      ["takeDriver", { deviceId: robot.id, holder: A }],
      ["takeOverDriver", { deviceId: robot.id, holder: A }],
      ["releaseDriver", { deviceId: robot.id, holder: A }],
      ["setMode", { deviceId: robot.id, mode: 1, holder: A }],
      ["pictureVideoController", { deviceId: robot.id, deviceNum: "01", controlType: "getPhoto" }],
      ["getCameraInfo", { deviceId: robot.id, deviceNum: "01" }, true],
      ["driver", { deviceId: robot.id }, true],
      ["commandPage", { deviceId: robot.id }, true],
      ["robotTrack", { deviceId: robot.id }, true],
    ] as const) {
      // Not found, or (the platform's menu has no robot console) forbidden: never the robot.
      expect([403, 404], path).toContain((await call(path, body, { token: otherTenant, get: !!get })).code);
    }
    expect((await call<RobotRow[]>("robotList", {}, { get: true, token: otherTenant })).data ?? []).not.toContainEqual(expect.objectContaining({ id: robot.id }));
    expect(fake.calls.length).toBe(before);
  });
});
