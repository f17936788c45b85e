import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { robotConsoleApi } from "@/lib/contract/robot/control";
import { videoApi } from "@/lib/contract/video/video";
import { LOCALE_COOKIE, normalizeLocale } from "@/lib/contract/locale";
import { CLIENT_IP_HEADER, cookieIn } from "../request-guard";
import { SESSION_COOKIE } from "../session-cookie";
import type { SessionData } from "../session";
import { openSeal } from "../session-seal";
import { forward, safePath, upstreamConfig, type UpstreamConfig } from "../upstream";

/**
 * The cameras' endless FLV streams may also be opened as a WebSocket on the same path (WS-FLV):
 * a browser keeps at most six HTTP/1.1 connections to one host, so a wall of 9 or 16 HTTP-FLV tiles
 * plays six and leaves the rest, and every other call of the page, waiting. The socket carries the
 * bytes the HTTP answer would, as binary messages, forwarded as any call is (the session's token,
 * project and language; scope checked by the upstream); a refusal is its envelope as one text
 * message, then the close. (`proxyApi` itself is not used: it loads Next's request storage, which
 * server.ts may not import.)
 */
const STREAM_PATHS = new Set([videoApi.flv, robotConsoleApi.flv].map((c) => `/api/${c.path}`));
/** Close code of a refused stream (the envelope said why); the player loads again after 2 s. */
export const CLOSE_REFUSED = 4403;
/** A viewer this far behind is cut: the player reconnects at the live edge rather than fall further back. */
const MAX_BUFFERED = 4 * 1024 * 1024;

export function createStreamSockets({ config = upstreamConfig() }: { config?: UpstreamConfig } = {}) {
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  return {
    /** Takes the upgrade when it is for a stream path (the Origin was checked by server.ts). */
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
      const url = new URL(req.url ?? "/", "http://console.local");
      if (!STREAM_PATHS.has(url.pathname)) return false;
      const cookies = req.headers.cookie ?? "";
      let seal: string | undefined;
      try {
        seal = cookieIn(cookies, SESSION_COOKIE);
      } catch {
        seal = undefined;
      }
      void openSeal(seal)
        .catch(() => ({}) as SessionData)
        .then((session) => {
          if (!session.token) return void socket.end("HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
          wss.handleUpgrade(req, socket, head, (ws) => void relay(ws, req, url, session, config));
        });
      return true;
    },
    close() {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}

async function relay(ws: WebSocket, req: IncomingMessage, url: URL, session: SessionData, config: UpstreamConfig) {
  const gone = new AbortController();
  ws.on("close", () => gone.abort());
  ws.on("error", () => gone.abort());
  const service = url.pathname.split("/")[2];
  let locale = normalizeLocale(undefined);
  try {
    locale = normalizeLocale(cookieIn(req.headers.cookie ?? "", LOCALE_COOKIE));
  } catch {
    // A malformed cookie reads as the default language.
  }
  const clientIp = req.headers[CLIENT_IP_HEADER];
  const request = new Request(`http://console.local${url.pathname}${url.search}`, { signal: gone.signal });
  const { response: res } = await forward({ request, service, path: safePath(url.pathname, service)!, token: session.token, projId: session.projId, locale, clientIp: typeof clientIp === "string" ? clientIp : null }, config);
  if (gone.signal.aborted) return void res.body?.cancel().catch(() => {});
  if (!res.body || !/^video\/x-flv\b/i.test(res.headers.get("content-type") ?? "")) {
    const envelope = await res.text().catch(() => "");
    if (envelope) ws.send(envelope);
    return ws.close(CLOSE_REFUSED, "refused");
  }
  const reader = res.body.getReader();
  gone.signal.addEventListener("abort", () => void reader.cancel().catch(() => {}), { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || ws.readyState !== ws.OPEN) break;
      if (ws.bufferedAmount > MAX_BUFFERED) break;
      ws.send(value);
    }
  } catch {
    // The upstream stream broke or the viewer left: the close below tells the player.
  }
  if (ws.readyState === ws.OPEN) ws.close(1000);
}
