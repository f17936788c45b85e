import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { locales, normalizeLocale, type Locale } from "@/lib/contract/locale";
import { format, lookup } from "@/lib/i18n/format";

const MESSAGES = fileURLToPath(new URL("../../messages/", import.meta.url));

/** Every namespace file of a locale, read once: a domain adding its messages needs no wiring here. */
function load(locale: Locale): Record<string, unknown> {
  const dir = `${MESSAGES}${locale}/`;
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(dir + f, "utf8")) as unknown]),
  );
}

const catalogues = Object.fromEntries(locales.map((l) => [l, load(l)])) as Record<Locale, Record<string, unknown>>;

/** The text of a key in a locale (falling back to Chinese), or undefined when no catalogue has it. */
export function find(locale: Locale, key: string): string | undefined {
  return lookup(catalogues[locale], key) ?? lookup(catalogues["zh-cn"], key);
}

/** Translates any message key of the console's catalogues; an unknown key stays itself. */
export function t(locale: Locale, key: string, values?: Record<string, string | number>): string {
  return format(find(locale, key) ?? key, values);
}

/**
 * A field's label when a schema's entity is unknown: the `<…>.fields.<name>` of the namespaces, if
 * they all agree on its text (entity bodies name theirs exactly through `fieldLabelKey`); a name
 * labelled differently by different entities ("code") stays as it is rather than be mislabelled.
 */
const anyLabel = new Map<string, string | null>();
export function guessLabelKey(name: string): string | undefined {
  if (!anyLabel.has(name)) {
    const hits: { key: string; text: string }[] = [];
    const walk = (node: unknown, path: string[]): void => {
      if (typeof node !== "object" || node === null) return;
      const label = ((node as Record<string, unknown>).fields as Record<string, unknown> | undefined)?.[name];
      if (typeof label === "string") hits.push({ key: [...path, "fields", name].join("."), text: label });
      for (const [k, v] of Object.entries(node)) if (k !== "fields") walk(v, [...path, k]);
    };
    walk(catalogues["zh-cn"], []);
    anyLabel.set(name, hits.length && hits.every((h) => h.text === hits[0].text) ? hits[0].key : null);
  }
  return anyLabel.get(name) ?? undefined;
}

/** The language to write to a user in: theirs (their latest sign-in's) when known, else `fallback` (the sender's). */
export function recipientLocale(user: { language: string | null }, fallback: Locale): Locale {
  return user.language ? normalizeLocale(user.language) : fallback;
}
