import type { MapsConfig } from "@/lib/contract/geo";

/**
 * The Google Maps browser key and map id from the server's environment (empty key: the map widgets
 * draw their coordinate canvas). Signed-in pages get it in their first HTML, `GET /api/maps/config`
 * answers it to signed-in callers; it is never built into the bundle.
 */
export function mapsConfig(): MapsConfig {
  return { apiKey: process.env.GOOGLE_MAPS_API_KEY?.trim() ?? "", mapId: process.env.GOOGLE_MAPS_MAP_ID?.trim() || "DEMO_MAP_ID" };
}
