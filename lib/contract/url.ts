/**
 * The one rule for every address a form takes: written `scheme://host…` with one of the schemes,
 * no white space, and read by the platform's URL parser (the one the senders use) to a host. A
 * pattern alone let `http://[::1:18991/x` through, which no sender can call.
 */
export function isUrl(text: string, schemes: readonly string[]): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1]?.toLowerCase();
  if (!scheme || !schemes.includes(scheme) || /\s/.test(text) || !URL.canParse(text)) return false;
  return new URL(text).hostname !== "";
}

export const WEB_SCHEMES = ["http", "https"] as const;
