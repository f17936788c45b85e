import { NextResponse, type NextRequest } from "next/server";
import { SESSION_COOKIE, TENANT_COOKIE, loginUrl } from "@/lib/server/session-cookie";

/** Open to anonymous visitors; every other page needs a session (core §2). */
const PUBLIC = ["/login", "/previewFile"];

/**
 * A first filter only: sends visitors without a session cookie to login, keeping where they were
 * going and their tenant (the link's `tId`, else the last one they signed in to). Pages and route
 * handlers still check the session themselves. A path no page answers gets Next's own 404 route
 * (app/not-found.tsx), with HTTP 404 set before anything streams.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (pathname === "/") return NextResponse.redirect(new URL("/home", request.url));
  const isPublic = PUBLIC.some((p) => pathname === p || pathname.startsWith(`${p}/`));
  if (!isPublic && !request.cookies.has(SESSION_COOKIE)) {
    return NextResponse.redirect(new URL(loginUrl(pathname + search, request.cookies.get(TENANT_COOKIE)?.value), request.url));
  }
  // Pages learn their own URL from this header (layouts do not get it otherwise).
  const headers = new Headers(request.headers);
  headers.set("x-url", pathname + search);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Not for API routes (they answer 401 envelopes), Next internals or files with an extension.
  matcher: ["/((?!api/|_next/|favicon.ico|brand/|.*\\.[a-zA-Z0-9]+$).*)"],
};
