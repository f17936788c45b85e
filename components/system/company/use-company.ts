"use client";

import * as React from "react";
import useSWR from "swr";
import { useRouter } from "next/navigation";
import { swrFetcher } from "@/lib/api/fetcher";
import type { CompanySettings } from "@/lib/contract/system/company-settings";

/**
 * The caller's company settings (`sys/company/info`), shared by the loginPage, companyInfo,
 * companyColor and phoneSet screens. `saved` re-reads them and refreshes the server-rendered
 * shell and login screen, which show the branding (core §3: changes show at once).
 */
export function useCompany() {
  const router = useRouter();
  const swr = useSWR<CompanySettings>("sys/company/info", swrFetcher);
  const { mutate } = swr;
  const saved = React.useCallback(async () => {
    await mutate();
    router.refresh();
  }, [mutate, router]);
  return { data: swr.data, error: swr.error, saved };
}
