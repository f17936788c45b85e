import { SECRET_MASK } from "@/lib/contract/push/config";
import type { PushItem, StoredHeader } from "../db/schema";
import { openSecret, sealSecret } from "../lib/crypto";

/** What a configuration sends for a batch: the body (template or default JSON) and its headers in clear. */
export type RenderedBatch = { body: string; headers: Record<string, string>; contentType: string };

type Renderable = { id: number; pushName: string; template: string | null; headers: StoredHeader[]; encoding: string };

/**
 * The body of a batch. Without a template: `{"name", "configId", "sentAt", "count", "items"}`.
 * A template is text with `{{items}}` (the items as a JSON array), `{{count}}`, `{{name}}` and
 * `{{sentAt}}`; anything else in it is sent as written.
 */
export function renderBatch(config: Renderable, items: PushItem[], now: Date): RenderedBatch {
  const sentAt = now.toISOString();
  const vars: Record<string, string> = { items: JSON.stringify(items), count: String(items.length), name: config.pushName, sentAt };
  const template = config.template?.trim();
  const body = template
    ? template.replace(/\{\{\s*(items|count|name|sentAt)\s*\}\}/g, (_, k: string) => vars[k])
    : JSON.stringify({ name: config.pushName, configId: config.id, sentAt, count: items.length, items });
  const json = !template || /^[[{]/.test(template);
  const charset = config.encoding === "GBK" ? "GBK" : "UTF-8";
  return { body, headers: openHeaders(config.headers), contentType: `${json ? "application/json" : "text/plain"}; charset=${charset}` };
}

/** Stored headers as sent: secret values opened (one that cannot be opened is left out rather than sent wrong). */
export function openHeaders(headers: StoredHeader[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const h of headers) {
    if (!h.secret) out[h.name] = h.value;
    else
      try {
        out[h.name] = openSecret(h.value);
      } catch {
        // Sealed under another SECRETS_KEY: the receiver will refuse the call and the log says so.
      }
  }
  return out;
}

/** Headers as the console sees them: secret values masked. */
export const maskHeaders = (headers: StoredHeader[]): StoredHeader[] => headers.map((h) => (h.secret ? { ...h, value: SECRET_MASK } : h));

/**
 * Headers of a form as stored: secret values sealed; a secret sent back as the mask (or blank)
 * keeps the value stored under the same name, so an edit need not re-enter it.
 */
export function sealHeaders(input: StoredHeader[], stored: StoredHeader[] = []): StoredHeader[] {
  return input.map((h) => {
    if (!h.secret) return h;
    const before = stored.find((s) => s.secret && s.name.toLowerCase() === h.name.toLowerCase());
    if ((h.value === SECRET_MASK || h.value === "") && before) return { ...h, value: before.value };
    return { ...h, value: sealSecret(h.value) };
  });
}
