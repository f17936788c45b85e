import { z } from "zod";
import { locales, type Locale } from "./locale";

/**
 * The multilingual name (widgets §3: an object keyed zh-cn and en; §5: each at most 64 characters,
 * only non-empty values kept). Built-in and seeded rows carry one per translatable field, so the
 * cloud answers each caller in its own language; a user may give both in the multilingual dialog.
 */
export type I18nName = Partial<Record<Locale, string>>;
/** A row's multilingual texts by field name (`{ groupName: { "zh-cn": "…", en: "…" } }`). */
export type I18nTexts = Record<string, I18nName>;

const MAX = 64;

/** Blank languages are dropped, so an emptied input falls back to the row's own text. */
export const i18nName = z
  .object(Object.fromEntries(locales.map((l) => [l, z.string().trim().max(MAX).optional()])) as Record<Locale, z.ZodOptional<z.ZodString>>)
  .transform((v): I18nName => Object.fromEntries(Object.entries(v).filter(([, s]) => s)) as I18nName);

export const i18nTexts = z.record(z.string().max(32), i18nName);
/** A row's texts as the cloud answers them (none: null). */
export const i18nTextsAnswer = z.record(z.string(), z.record(z.string(), z.string())).nullable();

/** The text of a multilingual name in a language, else the row's own. */
export const textIn = (locale: Locale, own: string, name: I18nName | null | undefined) => name?.[locale] || own;

/** An entity's multilingual texts: answered with the row, written by the multilingual-name dialog. */
export const i18nField = {
  // A form holds a row without texts as "" (its inputs stay controlled): that is no texts.
  schema: z.preprocess((v) => (v === "" || v === null ? undefined : v), i18nTexts.optional()),
  kind: "custom",
  list: false,
  detail: false,
  export: false,
  form: false,
} as const;
