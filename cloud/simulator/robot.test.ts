import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ROBOT_AUDIO_CODES, ROBOT_EVENTS, ROBOT_SERVICES, ROBOT_SIM, ROBOT_TTL_MS } from "@/lib/contract/robot/robot";
import { ROBOT_CAMERA_SERVICES } from "@/lib/contract/robot/control";
import { RobotSim } from "./robot";

const run = (sim: RobotSim, from: number, ms: number, step = 100) => {
  const out = [];
  for (let t = from + step; t <= from + ms; t += step) out.push(...sim.step(t, step));
  return out;
};

describe("the simulated robot", () => {
  it("moves while a press is held and stops by itself when its time-to-live lapses", () => {
    const sim = new RobotSim(1, 100);
    expect(sim.call(ROBOT_SERVICES.control, { controlType: "1", ttlMs: ROBOT_TTL_MS }, 0).code).toBe(200);
    run(sim, 0, 2000);
    // Moved for the TTL only (600 ms at 0.5 m/s = 0.3 m), then stood still with nobody pressing.
    expect(sim.position).toBeCloseTo((ROBOT_SIM.speed * ROBOT_TTL_MS) / 1000, 2);
    expect(sim.travel).toBeNull();
  });

  it("stops at once on '9', refuses an unknown code, and moves the lifter within its TTL", () => {
    const sim = new RobotSim(1, 100);
    sim.call(ROBOT_SERVICES.control, { controlType: "1", ttlMs: 5000 }, 0);
    run(sim, 0, 1000);
    sim.call(ROBOT_SERVICES.control, { controlType: "9" }, 1000);
    const at = sim.position;
    run(sim, 1000, 2000);
    expect(sim.position).toBe(at);
    expect(sim.call(ROBOT_SERVICES.control, { controlType: "5" }, 3000).code).toBe(400);
    sim.call(ROBOT_SERVICES.lifter, { lifterDirection: "0", ttlMs: 1000 }, 3000);
    run(sim, 3000, 3000);
    expect(sim.lifter).toBeCloseTo(ROBOT_SIM.lifterSpeed, 1);
  });

  it("captures with either camera and records until the recording is ended, as the robot console asks", () => {
    const sim = new RobotSim(1, 100);
    expect(sim.call(ROBOT_CAMERA_SERVICES.picture, { deviceNum: "01", controlType: "getPhoto" }, 0)).toEqual({ code: 200, out: { recording: false } });
    expect(sim.call(ROBOT_CAMERA_SERVICES.picture, { deviceNum: "02", controlType: "beginVideo" }, 0).out).toEqual({ recording: true });
    expect(sim.call(ROBOT_CAMERA_SERVICES.info, { deviceNum: "02" }, 0).out).toEqual({ recording: true });
    expect(sim.call(ROBOT_CAMERA_SERVICES.info, { deviceNum: "01" }, 0).out).toEqual({ recording: false });
    expect(sim.call(ROBOT_CAMERA_SERVICES.picture, { deviceNum: "02", controlType: "endVideo" }, 0).out).toEqual({ recording: false });
    expect(sim.call(ROBOT_CAMERA_SERVICES.info, { deviceNum: "09" }, 0).code).toBe(400);
  });

  it("plays a talk-back clip it fetched and checked, cuts it off with the next, and says why it cannot play one", async () => {
    const sim = new RobotSim(1, 100);
    // A WebM clip as Chromium's MediaRecorder writes it starts with the EBML header.
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(400, 7)]);
    const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
    const asked: string[] = [];
    const from = (clip: Buffer) => async (url: string) => {
      asked.push(url);
      return clip;
    };
    const params = (clip: Buffer, over: Record<string, unknown> = {}) => ({ url: "http://cloud/clip-1", format: "webm", size: clip.length, sha256: sha(clip), durationMs: 3000, ...over });
    let t = 1000;
    const now = () => t;

    expect(await sim.play(params(webm), from(webm), now)).toEqual({ code: ROBOT_AUDIO_CODES.playing, out: { durationMs: 3000 } });
    expect(asked).toEqual(["http://cloud/clip-1"]);
    expect(sim.speaking).toEqual({ bytes: webm.length, format: "webm", until: 4000 });
    // A second clip while the first plays cuts it off: the latest speech wins.
    t = 2000;
    await sim.play(params(webm, { durationMs: 1500 }), from(webm), now);
    expect(sim.speaking?.until).toBe(3500);
    expect(sim.clipsPlayed).toBe(2);
    sim.step(3600, 100);
    expect(sim.speaking).toBeNull();

    // Why not: a clip that did not arrive whole or is another file, a format it cannot play, no link at all, no speaker.
    expect((await sim.play(params(webm, { size: webm.length + 1 }), from(webm), now)).code).toBe(ROBOT_AUDIO_CODES.fetch);
    expect((await sim.play(params(webm, { sha256: sha(Buffer.from("other")) }), from(webm), now)).code).toBe(ROBOT_AUDIO_CODES.fetch);
    const notWebm = Buffer.from("OggS-but-named-webm");
    expect((await sim.play(params(notWebm), from(notWebm), now)).code).toBe(ROBOT_AUDIO_CODES.format);
    expect((await sim.play(params(webm, { format: "flac" }), from(webm), now)).code).toBe(ROBOT_AUDIO_CODES.format);
    const failing = async () => {
      throw new Error("HTTP 403");
    };
    expect((await sim.play(params(webm), failing, now)).code).toBe(ROBOT_AUDIO_CODES.fetch);
    expect((await sim.play(params(webm), undefined, now)).code).toBe(ROBOT_AUDIO_CODES.noSpeaker);
    expect(sim.clipsPlayed).toBe(2);
  });

  it("patrols its task: to each point, dwells, posts the arrival with readings and a photo, then goes home to charge", () => {
    const sim = new RobotSim(3, 20);
    sim.position = 0;
    sim.follow({ taskId: 9, home: 0, index: 0, dwellUntil: null, stops: [{ pointId: 1, position: 2, dwellSec: 1, items: [{ id: 11, itemType: 2 }] }, { pointId: 2, position: 4, dwellSec: 1, items: [] }] });
    const events = run(sim, 0, 30_000);
    const arrivals = events.filter((e) => e.kind === "event" && e.identifier === ROBOT_EVENTS.arrived);
    expect(arrivals.map((e) => (e.params as { pointId: number }).pointId)).toEqual([1, 2]);
    const first = arrivals[0].params as { taskId: number; readings: string; photo: string };
    expect(first.taskId).toBe(9);
    expect(JSON.parse(first.readings)).toEqual([{ itemId: 11, value: expect.any(Number) }]);
    expect(Buffer.from(first.photo, "base64").subarray(1, 4).toString()).toBe("PNG");
    expect(first.photo.length).toBeLessThanOrEqual(10_240);
    expect(sim.patrol).toBeNull();
    expect(sim.position).toBe(0);
    expect(sim.charging).toBe(true);
    // The cloud may still show the task running while it stores the last point (a camera frame takes seconds): the robot does not patrol it again.
    sim.follow({ taskId: 9, home: 0, index: 0, dwellUntil: null, stops: [{ pointId: 1, position: 2, dwellSec: 1, items: [] }] });
    expect(sim.patrol).toBeNull();
    expect(run(sim, 30_000, 10_000).filter((e) => e.kind === "event" && e.identifier === ROBOT_EVENTS.arrived)).toEqual([]);
  });
});
