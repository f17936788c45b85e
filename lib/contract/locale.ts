export const locales = ["zh-cn", "en"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "zh-cn";
/** Cookie the server reads; the client mirrors it to session and local storage (core §1). */
export const LOCALE_COOKIE = "locale";
export const LOCALE_STORAGE_KEY = "locale";

/** Accepts our own values and the common spellings a client may send in `Language`. */
export function normalizeLocale(value: string | null | undefined): Locale {
  const v = (value ?? "").trim().toLowerCase();
  if (v.startsWith("en")) return "en";
  return defaultLocale;
}
