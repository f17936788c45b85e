"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { HomeIcon } from "lucide-react";
import { DirectionCross } from "@/components/kit/direction-cross";
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
