import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { Code } from "@/lib/contract/envelope";
import { deviceDataApi } from "@/lib/contract/device/device-data";
import { todoApi } from "@/lib/contract/message";
import { otaTaskApi } from "@/lib/contract/ota/task-api";
import { LOCALE_COOKIE, normalizeLocale, type Locale } from "@/lib/contract/locale";
import { deviceOfTopic, deviceTopic, INBOX_TOPIC, LIVE_MAX_TOPICS, LIVE_PATH, LIVE_SILENT_MS, otaTaskOfTopic, otaTopic } from "@/lib/contract/live/topics";
import { liveClientMessage, type CloudLiveEvent, type LiveServerMessage } from "@/lib/contract/live/live";
import { apiTextFor } from "../api-text";
import { cookieIn } from "../request-guard";
import { SESSION_COOKIE } from "../session-cookie";
import type { SessionData } from "../session";
import { forgetSeal, openSeal } from "../session-seal";
import { upstreamCall, upstreamConfig, type UpstreamConfig } from "../upstream";
import { CloudEvents } from "./cloud-events";
import { createCameraRelay, type CameraSocket } from "./camera-relay";
import { createRobotRelay, type RobotSocket } from "./robot-relay";

/** Close codes the browser acts on: the session ended (go to login), or the socket went silent. */
export const CLOSE_SESSION = 4401;
export const CLOSE_SILENT = 4408;
/** A burst of inbox changes (an alarm's to-dos for ten users) is one event per socket. */
const INBOX_DEBOUNCE_MS = 300;
/** A rollout's reports (hundreds of devices a second) reach a task page at most this often: it reads the task again on each. */
const OTA_DEBOUNCE_MS = 500;
/** How often silent sockets are looked for, and subscriptions checked again with the cloud. */
const SWEEP_MS = 10_000;
const RECHECK_MS = 5 * 60_000;
/**
 * Subscription checks sent to the cloud at once. A burst (a thousand tabs opening, or reconnecting after a
 * restart, each asking for its topics) waits here instead of opening a connection per check: past the cloud's
 * listen queue those connections were not taken within the connect limit and the checks came back refused
 * ("network error"), 2,806 of 3,000 in `bench:live`. The same check asked again while in hand (one session's
 * tabs asking for the same device) shares its answer.
 */
export const CHECKS_AT_ONCE = 8;

type Refusal = { code: number; msg: string };
type Signed = Required<Pick<SessionData, "token" | "user">> & SessionData;

/** One browser socket: its session (as at the upgrade), what it subscribed, when it was last heard. */
export type LiveClient = {
  ws: WebSocket;
  session: Signed;
  seal: string;
  locale: Locale;
  /** Topics asked for (a check in flight included) and topics granted. */
  wanted: Set<string>;
  granted: Set<string>;
  heardAt: number;
  checkedAt: number;
  inboxTimer: NodeJS.Timeout | null;
  /** The socket as the pads' relays (robot, camera) know it. */
  pad: RobotSocket & CameraSocket;
  /** OTA topics with an event waiting to go (one per topic per OTA_DEBOUNCE_MS). */
  otaTimers: Map<string, NodeJS.Timeout>;
};

export type LiveServerOptions = { config?: UpstreamConfig; events?: CloudEvents; now?: () => number };

/**
 * The live channel's server side (issue 34): `/api/live` upgrades with a valid session cookie (the
 * Origin was checked by server.ts), topics granted only when the cloud answers the matching read
 * under the caller's session (a device's real-time data, the caller's to-do counts), events of the
 * console's one upstream stream passed to the sockets that hold the topic. A socket silent for two
 * pings is closed; an ended session closes its sockets.
 */
export function createLiveServer(opts: LiveServerOptions = {}) {
  const config = opts.config ?? upstreamConfig();
  const events = opts.events ?? new CloudEvents(config);
  const now = opts.now ?? Date.now;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096, perMessageDeflate: false });
  const clients = new Set<LiveClient>();
  const byTopic = new Map<string, Set<LiveClient>>();
  const closedListeners = new Set<(c: LiveClient) => void>();
  const robots = createRobotRelay(config);
  const cameras = createCameraRelay(config);

  const send = (c: LiveClient, m: LiveServerMessage | string) => {
    if (c.ws.readyState === c.ws.OPEN) c.ws.send(typeof m === "string" ? m : JSON.stringify(m));
  };

  const drop = (c: LiveClient, topic: string) => {
    c.wanted.delete(topic);
    c.granted.delete(topic);
    const set = byTopic.get(topic);
    set?.delete(c);
    if (set && !set.size) byTopic.delete(topic);
  };

  // Checks in hand (by session, project, language and topic) and the slots of the ones being asked.
  const checking = new Map<string, Promise<Refusal | null>>();
  let asking = 0;
  const queued: (() => void)[] = [];
  async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (asking < CHECKS_AT_ONCE) asking++;
    else await new Promise<void>((r) => queued.push(r)); // the slot is handed over by the one that ends
    try {
      return await work();
    } finally {
      const next = queued.shift();
      if (next) next();
      else asking--;
    }
  }

  /** The cloud's answer to the topic's read under the caller's session: null when granted, else the refusal. */
  function check(c: LiveClient, topic: string): Promise<Refusal | null> {
    const key = [c.session.token, c.session.projId ?? "", c.locale, topic].join("\n");
    let answer = checking.get(key);
    if (!answer) {
      answer = inTurn(() => ask(c, topic)).finally(() => checking.delete(key));
      checking.set(key, answer);
    }
    return answer;
  }

  async function ask(c: LiveClient, topic: string): Promise<Refusal | null> {
    const device = deviceOfTopic(topic);
    const task = otaTaskOfTopic(topic);
    const common = { token: c.session.token, projId: c.session.projId ?? null, locale: c.locale };
    const env =
      device !== null
        ? await upstreamCall(deviceDataApi.realTime, { id: device }, common, config)
        : task !== null
          ? await upstreamCall(otaTaskApi.nums, { id: task }, common, config)
          : await upstreamCall(todoApi.nums, {}, common, config);
    return env.code === Code.OK ? null : { code: env.code, msg: env.msg };
  }

  function sessionEnded(c: LiveClient) {
    forgetSeal(c.seal);
    c.ws.close(CLOSE_SESSION, "session ended");
  }

  async function subscribe(c: LiveClient, topic: string) {
    if (c.wanted.has(topic)) {
      if (c.granted.has(topic)) send(c, { type: "subscribed", topic });
      return;
    }
    if (c.wanted.size >= LIVE_MAX_TOPICS) return send(c, { type: "refused", topic, msg: apiTextFor(c.locale).requestFailed });
    c.wanted.add(topic);
    const refused = await check(c, topic);
    if (!c.wanted.has(topic)) return; // unsubscribed meanwhile
    if (refused?.code === Code.UNAUTHORIZED) return sessionEnded(c);
    if (refused) {
      c.wanted.delete(topic);
      return send(c, { type: "refused", topic, msg: refused.msg });
    }
    c.granted.add(topic);
    (byTopic.get(topic) ?? byTopic.set(topic, new Set()).get(topic)!).add(c);
    send(c, { type: "subscribed", topic });
  }

  function onMessage(c: LiveClient, raw: string) {
    c.heardAt = now();
    let parsed;
    try {
      parsed = liveClientMessage.safeParse(JSON.parse(raw));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const m = parsed.data;
    if (m.type === "ping") return send(c, { type: "pong" });
    if (m.type === "robot") return robots.handle(c.pad, m);
    if (m.type === "camera") return cameras.handle(c.pad, m);
    if (m.type === "sub") return void subscribe(c, m.topic).catch(() => drop(c, m.topic));
    drop(c, m.topic);
  }

  function attach(ws: WebSocket, session: Signed, seal: string, locale: Locale) {
    const c = { ws, session, seal, locale, wanted: new Set(), granted: new Set(), heardAt: now(), checkedAt: now(), inboxTimer: null, otaTimers: new Map() } as Omit<LiveClient, "pad"> as LiveClient;
    c.pad = { session, locale, send: (m: LiveServerMessage) => send(c, m) };
    clients.add(c);
    events.start();
    ws.on("message", (data) => onMessage(c, data.toString()));
    ws.on("close", () => {
      clients.delete(c);
      if (c.inboxTimer) clearTimeout(c.inboxTimer);
      for (const timer of c.otaTimers.values()) clearTimeout(timer);
      for (const t of [...c.wanted]) drop(c, t);
      robots.closed(c.pad);
      cameras.closed(c.pad);
      for (const l of closedListeners) l(c);
    });
    ws.on("error", () => ws.terminate());
    send(c, { type: "state", live: events.up });
  }

  events.on("up", (up) => {
    const text = JSON.stringify({ type: "state", live: up } satisfies LiveServerMessage);
    for (const c of clients) send(c, text);
  });

  events.on("event", (e: CloudLiveEvent) => {
    if (e.kind === "device") {
      const topic = deviceTopic(e.deviceId);
      const set = byTopic.get(topic);
      if (!set) return;
      const { kind: _k, deviceId: _d, ...data } = e;
      const text = JSON.stringify({ type: "event", topic, data } satisfies LiveServerMessage);
      for (const c of set) send(c, text);
      return;
    }
    if (e.kind === "ota") {
      for (const id of e.taskIds) {
        const topic = otaTopic(id);
        for (const c of byTopic.get(topic) ?? []) {
          if (c.otaTimers.has(topic)) continue;
          c.otaTimers.set(
            topic,
            setTimeout(() => {
              c.otaTimers.delete(topic);
              send(c, { type: "event", topic, data: null });
            }, OTA_DEBOUNCE_MS),
          );
        }
      }
      return;
    }
    const users = new Set(e.userIds);
    for (const c of byTopic.get(INBOX_TOPIC) ?? []) {
      if (!users.has(c.session.user.id) || c.inboxTimer) continue;
      c.inboxTimer = setTimeout(() => {
        c.inboxTimer = null;
        send(c, { type: "event", topic: INBOX_TOPIC, data: null });
      }, INBOX_DEBOUNCE_MS);
    }
  });

  // Silent sockets go; an expired seal ends its sockets; granted topics are checked again now and then.
  const sweep = setInterval(() => {
    const t = now();
    for (const c of clients) {
      if (t - c.heardAt > LIVE_SILENT_MS) {
        c.ws.close(CLOSE_SILENT, "silent");
        c.ws.terminate();
        continue;
      }
      if (t - c.checkedAt < RECHECK_MS) continue;
      c.checkedAt = t;
      void openSeal(c.seal)
        .then(async (s) => {
          if (!s.token) return sessionEnded(c);
          for (const topic of [...c.granted]) {
            const refused = await check(c, topic);
            if (refused?.code === Code.UNAUTHORIZED) return sessionEnded(c);
            if (refused) {
              drop(c, topic);
              send(c, { type: "refused", topic, msg: refused.msg });
            }
          }
        })
        .catch(() => sessionEnded(c));
    }
  }, SWEEP_MS);
  sweep.unref();

  return {
    /** Takes `/api/live` upgrades (true), leaving others to the caller (false). The Origin is checked already. */
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
      if (new URL(req.url ?? "/", "http://console.local").pathname !== LIVE_PATH) return false;
      let seal: string | undefined;
      try {
        seal = cookieIn(req.headers.cookie ?? "", SESSION_COOKIE);
      } catch {
        seal = undefined;
      }
      let locale: Locale;
      try {
        locale = normalizeLocale(cookieIn(req.headers.cookie ?? "", LOCALE_COOKIE));
      } catch {
        locale = normalizeLocale(undefined);
      }
      void openSeal(seal)
        .catch(() => ({}) as SessionData)
        .then((session) => {
          if (!session.token || !session.user) return void socket.end("HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
          wss.handleUpgrade(req, socket, head, (ws) => attach(ws, session as Signed, seal!, locale));
        });
      return true;
    },
    /** Told when a socket closes. */
    onClosed(listener: (c: LiveClient) => void) {
      closedListeners.add(listener);
    },
    clients,
    events,
    robots,
    cameras,
    close() {
      clearInterval(sweep);
      events.stop();
      for (const c of clients) c.ws.terminate();
      wss.close();
    },
  };
}
export type LiveServer = ReturnType<typeof createLiveServer>;
