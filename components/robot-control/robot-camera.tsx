"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { CameraIcon, CircleIcon, RefreshCwIcon, SquareIcon } from "lucide-react";
import { call, useCall } from "@/lib/api/call";
import { robotConsoleApi, type CAMERA_ACTIONS } from "@/lib/contract/robot/control";
import { StreamPlayer } from "@/components/video/stream-player";
import { toast } from "@/lib/toast";

/**
 * The robot-camera player (widgets §2): the camera's live picture with its header (01号 / No. 01),
 * capture, start / stop recording and refresh status (widgets §4: recording goes on after
 * beginVideo succeeds, off after endVideo).
 */
export function RobotCamera({ deviceId, deviceNum, canControl }: { deviceId: number; deviceNum: string; canControl: boolean }) {
  const t = useTranslations("robotControl.camera");
  const tv = useTranslations("video");
  const info = useCall(robotConsoleApi.cameraInfo, { deviceId, deviceNum: deviceNum as "01" }, { silent: true });
  const [busy, setBusy] = React.useState(false);
  const recording = info.data?.recording ?? false;
  const act = async (controlType: (typeof CAMERA_ACTIONS)[number]) => {
    setBusy(true);
    try {
      const r = await call(robotConsoleApi.camera, { deviceId, deviceNum: deviceNum as "01", controlType });
      if (r) {
        void info.mutate(r, { revalidate: false });
        if (controlType === "getPhoto") toast.success(t("captured"));
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="relative flex min-h-48 flex-col overflow-hidden rounded-md border bg-black" data-testid="robot-camera" data-num={deviceNum}>
      <StreamPlayer src={`/api/${robotConsoleApi.flv.path}?deviceId=${deviceId}&deviceNum=${deviceNum}`} />
      <div className="absolute inset-x-0 top-0 flex items-center gap-2 bg-gradient-to-b from-black/70 to-transparent px-2 py-1 text-xs text-white">
        <span className="font-medium" data-testid="camera-header">{tv("number", { n: deviceNum })}</span>
        {recording && (
          <span className="inline-flex items-center gap-1 text-red-400" data-testid="camera-recording">
            <CircleIcon className="size-2.5 fill-current" aria-hidden /> {t("recording")}
          </span>
        )}
        <span className="flex-1" />
        {canControl && (
          <>
            <CamButton label={t("capture")} disabled={busy} onClick={() => void act("getPhoto")}>
              <CameraIcon className="size-4" />
            </CamButton>
            <CamButton label={recording ? t("stopRecording") : t("startRecording")} disabled={busy} onClick={() => void act(recording ? "endVideo" : "beginVideo")}>
              {recording ? <SquareIcon className="size-4" /> : <CircleIcon className="size-4" />}
            </CamButton>
          </>
        )}
        <CamButton label={t("refresh")} disabled={busy} onClick={() => void info.mutate()}>
          <RefreshCwIcon className="size-4" />
        </CamButton>
      </div>
    </div>
  );
}

function CamButton({ label, children, ...rest }: React.ButtonHTMLAttributes<HTMLButtonElement> & { label: string }) {
  return (
    <button type="button" aria-label={label} title={label} className="rounded bg-black/50 p-1 hover:bg-black/80 disabled:opacity-50" {...rest}>
      {children}
    </button>
  );
}
