import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { issueMessage } from "@/lib/contract/validation";
import { zodReady } from "@/lib/zod-ready";

export type Translate = (key: string, values: Record<string, string | number>) => string;

/** `a.b.0` → nested error object, as react-hook-form expects. */
function setPath(target: Record<string, unknown>, path: PropertyKey[], value: unknown) {
  let node = target;
  path.forEach((k, i) => {
    const key = String(k);
    if (i === path.length - 1) {
      if (!(key in node)) node[key] = value;
    } else node = (node[key] ??= {}) as Record<string, unknown>;
  });
}

/**
 * A zod resolver whose messages are localised from the `validation` namespace: each issue goes
 * through `issueMessage` (the same mapping the cloud uses), so values like {max} survive.
 * Only the first issue of a field is kept.
 */
export function localizedResolver<S extends z.ZodType>(schema: S, translate: Translate): Resolver<FieldValues> {
  return async (values) => {
    await zodReady();
    const r = await schema.safeParseAsync(values);
    if (r.success) return { values: r.data as FieldValues, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of r.error.issues) {
      const { key, values: v } = issueMessage(issue);
      setPath(errors, issue.path.length ? issue.path : ["root"], { type: issue.code, message: translate(key, v) });
    }
    return { values: {}, errors: errors as FieldErrors };
  };
}

/**
 * Where a server refusal belongs: the envelope's `data.field` (the built-in cloud names the
 * refused field there, with the reason alone in `data.reason`), else a message of the form
 * "{field}: {reason}" (other upstreams, core §7). When that field is on the form the reason goes
 * under it; otherwise the whole message is a form error.
 */
export function serverFieldError(error: { message: string; data?: unknown }, fields: readonly string[]): { field: string; reason: string } | null {
  const data = error.data as { field?: unknown; reason?: unknown } | null | undefined;
  const named = data && typeof data.field === "string" ? { field: data.field, reason: typeof data.reason === "string" ? data.reason : error.message } : null;
  const m = named ? null : /^([\w.]+)\s*[:：]\s*(.+)$/s.exec(error.message);
  const hit = named ?? (m ? { field: m[1], reason: m[2] } : null);
  if (!hit) return null;
  const top = hit.field.split(".")[0];
  if (fields.includes(hit.field)) return hit;
  if (fields.includes(top)) return { field: top, reason: hit.reason };
  return null;
}
