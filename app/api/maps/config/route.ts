import { Code, type Envelope } from "@/lib/contract/envelope";
import type { MapsConfig } from "@/lib/contract/geo";
import { apiTextFor } from "@/lib/server/api-text";
import { sessionFor } from "@/lib/server/api-proxy";
import { localeOf } from "@/lib/server/request-guard";
import { mapsConfig } from "@/lib/server/maps-config";

/**
 * The Google Maps key for signed-in pages (it is a browser key, restricted by referrer at Google,
 * but it is configured on the server and never built into the bundle). Empty: the map widgets
 * use their coordinate canvas.
 */
export async function GET(request: Request) {
  const { session } = await sessionFor(request);
  const signedIn = !!session.token;
  const body: Envelope<MapsConfig | null> = signedIn
    ? { code: Code.OK, msg: "", data: mapsConfig(), success: true }
    : { code: Code.UNAUTHORIZED, msg: apiTextFor(localeOf(request)).notSignedIn, data: null, success: false };
  return Response.json(body, { status: signedIn ? 200 : 401, headers: { "cache-control": "private, no-store" } });
}
