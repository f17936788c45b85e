"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { ExpandIcon, XIcon } from "lucide-react";
import { HLS_PLAYLIST, videoApi, type CameraRow, type StreamKind } from "@/lib/contract/video/video";
import { DEVICE_STATUS } from "@/lib/contract/device/device";
import { cn } from "@/lib/utils";
import { StreamPlayer } from "./stream-player";
import { CameraLabel } from "./camera-label";
import { useStreamKind } from "./stream-kind";

/** Where a tile's player asks for the camera's stream (for WebRTC: the signalling call, with the camera's id). */
export function streamSrc(kind: StreamKind, id: number) {
  if (kind === "hls") return `/api/${videoApi.hls.path}?id=${id}&file=${HLS_PLAYLIST}`;
  if (kind === "webrtc") return `/api/${videoApi.whep.path}?id=${id}`;
  return `/api/${videoApi.flv.path}?id=${id}`;
}

/**
 * One tile of a video wall: the camera's live picture through the console (`/api/device/video/flv`,
 * or its HLS or WebRTC where this browser chose it: `StreamKindChoice`; WebRTC only for a camera with a WHEP source),
 * its name and number, online state and measured latency; full screen and close on hover or focus.
 */
export function CameraTile({ camera, selected, onSelect, onClose, className }: { camera: CameraRow; selected?: boolean; onSelect?: () => void; onClose?: () => void; className?: string }) {
  const t = useTranslations("video");
  const [chosen] = useStreamKind();
  // WebRTC only where the camera has a WHEP source; the others play FLV.
  const kind = chosen === "webrtc" && !camera.whep ? "flv" : chosen;
  const box = React.useRef<HTMLDivElement>(null);
  const [latency, setLatency] = React.useState<number | null>(null);
  const online = camera.status === DEVICE_STATUS.online;
  return (
    <div
      ref={box}
      className={cn("group relative flex min-h-0 flex-col overflow-hidden rounded-md border bg-black outline-none", selected && "ring-2 ring-primary", className)}
      data-testid="camera-tile"
      data-camera={camera.id}
      data-selected={selected || undefined}
      tabIndex={0}
      onClick={onSelect}
      onFocus={onSelect}
    >
      <StreamPlayer kind={kind} src={streamSrc(kind, camera.id)} onLatency={setLatency} />
      <div className="pointer-events-none absolute inset-x-0 top-0 flex items-center gap-2 bg-gradient-to-b from-black/70 to-transparent px-2 py-1 text-xs text-white">
        <span className={cn("size-2 shrink-0 rounded-full", online ? "bg-emerald-400" : "bg-zinc-400")} aria-hidden />
        <CameraLabel camera={camera} className="min-w-0 truncate font-medium" />
        <span className="sr-only">{online ? t("online") : t("offline")}</span>
        <span className="ml-auto shrink-0 tabular-nums" data-testid="tile-latency" data-ms={latency ?? undefined}>
          {latency === null ? "" : t("latency", { ms: latency })}
        </span>
      </div>
      <div className="absolute right-1 bottom-5 flex gap-1 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100">
        <TileButton label={t("fullScreen")} onClick={() => void box.current?.requestFullscreen?.().catch(() => {})}>
          <ExpandIcon className="size-4" />
        </TileButton>
        {onClose && (
          <TileButton label={t("closeTile")} onClick={onClose}>
            <XIcon className="size-4" />
          </TileButton>
        )}
      </div>
    </div>
  );
}

/** A button over the picture; its click is the button's, not a select of the tile. */
function TileButton({ label, onClick, children }: { label: string; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      className="rounded bg-black/60 p-1 text-white hover:bg-black/80"
      aria-label={label}
      title={label}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
    >
      {children}
    </button>
  );
}
