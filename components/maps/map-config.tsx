"use client";

import * as React from "react";
import useSWR from "swr";
import { silentSwrFetcher } from "@/lib/api/fetcher";
import type { MapsConfig } from "@/lib/contract/geo";

/** The map key as the server rendered the page with it: maps paint at once, without asking. */
const GivenConfig = React.createContext<MapsConfig | null>(null);

/** Hands the server's map configuration to every map below (the console shell gives it to its pages). */
export function MapConfigProvider({ value, children }: { value: MapsConfig; children: React.ReactNode }) {
  return <GivenConfig.Provider value={value}>{children}</GivenConfig.Provider>;
}

/**
 * The map key from the server (`GOOGLE_MAPS_API_KEY`): the shell's when a page has it, else asked
 * once per page. Until it answers the value is undefined; if the call fails the widgets go on
 * without tiles.
 */
export function useMapConfig(): MapsConfig | undefined {
  const given = React.useContext(GivenConfig);
  const { data, error } = useSWR<MapsConfig>(given ? null : "maps/config", silentSwrFetcher, { revalidateOnFocus: false, revalidateIfStale: false, dedupingInterval: 3_600_000 });
  if (given) return given;
  return error ? { apiKey: "", mapId: "" } : data;
}
