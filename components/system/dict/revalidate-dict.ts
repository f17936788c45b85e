"use client";

import * as React from "react";
import { useSWRConfig } from "swr";

/**
 * After a dictionary or its items change, the browser's cached options of that code (the kit's
 * `useDict`, SWR key `["kit:dict", code]`) are fetched again, so every select shows the change.
 * The kit has no invalidation hook yet; this matches its cache key and belongs in the kit.
 */
export function useRevalidateDict() {
  const { mutate } = useSWRConfig();
  return React.useCallback((code: string) => mutate((key) => Array.isArray(key) && key[0] === "kit:dict" && key[1] === code), [mutate]);
}
