"use client";

import * as React from "react";
import { useTheme } from "next-themes";
import { useTranslations } from "next-intl";
import type { EChartsOption, ECharts } from "echarts";
import { cn } from "@/lib/utils";

/** The palette after the primary colour: ECharts' own defaults, which read well in both themes. */
const REST = ["#91cc75", "#fac858", "#ee6666", "#73c0de", "#3ba272", "#fc8452", "#9a60b4"];

/** The page's current primary colour (the company skin colour, set on :root by the shell). */
function primaryColor(el: Element): string {
  return getComputedStyle(el).getPropertyValue("--primary").trim() || "#409eff";
}

/**
 * One ECharts chart. ECharts is loaded on first use (`echarts-lib`: the parts the console draws with), so pages without charts
 * never download it. Follows dark mode, the primary colour and the box size; `option` replaces
 * the chart's option whenever it changes (memoise it).
 */
/** What a click reports: a data item (its series and value), or a spot of the plot (`dataIndex` -1, `value` its axis coordinates). */
export type ChartClick = { seriesId?: string; seriesIndex?: number; dataIndex: number; value: unknown };

export function EChart({
  option,
  height = 280,
  className,
  ariaLabel,
  testId,
  onItemClick,
  theme,
  pixelRatio,
}: {
  option: EChartsOption;
  /** A number of pixels, or "100%" to fill a parent that has its own height. */
  height?: number | "100%";
  className?: string;
  ariaLabel?: string;
  testId?: string;
  onItemClick?: (e: ChartClick) => void;
  /** A fixed theme (the always-dark data screens); by default the page's. */
  theme?: "dark" | "light";
  /** Canvas resolution when the chart is drawn inside a CSS scale (a data screen on 4K); by default the device's. */
  pixelRatio?: number;
}) {
  const box = React.useRef<HTMLDivElement>(null);
  const chart = React.useRef<ECharts | null>(null);
  const tk = useTranslations("kit");
  const { resolvedTheme } = useTheme();
  const dark = (theme ?? resolvedTheme) === "dark";
  const [failed, setFailed] = React.useState(false);
  // The newest handler, so a new callback does not make a new chart.
  const clickRef = React.useRef(onItemClick);
  React.useEffect(() => {
    clickRef.current = onItemClick;
  }, [onItemClick]);

  React.useEffect(() => {
    const el = box.current;
    if (!el) return;
    let live = true;
    let observer: ResizeObserver | undefined;
    import("./echarts-lib")
      .then((echarts) => {
        if (!live) return;
        const instance = echarts.init(el, dark ? "dark" : undefined, { renderer: "canvas", devicePixelRatio: pixelRatio });
        chart.current = instance;
        instance.setOption({ backgroundColor: "transparent", color: [primaryColor(el), ...REST], ...option });
        instance.on("click", (e) => clickRef.current?.({ seriesId: e.seriesId ?? undefined, seriesIndex: e.seriesIndex, dataIndex: e.dataIndex, value: e.value }));
        // A click anywhere on the plot (a dense line draws no symbols, and its stroke is no data
        // item) reports the axis coordinates of the spot, so the caller can take the nearest sample.
        instance.getZr().on("click", (e) => {
          if (!clickRef.current) return;
          const at = [e.offsetX, e.offsetY];
          if (!instance.containPixel("grid", at)) return;
          const value = instance.convertFromPixel({ gridIndex: 0 }, at);
          if (Array.isArray(value)) clickRef.current({ dataIndex: -1, value });
        });
        observer = new ResizeObserver(() => instance.resize());
        observer.observe(el);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
    // The theme and resolution are fixed at init: a change makes a new chart; option changes update it below.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [dark, pixelRatio]);

  React.useEffect(() => {
    const instance = chart.current;
    if (instance && box.current) instance.setOption({ backgroundColor: "transparent", color: [primaryColor(box.current), ...REST], ...option }, { notMerge: true });
  }, [option]);

  return (
    <div className={cn("relative w-full", className)} style={{ height }} role="img" aria-label={ariaLabel} data-testid={testId}>
      <div ref={box} className="size-full" />
      {failed && <p className="absolute inset-0 flex items-center justify-center text-sm text-muted-foreground">{tk("table.error")}</p>}
    </div>
  );
}
