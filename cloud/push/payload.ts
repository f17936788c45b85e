import type { PushItem, StoredHeader } from "../db/schema";
import { openEntries } from "../lib/secrets";

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

/** Stored headers as sent: secret values opened (`openEntries`). */
export const openHeaders = (headers: StoredHeader[]): Record<string, string> => Object.fromEntries(openEntries(headers).map((h) => [h.name, h.value]));
