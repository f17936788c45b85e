import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { LOCALE_COOKIE, normalizeLocale, type Locale } from "@/lib/contract/locale";
import { currentSession } from "@/lib/server/session";
import { loadCompanyInfo } from "@/lib/server/shell-data";
import { DEFAULT_TIME_ZONE, knownZone } from "@/lib/time-zone";
import { loadMessages } from "./namespaces";

/** The signed-in tenant's zone (company settings); the default before sign-in. */
async function tenantTimeZone(locale: Locale): Promise<string> {
  const session = await currentSession().catch(() => null);
  if (!session) return DEFAULT_TIME_ZONE;
  return knownZone((await loadCompanyInfo(session.tenantId, locale)).timeZone);
}

/** The locale lives in a cookie, not in the URL (default zh-cn); the time zone is the tenant's. */
export default getRequestConfig(async () => {
  const locale = normalizeLocale((await cookies()).get(LOCALE_COOKIE)?.value);
  const [messages, timeZone] = await Promise.all([loadMessages(locale), tenantTimeZone(locale)]);
  return { locale, messages, timeZone };
});
