import { randomBytes } from "node:crypto";
import { Code } from "@/lib/contract/envelope";
import type { Locale } from "@/lib/contract/locale";
import {
  ROBOT_LEASE_RENEW_MS,
  ROBOT_RESULT,
  ROBOT_STOP_RETRY_MS,
  robotConsoleApi,
  STOP_CODE,
  type RobotAxis,
  type RobotLiveAnswer,
  type RobotLiveMessage,
  type RobotTrigger,
} from "@/lib/contract/robot/control";
import { ROBOT_TTL_MS } from "@/lib/contract/robot/robot";
import { upstreamCall, type UpstreamConfig } from "../upstream";
import { createStopper, Holds } from "./holds";

/** What the relay needs of a socket: whose session, and how to answer it. */
export type RobotSocket = { session: { token: string; projId?: number | null }; locale: Locale; send: (m: RobotLiveAnswer) => void };

/** A robot a socket touched: its held axes, whether the socket holds its lock, whether it moved it. */
type Robot = { held: Holds<RobotAxis>; leased: boolean; moved: boolean };
type Driving = { holder: string; robots: Map<number, Robot>; renew: NodeJS.Timeout | null };

/**
 * The robot pad's server side (issue 36): the safety of driving lives here and in the cloud, never
 * in the page. Each socket gets a secret holder for the driver's lock. A held direction is relayed
 * to the cloud (which sends it with the TTL); when its repeats stop for a TTL the console sends the
 * stop itself (`Holds`, shared with the camera pad); a release is a stop; when the socket goes, every robot it moved is stopped (travel
 * and lifter) and its lock released. A stop is sent again until the robot acknowledges, for at most
 * `ROBOT_STOP_RETRY_MS`.
 */
export function createRobotRelay(config: UpstreamConfig) {
  const sockets = new Map<RobotSocket, Driving>();
  /** Stops in flight (tests and shutdown wait for them); the robot's own TTL stops it meanwhile. */
  const stopper = createStopper({ retryMs: ROBOT_STOP_RETRY_MS });

  const auth = (s: RobotSocket) => ({ token: s.session.token, projId: s.session.projId ?? null, locale: s.locale });
  const driving = (s: RobotSocket) => sockets.get(s) ?? sockets.set(s, { holder: randomBytes(24).toString("base64url"), robots: new Map(), renew: null }).get(s)!;
  const robotOf = (s: RobotSocket, d: Driving, id: number) =>
    d.robots.get(id) ??
    d.robots
      .set(id, {
        // The repeats stopped coming (a frozen page, a lost network): the console stops the robot itself.
        held: new Holds<RobotAxis>(ROBOT_TTL_MS, (axis) => void stopUntilAck(s, d.holder, id, axis, "lapse")),
        leased: false,
        moved: false,
      })
      .get(id)!;

  function command(s: RobotSocket, holder: string, deviceId: number, axis: RobotAxis, code: string, trigger: RobotTrigger) {
    return axis === "travel"
      ? upstreamCall(robotConsoleApi.control, { deviceId, controlType: code as "1", holder, trigger }, auth(s), config)
      : upstreamCall(robotConsoleApi.lifter, { deviceId, lifterDirection: code as "0", holder, trigger }, auth(s), config);
  }

  /** Sends the axis's stop until the robot acknowledges it (or the retries' time is up). */
  function stopUntilAck(s: RobotSocket, holder: string, deviceId: number, axis: RobotAxis, trigger: RobotTrigger) {
    return stopper.untilAck(
      () => command(s, holder, deviceId, axis, STOP_CODE[axis], trigger),
      // Refused for good (no such robot, no right): retrying changes nothing.
      (env) => (env?.code === Code.OK ? (env.data.result === ROBOT_RESULT.success ? "done" : "retry") : env && env.code !== Code.BAD_REQUEST ? "done" : "retry"),
    );
  }

  function answer(s: RobotSocket, m: RobotLiveMessage, ok: boolean, extra: Partial<RobotLiveAnswer> = {}) {
    s.send({ type: "robot", deviceId: m.deviceId, op: m.op, axis: m.axis, ok, ...extra });
  }

  /** Renews the socket's leases; a lease lost to a take-over is told to the page. */
  function renewLoop(s: RobotSocket, d: Driving) {
    if (d.renew) return;
    d.renew = setInterval(() => {
      for (const [deviceId, r] of d.robots) {
        if (!r.leased) continue;
        void upstreamCall(robotConsoleApi.take, { deviceId, holder: d.holder }, auth(s), config)
          .then((env) => {
            if (env.code === Code.OK) return;
            r.leased = false;
            s.send({ type: "robot", deviceId, op: "take", ok: false, msg: env.msg });
          })
          .catch(() => {});
      }
    }, ROBOT_LEASE_RENEW_MS);
    d.renew.unref();
  }

  async function lock(s: RobotSocket, m: RobotLiveMessage) {
    const d = driving(s);
    const env = await upstreamCall(m.op === "takeover" ? robotConsoleApi.takeover : robotConsoleApi.take, { deviceId: m.deviceId, holder: d.holder }, auth(s), config);
    if (env.code !== Code.OK) return answer(s, m, false, { msg: env.msg });
    robotOf(s, d, m.deviceId).leased = true;
    renewLoop(s, d);
    answer(s, m, true, { driver: env.data });
  }

  async function release(s: RobotSocket, m: RobotLiveMessage) {
    const d = driving(s);
    const r = d.robots.get(m.deviceId);
    if (r) for (const axis of r.held.keys()) await halt(s, d, m.deviceId, axis, "release");
    if (r) r.leased = false;
    const env = await upstreamCall(robotConsoleApi.release, { deviceId: m.deviceId, holder: d.holder }, auth(s), config);
    answer(s, m, env.code === Code.OK, { msg: env.code === Code.OK ? undefined : env.msg, driver: null });
  }

  /** Ends a hold: forgets it and stops the axis until acknowledged. */
  function halt(s: RobotSocket, d: Driving, deviceId: number, axis: RobotAxis, trigger: RobotTrigger) {
    robotOf(s, d, deviceId).held.end(axis);
    return stopUntilAck(s, d.holder, deviceId, axis, trigger);
  }

  async function move(s: RobotSocket, m: RobotLiveMessage) {
    const axis = m.axis ?? "travel";
    if (!m.code) return answer(s, m, false);
    const d = driving(s);
    const r = robotOf(s, d, m.deviceId);
    const { was, token } = r.held.hold(axis, m.code);
    const env = await command(s, d.holder, m.deviceId, axis, m.code, "press").catch(() => null);
    if (env?.code === Code.OK) {
      r.moved = true;
      // Only the first of a hold is answered: the page needs no word per repeat.
      if (was !== m.code) answer(s, m, true, { answer: env.data });
      return;
    }
    r.held.forget(axis, token);
    answer(s, m, false, { msg: env?.msg });
  }

  async function mode(s: RobotSocket, m: RobotLiveMessage) {
    if (!m.mode) return answer(s, m, false);
    const env = await upstreamCall(robotConsoleApi.mode, { deviceId: m.deviceId, mode: m.mode, holder: driving(s).holder }, auth(s), config);
    answer(s, m, env.code === Code.OK, env.code === Code.OK ? { answer: env.data } : { msg: env.msg });
  }

  async function stop(s: RobotSocket, m: RobotLiveMessage) {
    const axis = m.axis ?? "travel";
    const env = await halt(s, driving(s), m.deviceId, axis, "release");
    answer(s, m, env?.code === Code.OK && env.data.result === ROBOT_RESULT.success, { msg: env?.code === Code.OK ? undefined : env?.msg, answer: env?.code === Code.OK ? env.data : undefined });
  }

  return {
    handle(s: RobotSocket, m: RobotLiveMessage) {
      const run = { move, stop, release, mode, take: lock, takeover: lock }[m.op];
      void run(s, m).catch(() => answer(s, m, false));
    },
    /** The socket went: every robot it moved (and still drove) is stopped on both axes, then its locks are released. */
    closed(s: RobotSocket) {
      const d = sockets.get(s);
      if (!d) return;
      sockets.delete(s);
      if (d.renew) clearInterval(d.renew);
      for (const [deviceId, r] of d.robots) {
        const holding = r.held.clear().length > 0;
        // A robot this socket moved and still drives (or holds a direction of): a lock lost to a
        // take-over leaves the new driver's robot alone.
        if (!r.moved || (!r.leased && !holding)) {
          if (r.leased) void upstreamCall(robotConsoleApi.release, { deviceId, holder: d.holder }, auth(s), config).catch(() => null);
          continue;
        }
        const stops = (["travel", "lifter"] as const).map((axis) => stopUntilAck(s, d.holder, deviceId, axis, "socket"));
        const done = Promise.all(stops).then(() => (r.leased ? upstreamCall(robotConsoleApi.release, { deviceId, holder: d.holder }, auth(s), config).catch(() => null) : null));
        stopper.track(done);
      }
    },
    /** Resolves once the stops in flight are done. */
    settled: stopper.settled,
  };
}
export type RobotRelay = ReturnType<typeof createRobotRelay>;
