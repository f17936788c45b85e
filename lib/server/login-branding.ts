import { loginApi } from "@/lib/contract/auth";
import type { CompanyInfo } from "@/lib/contract/company";
import type { Locale } from "@/lib/contract/locale";
import type { Complexity } from "@/lib/contract/password";
import type { PwdPolicy } from "@/lib/contract/pwd-policy";
import { upstreamCall, upstreamConfig, type UpstreamConfig } from "./upstream";

/** How long the anonymous login page waits for the tenant's branding before it renders with the built-in one. */
export const BRANDING_WAIT_MS = 1_500;

export type LoginBrandingData = { company: CompanyInfo | null; pwdMode: { complexity: Complexity; forget: PwdPolicy["forget"] } | null };

/**
 * The tenant's branding and password mode for the login page, each null when the cloud did not
 * answer within `BRANDING_WAIT_MS`: the page then paints at once with built-in defaults and the
 * browser fills them in when they arrive (a hung cloud never holds the login page).
 */
export async function loadLoginBranding(tId: number, locale: Locale, config: UpstreamConfig = upstreamConfig()): Promise<LoginBrandingData> {
  const quick = { ...config, timeoutMs: Math.min(config.timeoutMs, BRANDING_WAIT_MS) };
  const [company, pwdMode] = await Promise.all([
    upstreamCall(loginApi.company, { tId }, { locale }, quick),
    upstreamCall(loginApi.pwdMode, { tId }, { locale }, quick),
  ]);
  return { company: company.code === 200 ? company.data : null, pwdMode: pwdMode.code === 200 ? pwdMode.data : null };
}
