/**
 * The live channel's plain parts (issue 34): where the socket opens, its timings, its topics and the
 * device event's shape. Apart from the message schemas in `live.ts` so the shell's first load (the
 * inbox subscribes to its topic) does not carry the robot and camera messages and zod.
 */

/** Where the browser opens the socket (same origin, session cookie). */
export const LIVE_PATH = "/api/live";
/** The browser pings this often (widgets §7); a socket silent for two pings is closed by the console. */
export const LIVE_PING_MS = 30_000;
export const LIVE_SILENT_MS = 2 * LIVE_PING_MS + 5_000;
/** After a close the browser tries again after 3 s, at most 5 times, then says "websocket reconnect failed" (widgets §9). */
export const LIVE_RECONNECT_MS = 3_000;
export const LIVE_RECONNECT_TRIES = 5;
/** Subscriptions one socket may hold (a video wall of 16 tiles, a device page, the header…). */
export const LIVE_MAX_TOPICS = 200;

/**
 * Topics: a device's values and state (`device:<id>`), the caller's to-do and message counts
 * (`inbox`), an OTA task's devices changed (`ota:<task id>`; the page reads them again).
 */
export const deviceTopic = (id: number) => `device:${id}` as const;
export const INBOX_TOPIC = "inbox";
export const otaTopic = (taskId: number) => `ota:${taskId}` as const;
export const deviceOfTopic = (topic: string): number | null => (topic.startsWith("device:") ? Number(topic.slice(7)) : null);
export const otaTaskOfTopic = (topic: string): number | null => (topic.startsWith("ota:") ? Number(topic.slice(4)) : null);

/** One stored value as the live channel carries it. */
export type LiveValue = { identifier: string; ts: string; num: number | null; txt: string | null };
/** A device's event: new values (newest per property), and its state when it changed. */
export type DeviceLive = { values: LiveValue[]; status?: number; lastReportTime?: string };
