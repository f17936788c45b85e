import type { Server } from "node:http";

/**
 * How long the HTTP servers devices and proxies talk to keep an idle kept-alive connection (65 s, `HTTP_KEEP_ALIVE_S`
 * to change). Node's default is 5 s: a client that sends its next request on a connection the server is closing at
 * that moment (a device's next `Range` part, a proxy's pooled upstream connection; timers fire late on a loaded
 * machine) gets `ECONNRESET`. The server says its timeout in `Keep-Alive: timeout=N`; clients that read it (fetch)
 * close their side about a second sooner, and clients and proxies that keep their own idle timeout (nginx's upstream
 * `keepalive_timeout` and most load balancers: 60 s) close theirs first as long as it is shorter than this one.
 */
export const KEEP_ALIVE_S = 65;

export function keepAliveSeconds(env: string | undefined = process.env.HTTP_KEEP_ALIVE_S): number {
  if (!env) return KEEP_ALIVE_S;
  const s = Number(env);
  if (Number.isInteger(s) && s >= 1 && s <= 3600) return s;
  console.warn(`[http] HTTP_KEEP_ALIVE_S=${JSON.stringify(env)} is not a whole number of seconds from 1 to 3600: keeping idle connections ${KEEP_ALIVE_S} s`);
  return KEEP_ALIVE_S;
}

/** Keeps idle connections `seconds` (and waits for a request's headers a second longer, so the two timers never race). */
export function keepIdleConnections<S extends Pick<Server, "keepAliveTimeout" | "headersTimeout">>(server: S, seconds = keepAliveSeconds()): S {
  server.keepAliveTimeout = seconds * 1000;
  server.headersTimeout = (seconds + 1) * 1000;
  return server;
}
