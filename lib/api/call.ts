"use client";

import useSWR, { type SWRConfiguration, type SWRResponse } from "swr";
import type { AnyCall, CallAnswer, CallInput } from "@/lib/contract/call";
import { callKey } from "./call-key";
import { download, request, silentSwrFetcher, swrFetcher, upload, type RequestOptions } from "./fetcher";

/**
 * The console's side of the call catalogue (`lib/contract/call.ts`): a declared call made with its
 * declared input and typed by its declared answer. No call path or answer type is written at a call site.
 *
 *   const { data } = useCall(deviceDataApi.realTime, { id });      // GET, cached and revalidated by SWR
 *   await call(deviceApi.bind, { id, spaceId });                  // POST
 */

export { callKey };

type Opts = Omit<RequestOptions, "params" | "body">;
type Params = NonNullable<RequestOptions["params"]>;

/** Makes one call: a GET sends its input as the query, anything else as the JSON body. */
export function call<C extends AnyCall>(c: C, input: CallInput<C>, opts?: Opts): Promise<CallAnswer<C>> {
  if (c.kind === "get") return request<CallAnswer<C>>("GET", c.path, { ...opts, params: input as Params });
  if (c.kind === "post") return request<CallAnswer<C>>("POST", c.path, { ...opts, body: input ?? {} });
  throw new Error(`call(${c.path}): a ${c.kind} call goes through ${c.kind === "export" ? "exportCall" : c.kind === "upload" ? "uploadCall" : "its own reader"}`);
}

/**
 * A GET call through SWR, typed by its declaration; `null` input — or a declaration still loading
 * (`null`) — waits. With `silent` a failure shows no toast (background polls keep their last data),
 * a 401 still goes to login.
 */
export function useCall<C extends AnyCall>(c: C | null, input: CallInput<C> | null | undefined, config?: SWRConfiguration<CallAnswer<C>> & { silent?: boolean }): SWRResponse<CallAnswer<C>> {
  const { silent, ...swr } = config ?? {};
  return useSWR<CallAnswer<C>>(c && callKey(c, input), silent ? silentSwrFetcher : swrFetcher, swr);
}

/** An export: POST the filters, save the file the answer carries. */
export const exportCall = <C extends AnyCall>(c: C, input: CallInput<C>, fallbackName: string) => download(c.path, input, fallbackName);

/** A multipart upload (field `file`, extra form fields beside it, the call's input as the query) with progress. */
export const uploadCall = <C extends AnyCall>(c: C, file: File, onProgress?: (percent: number) => void, opts?: { input?: CallInput<C>; extra?: Record<string, string>; silent?: boolean }) =>
  upload<CallAnswer<C>>(c.path, file, onProgress, { ...opts, params: opts?.input as Params | undefined });
