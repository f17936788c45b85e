/** NUL, which PostgreSQL's text and jsonb refuse, and UTF-16 surrogates standing alone, which are no UTF-8 at all. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text as the database always takes it: the characters above written as `\uXXXX` escapes, cut at
 * `max` characters without splitting a surrogate pair. What a device sent is stored as close to it
 * as can be, and a refusal quoting it can never spoil the batch it rides in.
 */
export function storable(text: string, max = Infinity): string {
  let s = text.replace(UNSTORABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  if (s.length > max) s = s.slice(0, /[\ud800-\udbff]/.test(s[max - 1]) ? max - 1 : max);
  return s;
}
