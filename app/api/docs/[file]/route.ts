import { docsAccess, docsAsset, docsDocument } from "@/lib/server/api-docs";
import { localeOf } from "@/lib/server/request-guard";

/** The reference's OpenAPI document (in the user's language) and its page's files. */
export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  const refused = await docsAccess(request);
  if (refused) return refused;
  const { file } = await params;
  if (file === "openapi.json") return Response.json(await docsDocument(localeOf(request)), { headers: { "cache-control": "private, no-store" } });
  return (await docsAsset(file)) ?? new Response("Not found", { status: 404 });
}
