import { Code } from "@/lib/contract/envelope";
import type { Locale } from "@/lib/contract/locale";
import { CAMERA_AXES, CAMERA_CLICK_STEP, CAMERA_HOLD_STEP, CAMERA_TTL_MS, videoApi, type CameraAxis, type CameraLiveAnswer, type CameraLiveMessage } from "@/lib/contract/video/video";
import { upstreamCall, type UpstreamConfig } from "../upstream";
import { createStopper, Holds } from "./holds";

/** What the relay needs of a socket: whose session, and how to answer it. */
export type CameraSocket = { session: { token: string; projId?: number | null }; locale: Locale; send: (m: CameraLiveAnswer) => void };

/** A camera stops by its own TTL anyway: a stop is retried only this long. */
const CAMERA_STOP_RETRY_MS = 10_000;

/** A camera a socket touched: its held axes, and when it last turned each axis (a click turns for one repeat). */
type Camera = { held: Holds<CameraAxis>; turnedAt: Map<CameraAxis, number> };

/**
 * The camera pad's server side (issue 34, widgets §7/§9), on the robot pad's pattern (`Holds`): a
 * held direction is relayed to the cloud as `vidiconOperate` with step ±5 (sent with the TTL);
 * when its repeats stop for a TTL the console stops the axis itself; a release is a stop (step 0);
 * when the socket goes, every camera it was turning is stopped. A stop is sent again until the
 * camera acknowledges.
 */
export function createCameraRelay(config: UpstreamConfig, opts: { now?: () => number } = {}) {
  const now = opts.now ?? Date.now;
  const sockets = new Map<CameraSocket, Map<number, Camera>>();
  const stopper = createStopper({ retryMs: CAMERA_STOP_RETRY_MS });

  const auth = (s: CameraSocket) => ({ token: s.session.token, projId: s.session.projId ?? null, locale: s.locale });
  const cameras = (s: CameraSocket) => sockets.get(s) ?? sockets.set(s, new Map()).get(s)!;
  const cameraOf = (s: CameraSocket, id: number) => {
    const all = cameras(s);
    return all.get(id) ?? all.set(id, { held: new Holds<CameraAxis>(CAMERA_TTL_MS, (axis) => void stopAxis(s, id, axis)), turnedAt: new Map() }).get(id)!;
  };

  const vidicon = (s: CameraSocket, deviceId: number, controlType: "vertical" | "horizontal" | "restore", controlValue?: number) =>
    upstreamCall(videoApi.vidicon, { deviceId, controlType, controlValue }, auth(s), config);

  /** Stops the axis until acknowledged; a refusal other than "try again" (gone, no right) ends it. */
  function stopAxis(s: CameraSocket, deviceId: number, axis: CameraAxis) {
    return stopper.untilAck(
      () => vidicon(s, deviceId, axis, 0),
      (env) => (env && env.code !== Code.BAD_REQUEST ? "done" : "retry"),
    );
  }

  function answer(s: CameraSocket, m: CameraLiveMessage, ok: boolean, extra: Partial<CameraLiveAnswer> = {}) {
    s.send({ type: "camera", deviceId: m.deviceId, op: m.op, axis: m.axis, ok, ...extra });
  }

  async function move(s: CameraSocket, m: CameraLiveMessage, step: number) {
    if (!m.axis || !m.dir) return answer(s, m, false);
    const cam = cameraOf(s, m.deviceId);
    const held = step === CAMERA_HOLD_STEP ? cam.held.hold(m.axis, String(m.dir)) : null;
    cam.turnedAt.set(m.axis, now());
    const env = await vidicon(s, m.deviceId, m.axis, m.dir * step).catch(() => null);
    if (env?.code === Code.OK) {
      // Only the first of a hold is answered: the page needs no word per repeat.
      if (!held || held.was !== String(m.dir)) answer(s, m, true, { answer: env.data });
      return;
    }
    if (held) cam.held.forget(m.axis, held.token);
    answer(s, m, false, { msg: env?.msg });
  }

  async function stop(s: CameraSocket, m: CameraLiveMessage) {
    if (!m.axis) return answer(s, m, false);
    cameraOf(s, m.deviceId).held.end(m.axis);
    const env = await stopAxis(s, m.deviceId, m.axis);
    answer(s, m, env?.code === Code.OK, env?.code === Code.OK ? { answer: env.data } : { msg: env?.msg });
  }

  async function restore(s: CameraSocket, m: CameraLiveMessage) {
    const cam = cameraOf(s, m.deviceId);
    cam.held.clear();
    const env = await vidicon(s, m.deviceId, "restore").catch(() => null);
    answer(s, m, env?.code === Code.OK, env?.code === Code.OK ? { answer: env.data } : { msg: env?.msg });
  }

  return {
    handle(s: CameraSocket, m: CameraLiveMessage) {
      const run = m.op === "move" ? move(s, m, CAMERA_HOLD_STEP) : m.op === "step" ? move(s, m, CAMERA_CLICK_STEP) : m.op === "stop" ? stop(s, m) : restore(s, m);
      void run.catch(() => answer(s, m, false));
    },
    /** The socket went: every axis it held, or turned within a TTL, is stopped. */
    closed(s: CameraSocket) {
      const all = sockets.get(s);
      if (!all) return;
      sockets.delete(s);
      const t = now();
      for (const [deviceId, cam] of all) {
        const held = new Set(cam.held.clear());
        for (const axis of CAMERA_AXES) if (held.has(axis) || t - (cam.turnedAt.get(axis) ?? -Infinity) < CAMERA_TTL_MS) void stopAxis(s, deviceId, axis);
      }
    },
    settled: stopper.settled,
  };
}
export type CameraRelay = ReturnType<typeof createCameraRelay>;
