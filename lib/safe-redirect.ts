/**
 * A `redirect` target is honoured only when it is a path on this site. Absolute URLs,
 * protocol-relative `//host`, backslash tricks and `javascript:` all land on /home.
 */
export function safeRedirect(target: string | null | undefined, fallback = "/home"): string {
  if (!target) return fallback;
  let t = target.trim();
  try {
    // One decode catches `%2F%2Fhost` and `%5C`; a second encoded layer is still refused below.
    t = decodeURIComponent(t);
  } catch {
    return fallback;
  }
  if (!t.startsWith("/") || t.startsWith("//") || t.includes("\\") || /[\u0000-\u001f]/.test(t)) return fallback;
  if (/^\/*[a-z][a-z0-9+.-]*:/i.test(t)) return fallback;
  if (t === "/" || t.startsWith("/login")) return fallback;
  return t;
}
