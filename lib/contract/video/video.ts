import { z } from "zod";
import { defineCall, empty, file } from "../call";
import { dbId, idQuery } from "../common";
import { mediaRow } from "../media/media-library";

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
  /** Whether it has a WebRTC (WHEP) source the wall can play (its address stays on the server). */
  whep: z.boolean(),
});
export type CameraRow = z.infer<typeof cameraRow>;

export const cameraQuery = z.object({ projectId: dbId.optional() });

/**
 * The camera pad (widgets §2/§7/§9): `vidiconOperate` with controlType video (its stream), restore
 * (back to the home position), vertical or horizontal with a step. A held direction is sent again
 * every `CAMERA_REPEAT_MS` with step ±5 and carries `CAMERA_TTL_MS`: the camera turns at that
 * step per repeat and stops by itself when the last press lapses; a click (debounced 250 ms) steps
 * ±10 once; step 0 stops the axis (the release).
 */
export const VIDICON_SERVICE = "vidiconOperate";
export const VIDICON_TYPES = ["video", "restore", "vertical", "horizontal"] as const;
export type VidiconType = (typeof VIDICON_TYPES)[number];
export type CameraAxis = Extract<VidiconType, "vertical" | "horizontal">;
export const CAMERA_AXES = ["vertical", "horizontal"] as const satisfies readonly CameraAxis[];
export const CAMERA_REPEAT_MS = 500;
/** A held press's time-to-live: one repeat and a margin for a late one. */
export const CAMERA_TTL_MS = 600;
export const CAMERA_HOLD_STEP = 5;
export const CAMERA_CLICK_STEP = 10;
export const CAMERA_CLICK_DEBOUNCE_MS = 250;
export const CAMERA_STEPS = [-CAMERA_CLICK_STEP, -CAMERA_HOLD_STEP, 0, CAMERA_HOLD_STEP, CAMERA_CLICK_STEP] as const;
/** How long a stop waits for the camera's acknowledgement. */
export const CAMERA_STOP_WAIT_S = 1;
/**
 * A stop (and restore, video) not answered yet is sent to the camera again this often: a copy lost
 * on the way costs this gap, well within the TTL's margin, not the whole wait.
 */
export const CAMERA_RESEND_MS = 150;

export const vidiconBody = z.object({
  deviceId: dbId,
  /** The channel ('01'…), as the spec's message carries it; the device's own when left out. */
  deviceNum: z.string().regex(/^\d{2,4}$/, "validation.format").optional(),
  controlType: z.enum(VIDICON_TYPES, { error: "validation.invalidOption" }),
  controlValue: z.coerce
    .number()
    .refine((v) => (CAMERA_STEPS as readonly number[]).includes(v), "validation.invalidOption")
    .optional(),
});
export type VidiconBody = z.infer<typeof vidiconBody>;
/** Where the camera points after the command; for `video` the stream's address (through the console). */
export const vidiconAnswer = z.object({ pan: z.number().nullable(), tilt: z.number().nullable(), url: z.string().nullable() });
export type VidiconAnswer = z.infer<typeof vidiconAnswer>;

/**
 * The stream's kinds a tile plays: HTTP-FLV (mpegts.js, low latency), HLS (hls.js, where FLV
 * fails) or WebRTC (a WHEP player on RTCPeerConnection, lowest latency; only for a camera with a WHEP source).
 */
export const STREAM_KINDS = ["flv", "hls", "webrtc"] as const;
export type StreamKind = (typeof STREAM_KINDS)[number];
/** HLS: the camera's playlist and its segments, each asked for by name through the same call. */
export const HLS_PLAYLIST = "index.m3u8";
export const HLS_FILE = /^(index\.m3u8|seg\d{1,9}\.ts)$/;
export const hlsQuery = z.object({ id: dbId, file: z.string().regex(HLS_FILE, "validation.format") });

/**
 * Snapshot and recording of a camera (widgets §2/§4, core §8): taken from the stream the wall
 * plays and kept in the media library (a JPEG; an MP4 when the recording ends). They, and HLS,
 * need the server's ffmpeg: without it `available` is false and the calls say so.
 */
export const RECORD_ACTIONS = ["beginVideo", "endVideo"] as const;
export const recordBody = z.object({ id: dbId, controlType: z.enum(RECORD_ACTIONS, { error: "validation.invalidOption" }) });
export const captureInfo = z.object({ available: z.boolean(), recording: z.boolean(), since: z.string().nullable() });
export type CaptureInfo = z.infer<typeof captureInfo>;
export const recordAnswer = captureInfo.extend({ item: mediaRow.nullable() });

/**
 * WebRTC through the camera's WHEP endpoint (RFC 9725 style, as MediaMTX, ZLMediaKit, SRS and
 * go2rtc publish it). The browser sends its SDP offer here; the cloud POSTs it to the endpoint
 * (`application/sdp`) and answers the media server's SDP with a session: a token sealed by the
 * cloud that holds the media server's session address, so no media-server host reaches the page
 * and a session cannot be steered to another address. Late ICE candidates go on with `whepIce`
 * (a PATCH of `application/trickle-ice-sdpfrag` there), `whepEnd` closes it (a DELETE). The
 * picture itself flows between the browser and the media server over ICE.
 */
export const WHEP_SDP_MAX = 64 * 1024;
const sdp = z.string().max(WHEP_SDP_MAX, "validation.format").refine((s) => s.startsWith("v=0"), "validation.format");
const whepSession = z.string().min(1, "validation.required").max(4096, "validation.format");
export const whepOfferBody = z.object({ id: dbId, sdp });
export const whepAnswer = z.object({ session: z.string(), sdp: z.string() });
export type WhepAnswer = z.infer<typeof whepAnswer>;
export const whepIceBody = z.object({ session: whepSession, frag: z.string().min(1, "validation.required").max(16 * 1024, "validation.format") });
export const whepEndBody = z.object({ session: whepSession });
/** A WHEP endpoint: http or https (the media server's own address, as its docs give it). */
export const whepUrl = z
  .string()
  .trim()
  .max(1024, "validation.format")
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === "http:" || u.protocol === "https:") && !!u.hostname && !u.username && !u.password;
    } catch {
      return false;
    }
  }, "validation.whepUrl");
/** A camera's stream sources as its editors see them (an empty `whepUrl` removes the source). */
export const cameraSources = z.object({ whepUrl: z.string().nullable() });
export type CameraSources = z.infer<typeof cameraSources>;
export const cameraSourcesBody = z.object({ id: dbId, whepUrl: z.union([z.literal("").transform(() => null), z.null(), whepUrl]) });
/** Who may read and change a camera's sources: its device editors. */
const SOURCE_EDITORS = { perm: "dev:device:upd" } as const;

export const videoApi = {
  cameras: defineCall({ kind: "get", path: "device/video/cameraList", input: cameraQuery, answer: z.array(cameraRow), access: { menu: VIDEO_SCREENS }, scope: "own" }),
  /** The camera's live stream (video/x-flv, endless); an envelope instead when refused. */
  flv: defineCall({ kind: "get", path: "device/video/flv", input: idQuery, answer: file, access: { menu: VIDEO_SCREENS }, scope: "own" }),
  /**
   * The camera's live stream as HLS: the playlist (`file=index.m3u8`, its segments named as this
   * call, relative) or a segment (`video/mp2t`); an envelope instead when refused (no ffmpeg).
   */
  hls: defineCall({ kind: "get", path: "device/video/hls", input: hlsQuery, answer: file, access: { menu: VIDEO_SCREENS }, scope: "own" }),
  /** Starts a WebRTC session: the browser's SDP offer to the camera's WHEP endpoint, its answer back. */
  whep: defineCall({ kind: "post", path: "device/video/whep", input: whepOfferBody, answer: whepAnswer, access: { menu: VIDEO_SCREENS }, scope: "own" }),
  /** Late ICE candidates of a WebRTC session (a trickle-ICE SDP fragment). */
  whepIce: defineCall({ kind: "post", path: "device/video/whepIce", input: whepIceBody, answer: empty, access: { menu: VIDEO_SCREENS }, scope: "own" }),
  /** Ends a WebRTC session at the media server. */
  whepEnd: defineCall({ kind: "post", path: "device/video/whepEnd", input: whepEndBody, answer: empty, access: { menu: VIDEO_SCREENS }, scope: "own" }),
  /** A camera's stream sources (its WHEP endpoint), for its device editors. */
  sources: defineCall({ kind: "get", path: "device/video/sources", input: idQuery, answer: cameraSources, access: SOURCE_EDITORS, scope: "own" }),
  /** Sets or removes a camera's WHEP endpoint. */
  sourcesSave: defineCall({ kind: "post", path: "device/video/sourcesSave", input: cameraSourcesBody, answer: cameraSources, access: SOURCE_EDITORS, scope: "own" }),
  /** Whether snapshots, recordings and HLS are on here, and whether the camera records (since when). */
  captureInfo: defineCall({ kind: "get", path: "device/video/captureInfo", input: idQuery, answer: captureInfo, access: { menu: VIDEO_SCREENS }, scope: "own" }),
  /** The camera's picture now, kept in the media library as a JPEG; answers the library's item. */
  snapshot: defineCall({ kind: "post", path: "device/video/snapshot", input: z.object({ id: dbId }), answer: mediaRow, access: { menu: VIDEO_SCREENS }, scope: "own" }),
  /** Starts or ends a recording; the ended recording is an MP4 in the media library (its item answered). */
  record: defineCall({ kind: "post", path: "device/video/record", input: recordBody, answer: recordAnswer, access: { menu: VIDEO_SCREENS }, scope: "own" }),
  /** The camera pad's command; a move answers once sent, a stop (step 0) once the camera acknowledged. */
  vidicon: defineCall({ kind: "post", path: "comm/apiWs/vidicon", input: vidiconBody, answer: vidiconAnswer, access: { menu: VIDEO_SCREENS }, scope: "own" }),
};

/**
 * The camera pad over the live socket (`/api/live`): a held direction is `move` with `dir` repeated
 * every `CAMERA_REPEAT_MS`, `stop` on release (and on blur or a hidden page); `step` is a click;
 * `restore` turns the camera home. The console answers a move's first press, a step, a stop and a
 * restore with a `camera` message; it stops what a socket moved when the repeats stop coming or
 * the socket goes.
 */
export const CAMERA_OPS = ["move", "stop", "step", "restore"] as const;
export type CameraOp = (typeof CAMERA_OPS)[number];
export const cameraLiveMessage = z.object({
  type: z.literal("camera"),
  deviceId: z.number().int().positive().max(2_147_483_647),
  op: z.enum(CAMERA_OPS),
  axis: z.enum(CAMERA_AXES).optional(),
  /** The direction: up / right is 1, down / left is -1. */
  dir: z.union([z.literal(1), z.literal(-1)]).optional(),
});
export type CameraLiveMessage = z.infer<typeof cameraLiveMessage>;
export type CameraLiveAnswer = { type: "camera"; deviceId: number; op: CameraOp; axis?: CameraAxis; ok: boolean; msg?: string; answer?: VidiconAnswer };
