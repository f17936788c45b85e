"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { LOCALE_COOKIE, LOCALE_STORAGE_KEY, normalizeLocale } from "@/lib/contract/locale";

/**
 * Core §1: the choice is kept in session and local storage; on start the session value is read
 * first, then the local one. The cookie is what the server renders with, so a stored choice the
 * cookie lacks (a new browser session) is sent to the server once; otherwise the cookie is mirrored.
 */
export function LocaleSync({ locale }: { locale: string }) {
  const router = useRouter();
  useEffect(() => {
    // The root layout's script set it; setting it again, even to the same value, restyles the whole page.
    if (document.documentElement.lang !== locale) document.documentElement.lang = locale;
    const hasCookie = document.cookie.split(";").some((c) => c.trim().startsWith(`${LOCALE_COOKIE}=`));
    const stored = sessionStorage.getItem(LOCALE_STORAGE_KEY) ?? localStorage.getItem(LOCALE_STORAGE_KEY);
    if (!hasCookie && stored && normalizeLocale(stored) !== locale) {
      void fetch("/api/locale", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ locale: normalizeLocale(stored) }) }).then(
        () => router.refresh(),
      );
      return;
    }
    sessionStorage.setItem(LOCALE_STORAGE_KEY, locale);
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  }, [locale, router]);
  return null;
}
