"use client";

import * as React from "react";
import useSWR from "swr";
import { swrFetcher } from "@/lib/api/fetcher";
import type { DictOption } from "./use-dict";

/** Where a select's options come from when they are rows of a list endpoint, not a dictionary. */
export type RemoteOptions = { url: string; params?: Record<string, string | number>; labelKey: string; valueKey: string };

/** Options read from a list endpoint (`records` or an array), for search items and form fields alike. */
export function useRemoteOptions(remote: RemoteOptions | undefined): DictOption[] {
  const { data } = useSWR<unknown>(remote ? [remote.url, remote.params] : null, swrFetcher, { revalidateOnFocus: false, shouldRetryOnError: false });
  return React.useMemo(() => {
    if (!remote || !data) return [];
    const list = Array.isArray(data) ? data : ((data as { records?: unknown[] }).records ?? []);
    return list.map((r) => ({ value: (r as Record<string, string | number>)[remote.valueKey], label: String((r as Record<string, unknown>)[remote.labelKey] ?? "") }));
  }, [data, remote]);
}
