import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

/** How long a call may take to connect, to its answer's first byte, and in all. */
export type UpstreamTimeouts = { connectMs: number; firstByteMs: number; totalMs: number };

/** Why a call got no answer: the client went away, or the upstream did not answer in time or at all. */
export class UpstreamError extends Error {
  constructor(
    readonly reason: "aborted" | "network",
    message: string,
    /** The error came from a pooled connection the upstream had already closed. */
    readonly reset = false,
    /** No connection was made: the upstream never saw the call (refused, unreachable, no connection in time). */
    readonly unsent = false,
  ) {
    super(message);
  }
}

const agents = { "http:": new http.Agent({ keepAlive: true }), "https:": new https.Agent({ keepAlive: true }) };
const RESETS = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED"]);
/** Methods that change nothing: sent again once when a pooled connection turns out closed. */
const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS"]);
/** Answers that stream for as long as they are watched: the whole-call limit does not apply. */
const LIVE_TYPES = /^(video\/x-flv|video\/mp2t|application\/vnd\.apple\.mpegurl)\b/i;

/**
 * One call to the upstream over pooled keep-alive connections (node:http, so each phase has its
 * own timeout: a hung upstream is noticed in seconds, not after the whole call's limit).
 * A connection on which a body was refused (413 and the like, perhaps answered before the body was
 * read) is never reused: the upstream may close it, and the next call on it would fail. A call
 * without body that meets a pooled connection closed under it is sent once more.
 */
export async function upstreamRequest(url: URL, init: { method: string; headers: Headers; body: ReadableStream<Uint8Array> | null; signal: AbortSignal }, t: UpstreamTimeouts): Promise<Response> {
  try {
    return await once(url, init, t);
  } catch (e) {
    if (!(e instanceof UpstreamError && e.reset && !init.body && IDEMPOTENT.has(init.method))) throw e;
    return once(url, init, t);
  }
}

function once(url: URL, init: { method: string; headers: Headers; body: ReadableStream<Uint8Array> | null; signal: AbortSignal }, t: UpstreamTimeouts): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (init.signal.aborted) return reject(new UpstreamError("aborted", "aborted"));
    const lib = url.protocol === "https:" ? https : http;
    const req = lib.request(url, { method: init.method, headers: Object.fromEntries(init.headers), agent: agents[url.protocol as keyof typeof agents] });
    let answered = false;
    let connected = false;
    let bodySent = !init.body;
    const timers: NodeJS.Timeout[] = [];
    const clear = () => timers.forEach(clearTimeout);
    const fail = (error: UpstreamError) => {
      clear();
      init.signal.removeEventListener("abort", onAbort);
      req.destroy(error);
      if (!answered) reject(error);
    };
    const onAbort = () => fail(new UpstreamError("aborted", "aborted"));
    init.signal.addEventListener("abort", onAbort, { once: true });
    const total = setTimeout(() => fail(new UpstreamError("network", "no answer in time")), t.totalMs);
    timers.push(total);
    timers.push(setTimeout(() => !answered && fail(new UpstreamError("network", "no first byte in time")), t.firstByteMs));
    req.once("socket", (socket) => {
      // A pooled connection is connected already; a new one has `connectMs` to connect.
      if (req.reusedSocket || !socket.connecting) return void (connected = true);
      const connect = setTimeout(() => fail(new UpstreamError("network", "no connection in time", false, true)), t.connectMs);
      timers.push(connect);
      socket.once("connect", () => {
        connected = true;
        clearTimeout(connect);
      });
    });
    req.on("error", (e: NodeJS.ErrnoException) => {
      if (e instanceof UpstreamError) return;
      fail(new UpstreamError("network", e.message, req.reusedSocket && !answered && RESETS.has(e.code ?? ""), !connected));
    });
    req.once("response", (res) => {
      answered = true;
      const status = res.statusCode ?? 502;
      // A live stream (a camera's video) has no end: only the client's leaving ends it.
      if (status === 200 && LIVE_TYPES.test(res.headers["content-type"] ?? "")) clearTimeout(total);
      // A refused body may not have been read (413, a refusal before the body): the upstream will
      // close the connection, so it leaves the pool now; and what is still unsent is not sent.
      if (!bodySent || (init.body && status >= 400)) {
        req.shouldKeepAlive = false;
        res.once("end", () => req.destroy());
      }
      res.once("end", () => {
        clear();
        init.signal.removeEventListener("abort", onAbort);
      });
      res.once("error", () => clear());
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers)) for (const v of [value ?? []].flat()) headers.append(name, v);
      const empty = init.method === "HEAD" || status === 204 || status === 304;
      if (empty) res.resume();
      resolve(new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), { status, headers }));
    });
    if (!init.body) return void req.end();
    const body = Readable.fromWeb(init.body as NodeReadableStream<Uint8Array>);
    body.once("error", (e) => fail(new UpstreamError("network", e.message)));
    req.once("finish", () => (bodySent = true));
    body.pipe(req);
  });
}
