"use client";

import useSWR from "swr";
import { silentSwrFetcher } from "@/lib/api/fetcher";
import { SelectField, type CustomFieldProps } from "@/components/kit";

/**
 * A form select over a list endpoint (a page's `records` or an array), for the manual alarm's
 * level (`alarmLevelApi.page`) and device (the current project's device picker).
 */
export function RemoteSelect({ url, label, value: valueKey, field, id, disabled, invalid }: CustomFieldProps & { url: string; label: (row: Record<string, unknown>) => string; value: string }) {
  const { data } = useSWR<unknown>([url, { current: 1, size: 9999 }], silentSwrFetcher, { revalidateOnFocus: false, shouldRetryOnError: false });
  const list = (Array.isArray(data) ? data : ((data as { records?: unknown[] } | undefined)?.records ?? [])) as Record<string, unknown>[];
  const options = list.map((r) => ({ value: r[valueKey] as number, label: label(r) }));
  return <SelectField id={id} options={options} value={field.value ?? ""} onChange={(v) => field.onChange(v === "" ? null : v)} disabled={disabled} invalid={invalid} />;
}
