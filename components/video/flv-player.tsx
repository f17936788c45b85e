"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { LoaderCircleIcon } from "lucide-react";
import { readStrip, STRIP_H } from "@/lib/video/strip";
import { cn } from "@/lib/utils";

/** After a player error the stream is torn down and loaded again this much later (widgets §4). */
export const RELOAD_MS = 2_000;
/** How often the presented frame's timestamp strip is read for the latency. */
const LATENCY_EVERY_MS = 500;

type MpegtsModule = typeof import("mpegts.js").default;
let loading: Promise<MpegtsModule> | null = null;
/** mpegts.js on first use (never in the shell's first paint). */
const loadMpegts = () => (loading ??= import("mpegts.js").then((m) => m.default));

export type PlayerState = "loading" | "playing" | "retrying" | "initFailed";

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
 * A live HTTP-FLV player (widgets §2, §4, §9) on mpegts.js: live, latency chasing (at most 1.2 s
 * behind, 0.5 s kept), no audio, no stash buffer. On an error it says "video failed to load,
 * retrying", tears down and loads again after 2 s; it tears down while the page is hidden or the
 * tile is off screen and loads again when seen (memory stays bounded); "player init failed" when
 * the library cannot load. The latency is read from the stream's timestamp strip when it has one.
 */
export function FlvPlayer({ src, className, onLatency }: { src: string; className?: string; onLatency?: (ms: number | null) => void }) {
  const t = useTranslations("video.player");
  const box = React.useRef<HTMLDivElement>(null);
  const video = React.useRef<HTMLVideoElement>(null);
  const [state, setState] = React.useState<PlayerState>("loading");
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
    let player: ReturnType<MpegtsModule["createPlayer"]> | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let gone = false;
    setState("loading");
    const teardown = () => {
      if (!player) return;
      player.pause();
      player.unload();
      player.detachMediaElement();
      player.destroy();
      player = null;
    };
    loadMpegts().then(
      (mpegts) => {
        if (gone) return;
        if (!mpegts.isSupported()) return setState("initFailed");
        player = mpegts.createPlayer(
          { type: "flv", isLive: true, hasAudio: false, url: new URL(src, location.href).href },
          { enableStashBuffer: false, liveBufferLatencyChasing: true, liveBufferLatencyMaxLatency: 1.2, liveBufferLatencyMinRemain: 0.5, lazyLoad: false, autoCleanupSourceBuffer: true },
        );
        player.on(mpegts.Events.ERROR, () => {
          if (gone) return;
          teardown();
          setState("retrying");
          retry = setTimeout(() => setAttempt((n) => n + 1), RELOAD_MS);
        });
        player.attachMediaElement(el);
        player.load();
        void Promise.resolve(player.play()).catch(() => {});
      },
      () => {
        loading = null;
        if (!gone) setState("initFailed");
      },
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
  }, [active, src, attempt]);

  return (
    <div ref={box} className={cn("relative size-full bg-black", className)} data-testid="flv-player" data-state={state}>
      <video ref={video} className="size-full object-contain" muted playsInline autoPlay />
      {state !== "playing" && (
        <div className="absolute inset-0 flex items-center justify-center gap-2 text-xs text-white/80">
          {state === "initFailed" ? (
            <span role="alert">{t("initFailed")}</span>
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
