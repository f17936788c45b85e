import type { Locale } from "@/lib/contract/locale";
import zh from "@/messages/zh-cn/common.json";
import en from "@/messages/en/common.json";

/** The `api` messages in one locale, for envelopes the console writes itself. */
export function apiTextFor(locale: Locale) {
  return (locale === "en" ? en : zh).api;
}
