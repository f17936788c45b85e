"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { LoadError } from "@/components/kit/load-error";
import { Skeleton } from "@/components/ui/skeleton";

/** The figures follow the devices without a reload, at the console's polling pace (core §9). */
export const HOME_REFRESH_MS = 60_000;

/** The chart and the map load after the page paints: the home's first load carries neither. */
export const HomeChartsLazy = dynamic(() => import("./home-charts").then((m) => m.HomeCharts), {
  ssr: false,
  loading: () => (
    <div className="grid gap-4 xl:grid-cols-2">
      <Skeleton className="h-[360px]" />
      <Skeleton className="h-[360px]" />
    </div>
  ),
});

/** Renders the home again on the server every minute (figures, chart and map get the new summary). */
export function HomeRefresh() {
  const router = useRouter();
  React.useEffect(() => {
    const timer = setInterval(() => router.refresh(), HOME_REFRESH_MS);
    return () => clearInterval(timer);
  }, [router]);
  return null;
}

/** The summary could not be read: say so where the figures go, with a retry. */
export function HomeLoadError() {
  const router = useRouter();
  return <LoadError onRetry={() => router.refresh()} className="rounded-lg border bg-card p-5" testId="home-load-failed" />;
}
