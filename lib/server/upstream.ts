import { Code, envelopeOf, envelopeResponse, isEnvelope, type Envelope } from "@/lib/contract/envelope";
import type { Locale } from "@/lib/contract/locale";
import type { AnyCall, CallAnswer, CallInput } from "@/lib/contract/call";
import { PROXY_SECRET_HEADER } from "@/lib/contract/console-proxy";
import { TREND_SERVICE } from "@/lib/contract/services";
import { apiTextFor } from "./api-text";
import { upstreamPool } from "./upstream-pool";
import { upstreamRequest, UpstreamError } from "./upstream-request";

export type UpstreamConfig = {
  /** The upstream base, e.g. http://127.0.0.1:3100 (the built-in cloud) or UPSTREAM_URL: one, or a comma-separated list of instances. */
  baseUrl: string;
  trendUrl?: string;
  product: string;
  /** The whole call's limit (`UPSTREAM_TIMEOUT_MS`); a long export or stream may need it. */
  timeoutMs: number;
  /** Limits to connect (`UPSTREAM_CONNECT_TIMEOUT_MS`) and to the answer's first byte (`UPSTREAM_FIRST_BYTE_TIMEOUT_MS`): a hung upstream is noticed early. */
  connectMs?: number;
  firstByteMs?: number;
  /** Sent with each call so the cloud believes the client address the console gives (`CLOUD_PROXY_SECRET`). */
  proxySecret?: string;
};

export function upstreamConfig(): UpstreamConfig {
  return {
    baseUrl: process.env.UPSTREAM_URL || process.env.BUILTIN_CLOUD_URL || "http://127.0.0.1:3100",
    trendUrl: process.env.TREND_UPSTREAM_URL || undefined,
    product: process.env.CLOUD_PRODUCT || "iot",
    timeoutMs: Number(process.env.UPSTREAM_TIMEOUT_MS || 120_000),
    connectMs: Number(process.env.UPSTREAM_CONNECT_TIMEOUT_MS || 3_000),
    firstByteMs: Number(process.env.UPSTREAM_FIRST_BYTE_TIMEOUT_MS || 30_000),
    proxySecret: process.env.CLOUD_PROXY_SECRET || undefined,
  };
}

/** The largest body kept to be sent again to another instance (a form, not an upload). */
const KEEP_BODY_BYTES = 1 << 20;

/** Request headers the browser may pass on; everything else (Cookie, Authorization, projectId,
 *  X-Forwarded-*…) is dropped and the trusted ones are set from the session. */
const PASS_REQUEST = ["accept", "content-type", "content-length", "if-none-match", "if-modified-since", "range", "mcp-protocol-version"];
/** Response headers the browser may see; Set-Cookie, Server, X-Powered-By and anything naming the
 *  upstream stay behind. */
const PASS_RESPONSE = [
  "content-type",
  "content-length",
  "content-disposition",
  "content-range",
  "accept-ranges",
  "cache-control",
  "etag",
  "last-modified",
  "x-content-type-options",
  // A device told to come back later (a firmware download past its task's cap) reads when.
  "retry-after",
];

/**
 * A safe relative path below the service, or null. Refuses traversal in every spelling: dot
 * segments, encoded slashes and backslashes, empty segments, absolute URLs.
 */
export function safePath(rawPathname: string, service: string): string | null {
  const prefix = `/api/${service}/`;
  if (!rawPathname.startsWith(prefix)) return null;
  const rest = rawPathname.slice(prefix.length);
  if (!rest || /%2f|%5c|%2e|\\|\/\/|:/i.test(rest)) return null;
  const segments = rest.split("/");
  if (segments.some((s) => s === "" || s === "." || s === "..")) return null;
  try {
    if (segments.some((s) => /[\\/]/.test(decodeURIComponent(s)))) return null;
  } catch {
    return null;
  }
  return rest;
}

export type ForwardInput = {
  request: Request;
  service: string;
  path: string;
  token?: string;
  projId?: number | null;
  locale: Locale;
  clientIp?: string | null;
  /** A device's own call (HTTP ingest): its 401 is a wrong SN or secret, not an ended session. */
  device?: boolean;
};

export type ForwardResult = { response: Response; unauthorized: boolean };

/**
 * Forwards one call to the upstream: trusted headers from the session, bodies streamed both ways,
 * connect, first-byte and whole-call timeouts joined with the client's abort. Never throws;
 * failures become envelopes.
 */
export async function forward(input: ForwardInput, config: UpstreamConfig): Promise<ForwardResult> {
  const { request, service, path, locale } = input;
  const text = apiTextFor(locale);
  const incoming = new URL(request.url);
  const rest = `${[service, path].filter(Boolean).join("/")}${incoming.search}`;
  const pool = service === TREND_SERVICE && config.trendUrl ? null : upstreamPool(config.baseUrl);
  const bases = pool ? pool.order() : [config.trendUrl!.replace(/\/+$/, "")];

  const headers = new Headers();
  for (const name of PASS_REQUEST) {
    const v = request.headers.get(name);
    if (v !== null) headers.set(name, v);
  }
  if (input.token) headers.set("authorization", input.token);
  if (input.projId) headers.set("projectid", String(input.projId));
  headers.set("language", locale);
  if (input.clientIp) headers.set("x-real-ip", input.clientIp);
  if (config.proxySecret) headers.set(PROXY_SECRET_HEADER, config.proxySecret);

  const hasBody = request.method !== "GET" && request.method !== "HEAD" && request.body !== null;
  // Over several instances a small body is kept, so what one instance never received goes to the next.
  const kept = hasBody && bases.length > 1 && Number(request.headers.get("content-length") ?? Infinity) <= KEEP_BODY_BYTES ? await request.arrayBuffer() : null;
  const timeouts = { connectMs: config.connectMs ?? 3_000, firstByteMs: Math.min(config.firstByteMs ?? config.timeoutMs, config.timeoutMs), totalMs: config.timeoutMs };
  let upstream: Response | undefined;
  for (const [i, base] of bases.entries()) {
    const target = new URL(pool ? `${base}/${config.product}Cloud/${rest}` : `${base}/${path}${incoming.search}`);
    try {
      const body = kept ? new Blob([kept]).stream() : hasBody ? request.body : null;
      upstream = await upstreamRequest(target, { method: request.method, headers, body, signal: request.signal }, timeouts);
      pool?.up(base);
      break;
    } catch (e) {
      if (e instanceof UpstreamError && e.reason === "aborted") return { response: new Response(null, { status: 499 }), unauthorized: false };
      if (e instanceof UpstreamError && e.unsent) pool?.down(base);
      // Another instance may answer what changes nothing, or what this one never received;
      // a streamed body is spent, so a call with one is not sent twice.
      const unsent = e instanceof UpstreamError && e.unsent;
      const again = (!hasBody && (request.method === "GET" || request.method === "HEAD" || unsent)) || (kept !== null && unsent);
      if (!again || i === bases.length - 1) return { response: envelopeResponse(502, Code.NETWORK, text.networkError), unauthorized: false };
    }
  }
  if (!upstream) return { response: envelopeResponse(502, Code.NETWORK, text.networkError), unauthorized: false };

  const type = upstream.headers.get("content-type") ?? "";
  if (upstream.status === 401 && !input.device) {
    await upstream.body?.cancel();
    return { response: envelopeResponse(401, Code.UNAUTHORIZED, text.loginTimeout), unauthorized: true };
  }
  const outHeaders = new Headers();
  for (const name of PASS_RESPONSE) {
    const v = upstream.headers.get(name);
    if (v !== null) outHeaders.set(name, v);
  }
  // A HEAD answer has no body to read: its status and headers are the answer.
  if (request.method === "HEAD") return { response: new Response(null, { status: upstream.status, headers: outHeaders }), unauthorized: false };
  if (type.includes("application/json")) {
    // JSON answers are envelopes: read them to spot a 401 inside a 200 and garbage from a broken upstream.
    let raw: string;
    let parsed: unknown;
    try {
      raw = await upstream.text();
      parsed = JSON.parse(raw);
    } catch {
      return { response: envelopeResponse(502, Code.ERROR, text.requestFailed), unauthorized: false };
    }
    if (isEnvelope(parsed) && parsed.code === Code.UNAUTHORIZED && !input.device) {
      return { response: envelopeResponse(401, Code.UNAUTHORIZED, text.loginTimeout), unauthorized: true };
    }
    // The checked text goes on as it came (no second serialisation); its length is recomputed
    // as the text is sent again by this response.
    outHeaders.delete("content-length");
    return { response: new Response(raw, { status: upstream.status, headers: outHeaders }), unauthorized: false };
  }
  if (upstream.status >= 500 || (upstream.status >= 300 && upstream.status < 400)) {
    await upstream.body?.cancel();
    return { response: envelopeResponse(502, Code.ERROR, text.requestFailed), unauthorized: false };
  }
  return { response: new Response(upstream.body, { status: upstream.status, headers: outHeaders }), unauthorized: false };
}

export type UpstreamAuth = { token?: string; projId?: number | null; locale: Locale; clientIp?: string | null };

/**
 * A declared call made from the console's server (layouts, pages, route handlers), typed by its
 * declaration: a GET sends its input as the query, a POST as the JSON body.
 */
export function upstreamCall<C extends AnyCall>(c: C, input: CallInput<C>, auth: UpstreamAuth, config?: UpstreamConfig): Promise<Envelope<CallAnswer<C>>> {
  if (c.kind === "get") return callUpstream<CallAnswer<C>>(c.path, { ...auth, query: (input ?? {}) as Record<string, string | number> }, config);
  return callUpstream<CallAnswer<C>>(c.path, { ...auth, method: "POST", body: input ?? {} }, config);
}

/** Calls the upstream from the server itself (server components, login), envelope in, envelope out. */
async function callUpstream<T>(
  path: string,
  opts: { method?: "GET" | "POST"; body?: unknown; token?: string; projId?: number | null; locale: Locale; clientIp?: string | null; query?: Record<string, string | number> },
  config: UpstreamConfig = upstreamConfig(),
): Promise<Envelope<T>> {
  const [service, ...rest] = path.split("/");
  const qs = new URLSearchParams(Object.entries(opts.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
  const request = new Request(`http://console.local/api/${path}${qs ? `?${qs}` : ""}`, {
    method: opts.method ?? "GET",
    headers: opts.body === undefined ? undefined : { "content-type": "application/json" },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const { response } = await forward({ request, service, path: rest.join("/"), token: opts.token, projId: opts.projId, locale: opts.locale, clientIp: opts.clientIp }, config);
  try {
    const env: unknown = await response.json();
    if (isEnvelope(env)) return env as Envelope<T>;
  } catch {
    /* fall through */
  }
  return envelopeOf(Code.ERROR, apiTextFor(opts.locale).requestFailed, null as T);
}
