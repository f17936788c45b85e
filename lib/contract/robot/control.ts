import { z } from "zod";
import { defineCall, file, pageOf } from "../call";
import { dbId, pageQuery } from "../common";
import { COMMAND_STATUS } from "../device/command";
import { ROBOT_CONTROL_CODES, ROBOT_LIFTER_CODES, ROBOT_MODES, ROBOT_TTL_MS } from "./robot";
import { trackMarks } from "./track";

/**
 * The robot console (issue 36; core §7 devRobotConsole, widgets §7): driving a robot from
 * /operations/robotControl (manual) and /operations/deployRobotControl (deploy). Movements are held:
 * the console repeats a press well within `ROBOT_TTL_MS` over the live socket and the robot stops by
 * itself when the last one lapses; release is stop. One driver at a time per robot (a lease in the
 * database, so it holds across cloud instances); every command is audited.
 */
export const ROBOT_CONTROL_SCREENS = ["/operations/robotControl", "/operations/deployRobotControl"] as const;
/** Driving (pad, lifter, cameras), taking over from another driver, switching mode. */
export const ROBOT_DRIVE_PERM = "dev:robot:control";
export const ROBOT_TAKEOVER_PERM = "dev:robot:takeover";
export const ROBOT_MODE_PERM = "dev:robot:mode";

/** The console repeats a held press this often (four repeats in one time-to-live). */
export const ROBOT_REPEAT_MS = Math.floor(ROBOT_TTL_MS / 4);
/** A driver's lease: renewed by its socket every `ROBOT_LEASE_RENEW_MS`; lapses when the socket goes. */
export const ROBOT_LEASE_MS = 15_000;
export const ROBOT_LEASE_RENEW_MS = 5_000;
/** How long a stop waits for the robot's acknowledgement before it is sent again. */
export const ROBOT_STOP_WAIT_S = 1;
/** A stop after a lost socket is sent again until acknowledged, at most this long. */
export const ROBOT_STOP_RETRY_MS = 60_000;

/** The robot's cameras, numbered as the spec's websocket message does ('01', '02'…). */
export const ROBOT_CAMERA_NUMS = ["01", "02"] as const;
/** Camera services of the robot's thing model, named as the console's calls (widgets §7). */
export const ROBOT_CAMERA_SERVICES = { picture: "pictureVideoController", info: "getCameraInfo" } as const;
export const CAMERA_ACTIONS = ["getPhoto", "beginVideo", "endVideo"] as const;

/**
 * Talk-back (core §7 uploadAudioFile): a clip recorded in the browser, sent to the robot's speaker.
 * The formats browsers record (webm / ogg Opus, MP4 audio as .m4a) and the usual files (wav, mp3);
 * a clip of at most `maxSeconds` (the page stops recording there), `maxMb` on the wire; the robot
 * has `answerS` to fetch it and begin playing; its download link lasts `linkS`.
 */
export const ROBOT_AUDIO = { exts: ["webm", "ogg", "m4a", "wav", "mp3"], maxSeconds: 60, minMs: 300, maxMb: 4, answerS: 10, linkS: 600 } as const;
export type RobotAudioExt = (typeof ROBOT_AUDIO.exts)[number];
export const audioQuery = z.object({
  deviceId: dbId,
  /** How long the clip plays, as the page recorded it (the robot is told; the audit shows it). */
  durationMs: z.coerce.number({ error: "validation.number" }).int("validation.integer").min(ROBOT_AUDIO.minMs, "validation.min").max(ROBOT_AUDIO.maxSeconds * 1000 + 1000, "validation.max"),
});
/** The robot's signed download of a clip: the device, the stored path, the expiry (unix s), the signature. */
export const audioFileQuery = z.object({ d: dbId, p: z.string().regex(/^\d{1,10}\/\d{8}\/[a-f0-9]{32}\.[a-z0-9]{1,8}$/, "validation.format"), e: z.coerce.number().int().positive(), s: z.string().regex(/^[a-f0-9]{64}$/, "validation.format") });
/** One audited command's outcome as it stands (a talk-back's sent → played / failed), with why it failed. */
export const robotCommandResult = z.object({ logId: z.number().int(), result: z.number().int(), rttMs: z.number().int().nullable(), message: z.string().nullable() });
export type RobotCommandResult = z.infer<typeof robotCommandResult>;

/** What issued a command: the pad, its release, a lapsed hold, a lost or silent socket, a take-over. */
export const ROBOT_TRIGGERS = ["press", "release", "lapse", "socket", "takeover", "mode", "camera", "talk"] as const;
export type RobotTrigger = (typeof ROBOT_TRIGGERS)[number];
/** An audit row's result: the command's (waiting, timeout, success, failed), or refused before it was sent. */
export const ROBOT_RESULTS = [0, 1, 2, 3, 4] as const;
export const ROBOT_RESULT = { ...COMMAND_STATUS, refused: 4 } as const;

/** A driving socket's secret: the lock belongs to it, so a second tab of the same user only watches. */
const holder = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "validation.format");

export const robotControlBody = z.object({
  deviceId: dbId,
  controlType: z.enum([ROBOT_CONTROL_CODES.forward, ROBOT_CONTROL_CODES.back, ROBOT_CONTROL_CODES.stop], { error: "validation.invalidOption" }),
  holder,
  trigger: z.enum(ROBOT_TRIGGERS).optional(),
});
export const robotLifterBody = z.object({
  deviceId: dbId,
  lifterDirection: z.enum([ROBOT_LIFTER_CODES.up, ROBOT_LIFTER_CODES.down, ROBOT_LIFTER_CODES.stop], { error: "validation.invalidOption" }),
  holder,
  trigger: z.enum(ROBOT_TRIGGERS).optional(),
});
export type RobotControlBody = z.infer<typeof robotControlBody>;
export type RobotLifterBody = z.infer<typeof robotLifterBody>;
export const isStop = (b: RobotControlBody | RobotLifterBody) => ("controlType" in b ? b.controlType === ROBOT_CONTROL_CODES.stop : b.lifterDirection === ROBOT_LIFTER_CODES.stop);

/** A command's answer: a press answers once sent; a stop once the robot acknowledged (or not). */
export const robotCommandAnswer = z.object({ logId: z.number().int(), result: z.number().int(), rttMs: z.number().int().nullable() });
export type RobotCommandAnswer = z.infer<typeof robotCommandAnswer>;

export const cameraBody = z.object({ deviceId: dbId, deviceNum: z.enum(ROBOT_CAMERA_NUMS, { error: "validation.invalidOption" }), controlType: z.enum(CAMERA_ACTIONS, { error: "validation.invalidOption" }) });
export const cameraInfoQuery = z.object({ deviceId: dbId, deviceNum: z.enum(ROBOT_CAMERA_NUMS, { error: "validation.invalidOption" }) });
/** getCameraInfo's data: whether the camera records (widgets §4 robot camera recording). */
export const cameraInfo = z.object({ recording: z.boolean() });

export const driverBody = z.object({ deviceId: dbId, holder });
export const releaseBody = z.object({ deviceId: dbId, holder });
export const modeBody = z.object({ deviceId: dbId, mode: z.coerce.number().refine((n) => (ROBOT_MODES as readonly number[]).includes(n), "validation.invalidOption"), holder });

/** Who drives a robot now (null: nobody); `mine` when the asking socket holds the lock. */
export const robotDriver = z.object({ userId: z.number().int(), name: z.string(), since: z.string(), mine: z.boolean() });
export type RobotDriver = z.infer<typeof robotDriver>;

/** A robot the caller may open on the console, with who drives it. */
export const robotRow = z.object({
  id: z.number().int(),
  deviceName: z.string(),
  deviceSn: z.string(),
  projectId: z.number().int(),
  prjName: z.string(),
  status: z.number().int(),
  driver: robotDriver.nullable(),
});
export type RobotRow = z.infer<typeof robotRow>;

/** One audited command: who, when, what, the robot's round trip and the result. */
export const robotCommandRow = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  userName: z.string(),
  service: z.string(),
  code: z.string(),
  trigger: z.string(),
  sentAt: z.string(),
  repeats: z.number().int(),
  rttMs: z.number().int().nullable(),
  result: z.number().int(),
  message: z.string().nullable(),
});
export type RobotCommandRow = z.infer<typeof robotCommandRow>;
export const robotCommandQuery = pageQuery.extend({ deviceId: dbId });

const drive = { perm: ROBOT_DRIVE_PERM } as const;
const read = { menu: ROBOT_CONTROL_SCREENS } as const;

export const robotConsoleApi = {
  /** The robots the caller may see (devices of the robot product; one project's when asked), with their drivers. */
  robots: defineCall({ kind: "get", path: "device/devRobotConsole/robotList", input: z.object({ projectId: dbId.optional() }), answer: z.array(robotRow), access: read, scope: "own" }),
  /** Forward '1', back '8' (held: repeated within the TTL), stop '9'. */
  control: defineCall({ kind: "post", path: "device/devRobotConsole/robotControl", input: robotControlBody, answer: robotCommandAnswer, access: drive, scope: "own" }),
  /** Lifter up '0', down '1' (held), stop '2'. */
  lifter: defineCall({ kind: "post", path: "device/devRobotConsole/setRobotLifter", input: robotLifterBody, answer: robotCommandAnswer, access: drive, scope: "own" }),
  /** A camera's capture, start and stop of recording; answers the recording state. */
  camera: defineCall({ kind: "post", path: "device/devRobotConsole/pictureVideoController", input: cameraBody, answer: cameraInfo, access: drive, scope: "own" }),
  /** A robot camera's live picture (video/x-flv), as the video wall's players take it. */
  flv: defineCall({ kind: "get", path: "device/devRobotConsole/flv", input: cameraInfoQuery, answer: file, access: read, scope: "own" }),
  cameraInfo: defineCall({ kind: "get", path: "device/devRobotConsole/getCameraInfo", input: cameraInfoQuery, answer: cameraInfo, access: read, scope: "own" }),
  /** Switches the work mode (the driver, or anyone while nobody drives); answers once the robot acknowledged. */
  mode: defineCall({ kind: "post", path: "device/devRobotConsole/setMode", input: modeBody, answer: robotCommandAnswer, access: { perm: ROBOT_MODE_PERM }, scope: "own" }),
  /** Who drives the robot (the asking socket's `holder` tells whether it is this one). */
  driver: defineCall({ kind: "get", path: "device/devRobotConsole/driver", input: z.object({ deviceId: dbId, holder: holder.optional() }), answer: robotDriver.nullable(), access: read, scope: "own" }),
  /** Takes or renews the lock; refused with "driven by …" while another socket holds it. */
  take: defineCall({ kind: "post", path: "device/devRobotConsole/takeDriver", input: driverBody, answer: robotDriver, access: drive, scope: "own" }),
  /** An administrator takes the lock from another driver (whose held movement is stopped). */
  takeover: defineCall({ kind: "post", path: "device/devRobotConsole/takeOverDriver", input: driverBody, answer: robotDriver, access: { perm: ROBOT_TAKEOVER_PERM }, scope: "own" }),
  release: defineCall({ kind: "post", path: "device/devRobotConsole/releaseDriver", input: releaseBody, answer: z.null(), access: drive, scope: "own" }),
  /**
   * The robot's track with its points' marks (the floor-plan marker of the control pages): the track of
   * its running task, else of its plans (a published one first, the newest); null when it has none.
   */
  track: defineCall({ kind: "get", path: "device/devRobotConsole/robotTrack", input: z.object({ deviceId: dbId }), answer: trackMarks.nullable(), access: read, scope: "own" }),
  /**
   * Talk-back: the clip (multipart `file`) is kept for a day, and the robot is told to fetch it over
   * a signed link and play it (`playAudio`). Answers once sent (result waiting); `commandResult` then
   * says whether it played.
   */
  audio: defineCall({ kind: "upload", path: "device/devRobotConsole/uploadAudioFile", input: audioQuery, answer: robotCommandAnswer, access: drive, scope: "own" }),
  /** One audited command's outcome now: waiting, played (done), no answer, failed (with the robot's reason) or refused. */
  commandResult: defineCall({ kind: "get", path: "device/devRobotConsole/commandResult", input: z.object({ deviceId: dbId, logId: dbId }), answer: robotCommandResult, access: read, scope: "own" }),
  /** The robot fetches a talk-back clip: the link signed for it, its own credentials (HTTP Basic SN:secret). */
  audioFile: defineCall({ kind: "get", path: "device/devRobotConsole/audioFile", input: audioFileQuery, answer: file, access: "device" }),
  /** The robot's command audit, newest first. */
  commands: defineCall({ kind: "get", path: "device/devRobotConsole/commandPage", input: robotCommandQuery, answer: pageOf(robotCommandRow), access: read, scope: "own" }),
};

/**
 * The pad over the live socket (`/api/live`): a held direction is `move` repeated every
 * `ROBOT_REPEAT_MS`, `stop` on release; `take` / `takeover` / `release` the driver's lock; `mode`
 * switches the work mode under the socket's lock. The
 * console answers each with a `robot` message; it stops what a socket moved when the repeats
 * stop coming (the TTL lapsed) or the socket goes, and releases its lock.
 */
export const ROBOT_AXES = ["travel", "lifter"] as const;
export type RobotAxis = (typeof ROBOT_AXES)[number];
export const ROBOT_OPS = ["move", "stop", "take", "takeover", "release", "mode"] as const;
export type RobotOp = (typeof ROBOT_OPS)[number];
export const robotLiveMessage = z.object({
  type: z.literal("robot"),
  deviceId: z.number().int().positive().max(2_147_483_647),
  op: z.enum(ROBOT_OPS),
  axis: z.enum(ROBOT_AXES).optional(),
  /** The direction held (travel '1' / '8', lifter '0' / '1'). */
  code: z.enum([ROBOT_CONTROL_CODES.forward, ROBOT_CONTROL_CODES.back, ROBOT_LIFTER_CODES.up, ROBOT_LIFTER_CODES.down]).optional(),
  /** The work mode to switch to (`mode`: the driver's lock goes with it). */
  mode: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
});
export type RobotLiveMessage = z.infer<typeof robotLiveMessage>;
/** The console's answer: done or refused (in the user's language), the driver after a lock change, a stop's audit. */
export type RobotLiveAnswer = { type: "robot"; deviceId: number; op: RobotOp; axis?: RobotAxis; ok: boolean; msg?: string; driver?: RobotDriver | null; answer?: RobotCommandAnswer };
/** A travel direction or lifter direction sent as its axis's service; stop is its axis's stop code. */
export const STOP_CODE: Record<RobotAxis, string> = { travel: ROBOT_CONTROL_CODES.stop, lifter: ROBOT_LIFTER_CODES.stop };
