"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

/** The tenant statistics (tenant list, platform home) draw ECharts: loaded after the page paints, never with it. */
export const TenantStatsLazy = dynamic(() => import("./tenant-stats").then((m) => m.TenantStats), {
  ssr: false,
  loading: () => <Skeleton className="h-[380px] w-full" />,
});
