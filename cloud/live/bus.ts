import { EventEmitter } from "node:events";
import { createHmac } from "node:crypto";
import { type LiveValue } from "@/lib/contract/live/topics";
import { LIVE_KEY_LABEL, type CloudLiveEvent } from "@/lib/contract/live/live";
import type { Ingest } from "../ingest/pipeline";
import type { Coordinator } from "../lib/coordination";
import type { Point, StatusChange } from "../ingest/writer";

/**
 * The cloud's live events (issue 34), as its internal stream (`comm/apiWs/events`) carries them to
 * the consoles: a device's new values and state from the ingest, and the users whose to-dos or
 * messages changed. One bus per process: what writes an inbox row says so here, whatever
 * route or engine it is in. With N instances (`shareLive`) events travel between them as
 * cluster signals, so a console streaming from any instance sees every instance's events.
 */
export const liveBus = new EventEmitter<{ event: [CloudLiveEvent] }>();
// One listener per open console stream.
liveBus.setMaxListeners(0);

const LIVE_SIGNAL = "live";
const PRESENCE_SIGNAL = "live-presence";
/** An instance with consoles listening says so this often; others send it events for twice as long. */
const PRESENCE_MS = 10_000;
let cluster: Coordinator | null = null;
let othersListenUntil = 0;

const listening = () => liveBus.listenerCount("event") > 0 || (cluster !== null && Date.now() < othersListenUntil);

/** A NOTIFY payload holds at most 8,000 bytes: a device's values go in parts below it. */
const PART_BYTES = 7_000;

function publish(e: CloudLiveEvent) {
  if (!cluster) return void liveBus.emit("event", e);
  for (const part of partsOf(e)) void cluster.signal(LIVE_SIGNAL, part).catch((err) => console.error("[live] signalling an event:", (err as Error).message));
}

function partsOf(e: CloudLiveEvent): CloudLiveEvent[] {
  if (e.kind !== "device" || JSON.stringify(e).length <= PART_BYTES) return [e];
  const parts: CloudLiveEvent[] = [];
  let values: typeof e.values = [];
  let size = 0;
  for (const v of e.values) {
    const n = JSON.stringify(v).length + 1;
    if (values.length && size + n > PART_BYTES - 500) {
      parts.push({ ...e, values });
      values = [];
      size = 0;
    }
    values.push(v);
    size += n;
  }
  parts.push({ ...e, values });
  return parts;
}

function present() {
  if (cluster && liveBus.listenerCount("event") > 0) void cluster.signal(PRESENCE_SIGNAL).catch(() => {});
}

/** A console's stream of every live event; the other instances hear at once that one listens. Returns the stop. */
export function listenLive(onEvent: (e: CloudLiveEvent) => void): () => void {
  const first = liveBus.listenerCount("event") === 0;
  liveBus.on("event", onEvent);
  if (first) present();
  return () => void liveBus.off("event", onEvent);
}

/**
 * Joins this instance's live events to the cluster's (on PostgreSQL; one PGlite instance keeps
 * them in-process). An instance tells the others while consoles stream from it, so nothing is
 * signalled while no console anywhere listens. Returns the stop.
 */
export function shareLive(c: Coordinator): () => void {
  if (!c.shared) return () => {};
  cluster = c;
  const offLive = c.on(LIVE_SIGNAL, (e) => e && liveBus.emit("event", e as CloudLiveEvent));
  const offPresence = c.on(PRESENCE_SIGNAL, () => (othersListenUntil = Date.now() + 2 * PRESENCE_MS));
  const beat = setInterval(present, PRESENCE_MS);
  beat.unref();
  return () => {
    clearInterval(beat);
    offLive();
    offPresence();
    cluster = null;
  };
}

/** The users whose to-do or message lists changed (a badge to refresh). */
export function inboxChanged(userIds: Iterable<number>) {
  if (!listening()) return;
  const ids = [...new Set(userIds)];
  if (ids.length) publish({ kind: "inbox", userIds: ids });
}

/** OTA tasks changed since the last event: a rollout's reports go out as one event per task every OTA_COALESCE_MS. */
const OTA_COALESCE_MS = 200;
const otaPending = new Set<number>();
let otaTimer: NodeJS.Timeout | null = null;

/** An OTA task's devices or gate changed (a report, the job, a person): its pages read it again. */
export function otaChanged(taskId: number) {
  if (!listening()) return;
  otaPending.add(taskId);
  otaTimer ??= setTimeout(() => {
    otaTimer = null;
    const taskIds = [...otaPending];
    otaPending.clear();
    if (taskIds.length) liveBus.emit("event", { kind: "ota", taskIds });
  }, OTA_COALESCE_MS).unref();
}

/**
 * The ingest's stored values and state changes as device events: per batch one event per device
 * with the newest value of each property (a screen shows the newest; history has the rest).
 * Nothing is built while no console listens.
 */
export function attachIngest(ingest: Ingest): () => void {
  const onTelemetry = (points: Point[]) => {
    if (!listening()) return;
    const byDevice = new Map<number, Map<string, LiveValue & { at: number }>>();
    for (const p of points) {
      const values = byDevice.get(p.deviceId) ?? byDevice.set(p.deviceId, new Map()).get(p.deviceId)!;
      const at = p.ts.getTime();
      const seen = values.get(p.identifier);
      if (!seen || seen.at <= at) values.set(p.identifier, { identifier: p.identifier, ts: p.ts.toISOString(), num: p.num, txt: p.txt, at });
    }
    for (const [deviceId, values] of byDevice) {
      const list = [...values.values()];
      const newest = Math.max(...list.map((v) => v.at));
      publish({ kind: "device", deviceId, values: list.map(({ at: _at, ...v }) => v), lastReportTime: new Date(newest).toISOString() });
    }
  };
  const onStatus = (changes: StatusChange[]) => {
    if (!listening()) return;
    for (const s of changes) publish({ kind: "device", deviceId: s.deviceId, values: [], status: s.status });
  };
  ingest.on("telemetry", onTelemetry);
  ingest.on("status", onStatus);
  return () => {
    ingest.off("telemetry", onTelemetry);
    ingest.off("status", onStatus);
  };
}

/** The key the console proves itself with on the internal stream, derived from the shared secret. */
export const liveKey = (secret: string) => createHmac("sha256", secret).update(LIVE_KEY_LABEL).digest("base64url");
