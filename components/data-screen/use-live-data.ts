"use client";

import * as React from "react";
import { useSearchParams } from "next/navigation";
import useSWR from "swr";
import { callKey } from "@/lib/api/call";
import { silentSwrFetcher } from "@/lib/api/fetcher";
import type { AnyCall, CallAnswer, CallInput } from "@/lib/contract/call";
import { refreshMsOf } from "./scale";
import { useLiveStatus } from "./screen-context";

type Key = string | readonly [string, Record<string, string | number | undefined>?];

/** The screen's refresh interval: `?refresh=` milliseconds (the memory test fast-forwards with it), else the default. */
export function useRefreshMs(): number {
  return refreshMsOf(useSearchParams().get("refresh"));
}

/**
 * A screen's live call: refreshed every interval without reloading, its last good answer kept
 * through failures (a panel never goes blank), failures retried at the same pace rather than
 * backing off for minutes, and reported to the frame's "reconnecting" badge. No toasts: a wall
 * screen has nobody to dismiss them.
 */
export function useLiveData<T>(key: Key | null) {
  const interval = useRefreshMs();
  const status = useLiveStatus();
  const id = key === null ? "" : typeof key === "string" ? key : JSON.stringify(key);
  const { data, error, isLoading } = useSWR<T>(key, silentSwrFetcher, {
    refreshInterval: interval,
    refreshWhenHidden: true,
    refreshWhenOffline: true,
    revalidateOnFocus: false,
    keepPreviousData: true,
    dedupingInterval: Math.min(interval, 2_000),
    onSuccess: () => status?.report(id, true),
    onError: () => status?.report(id, false),
    onErrorRetry: (_err, _key, _config, revalidate, { retryCount }) => {
      setTimeout(() => revalidate({ retryCount }), Math.min(interval, 30_000));
    },
  });
  // A panel that goes away takes its failure with it.
  const forget = status?.forget;
  React.useEffect(() => () => forget?.(id), [forget, id]);
  return { data, failed: !!error, loading: isLoading && data === undefined };
}

/** A declared call, live as `useLiveData` keeps it and typed by its declaration; `null` input waits. */
export const useLiveCall = <C extends AnyCall>(c: C, input: CallInput<C> | null) => useLiveData<CallAnswer<C>>(callKey(c, input) as Key | null);
