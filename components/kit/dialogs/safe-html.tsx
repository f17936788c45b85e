"use client";

import sanitizeHtml from "sanitize-html";

/** Stored HTML in a detail view, sanitised again here: it is never trusted as-is. */
export function SafeHtml({ html }: { html: string }) {
  return <div className="prose prose-sm max-w-none" dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
