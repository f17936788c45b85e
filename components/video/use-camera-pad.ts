"use client";

import * as React from "react";
import type { Direction } from "@/components/kit/direction-cross";
import { deviceTopic } from "@/lib/contract/live/topics";
import { CAMERA_CLICK_DEBOUNCE_MS, CAMERA_REPEAT_MS, type CameraAxis, type CameraLiveAnswer, type VidiconAnswer } from "@/lib/contract/video/video";
import { liveChannel } from "@/lib/live/live-channel";
import { useLiveTopic } from "@/lib/live/use-live";

export type CameraDirection = Direction;
/** Each direction as an axis and a sign (up and right positive). */
export const DIRECTIONS: Record<CameraDirection, { axis: CameraAxis; dir: 1 | -1 }> = {
  up: { axis: "vertical", dir: 1 },
  down: { axis: "vertical", dir: -1 },
  left: { axis: "horizontal", dir: -1 },
  right: { axis: "horizontal", dir: 1 },
};

type Held = { direction: CameraDirection; timer: ReturnType<typeof setTimeout> | null; repeat: ReturnType<typeof setInterval> | null; moving: boolean };

/**
 * The camera pad's timings (widgets §7/§9) over the live socket: a press held past the click's
 * 250 ms starts a hold (`move`, step 5, again every 500 ms) that a release stops; a shorter press
 * is a click (`step`, 10), one per 250 ms. A lost focus, a hidden page, a closed socket or leaving
 * the page let go. The console stops the camera itself when the repeats stop coming or the socket
 * goes; this only keeps the page honest.
 */
export function useCameraPad(deviceId: number, off: boolean) {
  const ch = liveChannel();
  // The device's topic keeps the socket open while the pad is shown.
  useLiveTopic(deviceTopic(deviceId), () => {});
  const open = React.useSyncExternalStore(ch.watch, () => ch.state === "open", () => false);
  const held = React.useRef<Held | null>(null);
  const lastClick = React.useRef(0);
  const [active, setActive] = React.useState<CameraDirection | null>(null);
  const [position, setPosition] = React.useState<VidiconAnswer | null>(null);
  const [refusal, setRefusal] = React.useState<string | null>(null);

  React.useEffect(
    () =>
      ch.onCamera((m: CameraLiveAnswer) => {
        if (m.deviceId !== deviceId) return;
        // Failed pad calls are not toasted (widgets §8): the reason shows under the pad.
        setRefusal(m.ok ? null : (m.msg ?? null));
        if (m.ok && m.answer && m.answer.pan !== null) setPosition(m.answer);
      }),
    [ch, deviceId],
  );

  const release = React.useCallback(() => {
    const h = held.current;
    if (!h) return;
    held.current = null;
    if (h.timer) clearTimeout(h.timer);
    if (h.repeat) clearInterval(h.repeat);
    setActive(null);
    const { axis, dir } = DIRECTIONS[h.direction];
    if (h.moving) ch.sendCamera({ deviceId, op: "stop", axis });
    else if (Date.now() - lastClick.current >= CAMERA_CLICK_DEBOUNCE_MS) {
      lastClick.current = Date.now();
      ch.sendCamera({ deviceId, op: "step", axis, dir });
    }
  }, [ch, deviceId]);

  const press = React.useCallback(
    (direction: CameraDirection) => {
      if (off || !open) return;
      if (held.current) release();
      const { axis, dir } = DIRECTIONS[direction];
      const h: Held = { direction, timer: null, repeat: null, moving: false };
      h.timer = setTimeout(() => {
        h.timer = null;
        h.moving = true;
        const send = () => ch.sendCamera({ deviceId, op: "move", axis, dir });
        send();
        h.repeat = setInterval(send, CAMERA_REPEAT_MS);
      }, CAMERA_CLICK_DEBOUNCE_MS);
      held.current = h;
      setActive(direction);
    },
    [ch, deviceId, off, open, release],
  );

  // A closed socket or a pad turned off holds nothing; hiding the page or losing focus lets go.
  React.useEffect(() => {
    if (!open || off) release();
  }, [open, off, release]);
  React.useEffect(() => {
    const hidden = () => document.visibilityState === "hidden" && release();
    window.addEventListener("blur", release);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      release();
      window.removeEventListener("blur", release);
      document.removeEventListener("visibilitychange", hidden);
    };
  }, [release]);

  const restore = () => open && !off && ch.sendCamera({ deviceId, op: "restore" });
  return { press, release, restore, active, open, position, refusal };
}
