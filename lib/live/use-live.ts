"use client";

import * as React from "react";
import type { DeviceLive } from "@/lib/contract/live/topics";
import { liveChannel, type LiveState } from "./live-channel";

/**
 * Subscribes to a topic while mounted (null: none): `onEvent` gets its events, and the answer says
 * whether the topic is live now (the part polls while it is not). `onLive` runs each time the
 * topic becomes live (after a reconnect too), so the part reads what it missed meanwhile.
 */
export function useLiveTopic(topic: string | null, onEvent: (data: DeviceLive | null) => void, onLive?: () => void): boolean {
  const ch = liveChannel();
  const onEventRef = React.useRef(onEvent);
  const onLiveRef = React.useRef(onLive);
  React.useEffect(() => {
    onEventRef.current = onEvent;
    onLiveRef.current = onLive;
  });
  React.useEffect(() => {
    if (!topic) return;
    return ch.subscribe(topic, (d) => onEventRef.current(d));
  }, [ch, topic]);
  const live = React.useSyncExternalStore(
    ch.watch,
    () => (topic ? ch.isLive(topic) : false),
    () => false,
  );
  const was = React.useRef(false);
  React.useEffect(() => {
    if (live && !was.current) onLiveRef.current?.();
    was.current = live;
  }, [live]);
  return live;
}

/** The socket's state, for the shell's notice when the retries ran out. */
export function useLiveState(): LiveState {
  const ch = liveChannel();
  return React.useSyncExternalStore(ch.watch, () => ch.state, () => "idle" as const);
}
