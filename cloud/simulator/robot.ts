import { createHash } from "node:crypto";
import { and, asc, desc, eq } from "drizzle-orm";
import { ITEM_TYPE, PATROL_STATUS, POINT_TYPE } from "@/lib/contract/robot/enums";
import type { PatrolReading } from "@/lib/contract/robot/patrol";
import { ROBOT_AUDIO, ROBOT_CAMERA_NUMS, ROBOT_CAMERA_SERVICES } from "@/lib/contract/robot/control";
import { ROBOT_AUDIO_CODES, ROBOT_AUDIO_PARAMS, ROBOT_CONTROL_CODES, ROBOT_CONTROL_PARAMS, ROBOT_EVENTS, ROBOT_LIFTER_CODES, ROBOT_LIFTER_PARAMS, ROBOT_MODE, ROBOT_MODE_PARAMS, ROBOT_MODES, ROBOT_PROPS, ROBOT_SERVICES, ROBOT_SIM, ROBOT_STATE, ROBOT_TTL_MS } from "@/lib/contract/robot/robot";
import type { Db } from "../db/client";
import { robotItems, robotPlans, robotPoints, robotTasks, robotTracks } from "../db/schema";
import { FILE_TYPES } from "../lib/files";
import { canvas } from "../lib/png";
import { noise } from "./series";

type Stop = { pointId: number; position: number; dwellSec: number; items: { id: number; itemType: number }[] };
type Patrol = { taskId: number; stops: Stop[]; index: number; dwellUntil: number | null; home: number };
type Motion = { dir: 1 | -1; until: number };
/** A service's answer: the reply's code and output. */
export type RobotAnswer = { code: number; out: Record<string, unknown> };
/** How the robot fetches a talk-back clip (with its own credentials); throws when it cannot. */
export type FetchClip = (url: string) => Promise<Buffer>;
/** What the robot publishes: its properties, or an event with its params. */
export type RobotOut = { kind: "property"; params: Record<string, unknown> } | { kind: "event"; identifier: string; params: Record<string, unknown> };

const LIFTER_MAX_CM = 300;
const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;

/** A photo of a cabinet as the robot's camera sees it: a small PNG, tinted red when a reading is abnormal (no ffmpeg needed). */
export function robotPhoto(pointId: number, abnormal: boolean): string {
  const c = canvas(160, 90, abnormal ? [70, 30, 30] : [30, 40, 52]);
  c.fill(40, 10, 80, 75, [150, 165, 180]);
  c.fill(48, 18, 64, 24, [60, 70, 84]);
  for (let i = 0; i < 4; i++) c.fill(50 + i * 16, 50, 10, 10, noise(pointId, i) > 0.5 || (abnormal && i === 1) ? [220, 60, 50] : [70, 200, 110]);
  c.fill(0, 84, Math.min(160, 10 + (pointId % 15) * 10), 6, [240, 200, 80]);
  return c.png().toString("base64");
}

/** A reading of an item: around its usual value, about one in ten abnormal. */
export function readingOf(itemType: number, seed: number, tick: number): number | null {
  const n = noise(seed, tick);
  const bad = noise(seed + 7, tick) < 0.1;
  switch (itemType) {
    case ITEM_TYPE.temperature:
      return round(bad ? 52 + n * 8 : 26 + n * 10, 1);
    case ITEM_TYPE.gas:
      return round(bad ? 1200 + n * 300 : 150 + n * 200, 0);
    case ITEM_TYPE.meter:
      return round(bad ? 0.8 + n * 0.1 : 0.5 + n * 0.12, 3);
    default:
      return null;
  }
}

/**
 * The simulated rail robot: patrols its running task (to each point at `ROBOT_SIM.speed`, dwells,
 * reports the arrival with its readings and a photo), goes back to the charging station and charges,
 * drains its battery while moving, and obeys `robotControl`, `setRobotLifter` and `setMode`. A held
 * movement lasts its time-to-live and no longer: the robot stops by itself when it lapses, and at
 * once on '9' (or '2' for the lifter).
 */
export class RobotSim {
  mode: number = ROBOT_MODE.auto;
  position = 0;
  lifter = 0;
  battery = 90;
  charging = true;
  pointId = 0;
  travel: Motion | null = null;
  lift: Motion | null = null;
  patrol: Patrol | null = null;
  /** The last task whose patrol it finished: the cloud may still show it running while it stores the last point's record. */
  private finished: number | null = null;
  /** The cameras recording now. */
  readonly recording = new Set<string>();
  /** The talk-back clip playing now (a new one cuts it off) and how many it has played. */
  speaking: { bytes: number; format: string; until: number } | null = null;
  clipsPlayed = 0;
  private tick = 0;

  constructor(readonly seed: number, readonly length: number) {}

  get taskId() {
    return this.patrol?.taskId ?? 0;
  }

  get state(): number {
    if (this.mode === ROBOT_MODE.deploy) return ROBOT_STATE.deployMode;
    if (this.travel || this.lift) return ROBOT_STATE.manual;
    if (this.mode === ROBOT_MODE.manual) return ROBOT_STATE.manualMode;
    if (this.patrol) return ROBOT_STATE.autoMode;
    return ROBOT_STATE.idle;
  }

  properties(): Record<string, unknown> {
    return {
      [ROBOT_PROPS.mode]: this.mode,
      [ROBOT_PROPS.state]: this.state,
      [ROBOT_PROPS.battery]: Math.round(this.battery),
      [ROBOT_PROPS.position]: round(this.position),
      [ROBOT_PROPS.lifter]: round(this.lifter, 1),
      [ROBOT_PROPS.taskId]: this.taskId,
      [ROBOT_PROPS.pointId]: this.pointId,
      [ROBOT_PROPS.charging]: this.charging,
    };
  }

  /** Starts (or drops, with null) the patrol of a task. */
  follow(patrol: Patrol | null) {
    if (patrol?.taskId === this.patrol?.taskId || (patrol && patrol.taskId === this.finished)) return;
    this.patrol = patrol;
  }

  /** A service call: the answer's code and output. */
  call(identifier: string, params: Record<string, unknown>, now: number): RobotAnswer {
    const ttl = Math.min(10_000, Math.max(0, Number(params[ROBOT_CONTROL_PARAMS.ttl] ?? ROBOT_TTL_MS) || ROBOT_TTL_MS));
    if (identifier === ROBOT_SERVICES.control) {
      const code = String(params[ROBOT_CONTROL_PARAMS.code] ?? "");
      if (code === ROBOT_CONTROL_CODES.stop) this.travel = null;
      else if (code === ROBOT_CONTROL_CODES.forward || code === ROBOT_CONTROL_CODES.back) this.travel = { dir: code === ROBOT_CONTROL_CODES.forward ? 1 : -1, until: now + ttl };
      else return { code: 400, out: {} };
      return { code: 200, out: { [ROBOT_PROPS.position]: round(this.position) } };
    }
    if (identifier === ROBOT_SERVICES.lifter) {
      const code = String(params[ROBOT_LIFTER_PARAMS.code] ?? "");
      if (code === ROBOT_LIFTER_CODES.stop) this.lift = null;
      else if (code === ROBOT_LIFTER_CODES.up || code === ROBOT_LIFTER_CODES.down) this.lift = { dir: code === ROBOT_LIFTER_CODES.up ? 1 : -1, until: now + ttl };
      else return { code: 400, out: {} };
      return { code: 200, out: { [ROBOT_PROPS.lifter]: round(this.lifter, 1) } };
    }
    if (identifier === ROBOT_SERVICES.mode) {
      const mode = Number(params[ROBOT_MODE_PARAMS.mode]);
      if (!(ROBOT_MODES as readonly number[]).includes(mode)) return { code: 400, out: {} };
      this.mode = mode;
      this.travel = null;
      this.lift = null;
      return { code: 200, out: { [ROBOT_PROPS.mode]: mode } };
    }
    // The cameras: a capture always succeeds; a recording runs until it is ended.
    if (identifier === ROBOT_CAMERA_SERVICES.picture || identifier === ROBOT_CAMERA_SERVICES.info) {
      const camera = String(params.deviceNum ?? "");
      if (!(ROBOT_CAMERA_NUMS as readonly string[]).includes(camera)) return { code: 400, out: {} };
      if (params.controlType === "beginVideo") this.recording.add(camera);
      if (params.controlType === "endVideo") this.recording.delete(camera);
      return { code: 200, out: { recording: this.recording.has(camera) } };
    }
    return { code: 404, out: {} };
  }

  /**
   * Talk-back (`playAudio`): fetches the clip from its link, checks its size, SHA-256 and that it is
   * the format named, and plays it (cutting off one still playing); answers once it plays. A format
   * it does not play is 415, a clip it could not fetch or that does not match 502.
   */
  async play(params: Record<string, unknown>, fetchClip: FetchClip | undefined, now: () => number): Promise<RobotAnswer> {
    if (!fetchClip) return { code: ROBOT_AUDIO_CODES.noSpeaker, out: {} };
    const format = String(params[ROBOT_AUDIO_PARAMS.format] ?? "");
    if (!(ROBOT_AUDIO.exts as readonly string[]).includes(format)) return { code: ROBOT_AUDIO_CODES.format, out: {} };
    let clip: Buffer;
    try {
      clip = await fetchClip(String(params[ROBOT_AUDIO_PARAMS.url] ?? ""));
    } catch {
      return { code: ROBOT_AUDIO_CODES.fetch, out: {} };
    }
    const sha256 = createHash("sha256").update(clip).digest("hex");
    if (clip.length !== Number(params[ROBOT_AUDIO_PARAMS.size]) || sha256 !== params[ROBOT_AUDIO_PARAMS.sha256]) return { code: ROBOT_AUDIO_CODES.fetch, out: {} };
    if (!FILE_TYPES[format].magic?.(clip)) return { code: ROBOT_AUDIO_CODES.format, out: {} };
    const durationMs = Math.min(ROBOT_AUDIO.maxSeconds * 1000, Math.max(0, Number(params[ROBOT_AUDIO_PARAMS.duration]) || 0));
    this.speaking = { bytes: clip.length, format, until: now() + durationMs };
    this.clipsPlayed++;
    return { code: ROBOT_AUDIO_CODES.playing, out: { [ROBOT_AUDIO_PARAMS.duration]: durationMs } };
  }

  /** Moves the robot on by `dtMs` at `now`; answers the events it posts. */
  step(now: number, dtMs: number): RobotOut[] {
    const out: RobotOut[] = [];
    const dt = dtMs / 1000;
    // A held movement counts only up to its time-to-live within this step, then ends.
    const held = (m: Motion | null) => (m ? Math.max(0, Math.min(now, m.until) - (now - dtMs)) / 1000 : 0);
    const travelFor = held(this.travel);
    const liftFor = held(this.lift);
    const travelDir = this.travel?.dir ?? 1;
    const liftDir = this.lift?.dir ?? 1;
    if (this.travel && now >= this.travel.until) this.travel = null;
    if (this.lift && now >= this.lift.until) this.lift = null;
    let moving = false;
    const moveTo = (target: number, seconds = dt) => {
      const d = target - this.position;
      const stepM = ROBOT_SIM.speed * seconds;
      this.position = Math.abs(d) <= stepM ? target : this.position + Math.sign(d) * stepM;
      moving ||= d !== 0 && seconds > 0;
      return this.position === target;
    };
    if (liftFor > 0) this.lifter = Math.min(LIFTER_MAX_CM, Math.max(0, this.lifter + liftDir * ROBOT_SIM.lifterSpeed * liftFor));
    if (travelFor > 0) {
      moveTo(travelDir > 0 ? this.length : 0, travelFor);
    } else if (this.patrol && this.mode === ROBOT_MODE.auto) {
      const p = this.patrol;
      const stop = p.stops[p.index];
      if (!stop) {
        // Every point done: back to the charging station.
        if (moveTo(p.home)) {
          this.finished = p.taskId;
          this.patrol = null;
        }
      } else if (p.dwellUntil !== null) {
        if (now >= p.dwellUntil) {
          this.tick++;
          const readings: PatrolReading[] = stop.items.map((it) => ({ itemId: it.id, value: readingOf(it.itemType, this.seed + it.id, this.tick) }));
          const abnormal = readings.some((r, i) => {
            const t = stop.items[i].itemType;
            return r.value !== null && ((t === ITEM_TYPE.temperature && r.value > 45) || (t === ITEM_TYPE.gas && r.value > 1000) || (t === ITEM_TYPE.meter && r.value > 0.7));
          });
          out.push({ kind: "event", identifier: ROBOT_EVENTS.arrived, params: { taskId: p.taskId, pointId: stop.pointId, readings: JSON.stringify(readings), photo: robotPhoto(stop.pointId, abnormal) } });
          p.index++;
          p.dwellUntil = null;
        }
      } else if (moveTo(stop.position)) {
        this.pointId = stop.pointId;
        p.dwellUntil = now + stop.dwellSec * 1000;
      }
    }
    if (this.speaking && now >= this.speaking.until) this.speaking = null;
    this.charging = !moving && this.position <= 0.01;
    if (moving) this.battery = Math.max(0, this.battery - (ROBOT_SIM.drainPerMin * dt) / 60);
    else if (this.charging) this.battery = Math.min(100, this.battery + (ROBOT_SIM.chargePerMin * dt) / 60);
    return out;
  }
}

/** The running task of a robot and its patrol: the inspection points in order, their items, the charging station. */
export async function patrolOf(db: Db, deviceId: number): Promise<Patrol | null> {
  const [task] = await db.select({ id: robotTasks.id, trackId: robotTasks.trackId }).from(robotTasks).where(and(eq(robotTasks.deviceId, deviceId), eq(robotTasks.patrolStatus, PATROL_STATUS.running))).limit(1);
  if (!task) return null;
  const points = await db.select().from(robotPoints).where(eq(robotPoints.trackId, task.trackId)).orderBy(asc(robotPoints.sort), asc(robotPoints.id));
  const items = await db.select({ id: robotItems.id, pointId: robotItems.pointId, itemType: robotItems.itemType }).from(robotItems).innerJoin(robotPoints, eq(robotPoints.id, robotItems.pointId)).where(eq(robotPoints.trackId, task.trackId));
  const dock = points.find((p) => p.pointType === POINT_TYPE.charging);
  return {
    taskId: task.id,
    stops: points.filter((p) => p.pointType === POINT_TYPE.inspection).map((p) => ({ pointId: p.id, position: p.position, dwellSec: p.dwellSec, items: items.filter((i) => i.pointId === p.id) })),
    index: 0,
    dwellUntil: null,
    home: dock?.position ?? 0,
  };
}

/** The length of the track a robot's plans run on (the longest), for how far it may travel by hand. */
export async function trackLengthOf(db: Db, deviceId: number): Promise<number> {
  const rows = await db.select({ length: robotTracks.trackLength }).from(robotTracks).innerJoin(robotPlans, eq(robotPlans.trackId, robotTracks.id)).where(eq(robotPlans.deviceId, deviceId)).orderBy(desc(robotTracks.trackLength)).limit(1);
  return rows[0]?.length ?? 200;
}

/** How often the simulated robot moves, reports and looks for its running task. */
const STEP_MS = 500;
const REPORT_MS = 2000;
const LOOK_MS = 3000;

/**
 * Runs a simulated robot over its MQTT client: steps its motion, publishes properties and arrivals,
 * follows its running task (read from the demo database, as the demo cameras' pictures are), and
 * answers its services (talk-back fetched with `fetchClip`). Answers the service handler and a stop.
 */
export async function runRobot(db: Db, o: { deviceId: number; seed: number; now: () => number; publish: (channel: "property/post" | "event/post", body: unknown) => void; fetchClip?: FetchClip }) {
  const sim = new RobotSim(o.seed, await trackLengthOf(db, o.deviceId));
  let last = o.now();
  let lastReport = 0;
  let lastLook = 0;
  let looking = false;
  const timer = setInterval(() => {
    const t = o.now();
    for (const e of sim.step(t, t - last)) if (e.kind === "event") o.publish("event/post", { time: t, identifier: e.identifier, params: e.params });
    last = t;
    if (t - lastReport >= REPORT_MS || sim.travel || sim.lift) {
      lastReport = t;
      o.publish("property/post", { time: t, params: sim.properties() });
    }
    if (t - lastLook >= LOOK_MS && !looking) {
      lastLook = t;
      looking = true;
      patrolOf(db, o.deviceId)
        .then((p) => {
          // A task stopped or finished in the cloud: the robot goes home; a new one: it starts.
          if (!p && sim.patrol) sim.patrol = { ...sim.patrol, stops: [], index: 0 };
          else if (p && p.taskId !== sim.patrol?.taskId) sim.follow(p);
        })
        .catch(() => {})
        .finally(() => (looking = false));
    }
  }, STEP_MS);
  timer.unref();
  return {
    sim,
    call: async (identifier: string, params: Record<string, unknown>): Promise<RobotAnswer> => {
      const answer = identifier === ROBOT_SERVICES.audio ? await sim.play(params, o.fetchClip, o.now) : sim.call(identifier, params, o.now());
      o.publish("property/post", { time: o.now(), params: sim.properties() });
      return answer;
    },
    stop: () => clearInterval(timer),
  };
}
