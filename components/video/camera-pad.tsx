"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { HomeIcon } from "lucide-react";
import { DirectionCross } from "@/components/kit/direction-cross";
import { DEVICE_STATUS } from "@/lib/contract/device/device";
import type { CameraRow } from "@/lib/contract/video/video";
import { CameraLabel } from "./camera-label";
import { useCameraPad } from "./use-camera-pad";

/** Why a pad is inert: the camera is offline, or the page's live socket is not open. */
export type CameraPadOff = "offline" | null;

/**
 * The camera pad (widgets §2/§7): a direction cross around a restore button steering a PTZ camera
 * over the live socket. A click turns it a step of 10, holding turns it until let go (mouse, touch
 * or keyboard); where it points shows under the pad. Inert while the camera is offline or the
 * socket is down (movements are never queued).
 */
export function CameraPad({ deviceId, disabled = null, compact = false }: { deviceId: number; disabled?: CameraPadOff; compact?: boolean }) {
  const t = useTranslations("video.cameraPad");
  const off = disabled !== null;
  const pad = useCameraPad(deviceId, off);
  const inert = off || !pad.open;
  return (
    <div className="flex flex-col items-center gap-2" data-testid="video-camera-pad" data-device={deviceId} data-open={pad.open || undefined} data-disabled={inert || undefined}>
      <DirectionCross
        label={t("title")}
        labels={{ up: t("up"), down: t("down"), left: t("left"), right: t("right") }}
        off={inert}
        active={pad.active}
        press={pad.press}
        release={pad.release}
        centre={(className) => (
          <button type="button" disabled={inert} aria-label={t("restore")} title={t("restore")} data-dir="restore" className={className} onClick={pad.restore}>
            <HomeIcon className="size-5" />
          </button>
        )}
      />
      {!compact && (
        <p className="text-center text-xs text-muted-foreground" data-testid="camera-pad-hint">
          {off ? t("offline") : pad.open ? t("keys") : t("connecting")}
        </p>
      )}
      {pad.position && (
        <p className="text-xs tabular-nums" data-testid="camera-pad-position">
          {t("position", { pan: pad.position.pan ?? "-", tilt: pad.position.tilt ?? "-" })}
        </p>
      )}
      {pad.refusal && (
        <p className="text-center text-xs text-destructive" role="status" data-testid="camera-pad-refusal">
          {pad.refusal}
        </p>
      )}
    </div>
  );
}

/** The pad of the wall's selected camera: its label and pad, or why there is none (no PTZ, nothing selected). */
export function SelectedCameraPad({ camera }: { camera: CameraRow | null }) {
  const t = useTranslations("video");
  if (!camera?.ptz) return <p className="text-xs text-muted-foreground">{camera ? t("noPtz") : t("selectTile")}</p>;
  return (
    <>
      <p className="mb-2 truncate text-xs text-muted-foreground">
        <CameraLabel camera={camera} />
      </p>
      <CameraPad key={camera.id} deviceId={camera.id} disabled={camera.status === DEVICE_STATUS.online ? null : "offline"} />
    </>
  );
}
