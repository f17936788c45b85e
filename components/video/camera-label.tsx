"use client";

import { useTranslations } from "next-intl";
import { cameraNumber, type CameraRow } from "@/lib/contract/video/video";

/** A camera's name with its number as the spec shows it (01号 / No. 01). */
export function CameraLabel({ camera, className }: { camera: Pick<CameraRow, "deviceName" | "channelNo">; className?: string }) {
  const t = useTranslations("video");
  return (
    <span className={className} title={camera.deviceName}>
      {camera.deviceName}
      {camera.channelNo !== null && <span className="ml-1 opacity-80">{t("number", { n: cameraNumber(camera.channelNo) })}</span>}
    </span>
  );
}
