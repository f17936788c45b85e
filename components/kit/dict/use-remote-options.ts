"use client";

import * as React from "react";
import { useCall } from "@/lib/api/call";
import type { AnyCall, CallAnswer, CallInput } from "@/lib/contract/call";
import type { DictOption } from "./use-dict";
import { useChosenProject } from "../session";

/** A row of a list call's answer: `records` of a page, or an element of the array. */
export type RowOf<C extends AnyCall> = CallAnswer<C> extends { records: readonly (infer R)[] } ? R : CallAnswer<C> extends readonly (infer R)[] ? R : never;

/** Where a select's options come from when they are rows of a list call, not a dictionary (made by `remoteOptions`). */
export type RemoteOptions = { call: AnyCall; input: object; labelKey: string; valueKey: string };

/** Options from a GET list call, the label and value keys checked against its rows. */
export function remoteOptions<C extends AnyCall>(call: C, labelKey: keyof RowOf<C> & string, valueKey: keyof RowOf<C> & string, input?: CallInput<C>): RemoteOptions {
  if (call.kind !== "get") throw new Error(`remoteOptions(${call.path}): options are read with a GET call`);
  return { call, input: input ?? {}, labelKey, valueKey };
}

/** Options read from a list call (`records` or an array), for search items and form fields alike. */
export function useRemoteOptions(remote: RemoteOptions | undefined): DictOption[] {
  // A project's rows are not asked for before a project is chosen: the cloud refuses (an error
  // toast on a screen that already says to choose one) and the select has nothing to offer anyway.
  const project = useChosenProject();
  const waiting = remote?.call.scope === "project" && project === null;
  const { data } = useCall(remote && !waiting ? remote.call : null, remote?.input as CallInput<AnyCall> | undefined, { revalidateOnFocus: false, shouldRetryOnError: false });
  return React.useMemo(() => {
    if (!remote || !data) return [];
    const list = Array.isArray(data) ? data : ((data as { records?: unknown[] }).records ?? []);
    return list.map((r) => ({ value: (r as Record<string, string | number>)[remote.valueKey], label: String((r as Record<string, unknown>)[remote.labelKey] ?? "") }));
  }, [data, remote]);
}
