import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { CATALOGUE } from "@/lib/contract/catalogue";
import type { Locale } from "@/lib/contract/locale";
import { openApiDocument } from "@/lib/contract/openapi";
import { messageLookup } from "@/lib/i18n/namespaces";
import { sessionFor } from "./api-proxy";
import { cookieValue } from "./request-guard";
import { TENANT_COOKIE, loginUrl } from "./session-cookie";

/**
 * The API reference at `/api/docs` for signed-in users: Swagger UI (swagger-ui-dist, served from
 * the package on our own origin, loaded only by this page) over the catalogue's OpenAPI document
 * in the user's language. "Try it out" goes through the console's own `/api`, so the session
 * stands for the token. Anonymous visitors go to login and come back here.
 */
export async function docsAccess(request: Request): Promise<Response | null> {
  const { session } = await sessionFor(request);
  if (session.token) return null;
  return Response.redirect(new URL(loginUrl("/api/docs", cookieValue(request, TENANT_COOKIE)), request.url), 302);
}

/** The catalogue is fixed for the life of the process: each language's document is written once. */
const documents = new Map<Locale, Promise<Record<string, unknown>>>();

async function writeDocument(locale: Locale) {
  const message = await messageLookup(locale);
  const doc = openApiDocument(CATALOGUE, { locale, titleOf: (ns) => message(`${ns}.title`) });
  // In the console the forwarding routes come first: they are what "Try it out" can reach.
  return { ...doc, servers: [...(doc.servers as { url: string }[])].reverse() };
}

export function docsDocument(locale: Locale) {
  let doc = documents.get(locale);
  if (!doc) {
    documents.set(locale, (doc = writeDocument(locale)));
    doc.catch(() => documents.delete(locale));
  }
  return doc;
}

/** The files of the page: swagger-ui-dist's bundle and style, and the page's own start-up. */
const ASSETS: Record<string, { file?: string; type: string; body?: string }> = {
  "swagger-ui.css": { file: "swagger-ui.css", type: "text/css; charset=utf-8" },
  "swagger-ui-bundle.js": { file: "swagger-ui-bundle.js", type: "text/javascript; charset=utf-8" },
  "start.js": {
    type: "text/javascript; charset=utf-8",
    // Services folded and a filter box: four hundred calls open at once take the page seconds to draw.
    body: `window.ui = SwaggerUIBundle({ url: "/api/docs/openapi.json", dom_id: "#api", deepLinking: true, docExpansion: "none", filter: true, defaultModelsExpandDepth: -1, tryItOutEnabled: false, displayRequestDuration: true, persistAuthorization: false });`,
  },
};

export async function docsAsset(name: string): Promise<Response | null> {
  const asset = ASSETS[name];
  if (!asset) return null;
  const body = asset.body ?? (await readFile(join(process.cwd(), "node_modules", "swagger-ui-dist", asset.file!)));
  return new Response(body as BodyInit, { headers: { "content-type": asset.type, "cache-control": "private, max-age=3600" } });
}

export const docsPage = (locale: Locale, title: string) => `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css"><style>body{margin:0}</style></head>
<body><div id="api"></div><script src="/api/docs/swagger-ui-bundle.js"></script><script src="/api/docs/start.js"></script></body>
</html>`;
