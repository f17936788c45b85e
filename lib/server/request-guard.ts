import { LOCALE_COOKIE, normalizeLocale, type Locale } from "@/lib/contract/locale";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State-changing calls must come from our own pages: a foreign or `null` Origin is refused.
 * Requests without Origin (non-browser clients) are let through; browsers always send it on POST.
 */
export function foreignOrigin(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("origin");
  if (origin === null) return request.headers.get("sec-fetch-site") === "cross-site";
  if (origin === "null") return true;
  try {
    return new URL(origin).host !== (request.headers.get("host") ?? new URL(request.url).host);
  } catch {
    return true;
  }
}

export function cookieValue(request: Request, name: string): string | undefined {
  return cookieIn(request.headers.get("cookie") ?? "", name);
}

/** A cookie's value in a `Cookie` header (a socket's upgrade request has no `Request`). */
export function cookieIn(header: string, name: string): string | undefined {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export const localeOf = (request: Request): Locale => normalizeLocale(cookieValue(request, LOCALE_COOKIE));

/** Set by server.ts from the socket after dropping whatever the client sent under that name. */
export const CLIENT_IP_HEADER = "x-console-client-ip";
export const clientIpOf = (request: Request) => request.headers.get(CLIENT_IP_HEADER);
