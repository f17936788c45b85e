"use client";

import * as React from "react";
import { useTheme } from "next-themes";
import { useTimeZone, useTranslations } from "next-intl";
import type { EChartsOption, ECharts } from "echarts";
import { cn } from "@/lib/utils";
import { knownZone } from "@/lib/time-zone";
import { hasTimeAxis, unzonedTime, zonedTimeOption } from "./zoned-time";
import { inTurn, whenShown } from "./draw-turns";
import { loadECharts } from "./echarts-lib";

/**
 * The time charts of one screen share a crosshair (and their zoom): ECharts' connected group. A
 * screen holds one set of charts at a time, so one group serves every screen.
 */
export const TIME_CHART_GROUP = "time-charts";

/** The palette after the primary colour: ECharts' own defaults, which read well in both themes. */
const REST = ["#91cc75", "#fac858", "#ee6666", "#73c0de", "#3ba272", "#fc8452", "#9a60b4"];

/** The page's current primary colour (the company skin colour, set on :root by the shell). */
function primaryColor(el: Element): string {
  return getComputedStyle(el).getPropertyValue("--primary").trim() || "#409eff";
}

/**
 * What every option starts from (an option may say otherwise). A time chart does not animate: its
 * sweep redrew every point of every line on each frame for a second at load and at each refresh,
 * the page's longest tasks (issue 41, blocking time), and a reading chart has nothing to show by it.
 */
function defaults(el: Element, timed: boolean): EChartsOption {
  return { backgroundColor: "transparent", color: [primaryColor(el), ...REST], ...(timed ? { animation: false } : {}) };
}

/**
 * One ECharts chart. ECharts is loaded on first use (`echarts-lib`: the parts the console draws with), so pages without charts
 * never download it. Follows dark mode, the primary colour and the box size; `option` replaces
 * the chart's option whenever it changes (memoise it). A chart starts in turns (`draw-turns`): in
 * view first, one step per task.
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
  // The option the chart was last given (null before its first): the option effect below gives it the later ones.
  const applied = React.useRef<EChartsOption | null>(null);
  const zone = knownZone(useTimeZone());
  // Times move into the tenant's zone (the browser's may differ); a click reports real instants.
  const drawn = React.useMemo(() => zonedTimeOption(option, zone), [option, zone]);
  const timed = hasTimeAxis(option);
  const zoneRef = React.useRef({ zone, timed });
  React.useEffect(() => {
    zoneRef.current = { zone, timed };
  }, [zone, timed]);
  const real = (value: unknown) => {
    const { zone: z, timed: t } = zoneRef.current;
    return t && Array.isArray(value) && typeof value[0] === "number" ? [unzonedTime(value[0], z), ...value.slice(1)] : value;
  };
  // The newest handler, so a new callback does not make a new chart.
  const clickRef = React.useRef(onItemClick);
  React.useEffect(() => {
    clickRef.current = onItemClick;
  }, [onItemClick]);

  // The newest option, for a chart whose turn to start comes after the option changed.
  const drawnRef = React.useRef(drawn);
  React.useEffect(() => {
    drawnRef.current = drawn;
  }, [drawn]);

  React.useEffect(() => {
    const el = box.current;
    if (!el) return;
    let live = true;
    let observer: ResizeObserver | undefined;
    // The library starts loading at once (in parts, a task each); the chart starts when it is shown (see draw-turns).
    const lib = loadECharts();
    // A failed load is shown once the chart's turn comes; until then it is not an unhandled rejection.
    lib.catch(() => undefined);
    const stopWaiting = whenShown(el, () => {
      lib
        .then((echarts) =>
          // Creating the chart, then its first option, each in a task of its own; its first frame is drawn on the next animation frame.
          inTurn(() => {
            if (!live) return;
            const instance = echarts.init(el, dark ? "dark" : undefined, { renderer: "canvas", devicePixelRatio: pixelRatio });
            chart.current = instance;
            if (zoneRef.current.timed) {
              instance.group = TIME_CHART_GROUP;
              echarts.connect(TIME_CHART_GROUP);
            }
            instance.on("click", (e) => clickRef.current?.({ seriesId: e.seriesId ?? undefined, seriesIndex: e.seriesIndex, dataIndex: e.dataIndex, value: real(e.value) }));
            // A click anywhere on the plot (a dense line draws no symbols, and its stroke is no data
            // item) reports the axis coordinates of the spot, so the caller can take the nearest sample.
            instance.getZr().on("click", (e) => {
              if (!clickRef.current) return;
              const at = [e.offsetX, e.offsetY];
              if (!instance.containPixel("grid", at)) return;
              const value = instance.convertFromPixel({ gridIndex: 0 }, at);
              if (Array.isArray(value)) clickRef.current({ dataIndex: -1, value: real(value) });
            });
            // The observer reports once when it starts, at the size the chart was made at: only a change
            // of size lays the chart out again (twice in its first frame's task was ≈ 40 ms, issue 41).
            observer = new ResizeObserver(() => {
              if (el.clientWidth !== instance.getWidth() || el.clientHeight !== instance.getHeight()) instance.resize();
            });
            observer.observe(el);
          }).then(() =>
            inTurn(() => {
              const instance = chart.current;
              if (!live || !instance) return;
              applied.current = drawnRef.current;
              instance.setOption({ ...defaults(el, zoneRef.current.timed), ...applied.current }, { lazyUpdate: true });
            }),
          ),
        )
        .catch(() => live && setFailed(true));
    });
    return () => {
      live = false;
      stopWaiting();
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
      applied.current = null;
    };
    // The theme and resolution are fixed at init: a change makes a new chart; option changes update it below.
  }, [dark, pixelRatio]);

  React.useEffect(() => {
    const instance = chart.current;
    // Before its first option the chart takes the newest one in its turn.
    if (!instance || applied.current === null || applied.current === drawn) return;
    // A new option (fresh data) is given in a task of its own, not in the commit that brought it,
    // and drawn on the next frame: a screen's data arriving is never one long task with its charts.
    inTurn(() => {
      const el = box.current;
      if (chart.current !== instance || !el || applied.current === drawnRef.current) return;
      applied.current = drawnRef.current;
      instance.setOption({ ...defaults(el, zoneRef.current.timed), ...applied.current }, { notMerge: true, lazyUpdate: true });
    }).catch(() => setFailed(true));
  }, [drawn]);

  return (
    <div className={cn("relative w-full", className)} style={{ height }} role="img" aria-label={ariaLabel} data-testid={testId}>
      <div ref={box} className="size-full" />
      {failed && <p className="absolute inset-0 flex items-center justify-center text-sm text-muted-foreground">{tk("table.error")}</p>}
    </div>
  );
}
