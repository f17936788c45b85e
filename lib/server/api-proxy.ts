import { getIronSession } from "iron-session";
import { Code, type Envelope } from "@/lib/contract/envelope";
import { apiTextFor } from "./api-text";
import { clientIpOf, foreignOrigin, localeOf } from "./request-guard";
import { isHttps, sessionOptions, type SessionData } from "./session";
import { forward, safePath, SERVICES, TREND_SERVICE, upstreamConfig, type UpstreamConfig } from "./upstream";

const services = new Set<string>([...SERVICES, TREND_SERVICE]);

function envelope(status: number, code: number, msg: string) {
  const body: Envelope<null> = { code, msg, data: null, success: false };
  return Response.json(body, { status });
}

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

/** `/api/{service}/{...path}`: checks, then forwards with the session's token, project and language. */
export async function proxyApi(request: Request, service: string, config: UpstreamConfig = upstreamConfig()): Promise<Response> {
  const locale = localeOf(request);
  const text = apiTextFor(locale);
  if (foreignOrigin(request)) return envelope(403, Code.FORBIDDEN, text.forbidden);
  if (!services.has(service)) return envelope(404, Code.NOT_FOUND, text.notFound);
  const path = safePath(new URL(request.url).pathname, service);
  if (path === null) return envelope(400, Code.BAD_REQUEST, text.badPath);
  const { session, jar } = await sessionFor(request);
  const result = await forward(
    { request, service, path, token: session.token, projId: session.projId, locale, clientIp: clientIpOf(request) },
    config,
  );
  if (result.unauthorized) session.destroy();
  return withCookies(result.response, jar);
}
