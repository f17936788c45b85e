"use client";

import * as React from "react";
import { LazyChart } from "@/components/kit/chart/lazy-chart";
import { useScreenScale } from "./screen-frame";

type EChartsOption = import("echarts").EChartsOption;

/** Legible at 3 m: the text sizes every screen chart starts from (options may override). */
export const SCREEN_TEXT = { color: "#cfe3ff", fontSize: 16 } as const;

/**
 * A chart on a data screen: always dark, filling its panel, its canvas drawn at the frame's scale
 * times the device's pixel ratio so a 4K wall is as sharp as the design.
 */
export function ScreenChart({ option, ariaLabel, testId }: { option: EChartsOption; ariaLabel: string; testId?: string }) {
  const scale = useScreenScale();
  const full = React.useMemo<EChartsOption>(() => ({ textStyle: SCREEN_TEXT, ...option }), [option]);
  const [ratio, setRatio] = React.useState<number | undefined>(undefined);
  React.useEffect(() => {
    // Rounded, so a window dragged by a few pixels does not rebuild the chart.
    setRatio(Math.max(1, Math.ceil(window.devicePixelRatio * scale * 2) / 2));
  }, [scale]);
  // ECharts arrives with the first chart, never in the screen's first load.
  const blank = <div className="size-full" />;
  return ratio === undefined ? blank : <LazyChart option={full} height="100%" theme="dark" pixelRatio={ratio} ariaLabel={ariaLabel} testId={testId} fallback={blank} />;
}
