import { docsAccess, docsPage } from "@/lib/server/api-docs";
import { localeOf } from "@/lib/server/request-guard";
import zh from "@/messages/zh-cn/calls.json";
import en from "@/messages/en/calls.json";

/** The API reference (Swagger UI over the call catalogue) for signed-in users; others go to login. */
export async function GET(request: Request) {
  const refused = await docsAccess(request);
  if (refused) return refused;
  const locale = localeOf(request);
  return new Response(docsPage(locale, (locale === "en" ? en : zh).title), { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store" } });
}
