import { sql, type AnyColumn } from "drizzle-orm";
import { textIn, type I18nName, type I18nTexts } from "@/lib/contract/i18n-text";
import { defaultLocale, type Locale } from "@/lib/contract/locale";

/**
 * Multilingual rows (widgets §3 multilingual name): a row's `i18n` column holds, per field, its
 * text in each language. Every route answers through `localized`, so a caller reads built-in and
 * seeded names in its own `Language`; writes go through `writtenTexts`.
 */

type Multilingual = { i18n?: I18nTexts | null };

/** The row with each multilingual field in `locale` (falling back to the row's own text). */
export function localized<R extends Multilingual>(locale: Locale, row: R): R {
  if (!row.i18n) return row;
  const out: Record<string, unknown> = { ...row };
  for (const [field, name] of Object.entries(row.i18n)) {
    const own = out[field];
    if (own === null || own === undefined || typeof own === "string") out[field] = textIn(locale, own ?? "", name) || own;
  }
  return out as R;
}

/** A joined multilingual column in `locale` (its `field` text in the row's `i18n`, else its own), for a select. */
export const joinedText = <C extends AnyColumn>(locale: Locale, column: C, i18n: AnyColumn, field: string) =>
  sql<C["_"]["notNull"] extends true ? string : string | null>`coalesce(nullif(${i18n}->${field}->>${locale}, ''), ${column})`;

/**
 * A write in `locale` to a row (`before`: its texts, none when new). Only fields already
 * multilingual, or given both names (`input.i18n`), stay so: what the user typed becomes that
 * language's text, the other language is kept, and the column keeps the default language's text
 * (what searches, uniqueness and joins read). A plain row stays plain: a rename is then a rename
 * in every language. Answers the `i18n` column and the text columns to set.
 */
export function writtenTexts(locale: Locale, before: I18nTexts | null | undefined, input: Record<string, unknown>): { i18n: I18nTexts | null; columns: Record<string, string | null> } {
  const given = (input.i18n ?? {}) as I18nTexts;
  const i18n: I18nTexts = { ...before };
  const columns: Record<string, string | null> = {};
  for (const field of new Set([...Object.keys(before ?? {}), ...Object.keys(given)])) {
    const typed = input[field];
    if (typeof typed !== "string" && !given[field]) continue;
    const name: I18nName = { ...before?.[field], ...given[field] };
    if (typed === "") {
      // A cleared text is cleared in every language.
      delete i18n[field];
      columns[field] = null;
      continue;
    }
    if (typeof typed === "string") name[locale] = typed;
    i18n[field] = name;
    const own = name[defaultLocale] ?? (typeof typed === "string" ? typed : Object.values(name)[0]);
    if (own !== undefined) columns[field] = own;
  }
  return { i18n: Object.keys(i18n).length ? i18n : null, columns };
}

/** `writtenTexts` as the columns of an insert or update. */
export function textColumns(locale: Locale, before: I18nTexts | null | undefined, input: Record<string, unknown>): Record<string, unknown> {
  const w = writtenTexts(locale, before, input);
  return { ...w.columns, i18n: w.i18n };
}
