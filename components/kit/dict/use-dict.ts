"use client";

import * as React from "react";
import useSWR, { useSWRConfig } from "swr";
import { useTranslations } from "next-intl";
import { call } from "@/lib/api/call";
import { ENUMS, isEnumName } from "@/lib/contract/enums";
import { dictLookupApi } from "@/lib/contract/system/dict-lookup";

export type DictOption = { value: string | number; label: string; children?: DictOption[] };
type ServerItem = { itemValue: string; itemName: string; childrens?: ServerItem[] | null };

const toOption = (i: ServerItem): DictOption => ({
  value: i.itemValue,
  label: i.itemName,
  ...(i.childrens?.length ? { children: i.childrens.map(toOption) } : {}),
});

/**
 * Server dictionaries are fetched in bulk (core §3): names asked for in the same tick share one
 * `dictLookupApi.codeList` call (`?codeList=a,b`). A failing call (e.g. the endpoint missing) yields
 * empty lists, silently: a select without options must not break the page.
 */
let pending: { names: Set<string>; promise: Promise<Record<string, ServerItem[]>> } | null = null;

function fetchServerDict(name: string): Promise<DictOption[]> {
  if (!pending) {
    const names = new Set<string>();
    const promise = new Promise<Record<string, ServerItem[]>>((resolve) => {
      setTimeout(() => {
        pending = null;
        call(dictLookupApi.codeList, { codeList: [...names].join(",") }, { silent: true })
          .then((data) => resolve(data && typeof data === "object" ? data : {}))
          .catch(() => resolve({}));
      }, 0);
    });
    pending = { names, promise };
  }
  pending.names.add(name);
  return pending.promise.then((all) => (Array.isArray(all[name]) ? all[name].map(toOption) : []));
}

/** SWR keys of server dictionaries are `[DICT_KEY, code]`. */
const DICT_KEY = "kit:dict";

/**
 * For after a dictionary or its items change: `useDict` of the code given (of every server
 * dictionary without one) fetches again — mounted selects at once, others when they next mount,
 * past the 10-minute dedupe.
 */
export function useRevalidateDict(): (code?: string) => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return React.useCallback((code?: string) => mutate((key) => Array.isArray(key) && key[0] === DICT_KEY && (code === undefined || key[1] === code)), [mutate]);
}

/** Options of a static enum (labels from `enums.<name>.<value>`) or of a server dictionary. */
export function useDict(dict: string | readonly DictOption[] | undefined): DictOption[] {
  const t = useTranslations("enums");
  const name = typeof dict === "string" ? dict : undefined;
  const server = name !== undefined && !isEnumName(name);
  const { data } = useSWR(server ? [DICT_KEY, name] : null, () => fetchServerDict(name!), {
    revalidateOnFocus: false,
    dedupingInterval: 10 * 60_000,
  });
  if (dict === undefined) return [];
  if (typeof dict !== "string") return [...dict];
  if (isEnumName(dict)) return ENUMS[dict].map((value) => ({ value, label: t(`${dict}.${value}` as never) }));
  return data ?? [];
}

/** The label of a value within options (loose: 1 and "1" match); arrays join with ", ". */
export function dictLabel(options: readonly DictOption[], value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  if (Array.isArray(value)) return value.map((v) => dictLabel(options, v)).filter(Boolean).join(", ");
  const stack = [...options];
  while (stack.length) {
    const o = stack.shift()!;
    if (String(o.value) === String(value)) return o.label;
    if (o.children) stack.push(...o.children);
  }
  return String(value);
}
