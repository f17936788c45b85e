import { cookies, headers } from "next/headers";
import { connection } from "next/server";
import { getIronSession, type SessionOptions } from "iron-session";
import type { SessionUser } from "@/lib/contract/auth";
import { SESSION_COOKIE } from "./session-cookie";
import { SESSION_TTL_S, sessionSecret } from "./session-seal";

export { SESSION_COOKIE };

/** What the console keeps about a signed-in user; the token never reaches the browser. */
export type SessionData = {
  token?: string;
  roles?: string;
  tenantId?: number;
  projId?: number | null;
  user?: SessionUser;
};
export type SignedIn = Required<Pick<SessionData, "token" | "roles" | "tenantId" | "user">> & { projId: number | null };

export { SESSION_TTL_S };

export function sessionOptions(secure: boolean): SessionOptions {
  return {
    password: sessionSecret(),
    cookieName: SESSION_COOKIE,
    ttl: SESSION_TTL_S,
    cookieOptions: { httpOnly: true, sameSite: "lax", secure, path: "/" },
  };
}

/** Behind a TLS-terminating proxy the request arrives as http with X-Forwarded-Proto: https. */
export function isHttps(h: Headers, url?: string): boolean {
  return h.get("x-forwarded-proto")?.split(",")[0].trim() === "https" || (url ?? "").startsWith("https:");
}

async function getSession() {
  // Unsealing checks expiry against the clock: that belongs to request time, never a prerender.
  await connection();
  const h = await headers();
  return getIronSession<SessionData>(await cookies(), sessionOptions(isHttps(h)));
}

/** The signed-in session, or null. */
export async function currentSession(): Promise<SignedIn | null> {
  const s = await getSession();
  if (!s.token || !s.user || !s.tenantId) return null;
  return { token: s.token, roles: s.roles ?? "", tenantId: s.tenantId, user: s.user, projId: s.projId ?? null };
}
