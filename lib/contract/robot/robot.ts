/**
 * The inspection robot as a device (issue 36): the names its thing model, the simulator and the
 * console share. A robot is a device of the `robot` product; it reports state as properties, arrival
 * and faults as events, and takes commands as services over the existing MQTT channels.
 * Labels live in `messages/<locale>/enums.json` under the enum names below.
 */

/** The demo product's key in the catalogue and the demo robots' serial numbers. */
export const ROBOT_PRODUCT_KEY = "robot";
export const demoRobotSn = (index: number) => `RBT${String(index + 1).padStart(3, "0")}`;

/** Work mode (core §4 robot mode): switching asks for confirmation, then opens the matching page. */
export const ROBOT_MODES = [1, 2, 3] as const;
export const ROBOT_MODE = { manual: 1, auto: 2, deploy: 3 } as const;

/** Robot states (core §4), in the spec's order. */
export const ROBOT_STATES = [0, 1, 2, 3, 4, 5, 6, 7] as const;
export const ROBOT_STATE = {
  idle: 0,
  manual: 1,
  abnormal: 2,
  travelFault: 3,
  liftingFault: 4,
  autoMode: 5,
  manualMode: 6,
  deployMode: 7,
} as const;

/** Property identifiers of the robot's thing model. */
export const ROBOT_PROPS = {
  mode: "mode",
  state: "robotState",
  battery: "battery",
  /** Metres from the track's start. */
  position: "position",
  /** Lifter height in centimetres. */
  lifter: "lifterHeight",
  taskId: "taskId",
  pointId: "pointId",
  charging: "charging",
} as const;

/** Event identifiers: arrival at a point, an abnormal reading, a travel or lifting fault. */
export const ROBOT_EVENTS = { arrived: "pointArrived", abnormal: "abnormal", fault: "fault" } as const;

/**
 * Service identifiers. `robotControl` takes the spec's control codes (widgets §7: '1' forward,
 * '8' back, '9' stop) and a time-to-live after which the robot stops by itself; `setRobotLifter`
 * takes '0' up, '1' down, '2' stop; `setMode` takes a `ROBOT_MODES` value.
 */
export const ROBOT_SERVICES = { control: "robotControl", lifter: "setRobotLifter", mode: "setMode", audio: "playAudio" } as const;
export const ROBOT_CONTROL_PARAMS = { code: "controlType", ttl: "ttlMs" } as const;
export const ROBOT_LIFTER_PARAMS = { code: "lifterDirection", ttl: "ttlMs" } as const;
export const ROBOT_MODE_PARAMS = { mode: "mode" } as const;
/**
 * Talk-back (`playAudio`): the robot downloads the clip from `url` with its own credentials (HTTP
 * Basic, SN:secret, as a firmware download), checks `size` and `sha256`, and answers once it plays
 * it (code 200); 404 when it has no speaker, 415 for a format it cannot play, 502 when the clip
 * could not be fetched or did not match. A new clip cuts off the one playing (live speech: the
 * latest wins).
 */
export const ROBOT_AUDIO_PARAMS = { url: "url", format: "format", size: "size", sha256: "sha256", duration: "durationMs" } as const;
export const ROBOT_AUDIO_CODES = { playing: 200, noSpeaker: 404, format: 415, fetch: 502 } as const;
/** A held movement's time-to-live: the console repeats the press well within it; the robot stops when it lapses. */
export const ROBOT_TTL_MS = 600;
export const ROBOT_CONTROL_CODES = { forward: "1", back: "8", stop: "9" } as const;
export const ROBOT_LIFTER_CODES = { up: "0", down: "1", stop: "2" } as const;

/** Simulated robot kinematics: travel speed (m/s), lifter speed (cm/s), battery drain and charge (% per minute). */
export const ROBOT_SIM = { speed: 0.5, lifterSpeed: 5, drainPerMin: 0.5, chargePerMin: 5 } as const;

export const ROBOT_ENUMS = { robotMode: ROBOT_MODES, robotState: ROBOT_STATES } as const;
