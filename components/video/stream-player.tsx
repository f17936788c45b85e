"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { LoaderCircleIcon } from "lucide-react";
import type { StreamKind } from "@/lib/contract/video/video";
import { readStrip, STRIP_H } from "@/lib/video/strip";
import { cn } from "@/lib/utils";

/** After a player error the stream is torn down and loaded again this much later (widgets §4). */
export const RELOAD_MS = 2_000;
/** How often the presented frame's timestamp strip is read for the latency. */
const LATENCY_EVERY_MS = 500;

export type PlayerState = "loading" | "playing" | "retrying" | "initFailed" | "refused";

/** A started engine: `stop` tears it down. */
export type Engine = { stop: () => void };
export type EngineHooks = { failed: () => void; refused: (why: string) => void; initFailed: () => void };

type MpegtsModule = typeof import("mpegts.js").default;
type HlsModule = typeof import("hls.js").default;
let mpegtsLoading: Promise<MpegtsModule> | null = null;
let hlsLoading: Promise<HlsModule> | null = null;
let whepLoading: Promise<typeof import("./whep-player")> | null = null;
/** The players' libraries on first use (never in the shell's first paint). */
const loadMpegts = () => (mpegtsLoading ??= import("mpegts.js").then((m) => m.default, (err) => ((mpegtsLoading = null), Promise.reject(err))));
const loadHls = () => (hlsLoading ??= import("hls.js").then((m) => m.default, (err) => ((hlsLoading = null), Promise.reject(err))));
const loadWhep = () => (whepLoading ??= import("./whep-player").catch((err) => ((whepLoading = null), Promise.reject(err))));

/** The stream path as a WebSocket URL of this origin. */
export const wsUrl = (src: string, base: string) => {
  const url = new URL(src, base);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
};

/**
 * FLV on mpegts.js: live, latency chasing (at most 1.2 s behind, 0.5 s kept), no audio, no stash
 * buffer. Over a WebSocket on the stream's own path (WS-FLV): a browser holds at most six HTTP/1.1
 * connections to a host, which a 9- or 16-tile wall of endless HTTP answers would use up.
 */
async function flvEngine(el: HTMLVideoElement, src: string, on: EngineHooks): Promise<Engine | null> {
  const mpegts = await loadMpegts();
  if (!mpegts.isSupported()) return on.initFailed(), null;
  const player = mpegts.createPlayer(
    { type: "flv", isLive: true, hasAudio: false, url: wsUrl(src, location.href) },
    { enableStashBuffer: false, liveBufferLatencyChasing: true, liveBufferLatencyMaxLatency: 1.2, liveBufferLatencyMinRemain: 0.5, lazyLoad: false, autoCleanupSourceBuffer: true },
  );
  player.on(mpegts.Events.ERROR, on.failed);
  player.attachMediaElement(el);
  player.load();
  void Promise.resolve(player.play()).catch(() => {});
  return {
    stop() {
      player.pause();
      player.unload();
      player.detachMediaElement();
      player.destroy();
    },
  };
}

/**
 * HLS on hls.js (the browser's own HLS where hls.js cannot run, as in Safari on iOS): kept near
 * the live edge, a small buffer, nothing kept behind. The playlist is asked for first: a refusal
 * (the server has no ffmpeg to make segments) is an envelope, whose reason the tile shows.
 */
async function hlsEngine(el: HTMLVideoElement, src: string, on: EngineHooks): Promise<Engine | null> {
  const first = await fetch(src, { cache: "no-store" }).catch(() => null);
  if (!first) return on.failed(), null;
  if ((first.headers.get("content-type") ?? "").includes("application/json")) {
    const envelope = (await first.json().catch(() => null)) as { msg?: string } | null;
    return on.refused(envelope?.msg ?? ""), null;
  }
  if (!first.ok) return on.failed(), null;
  const Hls = await loadHls();
  if (!Hls.isSupported()) {
    if (!el.canPlayType("application/vnd.apple.mpegurl")) return on.initFailed(), null;
    el.src = src;
    el.addEventListener("error", on.failed);
    void el.play().catch(() => {});
    return { stop: () => el.removeEventListener("error", on.failed) };
  }
  const hls = new Hls({ liveSyncDurationCount: 2, liveMaxLatencyDurationCount: 5, maxBufferLength: 6, backBufferLength: 0, enableWorker: true });
  hls.on(Hls.Events.ERROR, (_e, data) => {
    if (data.fatal) on.failed();
  });
  hls.loadSource(new URL(src, location.href).href);
  hls.attachMedia(el);
  void el.play().catch(() => {});
  return { stop: () => hls.destroy() };
}

/** WebRTC through the camera's WHEP endpoint (`whep-player.ts`); `src` is the signalling call's address with the camera's id. */
async function webrtcEngine(el: HTMLVideoElement, src: string, on: EngineHooks): Promise<Engine | null> {
  const { whepEngine } = await loadWhep();
  return whepEngine(el, src, on);
}

const ENGINES: Record<StreamKind, typeof flvEngine> = { flv: flvEngine, hls: hlsEngine, webrtc: webrtcEngine };

/** The frame's latency from its timestamp strip (null when the stream carries none). */
function latencyOf(video: HTMLVideoElement, canvas: HTMLCanvasElement): number | null {
  const w = video.videoWidth;
  const h = video.videoHeight;
  if (!w || !h) return null;
  const rows = Math.max(1, Math.round((STRIP_H / 270) * h));
  canvas.width = w;
  canvas.height = rows;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (!ctx) return null;
  ctx.drawImage(video, 0, h - rows, w, rows, 0, 0, w, rows);
  const ms = readStrip(ctx.getImageData(0, 0, w, rows).data, w, rows);
  return ms === null ? null : Math.max(0, Date.now() - ms);
}

/**
 * A live player (widgets §2, §4, §9) of FLV over a WebSocket (mpegts.js), HLS (hls.js) or WebRTC
 * (WHEP on RTCPeerConnection), each loaded on first use. On an error it says
 * "video failed to load, retrying", tears down and loads again after 2 s; it tears down while the
 * page is hidden or the tile is off screen and loads again when seen (memory stays bounded);
 * "player init failed" when the library cannot load; the server's reason when it refuses the
 * stream (HLS without ffmpeg, no picture yet, a media server refusing WebRTC), asked again after 2 s. The latency is read from the stream's timestamp
 * strip when it has one.
 */
export function StreamPlayer({ kind = "flv", src, className, onLatency }: { kind?: StreamKind; src: string; className?: string; onLatency?: (ms: number | null) => void }) {
  const t = useTranslations("video.player");
  const box = React.useRef<HTMLDivElement>(null);
  const video = React.useRef<HTMLVideoElement>(null);
  const [state, setState] = React.useState<PlayerState>("loading");
  const [reason, setReason] = React.useState("");
  const [seen, setSeen] = React.useState(true);
  const [visible, setVisible] = React.useState(true);
  const [attempt, setAttempt] = React.useState(0);
  const latencyCb = React.useRef(onLatency);
  React.useEffect(() => {
    latencyCb.current = onLatency;
  });

  // Off screen or in a hidden page: no player at all.
  React.useEffect(() => {
    const onVisibility = () => setVisible(document.visibilityState === "visible");
    onVisibility();
    document.addEventListener("visibilitychange", onVisibility);
    const io = new IntersectionObserver(([e]) => setSeen(e.isIntersecting));
    if (box.current) io.observe(box.current);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      io.disconnect();
    };
  }, []);

  const active = seen && visible;
  React.useEffect(() => {
    if (!active || !video.current) return;
    const el = video.current;
    let engine: Engine | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let gone = false;
    setState("loading");
    const teardown = () => {
      engine?.stop();
      engine = null;
    };
    const hooks: EngineHooks = {
      failed: () => {
        if (gone || retry) return;
        teardown();
        setState("retrying");
        retry = setTimeout(() => setAttempt((n) => n + 1), RELOAD_MS);
      },
      // A refusal may pass (no picture yet while the camera starts) or not (no ffmpeg): its reason shows, and it is asked again.
      refused: (why) => {
        if (gone || retry) return;
        setReason(why);
        setState("refused");
        retry = setTimeout(() => setAttempt((n) => n + 1), RELOAD_MS);
      },
      initFailed: () => {
        if (!gone) setState("initFailed");
      },
    };
    ENGINES[kind](el, src, hooks).then(
      (started) => {
        if (gone) started?.stop();
        else engine = started;
      },
      // Only the library's loading rejects: "player init failed".
      () => hooks.initFailed(),
    );
    const onPlaying = () => setState("playing");
    el.addEventListener("playing", onPlaying);
    const canvas = document.createElement("canvas");
    const sampler = setInterval(() => {
      if (el.readyState >= 2) latencyCb.current?.(latencyOf(el, canvas));
    }, LATENCY_EVERY_MS);
    return () => {
      gone = true;
      if (retry) clearTimeout(retry);
      clearInterval(sampler);
      el.removeEventListener("playing", onPlaying);
      teardown();
      el.removeAttribute("src");
      el.load();
    };
  }, [active, kind, src, attempt]);

  return (
    <div ref={box} className={cn("relative size-full bg-black", className)} data-testid="stream-player" data-kind={kind} data-state={state}>
      <video ref={video} className="size-full object-contain" muted playsInline autoPlay />
      {state !== "playing" && (
        <div className="absolute inset-0 flex items-center justify-center gap-2 text-xs text-white/80">
          {state === "initFailed" ? (
            <span role="alert">{t("initFailed")}</span>
          ) : state === "refused" ? (
            <span role="alert" className="px-3 text-center">
              {reason || t("refused")}
            </span>
          ) : state === "retrying" ? (
            <span role="status">{t("retrying")}</span>
          ) : (
            <LoaderCircleIcon className="size-5 animate-spin" aria-label={t("loading")} />
          )}
        </div>
      )}
    </div>
  );
}
