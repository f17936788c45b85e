"use client";

import { useCall } from "@/lib/api/call";
import type { AnyCall, CallInput } from "@/lib/contract/call";
import { SelectField, type CustomFieldProps, type RowOf } from "@/components/kit";

const ALL = { current: 1, size: 9999 };

/**
 * A form select over a GET list call (a page's `records` or an array), for the manual alarm's
 * level (`alarmLevelApi.page`) and device (the current project's device picker).
 */
export function RemoteSelect<C extends AnyCall>({ call, label, value: valueKey, field, id, disabled, invalid }: CustomFieldProps & { call: C; label: (row: RowOf<C>) => string; value: keyof RowOf<C> & string }) {
  const { data } = useCall(call, ALL as CallInput<C>, { silent: true, revalidateOnFocus: false, shouldRetryOnError: false });
  const list = (Array.isArray(data) ? data : ((data as { records?: unknown[] } | undefined)?.records ?? [])) as RowOf<C>[];
  const options = list.map((r) => ({ value: r[valueKey] as number, label: label(r) }));
  return <SelectField id={id} options={options} value={field.value ?? ""} onChange={(v) => field.onChange(v === "" ? null : v)} disabled={disabled} invalid={invalid} />;
}
