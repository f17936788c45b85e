"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { LOCALE_STORAGE_KEY, type Locale } from "@/lib/contract/locale";

/** Switches the language: cookie through the server, both storages, then a re-render in place. */
export function useSwitchLocale() {
  const router = useRouter();
  const [pending, start] = useTransition();
  const switchTo = (locale: Locale) =>
    start(async () => {
      await fetch("/api/locale", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ locale }) });
      sessionStorage.setItem(LOCALE_STORAGE_KEY, locale);
      localStorage.setItem(LOCALE_STORAGE_KEY, locale);
      document.documentElement.lang = locale;
      router.refresh();
    });
  return { switchTo, pending };
}
