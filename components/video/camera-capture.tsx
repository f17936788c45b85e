"use client";

import * as React from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { CameraIcon, CircleIcon, RefreshCwIcon, SquareIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { call, useCall } from "@/lib/api/call";
import { videoApi, type RECORD_ACTIONS } from "@/lib/contract/video/video";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";

/**
 * Snapshot and recording of a plain camera (widgets §2/§4): a snapshot and an ended recording go
 * to the media library; recording is on after beginVideo succeeds and off after endVideo, and its
 * state can be refreshed from the server. Without the server's ffmpeg both are off, and it says so.
 */
export function CameraCapture({ deviceId }: { deviceId: number }) {
  const t = useTranslations("video.capture");
  const info = useCall(videoApi.captureInfo, { id: deviceId }, { silent: true });
  const [busy, setBusy] = React.useState<"snapshot" | "record" | null>(null);
  const recording = info.data?.recording ?? false;
  const off = info.data?.available === false;

  const snapshot = async () => {
    setBusy("snapshot");
    try {
      const item = await call(videoApi.snapshot, { id: deviceId });
      if (item) toast.success(t("saved", { name: item.fileName }));
    } finally {
      setBusy(null);
    }
  };
  const record = async (controlType: (typeof RECORD_ACTIONS)[number]) => {
    setBusy("record");
    try {
      const r = await call(videoApi.record, { id: deviceId, controlType });
      if (!r) return;
      void info.mutate({ available: r.available, recording: r.recording, since: r.since }, { revalidate: false });
      if (r.item) toast.success(t("saved", { name: r.item.fileName }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-col gap-2" data-testid="camera-capture" data-recording={recording || undefined} data-available={info.data ? !off : undefined}>
      <div className="flex flex-wrap items-center gap-1.5">
        <Button size="sm" variant="outline" disabled={off || !info.data || busy !== null} onClick={() => void snapshot()} data-testid="capture-snapshot">
          <CameraIcon className="size-4" /> {t("snapshot")}
        </Button>
        <Button size="sm" variant={recording ? "destructive" : "outline"} disabled={off || !info.data || busy !== null} onClick={() => void record(recording ? "endVideo" : "beginVideo")} data-testid="capture-record">
          {recording ? <SquareIcon className="size-4" /> : <CircleIcon className="size-4 text-red-500" />}
          {recording ? t("stop") : t("record")}
        </Button>
        <Button size="icon" variant="ghost" className="size-8" aria-label={t("refresh")} title={t("refresh")} disabled={busy !== null} onClick={() => void info.mutate()}>
          <RefreshCwIcon className="size-4" />
        </Button>
      </div>
      {recording && info.data?.since && (
        <p className="flex items-center gap-1.5 text-xs text-red-600 dark:text-red-400" data-testid="capture-recording">
          <CircleIcon className="size-2.5 animate-pulse fill-current" aria-hidden />
          {t("recordingSince", { time: formatDateTime(info.data.since) })}
        </p>
      )}
      {off ? (
        <p className="text-xs text-muted-foreground" data-testid="capture-off">
          {t("off")}
        </p>
      ) : (
        <p className="text-xs text-muted-foreground">
          {t.rich("where", { library: (chunks) => <Link href="/media/library" className="text-primary underline-offset-2 hover:underline">{chunks}</Link> })}
        </p>
      )}
    </div>
  );
}
