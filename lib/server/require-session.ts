import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { currentSession, type SignedIn } from "./session";
import { TENANT_COOKIE, loginUrl } from "./session-cookie";

/** Pages check the session themselves (proxy.ts is a first filter only). */
export async function requireSession(): Promise<SignedIn> {
  const session = await currentSession();
  if (session) return session;
  const here = (await headers()).get("x-url") ?? "/home";
  // An expired seal: back to the login of the tenant the visitor had (core §4).
  redirect(loginUrl(here, (await cookies()).get(TENANT_COOKIE)?.value));
}
