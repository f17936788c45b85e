"use client";

import * as React from "react";
import { Skeleton } from "@/components/ui/skeleton";

type Props = React.ComponentProps<typeof import("@/components/charts/echart").EChart>;
// ECharts loads with the first chart drawn, never with the page.
const EChart = React.lazy(() => import("@/components/charts/echart").then((m) => ({ default: m.EChart })));

/** An ECharts chart outside a ChartPanel (radar, the weather grid), loaded lazily the same way. */
export function LazyChart(props: Props) {
  return (
    <React.Suspense fallback={<Skeleton style={{ height: props.height ?? 280 }} />}>
      <EChart {...props} />
    </React.Suspense>
  );
}
