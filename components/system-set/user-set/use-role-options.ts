"use client";

import { useCall } from "@/lib/api/call";
import { roleApi } from "@/lib/contract/system/role";
import type { DictOption } from "@/components/kit";

/** The roles a user of the caller's tenant can hold (`roleApi.page`: management roles on the
 *  platform, the tenant's own roles on a tenant), as select options. */
export function useRoleOptions(): DictOption[] {
  const { data } = useCall(roleApi.page, { current: 1, size: 9999 });
  return (data?.records ?? []).map((r) => ({ value: r.id, label: r.name }));
}
