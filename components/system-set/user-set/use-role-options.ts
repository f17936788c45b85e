"use client";

import useSWR from "swr";
import { swrFetcher } from "@/lib/api/fetcher";
import type { Page } from "@/lib/contract/envelope";
import type { RoleRow } from "@/lib/contract/system/role";
import type { DictOption } from "@/components/kit";

/** The roles a user of the caller's tenant can hold (`sys/role/page`: management roles on the
 *  platform, the tenant's own roles on a tenant), as select options. */
export function useRoleOptions(): DictOption[] {
  const { data } = useSWR<Page<RoleRow>>(["sys/role/page", { current: 1, size: 9999 }], swrFetcher);
  return (data?.records ?? []).map((r) => ({ value: r.id, label: r.name }));
}
