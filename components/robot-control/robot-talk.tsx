"use client";

import * as React from "react";
import { useFormatter, useTranslations } from "next-intl";
import { CheckIcon, Loader2Icon, MicIcon, SendIcon, XIcon } from "lucide-react";
import { uploadCall, useCall } from "@/lib/api/call";
import { ROBOT_AUDIO, ROBOT_RESULT, robotConsoleApi } from "@/lib/contract/robot/control";
import { cn } from "@/lib/utils";
import { useTalkBack, type Recorded } from "./use-talk-back";

type ClipStatus = "sending" | "sent" | "played" | "failed";
type Clip = { key: number; at: Date; durationMs: number; status: ClipStatus; logId?: number; message?: string };
/** The clips of this visit the panel lists, newest first. */
const KEPT = 5;

/**
 * Talk-back on the control pages (core §7 uploadAudioFile): hold the button (pointer, or Space /
 * Enter) and speak; on release the clip is uploaded, the cloud tells the robot to fetch and play it,
 * and each clip shows sending → sent → played or failed (with the robot's or the cloud's reason).
 */
export function RobotTalk({ deviceId }: { deviceId: number }) {
  const t = useTranslations("robotControl.talk");
  const [clips, setClips] = React.useState<Clip[]>([]);
  const next = React.useRef(0);
  const update = React.useCallback((key: number, change: Partial<Clip>) => setClips((all) => all.map((c) => (c.key === key ? { ...c, ...change } : c))), []);
  const send = React.useCallback(
    ({ file, durationMs }: Recorded) => {
      const key = ++next.current;
      setClips((all) => [{ key, at: new Date(), durationMs, status: "sending" as const }, ...all].slice(0, KEPT));
      uploadCall(robotConsoleApi.audio, file, undefined, { input: { deviceId, durationMs }, silent: true }).then(
        (sent) => update(key, { status: "sent", logId: sent.logId }),
        (err: unknown) => update(key, { status: "failed", message: err instanceof Error ? err.message : String(err) }),
      );
    },
    [deviceId, update],
  );
  const talk = useTalkBack(send);
  const recording = talk.phase === "recording";

  const hold = {
    onPointerDown: (e: React.PointerEvent) => {
      if (e.button > 0) return;
      (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
      void talk.start();
    },
    onPointerUp: talk.stop,
    onPointerCancel: talk.stop,
    onLostPointerCapture: talk.stop,
    onKeyDown: (e: React.KeyboardEvent) => {
      if ((e.key === " " || e.key === "Enter") && !e.repeat) {
        e.preventDefault();
        void talk.start();
      }
    },
    onKeyUp: (e: React.KeyboardEvent) => (e.key === " " || e.key === "Enter") && talk.stop(),
    onBlur: talk.stop,
    onContextMenu: (e: React.MouseEvent) => e.preventDefault(),
  };

  return (
    <div className="rounded-md border bg-card p-3" data-testid="robot-talk">
      <div className="mb-1 text-sm font-medium">{t("title")}</div>
      <p className="mb-2 text-xs text-muted-foreground">{t("hint")}</p>
      <button
        type="button"
        data-testid="talk-button"
        data-phase={talk.phase}
        aria-pressed={recording}
        className={cn(
          "flex h-12 w-full touch-none select-none items-center justify-center gap-2 rounded-md border text-sm font-medium transition-colors",
          recording ? "border-red-500 bg-red-500 text-white" : "bg-background hover:bg-accent",
        )}
        {...hold}
      >
        {talk.phase === "asking" ? <Loader2Icon className="size-4 animate-spin" aria-hidden /> : <MicIcon className={cn("size-4", recording && "animate-pulse")} aria-hidden />}
        {recording ? `${t("recording", { s: (talk.elapsedMs / 1000).toFixed(1) })} · ${t("release")}` : talk.phase === "asking" ? t("asking") : t("hold")}
      </button>
      {talk.note && (
        <p role={talk.note.key === "allowed" || talk.note.key === "limit" ? "status" : "alert"} className={cn("mt-2 text-xs", talk.note.key === "allowed" || talk.note.key === "limit" ? "text-muted-foreground" : "text-destructive")} data-testid="talk-note">
          {talk.note.key === "recordFailed" ? t("recordFailed", { reason: talk.note.reason ?? "" }) : talk.note.key === "limit" ? t("limit", { s: ROBOT_AUDIO.maxSeconds }) : t(talk.note.key)}
        </p>
      )}
      {clips.length > 0 && (
        <ul className="mt-2 space-y-1 text-xs" aria-label={t("recent")}>
          {clips.map((c) => (
            <ClipLine key={c.key} clip={c} deviceId={deviceId} onSettled={(change) => update(c.key, change)} />
          ))}
        </ul>
      )}
    </div>
  );
}

const STATUS_CLASS: Record<ClipStatus, string> = {
  sending: "text-muted-foreground",
  sent: "text-amber-700 dark:text-amber-300",
  played: "text-emerald-700 dark:text-emerald-300",
  failed: "text-destructive",
};

/** One clip: while sent, its command's outcome is read every half second until the robot answered or the wait ran out. */
function ClipLine({ clip, deviceId, onSettled }: { clip: Clip; deviceId: number; onSettled: (change: Partial<Clip>) => void }) {
  const t = useTranslations("robotControl.talk");
  const format = useFormatter();
  useCall(robotConsoleApi.commandResult, clip.status === "sent" && clip.logId ? { deviceId, logId: clip.logId } : null, {
    refreshInterval: 500,
    silent: true,
    onSuccess: (r) => {
      if (r.result === ROBOT_RESULT.waiting) return;
      onSettled(r.result === ROBOT_RESULT.success ? { status: "played" } : { status: "failed", message: r.message ?? undefined });
    },
  });
  const Icon = clip.status === "played" ? CheckIcon : clip.status === "failed" ? XIcon : clip.status === "sent" ? SendIcon : Loader2Icon;
  return (
    <li className="flex items-start gap-2" data-testid="talk-clip" data-status={clip.status}>
      <span className="shrink-0 tabular-nums text-muted-foreground">{t("clip", { s: (clip.durationMs / 1000).toFixed(1), time: format.dateTime(clip.at, { hour: "2-digit", minute: "2-digit", second: "2-digit" }) })}</span>
      <span className={cn("inline-flex min-w-0 items-start gap-1", STATUS_CLASS[clip.status])}>
        <Icon className={cn("mt-px size-3.5 shrink-0", clip.status === "sending" && "animate-spin")} aria-hidden />
        <span>
          {t(clip.status)}
          {clip.message ? `: ${clip.message}` : ""}
        </span>
      </span>
    </li>
  );
}
