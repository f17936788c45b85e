"use client";

import * as React from "react";
import { Skeleton } from "@/components/ui/skeleton";

type EChartProps = React.ComponentProps<typeof import("@/components/charts/echart").EChart>;
/**
 * The one lazy import of the chart: the chart worker (and the ECharts in it) starts with the first
 * chart drawn, never with the page — together with the chart's own code (in the browser), not one
 * round trip later when the chart mounts and asks for it.
 */
function loadChart() {
  if (typeof window !== "undefined")
    import("@/components/charts/chart-worker")
      .then((m) => m.startChartWorker())
      .catch(() => undefined);
  return import("@/components/charts/echart");
}
const EChart = React.lazy(() => loadChart().then((m) => ({ default: m.EChart })));

/**
 * Starts loading the chart and its worker before there is anything to draw (a screen whose chart
 * waits for its data), so ECharts arrives beside the data instead of after it.
 */
export function preloadChart() {
  loadChart().catch(() => undefined);
}

/** An ECharts chart loaded on first draw; until then `fallback`, by default a skeleton of its height. */
export function LazyChart({ fallback, ...props }: EChartProps & { fallback?: React.ReactNode }) {
  return (
    <React.Suspense fallback={fallback ?? <Skeleton className="w-full" style={{ height: props.height ?? 280 }} />}>
      <EChart {...props} />
    </React.Suspense>
  );
}
