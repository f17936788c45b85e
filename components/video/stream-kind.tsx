"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { STREAM_KINDS, type StreamKind } from "@/lib/contract/video/video";
import { PressedGroup } from "@/components/ui/pressed-group";

/** The browser's choice of stream (FLV unless HLS or WebRTC was chosen here): it is this browser or its network where FLV fails. */
const STORAGE_KEY = "video.streamKind";
const EVENT = "video-stream-kind";

function read(): StreamKind {
  const v = localStorage.getItem(STORAGE_KEY);
  return (STREAM_KINDS as readonly string[]).includes(v ?? "") ? (v as StreamKind) : "flv";
}
function subscribe(on: () => void) {
  window.addEventListener(EVENT, on);
  window.addEventListener("storage", on);
  return () => {
    window.removeEventListener(EVENT, on);
    window.removeEventListener("storage", on);
  };
}

/** The stream kind the walls play in this browser, and its setter (kept across visits and shared by every wall). */
export function useStreamKind(): [StreamKind, (k: StreamKind) => void] {
  const kind = React.useSyncExternalStore(subscribe, read, () => "flv" as const);
  const set = React.useCallback((k: StreamKind) => {
    localStorage.setItem(STORAGE_KEY, k);
    window.dispatchEvent(new Event(EVENT));
  }, []);
  return [kind, set];
}

/**
 * FLV, HLS or WebRTC for the wall's tiles: FLV (mpegts.js) is the default; HLS (hls.js) plays
 * where FLV fails — a proxy that buffers an endless response, a browser without MediaSource for
 * FLV — a few seconds further behind; WebRTC (WHEP) is offered when a camera of the wall has a
 * WHEP source and plays those cameras straight from their media server (the others play FLV). A
 * server without ffmpeg refuses HLS and each tile says why.
 */
export function StreamKindChoice({ webrtc = false }: { webrtc?: boolean }) {
  const t = useTranslations("video.stream");
  const [kind, setKind] = useStreamKind();
  const kinds = STREAM_KINDS.filter((k) => k !== "webrtc" || webrtc);
  return <PressedGroup label={t("label")} value={kinds.includes(kind) ? kind : "flv"} onChange={setKind} options={kinds.map((k) => ({ value: k, label: t(k), title: t(`${k}Hint`), testId: `stream-${k}` }))} />;
}
