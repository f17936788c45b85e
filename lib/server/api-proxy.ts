import { getIronSession } from "iron-session";
import { Code, envelopeResponse } from "@/lib/contract/envelope";
import { apiTextFor } from "./api-text";
import { clientIpOf, cookieValue, foreignOrigin, localeOf } from "./request-guard";
import { isHttps, SESSION_COOKIE, sessionOptions, type SessionData } from "./session";
import { SERVICES, TREND_SERVICE } from "@/lib/contract/services";
import { forgetSeal, openSeal } from "./session-seal";
import { forward, safePath, upstreamConfig, type UpstreamConfig } from "./upstream";

/** What the console forwards (core §7); anything else is a 404 without touching the upstream. */
const services = new Set<string>([...SERVICES, TREND_SERVICE]);

/** Loads the session from the request; cookies it sets land on `jar` and are copied to the answer. */
export async function sessionFor(request: Request) {
  const jar = new Response();
  const session = await getIronSession<SessionData>(request, jar, sessionOptions(isHttps(request.headers, request.url)));
  return { session, jar };
}

export function withCookies(response: Response, jar: Response): Response {
  const cookies = jar.headers.getSetCookie();
  if (!cookies.length) return response;
  const headers = new Headers(response.headers);
  for (const c of cookies) headers.append("set-cookie", c);
  return new Response(response.body, { status: response.status, headers });
}

async function readSession(request: Request): Promise<SessionData> {
  return openSeal(cookieValue(request, SESSION_COOKIE));
}

/**
 * A refusal the upstream explains in an envelope (invalid input, a rule, a missing right) is an
 * answer the page shows, not a failed load: sent as 200 so the browser does not log every
 * validation as a console error. The fetcher reads the envelope's code, never the HTTP status;
 * the upstream's status travels in `x-upstream-status`.
 */
function refusalAsAnswer(res: Response): Response {
  if (res.status < 400 || res.status >= 500 || !(res.headers.get("content-type") ?? "").includes("application/json")) return res;
  const headers = new Headers(res.headers);
  headers.set("x-upstream-status", String(res.status));
  return new Response(res.body, { status: 200, headers });
}

/**
 * `/api/mcp`: the cloud's MCP server for integrations and AI agents. They bring a personal API key
 * (`Authorization: Bearer iotk_…`), not a console session: only such a key passes on, unchanged, like
 * a device's credentials to the ingest; the browser's session is never used here and no upstream
 * host or token is ever answered (docs/domains/api-keys.md).
 */
export async function proxyMcp(request: Request, config: UpstreamConfig = upstreamConfig()): Promise<Response> {
  const locale = localeOf(request);
  const text = apiTextFor(locale);
  if (foreignOrigin(request)) return envelopeResponse(403, Code.FORBIDDEN, text.forbidden);
  const key = request.headers.get("authorization") ?? "";
  if (!/^Bearer iotk_[\w-]+$/.test(key)) return envelopeResponse(401, Code.UNAUTHORIZED, text.apiKeyRequired);
  return (await forward({ request, service: "mcp", path: "", token: key, locale, clientIp: clientIpOf(request), device: true }, config)).response;
}

/** Paths under `device/` a device fetches by its own credentials, never by a session. */
const DEVICE_DOWNLOADS = new Set(["ota/download", "devRobotConsole/audioFile"]);

/** `/api/{service}/{...path}`: checks, then forwards with the session's token, project and language. */
export async function proxyApi(request: Request, service: string, config: UpstreamConfig = upstreamConfig()): Promise<Response> {
  const locale = localeOf(request);
  const text = apiTextFor(locale);
  if (foreignOrigin(request)) return envelopeResponse(403, Code.FORBIDDEN, text.forbidden);
  if (!services.has(service)) return envelopeResponse(404, Code.NOT_FOUND, text.notFound);
  const path = safePath(new URL(request.url).pathname, service);
  if (path === null) return envelopeResponse(400, Code.BAD_REQUEST, text.badPath);
  // Devices post to the HTTP ingest with their own Basic credentials (SN:secret) and no session:
  // those pass through as they are, and the cloud's answer (a refusal included) goes back unchanged.
  // A device's firmware download (device/ota/download) and a robot's talk-back clip (device/devRobotConsole/audioFile)
  // are the same: its Basic credentials and the signed URL.
  if ((service === "comm" && path.startsWith("ingest/")) || (service === "device" && DEVICE_DOWNLOADS.has(path))) {
    const device = request.headers.get("authorization") ?? undefined;
    return (await forward({ request, service, path, token: device, locale, clientIp: clientIpOf(request), device: true }, config)).response;
  }
  const data = await readSession(request);
  const result = await forward({ request, service, path, token: data.token, projId: data.projId, locale, clientIp: clientIpOf(request) }, config);
  if (!result.unauthorized) return refusalAsAnswer(result.response);
  forgetSeal(cookieValue(request, SESSION_COOKIE));
  const { session, jar } = await sessionFor(request);
  session.destroy();
  return withCookies(result.response, jar);
}
