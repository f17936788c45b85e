import { ENUMS } from "@/lib/contract/enums";
import { filterValueKind, rangeKeys, SEARCH_DATE, SEARCH_LIST_MAX, SEARCH_TEXT_MAX, type FieldDef, type Fields } from "@/lib/contract/entity";

/**
 * How a list reads one URL parameter into its state: the value, or `undefined` to leave it out.
 * Zod-free on purpose: a list renders from its URL at first paint, before zod has loaded
 * (lib/lazy-zod.ts); the cloud checks the query with the contract's schema all the same. A value
 * read as `undefined` falls back to the reader's default, so a bad parameter never fails the page.
 */
export type UrlValue = (raw: string | undefined) => unknown;
export type UrlKeys = Record<string, UrlValue>;

const MAX_ID = 2_147_483_647;

export const urlText =
  (max: number = SEARCH_TEXT_MAX): UrlValue =>
  (raw) => {
    const t = raw?.trim();
    return t && t.length <= max ? t : undefined;
  };

export const urlDate: UrlValue = (raw) => (raw && SEARCH_DATE.test(raw) ? raw : undefined);

export const urlNumber: UrlValue = (raw) => {
  if (!raw?.trim()) return undefined;
  const n = Number(raw.trim());
  return Number.isFinite(n) ? n : undefined;
};

export const urlId: UrlValue = (raw) => {
  const n = urlNumber(raw);
  return typeof n === "number" && Number.isInteger(n) && n > 0 && n <= MAX_ID ? n : undefined;
};

/** Comma-separated values, each read by `item`; one bad item drops the whole list. */
export const urlList =
  (item: UrlValue): UrlValue =>
  (raw) => {
    if (!raw) return undefined;
    const values = raw.split(",").map(item);
    return values.length <= SEARCH_LIST_MAX && values.every((v) => v !== undefined) ? values : undefined;
  };

/** One of `values` (compared as text, returned with its own type), else `fallback`. */
export const urlOneOf =
  <V extends string | number>(values: readonly V[], fallback?: V): UrlValue =>
  (raw) =>
    values.find((v) => String(v) === raw?.trim()) ?? fallback;

/** A filter the page fixes (a product's functions): the URL cannot change it. */
export const urlFixed =
  (value: string | number): UrlValue =>
  () =>
    value;

/** An option: one of its static enumeration's values, a number for a switch, else its text. */
function urlOption(f: FieldDef): UrlValue {
  const values = f.dict ? (ENUMS as Record<string, readonly (string | number)[]>)[f.dict] : undefined;
  if (values) return urlOneOf(values);
  return f.kind === "status" || f.kind === "switch" ? urlNumber : urlText(64);
}

const BY_KIND = {
  date: () => urlDate,
  text: () => urlText(),
  option: urlOption,
  ids: () => urlList(urlId),
  texts: () => urlList(urlText(64)),
  id: () => urlId,
  number: () => urlNumber,
} satisfies Record<ReturnType<typeof filterValueKind>, (f: FieldDef) => UrlValue>;

/** The URL parameters of an entity's list: one per searched field (two for a range). */
export function entityUrlKeys(fields: Fields): UrlKeys {
  const keys: UrlKeys = {};
  for (const [name, f] of Object.entries(fields)) {
    if (!f.search) continue;
    const read = BY_KIND[filterValueKind(f)](f);
    for (const k of f.search === "range" ? rangeKeys(name, f) : [name]) keys[k] = read;
  }
  return keys;
}
