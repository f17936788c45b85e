import { NextResponse, type NextRequest } from "next/server";
import { SESSION_COOKIE } from "@/lib/server/session-cookie";

/** Open to anonymous visitors; every other page needs a session (core §2). */
const PUBLIC = ["/login", "/previewFile"];

/**
 * A first filter only: sends visitors without a session cookie to login, keeping where they were
 * going. Pages and route handlers still check the session themselves.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (pathname === "/") return NextResponse.redirect(new URL("/home", request.url));
  const isPublic = PUBLIC.some((p) => pathname === p || pathname.startsWith(`${p}/`));
  if (!isPublic && !request.cookies.has(SESSION_COOKIE)) {
    const url = new URL("/login", request.url);
    url.searchParams.set("redirect", pathname + search);
    return NextResponse.redirect(url);
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
