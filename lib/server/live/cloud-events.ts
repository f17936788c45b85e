import { upstreamPool } from "../upstream-pool";
import { EventEmitter } from "node:events";
import { createHmac } from "node:crypto";
import { LIVE_KEY_HEADER, LIVE_KEY_LABEL, liveApi, type CloudLiveEvent } from "@/lib/contract/live/live";
import { streamParts } from "@/lib/stream-parts";
import type { UpstreamConfig } from "../upstream";

/** The cloud sends a keep-alive every 15 s: silence longer than this is a dead connection. */
const SILENT_MS = 40_000;
const RETRY_MS = [500, 1_000, 2_000, 5_000];

/**
 * The console's one upstream connection for live events (issue 34): the cloud's internal stream
 * (`comm/apiWs/events`), opened with the key derived from `CLOUD_PROXY_SECRET`, read for as long as
 * the console runs and opened again after a drop. `up` tells when events flow (after a gap the
 * pages read again what they show: events of the gap are not replayed).
 */
export class CloudEvents extends EventEmitter<{ event: [CloudLiveEvent]; up: [boolean] }> {
  private abort: AbortController | null = null;
  private stopped = false;
  private started = false;
  up = false;

  constructor(private readonly config: UpstreamConfig) {
    super();
    this.setMaxListeners(0);
  }

  /** Whether the console can hear the cloud at all (it needs the shared secret). */
  get possible() {
    return !!this.config.proxySecret;
  }

  start() {
    if (this.started || !this.possible) return;
    this.started = true;
    void this.loop();
  }

  stop() {
    this.stopped = true;
    this.abort?.abort();
  }

  private setUp(up: boolean) {
    if (this.up === up) return;
    this.up = up;
    this.emit("up", up);
  }

  private async loop() {
    let failures = 0;
    while (!this.stopped) {
      const ok = await this.connectOnce();
      this.setUp(false);
      if (this.stopped) return;
      failures = ok ? 0 : failures + 1;
      await new Promise((r) => setTimeout(r, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]).unref());
    }
  }

  /** One connection, until it ends; true when it got as far as the cloud's `ready`. */
  private async connectOnce(): Promise<boolean> {
    const abort = (this.abort = new AbortController());
    let watchdog: NodeJS.Timeout | undefined;
    const alive = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => abort.abort(), SILENT_MS).unref();
    };
    let ready = false;
    try {
      alive();
      const key = createHmac("sha256", this.config.proxySecret!).update(LIVE_KEY_LABEL).digest("base64url");
      // Any instance streams every instance's events (they meet in the database): the next one in turn.
      const url = `${upstreamPool(this.config.baseUrl).order()[0]}/${this.config.product}Cloud/${liveApi.events.path}`;
      const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", [LIVE_KEY_HEADER]: key }, body: "{}", signal: abort.signal });
      if (!res.ok || !res.body || !(res.headers.get("content-type") ?? "").includes("text/event-stream")) {
        await res.body?.cancel();
        return false;
      }
      for await (const part of streamParts(res.body, "\n\n")) {
        alive();
        const event = /^event: (\w+)$/m.exec(part)?.[1];
        const data = /^data: (.*)$/m.exec(part)?.[1];
        if (event === "ready") {
          ready = true;
          this.setUp(true);
        } else if (event === "live" && data) {
          this.emit("event", JSON.parse(data) as CloudLiveEvent);
        }
      }
    } catch {
      /* dropped, refused or silent: tried again */
    } finally {
      clearTimeout(watchdog);
    }
    return ready;
  }
}
