/** `{n, plural, =0 {…} one {…} other {…}}`: its options may hold `#` and `{name}`, not another plural. */
const PLURAL = /\{(\w+),\s*plural,\s*((?:(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*(?:\{\w+\}[^{}]*)*\}\s*)+)\}/g;
const OPTION = /(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*(?:\{\w+\}[^{}]*)*)\}/g;

/**
 * Minimal `{name}` substitution and ICU's plural form (English rules: zh-cn messages need none),
 * for messages shared with code outside next-intl (the cloud).
 */
export function format(template: string, values: Record<string, string | number> = {}): string {
  const plural = template.replace(PLURAL, (m, k: string, body: string) => {
    if (!(k in values)) return m;
    const n = Number(values[k]);
    const options = new Map([...body.matchAll(OPTION)].map((o) => [o[1], o[2]]));
    const text = options.get(`=${n}`) ?? (n === 1 ? options.get("one") : undefined) ?? options.get("other") ?? m;
    return text.replace(/#/g, String(values[k]));
  });
  return plural.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}

/** Looks a dotted key up in a nested message object. */
export function lookup(messages: Record<string, unknown>, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}
