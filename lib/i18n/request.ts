import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { LOCALE_COOKIE, normalizeLocale } from "@/lib/contract/locale";
import { loadMessages } from "./namespaces";

/** The locale lives in a cookie, not in the URL (default zh-cn). */
export default getRequestConfig(async () => {
  const locale = normalizeLocale((await cookies()).get(LOCALE_COOKIE)?.value);
  return { locale, messages: await loadMessages(locale), timeZone: "Asia/Shanghai" };
});
