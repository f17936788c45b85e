"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

/** The tenant statistics of the tenant list, on the platform's home; loaded after the page paints. */
export const PlatformStats = dynamic(() => import("@/components/system-set/tenant-set/tenant-stats").then((m) => m.TenantStats), {
  ssr: false,
  loading: () => <Skeleton className="h-[380px] w-full" />,
});
