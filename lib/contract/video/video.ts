import { z } from "zod";
import { defineCall, file } from "../call";
import { dbId, idQuery } from "../common";

/**
 * Cameras and their video (issue 34, core §2 /videoSurveillances/videoSurveillance and
 * /operations/operation): the cameras the caller may see as a tree's leaves, and one camera's
 * stream as HTTP-FLV, which the console forwards behind the session (the media host never
 * reaches the browser).
 */
export const VIDEO_SCREENS = ["/videoSurveillances/videoSurveillance", "/operations/operation"] as const;

/** Split screens of the wall (core §9). */
export const SPLITS = [1, 4, 9, 16] as const;
export type Split = (typeof SPLITS)[number];

/** Camera numbers as the spec shows them: 1 → "01" (with 号 in Chinese). */
export const cameraNumber = (n: number | null) => (n === null ? "" : String(n).padStart(2, "0"));

export const cameraRow = z.object({
  id: z.number().int(),
  deviceName: z.string(),
  deviceSn: z.string(),
  channelNo: z.number().int().nullable(),
  projectId: z.number().int(),
  prjName: z.string(),
  spaceId: z.number().int().nullable(),
  spaceName: z.string().nullable(),
  /** Device state (2 online). */
  status: z.number().int(),
  /** Whether the pad can steer it (its thing model has the pad's service). */
  ptz: z.boolean(),
});
export type CameraRow = z.infer<typeof cameraRow>;

export const cameraQuery = z.object({ projectId: dbId.optional() });

export const videoApi = {
  cameras: defineCall({ kind: "get", path: "device/video/cameraList", input: cameraQuery, answer: z.array(cameraRow), access: { menu: VIDEO_SCREENS }, scope: "own" }),
  /** The camera's live stream (video/x-flv, endless); an envelope instead when refused. */
  flv: defineCall({ kind: "get", path: "device/video/flv", input: idQuery, answer: file, access: { menu: VIDEO_SCREENS }, scope: "own" }),
};
