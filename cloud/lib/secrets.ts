import { isSecretHeader, SECRET_MASK } from "@/lib/contract/secret";
import { openSecret, sealSecret } from "./crypto";

/**
 * Every secret the cloud stores (push and linkage headers, later mail, SMS, model and carrier
 * credentials) goes through these: sealed on write, masked in every answer, opened only to be sent.
 */

/** A secret as stored: sealed, or the stored value kept when the form sends back the mask (or blank). */
export function sealValue(input: string, stored?: string | null): string {
  if ((input === SECRET_MASK || input === "") && stored) return stored;
  return sealSecret(input);
}

/** A stored secret as answered: the mask, or blank when there is none. */
export const maskValue = (stored: string | null | undefined): string => (stored ? SECRET_MASK : "");

/** The clear value of a stored secret; undefined when sealed under another `SECRETS_KEY`. */
export function openValue(stored: string): string | undefined {
  try {
    return openSecret(stored);
  } catch {
    return undefined;
  }
}

/** A named value that may be secret: a header of a push configuration or of a web-service call. */
type Entry = { value: string; secret?: boolean };

/**
 * Entries of a form as stored: secret ones (marked, or named as credentials) sealed and marked; a
 * secret sent back masked keeps the stored value of the same name, so an edit need not re-enter it
 * (one stored in clear before this rule is sealed then).
 */
export function sealEntries<E extends Entry>(input: E[], stored: E[], nameOf: (e: E) => string): E[] {
  return input.map((e) => {
    if (!isSecretHeader(nameOf(e), e.secret)) return e;
    const before = stored.find((s) => nameOf(s).toLowerCase() === nameOf(e).toLowerCase() && isSecretHeader(nameOf(s), s.secret));
    return { ...e, secret: true, value: sealValue(e.value, before && (before.secret ? before.value : sealSecret(before.value))) };
  });
}

/** Entries as answered: secret values (marked, or named as credentials) masked. */
export const maskEntries = <E extends Entry>(entries: E[], nameOf: (e: E) => string): E[] =>
  entries.map((e) => (isSecretHeader(nameOf(e), e.secret) ? { ...e, value: maskValue(e.value) } : e));

/** Entries as sent: sealed values opened; one that cannot be opened is left out rather than sent wrong. */
export const openEntries = <E extends Entry>(entries: E[]): E[] =>
  entries.flatMap((e) => {
    if (!e.secret) return [e];
    const value = openValue(e.value);
    return value === undefined ? [] : [{ ...e, value }];
  });
