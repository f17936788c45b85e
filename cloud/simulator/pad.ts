import { PAD_CONTROL_TYPES, PAD_VALUE, type PadControlType, type PadReply } from "@/lib/contract/linkage/pad";

/** A simulated pan-tilt camera: where it points. */
export type PadState = { pan: number; tilt: number };

/** Degrees a held direction turns the camera per press (one every 100 ms: 10°/s). */
const STEP = 1;
const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(v * 10) / 10));
const MOVES: Record<Exclude<PadControlType, "stream">, [pan: number, tilt: number]> = { up: [0, STEP], down: [0, -STEP], left: [-STEP, 0], right: [STEP, 0] };

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
