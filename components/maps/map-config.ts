"use client";

import useSWR from "swr";
import { silentSwrFetcher } from "@/lib/api/fetcher";
import type { MapsConfig } from "@/lib/contract/geo";

/**
 * The map key from the server (`GOOGLE_MAPS_API_KEY`), asked once per page. Until it answers the
 * value is undefined; if the call fails the widgets go on without tiles.
 */
export function useMapConfig(): MapsConfig | undefined {
  const { data, error } = useSWR<MapsConfig>("maps/config", silentSwrFetcher, { revalidateOnFocus: false, revalidateIfStale: false, dedupingInterval: 3_600_000 });
  return error ? { apiKey: "", mapId: "" } : data;
}
