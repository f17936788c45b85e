"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { LoadError } from "@/components/kit/load-error";

/** The figures follow the devices without a reload, at the console's polling pace (core §9). */
export const HOME_REFRESH_MS = 60_000;

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
