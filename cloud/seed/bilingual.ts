import type { I18nTexts } from "@/lib/contract/i18n-text";

/**
 * Seeded texts in both languages, by field: `[zh-cn, en]` pairs become the row's own (Chinese)
 * text plus its multilingual texts, spread into an insert's values.
 */
export function bilingual<K extends string>(texts: Record<K, readonly [zh: string, en: string]>): Record<K, string> & { i18n: I18nTexts } {
  const own = {} as Record<K, string>;
  const i18n: I18nTexts = {};
  for (const [field, [zh, en]] of Object.entries(texts) as [K, readonly [string, string]][]) {
    own[field] = zh;
    i18n[field] = { "zh-cn": zh, en };
  }
  return { ...own, i18n };
}
