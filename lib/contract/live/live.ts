import { z } from "zod";
import { defineCall, stream } from "../call";
import { robotLiveMessage, type RobotLiveAnswer } from "../robot/control";
import { cameraLiveMessage, type CameraLiveAnswer } from "../video/video";
import { INBOX_TOPIC, type DeviceLive } from "./topics";

/**
 * The live channel (issue 34; widgets §4, §7, §9): one WebSocket on the console's own server. The
 * browser subscribes to topics; the console checks each subscription with the cloud under the
 * caller's session and forwards the events of the cloud's one internal stream to the sockets that
 * subscribed. The browser never sees the upstream, its host or a token.
 */

export const liveTopic = z.union([z.string().regex(/^device:[1-9]\d{0,11}$/), z.string().regex(/^ota:[1-9]\d{0,11}$/), z.literal(INBOX_TOPIC)]);
export type LiveTopic = z.infer<typeof liveTopic>;

/** What the browser sends. Movement commands are never queued: a message sent while closed is dropped. */
export const liveClientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("sub"), topic: liveTopic }),
  z.object({ type: z.literal("unsub"), topic: liveTopic }),
  z.object({ type: z.literal("ping") }),
  robotLiveMessage,
  cameraLiveMessage,
]);
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

/**
 * What the console sends: whether events flow from the cloud (`state`; polls stand in while not),
 * subscribed / refused (with the refusal in the user's language), events, pongs.
 */
export type LiveServerMessage =
  | { type: "state"; live: boolean }
  | { type: "subscribed"; topic: string }
  | { type: "refused"; topic: string; msg: string }
  | { type: "event"; topic: string; data: DeviceLive | null }
  | { type: "pong" }
  | RobotLiveAnswer
  | CameraLiveAnswer;

/**
 * The cloud's events as its internal stream carries them to the console (one stream per console):
 * a device's values and state, the users whose to-dos or messages changed, and the OTA tasks whose
 * devices changed (progress, phase, status, the gate).
 */
export type CloudLiveEvent = ({ kind: "device"; deviceId: number } & DeviceLive) | { kind: "inbox"; userIds: number[] } | { kind: "ota"; taskIds: number[] };

/**
 * Header carrying the console's proof on the internal stream: a key derived from
 * `CLOUD_PROXY_SECRET`, which the console's forwarding never sends, so a browser cannot open the
 * stream through `/api`.
 */
export const LIVE_KEY_HEADER = "x-console-live";
/** What the key is derived from, with the shared secret (HMAC-SHA256, base64url). */
export const LIVE_KEY_LABEL = "iot-console live events";

export const liveApi = {
  /**
   * The cloud's internal event stream for the console (server-sent `live` events, one JSON
   * `CloudLiveEvent` each, a keep-alive comment every 15 s). Only the console opens it, with its
   * key; every event's readers were checked by the console when they subscribed.
   */
  events: defineCall({ kind: "stream", path: "comm/apiWs/events", answer: stream, access: "anonymous" }),
};
