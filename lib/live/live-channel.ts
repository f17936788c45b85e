import type { RobotLiveAnswer, RobotLiveMessage } from "@/lib/contract/robot/control";
import type { CameraLiveAnswer, CameraLiveMessage } from "@/lib/contract/video/video";
import { LIVE_PATH, LIVE_PING_MS, LIVE_RECONNECT_MS, LIVE_RECONNECT_TRIES, type DeviceLive } from "@/lib/contract/live/topics";
import { type LiveServerMessage } from "@/lib/contract/live/live";

/** The socket's state (widgets §4): connecting, open, closed (a retry due), failed (retries used up). */
export type LiveState = "idle" | "connecting" | "open" | "closed" | "failed";
export type LiveListener = (data: DeviceLive | null) => void;
type Topic = { listeners: Set<LiveListener>; granted: boolean; refused: boolean };

/** Without topics the socket closes after this (a page without live parts holds no connection). */
const IDLE_CLOSE_MS = 30_000;

/**
 * The browser's one live socket (issue 34): topics subscribed while any part of the page wants
 * them, a ping every 30 s, after a close a new try in 3 s up to 5 times, then `failed` (the shell
 * says "websocket reconnect failed"); each reconnect subscribes the page's topics again. Nothing
 * else is replayed. A topic is live while the socket is open, the cloud's events flow and the
 * topic was granted: otherwise the parts poll as before.
 */
export class LiveChannel {
  state: LiveState = "idle";
  /** Whether the console hears the cloud's events. */
  cloud = false;
  private ws: WebSocket | null = null;
  private tries = 0;
  private ping: ReturnType<typeof setInterval> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private idle: ReturnType<typeof setTimeout> | null = null;
  private readonly topics = new Map<string, Topic>();
  private readonly watchers = new Set<() => void>();
  private readonly padListeners = { robot: new Set<(m: RobotLiveAnswer) => void>(), camera: new Set<(m: CameraLiveAnswer) => void>() };
  private version = 0;

  constructor(private readonly url: () => string) {}

  /** A number that changes with anything `isLive` or `state` depends on (for useSyncExternalStore). */
  snapshot = () => this.version;

  watch = (fn: () => void) => {
    this.watchers.add(fn);
    return () => void this.watchers.delete(fn);
  };

  isLive(topic: string) {
    return this.state === "open" && this.cloud && !!this.topics.get(topic)?.granted;
  }

  private changed() {
    this.version++;
    for (const w of this.watchers) w();
  }

  subscribe(topic: string, listener: LiveListener): () => void {
    let t = this.topics.get(topic);
    if (!t) {
      t = { listeners: new Set(), granted: false, refused: false };
      this.topics.set(topic, t);
      this.sendRaw({ type: "sub", topic });
    }
    t.listeners.add(listener);
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    // A page that asks again after the retries ran out gets a fresh round.
    if (this.state === "idle" || this.state === "failed") {
      this.tries = 0;
      this.connect();
    }
    return () => {
      const cur = this.topics.get(topic);
      if (!cur) return;
      cur.listeners.delete(listener);
      if (cur.listeners.size) return;
      this.topics.delete(topic);
      this.sendRaw({ type: "unsub", topic });
      this.changed();
      if (!this.topics.size) this.idle = setTimeout(() => this.shut(), IDLE_CLOSE_MS);
    };
  }

  /**
   * The pads' messages (robot: issue 36, camera: issue 34): sent only while the socket is open (a
   * movement is never queued: false when not sent); the console's answers go to `onRobot`'s and
   * `onCamera`'s listeners.
   */
  sendRobot(m: Omit<RobotLiveMessage, "type">): boolean {
    return this.sendNow({ type: "robot", ...m });
  }

  sendCamera(m: Omit<CameraLiveMessage, "type">): boolean {
    return this.sendNow({ type: "camera", ...m });
  }

  onRobot(listener: (m: RobotLiveAnswer) => void): () => void {
    this.padListeners.robot.add(listener);
    return () => void this.padListeners.robot.delete(listener);
  }

  onCamera(listener: (m: CameraLiveAnswer) => void): () => void {
    this.padListeners.camera.add(listener);
    return () => void this.padListeners.camera.delete(listener);
  }

  private sendNow(m: RobotLiveMessage | CameraLiveMessage) {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(m));
    return true;
  }

  private sendRaw(m: object) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(m));
  }

  private setState(s: LiveState) {
    this.state = s;
    this.changed();
  }

  private connect() {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.setState("connecting");
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url());
    } catch {
      return this.closed(1006);
    }
    this.ws = ws;
    ws.onopen = () => {
      this.tries = 0;
      this.setState("open");
      this.ping = setInterval(() => this.sendRaw({ type: "ping" }), LIVE_PING_MS);
      for (const topic of this.topics.keys()) this.sendRaw({ type: "sub", topic });
    };
    ws.onmessage = (e) => this.message(JSON.parse(String(e.data)) as LiveServerMessage);
    ws.onclose = (e) => {
      if (this.ws === ws) this.closed(e.code);
    };
  }

  private message(m: LiveServerMessage) {
    if (m.type === "state") {
      this.cloud = m.live;
      return this.changed();
    }
    if (m.type === "pong") return;
    if (m.type === "robot") {
      for (const l of this.padListeners.robot) l(m);
      return;
    }
    if (m.type === "camera") {
      for (const l of this.padListeners.camera) l(m);
      return;
    }
    const t = this.topics.get(m.topic);
    if (!t) return;
    if (m.type === "subscribed") {
      t.granted = true;
      t.refused = false;
      return this.changed();
    }
    if (m.type === "refused") {
      t.granted = false;
      t.refused = true;
      return this.changed();
    }
    for (const l of t.listeners) l(m.data);
  }

  private closed(code: number) {
    if (this.ping) clearInterval(this.ping);
    this.ping = null;
    this.ws = null;
    this.cloud = false;
    for (const t of this.topics.values()) t.granted = false;
    // The session ended: the page's own calls lead to the login; no retry here.
    if (code === 4401 || !this.topics.size) return this.setState(code === 4401 ? "failed" : "idle");
    if (this.tries >= LIVE_RECONNECT_TRIES) return this.setState("failed");
    this.tries++;
    this.setState("closed");
    this.retry = setTimeout(() => this.connect(), LIVE_RECONNECT_MS);
  }

  /** Closes the socket on purpose (no retry). */
  shut() {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const ws = this.ws;
    this.ws = null;
    if (this.ping) clearInterval(this.ping);
    this.ping = null;
    ws?.close(1000);
    this.cloud = false;
    for (const t of this.topics.values()) t.granted = false;
    this.setState("idle");
  }
}

let channel: LiveChannel | null = null;
/** The page's one channel, made on first use. */
export function liveChannel(): LiveChannel {
  channel ??= new LiveChannel(() => `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${LIVE_PATH}`);
  return channel;
}
