import { z } from "zod";
import { loginApi, phoneLogin, usernameLogin } from "@/lib/contract/auth";
import { Code, envelopeResponse } from "@/lib/contract/envelope";
import { LOCALE_COOKIE, locales } from "@/lib/contract/locale";
import { apiTextFor } from "./api-text";
import { sessionFor, withCookies } from "./api-proxy";
import { TENANT_COOKIE, TENANT_COOKIE_MAX_AGE_S } from "./session-cookie";
import { clientIpOf, foreignOrigin, localeOf } from "./request-guard";
import { upstreamCall, upstreamConfig, type UpstreamConfig } from "./upstream";
import type { CallInput } from "@/lib/contract/call";

const loginBody = z.discriminatedUnion("mode", [
  usernameLogin.extend({ mode: z.literal("username") }),
  phoneLogin.extend({ mode: z.literal("phone") }),
]);

async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return null;
  }
}

/**
 * Login: the cloud checks the credentials; on success the console starts a fresh session cookie
 * holding the token and answers without it.
 */
export async function login(request: Request, config: UpstreamConfig = upstreamConfig()): Promise<Response> {
  const locale = localeOf(request);
  const text = apiTextFor(locale);
  if (foreignOrigin(request)) return envelopeResponse(403, Code.FORBIDDEN, text.forbidden);
  const raw = await readJson(request);
  const mode = (raw as { mode?: unknown } | null)?.mode;
  const parsed = loginBody.safeParse(raw);
  // Field checks are the cloud's (it names the field in the user's language); pass the body on.
  const loginCall = mode === "phone" ? loginApi.phone : loginApi.username;
  const payload = (parsed.success ? (({ mode: _, ...rest }) => rest)(parsed.data) : raw ?? {}) as CallInput<typeof loginCall>;
  const env = await upstreamCall(loginCall, payload, { locale, clientIp: clientIpOf(request) }, config);
  if (env.code !== Code.OK) return envelopeResponse(env.code === Code.ERROR ? 502 : 200, env.code, env.msg, env.data);
  const { session, jar } = await sessionFor(request);
  // A fresh seal holding only the new login: nothing of a previous session carries over.
  for (const key of Object.keys(session)) delete (session as unknown as Record<string, unknown>)[key];
  Object.assign(session, { token: env.data.token, roles: env.data.roles, tenantId: env.data.tenantId, user: env.data.user, projId: null });
  await session.save();
  // Not secret: which tenant's login a later visit without a session should open.
  jar.headers.append("set-cookie", `${TENANT_COOKIE}=${env.data.tenantId}; Path=/; Max-Age=${TENANT_COOKIE_MAX_AGE_S}; SameSite=Lax`);
  const { token: _token, ...publicData } = env.data;
  return withCookies(envelopeResponse(200, Code.OK, env.msg, publicData), jar);
}

/** Logout: revoke the token upstream (best effort) and clear the cookie either way. */
export async function logout(request: Request, config: UpstreamConfig = upstreamConfig()): Promise<Response> {
  const locale = localeOf(request);
  const text = apiTextFor(locale);
  if (foreignOrigin(request)) return envelopeResponse(403, Code.FORBIDDEN, text.forbidden);
  const { session, jar } = await sessionFor(request);
  let msg = text.loggedOut;
  if (session.token) {
    const env = await upstreamCall(loginApi.logout, {}, { token: session.token, locale }, config);
    if (env.code === Code.OK) msg = env.msg;
  }
  session.destroy();
  // Logging out forgets the tenant too: the next login is tenant 1's unless a link says otherwise (core §4).
  jar.headers.append("set-cookie", `${TENANT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`);
  return withCookies(envelopeResponse(200, Code.OK, msg), jar);
}

const localeBody = z.object({ locale: z.enum(locales) });

/** Language switch: a long-lived cookie the server reads on every render. */
export async function setLocale(request: Request): Promise<Response> {
  const text = apiTextFor(localeOf(request));
  if (foreignOrigin(request)) return envelopeResponse(403, Code.FORBIDDEN, text.forbidden);
  const parsed = localeBody.safeParse(await readJson(request));
  if (!parsed.success) return envelopeResponse(400, Code.BAD_REQUEST, text.requestFailed);
  const res = envelopeResponse(200, Code.OK, apiTextFor(parsed.data.locale).localeChanged);
  res.headers.append("set-cookie", `${LOCALE_COOKIE}=${parsed.data.locale}; Path=/; Max-Age=31536000; SameSite=Lax`);
  return res;
}
