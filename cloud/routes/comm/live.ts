import { timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { streamSSE } from "hono/streaming";
import { LIVE_KEY_HEADER, liveApi, type CloudLiveEvent } from "@/lib/contract/live/live";
import { listenLive, liveKey } from "../../live/bus";
import type { CloudEnv } from "../../lib/context";
import { forbidden } from "../../lib/http";
import { serve } from "../../lib/serve";

const HEARTBEAT_MS = 15_000;
/** Events waiting for a slow console beyond this are dropped (a screen wants the newest, not a backlog). */
const QUEUE_MAX = 10_000;

/** Only the console, with the key derived from `CLOUD_PROXY_SECRET` (without a secret the stream is closed to all). */
const consoleOnly: MiddlewareHandler<CloudEnv> = async (c, next) => {
  const secret = c.var.deps.config.proxySecret;
  const given = c.req.header(LIVE_KEY_HEADER) ?? "";
  const want = secret ? liveKey(secret) : "";
  if (!want || given.length !== want.length || !timingSafeEqual(Buffer.from(given), Buffer.from(want))) throw forbidden();
  await next();
};

/**
 * The internal event stream (issue 34): every live event of this cloud as server-sent events, to
 * the console, which checked each reader when it subscribed and filters per socket.
 */
export const liveServed = [
  serve(
    liveApi.events,
    (c) =>
      streamSSE(c, async (stream) => {
        const queue: CloudLiveEvent[] = [];
        let wake: (() => void) | null = null;
        const onEvent = (e: CloudLiveEvent) => {
          if (queue.length >= QUEUE_MAX) queue.shift();
          queue.push(e);
          wake?.();
        };
        const stop = listenLive(onEvent);
        let open = true;
        stream.onAbort(() => {
          open = false;
          wake?.();
        });
        try {
          await stream.writeSSE({ event: "ready", data: "{}" });
          while (open) {
            // One write per wake-up: the events queued meanwhile go out together.
            if (queue.length) await stream.write(queue.splice(0).map((e) => `event: live\ndata: ${JSON.stringify(e)}\n\n`).join(""));
            if (queue.length) continue;
            await new Promise<void>((resolve) => {
              wake = resolve;
              setTimeout(resolve, HEARTBEAT_MS).unref();
            });
            wake = null;
            if (!queue.length && open) await stream.write(": keep-alive\n\n");
          }
        } finally {
          stop();
        }
      }),
    consoleOnly,
  ),
];
