import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { currentSession, type SignedIn } from "./session";

/** Pages check the session themselves (proxy.ts is a first filter only). */
export async function requireSession(): Promise<SignedIn> {
  const session = await currentSession();
  if (session) return session;
  const here = (await headers()).get("x-url") ?? "/home";
  redirect(`/login?redirect=${encodeURIComponent(here)}`);
}
