import { cookies } from "next/headers";
import { getLocale } from "next-intl/server";
import { loginApi } from "@/lib/contract/auth";
import { defaultCompanyInfo } from "@/lib/contract/company";
import { defaultPwdPolicy } from "@/lib/contract/pwd-policy";
import { normalizeLocale } from "@/lib/contract/locale";
import { safeRedirect } from "@/lib/safe-redirect";
import { TENANT_COOKIE, tenantIdOf } from "@/lib/server/session-cookie";
import { callUpstream } from "@/lib/server/upstream";
import { LoginScreen } from "./login-screen";
import type { LoginBranding, PwdMode } from "./login-types";

type Search = Promise<Record<string, string | string[] | undefined>>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Server part of the login screen: the tenant's branding and password policy, fetched before paint. */
export async function LoginPage({ searchParams }: { searchParams: Search }) {
  const params = await searchParams;
  // The address's tId, else the tenant last signed in to (cleared by logout), else 1 (core §2, §4).
  const tId = tenantIdOf(first(params.tId)) ?? tenantIdOf((await cookies()).get(TENANT_COOKIE)?.value) ?? 1;
  const target = safeRedirect(first(params.redirect));
  const locale = normalizeLocale(await getLocale());
  const [company, pwdMode] = await Promise.all([
    callUpstream<LoginBranding>(loginApi.company.path, { locale, query: { tId } }),
    callUpstream<PwdMode>(loginApi.pwdMode.path, { locale, query: { tId } }),
  ]);
  // An unreachable cloud still gets a usable screen with built-in branding; the login call reports the error.
  return (
    <LoginScreen
      tId={tId}
      target={target}
      company={company.code === 200 ? company.data : defaultCompanyInfo}
      pwdMode={pwdMode.code === 200 ? pwdMode.data : { complexity: defaultPwdPolicy.complexity, forget: defaultPwdPolicy.forget }}
    />
  );
}
