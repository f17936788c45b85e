import { cookies } from "next/headers";
import { getLocale } from "next-intl/server";
import { normalizeLocale } from "@/lib/contract/locale";
import { safeRedirect } from "@/lib/safe-redirect";
import { TENANT_COOKIE, tenantIdOf } from "@/lib/server/session-cookie";
import { loadLoginBranding } from "@/lib/server/login-branding";
import { LoginScreen } from "./login-screen";

type Search = Promise<Record<string, string | string[] | undefined>>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Server part of the login screen: the tenant's branding and password policy, when the cloud gives them in time (else the screen fetches them). */
export async function LoginPage({ searchParams }: { searchParams: Search }) {
  const params = await searchParams;
  // The address's tId, else the tenant last signed in to (cleared by logout), else 1 (core §2, §4).
  const tId = tenantIdOf(first(params.tId)) ?? tenantIdOf((await cookies()).get(TENANT_COOKIE)?.value) ?? 1;
  const target = safeRedirect(first(params.redirect));
  const locale = normalizeLocale(await getLocale());
  const { company, pwdMode } = await loadLoginBranding(tId, locale);
  return <LoginScreen tId={tId} target={target} company={company} pwdMode={pwdMode} />;
}
