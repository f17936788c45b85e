"use client";

import * as React from "react";
import { ROBOT_AUDIO, type RobotAudioExt } from "@/lib/contract/robot/control";

/** What the browser records in, best first (Chromium and Firefox: Opus in WebM / Ogg; Safari: MP4 audio). */
const MIME_CHOICES = ["audio/webm;codecs=opus", "audio/ogg;codecs=opus", "audio/mp4", "audio/webm"] as const;
const EXT_OF: [string, RobotAudioExt][] = [
  ["audio/webm", "webm"],
  ["audio/ogg", "ogg"],
  ["audio/mp4", "m4a"],
  ["audio/wav", "wav"],
  ["audio/mpeg", "mp3"],
];
/** The clip's file extension from the recorder's type; null for a type the robot is not sent. */
export const extOfMime = (mime: string): RobotAudioExt | null => EXT_OF.find(([m]) => mime.toLowerCase().startsWith(m))?.[1] ?? null;

/** Why the microphone could not be used, as a `robotControl.talk` message key. */
export type MicProblem = "noMicrophoneApi" | "noRecorder" | "denied" | "noMicrophone" | "busy" | "recordFailed";
export function micProblemOf(err: unknown): MicProblem {
  const name = (err as { name?: string } | null)?.name ?? "";
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError") return "noMicrophone";
  if (name === "NotReadableError" || name === "TrackStartError" || name === "AbortError") return "busy";
  return "recordFailed";
}

export type TalkPhase = "idle" | "asking" | "recording";
/** A note under the button: a problem, or what happened to the last press. */
export type TalkNote = { key: MicProblem | "tooShort" | "allowed" | "limit"; reason?: string } | null;
export type Recorded = { file: File; durationMs: number };

/**
 * Hold-to-talk recording with the browser's MediaRecorder: `start` on press asks for the microphone
 * (the first time the browser asks the user) and records; `stop` on release hands the clip to
 * `onClip`. A release while the browser still asks records nothing (the next press records); a clip
 * shorter than `ROBOT_AUDIO.minMs` is dropped; at `ROBOT_AUDIO.maxSeconds` recording stops by itself
 * and the clip is sent. The microphone is let go after every clip (the browser's indicator goes off).
 */
export function useTalkBack(onClip: (clip: Recorded) => void) {
  const [phase, setPhase] = React.useState<TalkPhase>("idle");
  const [note, setNote] = React.useState<TalkNote>(null);
  const [elapsedMs, setElapsedMs] = React.useState(0);
  const held = React.useRef(false);
  const live = React.useRef<{ stream: MediaStream; recorder: MediaRecorder; startedAt: number; ticker: ReturnType<typeof setInterval>; limit: ReturnType<typeof setTimeout>; hitLimit: boolean } | null>(null);
  const clipRef = React.useRef(onClip);
  clipRef.current = onClip;

  const letGo = React.useCallback(() => {
    const l = live.current;
    if (!l) return;
    clearInterval(l.ticker);
    clearTimeout(l.limit);
    for (const track of l.stream.getTracks()) track.stop();
    live.current = null;
  }, []);

  const stop = React.useCallback(() => {
    held.current = false;
    const l = live.current;
    if (l && l.recorder.state !== "inactive") l.recorder.stop();
  }, []);

  const start = React.useCallback(async () => {
    if (held.current || live.current) return;
    held.current = true;
    setNote(null);
    const missing = typeof navigator === "undefined" || !navigator.mediaDevices?.getUserMedia ? "noMicrophoneApi" : typeof MediaRecorder === "undefined" ? "noRecorder" : null;
    if (missing) {
      held.current = false;
      return setNote({ key: missing });
    }
    setPhase("asking");
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    } catch (err) {
      held.current = false;
      setPhase("idle");
      const key = micProblemOf(err);
      return setNote({ key, reason: key === "recordFailed" ? String((err as Error)?.message ?? err) : undefined });
    }
    // Released while the browser asked: nothing was meant to be said yet.
    if (!held.current) {
      for (const track of stream.getTracks()) track.stop();
      setPhase("idle");
      return setNote({ key: "allowed" });
    }
    const mimeType = MIME_CHOICES.find((m) => MediaRecorder.isTypeSupported?.(m));
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    } catch (err) {
      for (const track of stream.getTracks()) track.stop();
      held.current = false;
      setPhase("idle");
      return setNote({ key: "recordFailed", reason: String((err as Error)?.message ?? err) });
    }
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => {
      if (e.data.size) chunks.push(e.data);
    };
    recorder.onstop = () => {
      const l = live.current;
      const durationMs = l ? Math.round(performance.now() - l.startedAt) : 0;
      const hitLimit = l?.hitLimit ?? false;
      letGo();
      held.current = false;
      setPhase("idle");
      setElapsedMs(0);
      const type = recorder.mimeType || mimeType || "";
      const ext = extOfMime(type);
      if (!ext) return setNote({ key: "noRecorder" });
      if (durationMs < ROBOT_AUDIO.minMs || !chunks.length) return setNote({ key: "tooShort" });
      if (hitLimit) setNote({ key: "limit" });
      clipRef.current({ file: new File(chunks, `talk.${ext}`, { type: type.split(";")[0] }), durationMs: Math.min(durationMs, ROBOT_AUDIO.maxSeconds * 1000) });
    };
    const startedAt = performance.now();
    const ticker = setInterval(() => setElapsedMs(Math.round(performance.now() - startedAt)), 200);
    const limit = setTimeout(() => {
      if (live.current) live.current.hitLimit = true;
      if (recorder.state !== "inactive") recorder.stop();
    }, ROBOT_AUDIO.maxSeconds * 1000);
    live.current = { stream, recorder, startedAt, ticker, limit, hitLimit: false };
    recorder.start();
    setPhase("recording");
  }, [letGo]);

  // Leaving the page (or another robot) lets the microphone go without sending.
  React.useEffect(
    () => () => {
      const l = live.current;
      if (l) l.recorder.onstop = null;
      if (l && l.recorder.state !== "inactive") l.recorder.stop();
      letGo();
    },
    [letGo],
  );

  return { phase, note, elapsedMs, start, stop };
}
