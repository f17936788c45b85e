import { PAD_CONTROL_TYPES, PAD_VALUE, type PadControlType, type PadReply } from "@/lib/contract/linkage/pad";
import { CAMERA_REPEAT_MS, VIDICON_TYPES, type CameraAxis, type VidiconType } from "@/lib/contract/video/video";

/** A held turn of one axis: degrees per millisecond, from when, until its time-to-live lapses. */
type Turn = { rate: number; since: number; until: number };
/** A simulated pan-tilt camera: where it points, and the turns in progress (the camera pad's). */
export type PadState = { pan: number; tilt: number; turns?: Partial<Record<CameraAxis, Turn>> };

/** Degrees a held direction turns the camera per press (one every 100 ms: 10°/s). */
const STEP = 1;
const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(v * 10) / 10));
const MOVES: Record<Exclude<PadControlType, "stream">, [pan: number, tilt: number]> = { up: [0, STEP], down: [0, -STEP], left: [-STEP, 0], right: [STEP, 0] };
/** Longest turn one command may ask for. */
const MAX_TTL_MS = 10_000;

/**
 * How a simulated device answers a `padControl` call: a press turns the camera a step, a release
 * stops it where it is; both answer its position. `stream` answers the camera's RTSP address on
 * the site network. Anything else is refused with code 400.
 */
export function padAnswer(state: PadState, params: Record<string, unknown>, sn: string): { code: number; out: PadReply } {
  const type = params.controlType as PadControlType;
  if (!PAD_CONTROL_TYPES.includes(type) || (params.controlValue !== PAD_VALUE.press && params.controlValue !== PAD_VALUE.release)) return { code: 400, out: {} };
  if (type === "stream") return { code: 200, out: { url: `rtsp://${sn.toLowerCase()}.cam.local:554/live/main` } };
  if (params.controlValue === PAD_VALUE.press) {
    const [dp, dt] = MOVES[type];
    state.pan = clamp(state.pan + dp, -180, 180);
    state.tilt = clamp(state.tilt + dt, -90, 90);
  }
  return { code: 200, out: { pan: state.pan, tilt: state.tilt } };
}

/** Folds the turns up to `now` into the position; a lapsed turn ends (the camera stopped by itself). */
export function settle(state: PadState, now: number): PadState {
  for (const axis of ["vertical", "horizontal"] as const) {
    const turn = state.turns?.[axis];
    if (!turn) continue;
    const to = Math.min(now, turn.until);
    const by = turn.rate * Math.max(0, to - turn.since);
    if (axis === "horizontal") state.pan = clamp(state.pan + by, -180, 180);
    else state.tilt = clamp(state.tilt + by, -90, 90);
    turn.since = to;
    if (to >= turn.until) delete state.turns![axis];
  }
  return state;
}

/** Whether an axis is turning at `now` (tests and the bench read it). */
export const turning = (state: PadState, axis: CameraAxis, now: number) => !!settle(state, now).turns?.[axis];

/**
 * How a simulated camera answers `vidiconOperate` (widgets §7): vertical / horizontal with a step
 * turn at that step per `CAMERA_REPEAT_MS` for `ttlMs`, a step of 0 stops the axis, restore turns
 * home, video answers the stream. The answer is where it points.
 */
export function vidiconAnswer(state: PadState, params: Record<string, unknown>, sn: string, now: number): { code: number; out: PadReply } {
  const type = params.controlType as VidiconType;
  if (!VIDICON_TYPES.includes(type)) return { code: 400, out: {} };
  settle(state, now);
  if (type === "video") return { code: 200, out: { url: `rtsp://${sn.toLowerCase()}.cam.local:554/live/main` } };
  if (type === "restore") {
    state.turns = {};
    state.pan = 0;
    state.tilt = 0;
  } else {
    const step = Number(params.controlValue ?? 0);
    const ttl = Math.min(MAX_TTL_MS, Math.max(0, Number(params.ttlMs ?? 0)));
    if (!Number.isFinite(step) || Math.abs(step) > 10) return { code: 400, out: {} };
    state.turns ??= {};
    if (step === 0 || ttl === 0) delete state.turns[type];
    else state.turns[type] = { rate: step / CAMERA_REPEAT_MS, since: now, until: now + ttl };
  }
  return { code: 200, out: { pan: state.pan, tilt: state.tilt } };
}
