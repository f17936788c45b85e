"use client";

import * as React from "react";
import { liveChannel } from "@/lib/live/live-channel";
import { ROBOT_REPEAT_MS, type RobotAxis, type RobotDriver, type RobotLiveAnswer } from "@/lib/contract/robot/control";
import { toast } from "@/lib/toast";

export type Drive = {
  /** Whether this page's socket holds the robot's lock. */
  holding: boolean;
  /** The socket is open: movements can be sent (they are never queued). */
  open: boolean;
  press(axis: RobotAxis, code: string): void;
  release(axis: RobotAxis): void;
  /** Stops the axis whether or not a direction is held. */
  stop(axis: RobotAxis): void;
  take(takeover?: boolean): void;
  mode(mode: 1 | 2 | 3): Promise<boolean>;
  /** The latest lock change the console told (a refusal names who drives). */
  refusal: string | null;
  driver: RobotDriver | null;
};

/**
 * The pad's connection to the console (issue 36): a held direction is repeated every
 * `ROBOT_REPEAT_MS` over the live socket and released with stop; a hidden page or a lost focus
 * releases too. The socket takes the robot's lock when it opens (again after a reconnect: a new
 * socket is a new holder). The safety itself is on the server; this only keeps the page honest.
 */
export function useRobotDrive(deviceId: number | null, canDrive: boolean): Drive {
  const ch = liveChannel();
  const open = React.useSyncExternalStore(ch.watch, () => ch.state === "open", () => false);
  const [holding, setHolding] = React.useState(false);
  const [refusal, setRefusal] = React.useState<string | null>(null);
  const [driver, setDriver] = React.useState<RobotDriver | null>(null);
  const held = React.useRef(new Map<RobotAxis, ReturnType<typeof setInterval>>());
  const modeWait = React.useRef<((ok: boolean) => void) | null>(null);

  React.useEffect(() => {
    if (deviceId === null) return;
    return ch.onRobot((m: RobotLiveAnswer) => {
      if (m.deviceId !== deviceId) return;
      if (m.op === "take" || m.op === "takeover") {
        setHolding(m.ok);
        setRefusal(m.ok ? null : (m.msg ?? null));
        if (m.driver) setDriver(m.driver);
      } else if (m.op === "release") setHolding(false);
      else if (m.op === "mode") {
        if (!m.ok && m.msg) toast.error(m.msg);
        modeWait.current?.(m.ok);
        modeWait.current = null;
      } else if (!m.ok && m.msg) {
        toast.error(m.msg);
        if (m.op === "move") setRefusal(m.msg);
      }
    });
  }, [ch, deviceId]);

  // The lock is taken as the socket opens; a closed socket holds nothing.
  React.useEffect(() => {
    if (!open) setHolding(false);
    if (open && deviceId !== null && canDrive) ch.sendRobot({ deviceId, op: "take" });
  }, [ch, open, deviceId, canDrive]);

  const release = React.useCallback(
    (axis: RobotAxis) => {
      const t = held.current.get(axis);
      if (t === undefined || deviceId === null) return;
      clearInterval(t);
      held.current.delete(axis);
      ch.sendRobot({ deviceId, op: "stop", axis });
    },
    [ch, deviceId],
  );

  const press = React.useCallback(
    (axis: RobotAxis, code: string) => {
      if (deviceId === null) return;
      const was = held.current.get(axis);
      if (was !== undefined) clearInterval(was);
      const send = () => ch.sendRobot({ deviceId, op: "move", axis, code: code as "1" });
      send();
      held.current.set(axis, setInterval(send, ROBOT_REPEAT_MS));
    },
    [ch, deviceId],
  );

  // Leaving the page, hiding it or losing focus lets go of whatever is held.
  React.useEffect(() => {
    const all = () => {
      for (const axis of [...held.current.keys()]) release(axis);
    };
    const hidden = () => document.visibilityState === "hidden" && all();
    window.addEventListener("blur", all);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      all();
      window.removeEventListener("blur", all);
      document.removeEventListener("visibilitychange", hidden);
    };
  }, [release]);

  return {
    stop: (axis) => {
      const t = held.current.get(axis);
      if (t !== undefined) clearInterval(t);
      held.current.delete(axis);
      if (deviceId !== null) ch.sendRobot({ deviceId, op: "stop", axis });
    },
    holding,
    open,
    press,
    release,
    refusal,
    driver,
    take: (takeover = false) => deviceId !== null && ch.sendRobot({ deviceId, op: takeover ? "takeover" : "take" }),
    mode: (mode) =>
      new Promise<boolean>((resolve) => {
        if (deviceId === null || !ch.sendRobot({ deviceId, op: "mode", mode })) return resolve(false);
        modeWait.current = resolve;
      }),
  };
}
