"use client";

import * as React from "react";
import { useTheme } from "@/lib/theme";
import { useTimeZone, useTranslations } from "next-intl";
import type { EChartsOption } from "echarts";
import { cn } from "@/lib/utils";
import { formatDateTime } from "@/lib/format";
import { knownZone } from "@/lib/time-zone";
import { hasTimeAxis, unzonedTime, zonedTimeOption } from "./zoned-time";
import { whenShown } from "./when-shown";
import { toMessage, yLabel } from "./chart-formatters";
import { canDrawInWorker, drawInWorker, type WorkerChart } from "./chart-worker";
import type { EngineTip, PointerName } from "./chart-engine";

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

/** What a click reports: a data item (its series and value), or a spot of the plot (`dataIndex` -1, `value` its axis coordinates). */
export type ChartClick = { seriesId?: string; seriesIndex?: number; dataIndex: number; value: unknown };

/** The page's pointer over a chart, as the worker's ECharts hears it (ECharts' own names). */
const POINTER: [keyof HTMLElementEventMap, PointerName][] = [
  ["pointermove", "mousemove"],
  ["pointerdown", "mousedown"],
  ["pointerup", "mouseup"],
  ["click", "click"],
  ["pointerleave", "mouseout"],
];

/** A wheel's turn as ECharts reads it (zrender's own measure of a `wheel` event). */
const wheelDelta = (e: WheelEvent) => 3 * (e.deltaY !== 0 ? -Math.sign(e.deltaY) * Math.abs(e.deltaY) : -Math.sign(e.deltaX) * Math.abs(e.deltaX));

const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v : v ? [v as Record<string, unknown>] : []);

/** The tooltip's content as text (the drawn tooltip is on the canvas): a time axis's value as the tables show times, in the tenant's zone. */
function tipText(tip: EngineTip, zone: string, timed: boolean): string {
  const at = timed && typeof tip.axisValue === "number" ? formatDateTime(unzonedTime(tip.axisValue, zone), zone) : String(tip.axisValue ?? "");
  const values = tip.items.map((i) => `${i.name} ${typeof i.value === "number" ? yLabel(i.value) : String(i.value ?? "")}`);
  return [at, ...values].filter(Boolean).join(" · ");
}

/**
 * One ECharts chart, drawn in the chart worker (`chart-engine`): the page never runs ECharts, so a
 * chart's first drawing, its refreshes and its tooltip never hold the page. Follows dark mode, the
 * primary colour and the box size; `option` replaces the chart's option whenever it changes
 * (memoise it; its functions are `formatter`s). A chart out of view starts when shown (`when-shown`).
 * What the tooltip shows is also said as text, for a screen reader.
 */
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
  const chart = React.useRef<WorkerChart | null>(null);
  const tk = useTranslations("kit");
  const { resolvedTheme } = useTheme();
  const dark = (theme ?? resolvedTheme) === "dark";
  const [failed, setFailed] = React.useState(false);
  const [tip, setTip] = React.useState("");
  const zone = knownZone(useTimeZone());
  // Times move into the tenant's zone (the browser's may differ); a click reports real instants.
  const drawn = React.useMemo(() => zonedTimeOption(option, zone), [option, zone]);
  const timed = hasTimeAxis(option);
  // The option as the worker takes it; null when it holds a function no `formatter` made (a bug, said once).
  const message = React.useMemo(() => {
    try {
      return toMessage(drawn) as EChartsOption;
    } catch (e) {
      console.error(e);
      return null;
    }
  }, [drawn]);
  const zoneRef = React.useRef({ zone, timed, zooms: false });
  React.useEffect(() => {
    zoneRef.current = { zone, timed, zooms: list(option.dataZoom).some((z) => z.type === "inside") };
  }, [zone, timed, option]);
  const real = (value: unknown) => {
    const { zone: z, timed: t } = zoneRef.current;
    return t && Array.isArray(value) && typeof value[0] === "number" ? [unzonedTime(value[0], z), ...value.slice(1)] : value;
  };
  // The newest handler, so a new callback does not make a new chart.
  const clickRef = React.useRef(onItemClick);
  React.useEffect(() => {
    clickRef.current = onItemClick;
  }, [onItemClick]);
  // The newest option, for a chart that starts after the option changed; and the one it was last given.
  const messageRef = React.useRef(message);
  React.useEffect(() => {
    messageRef.current = message;
  }, [message]);
  const given = React.useRef<EChartsOption | null>(null);

  React.useEffect(() => {
    const el = box.current;
    if (!el) return;
    let live = true;
    let canvas: HTMLCanvasElement | undefined;
    let observer: ResizeObserver | undefined;
    const stopWaiting = whenShown(el, () => {
      const first = messageRef.current;
      if (!canDrawInWorker() || !first) return setFailed(true);
      canvas = document.createElement("canvas");
      canvas.className = "block size-full";
      el.appendChild(canvas);
      const timedChart = zoneRef.current.timed;
      const instance = drawInWorker(
        canvas,
        { width: el.clientWidth, height: el.clientHeight, dpr: pixelRatio ?? window.devicePixelRatio ?? 1, dark, group: timedChart ? TIME_CHART_GROUP : undefined },
        {
          click: (c) => clickRef.current?.({ ...c, value: real(c.value) }),
          tip: (t) => live && setTip(t ? tipText(t, zoneRef.current.zone, zoneRef.current.timed) : ""),
          cursor: (c) => canvas && (canvas.style.cursor = c),
          failed: () => live && setFailed(true),
        },
      );
      chart.current = instance;
      given.current = first;
      instance.option({ ...defaults(el, timedChart), ...first }, false);
      for (const [type, name] of POINTER)
        canvas.addEventListener(type, (e) => {
          const p = e as PointerEvent;
          // One pointer drives the chart: a second finger (a pinch) would make it jump between two places.
          // (Not a click's: Chromium's click, a PointerEvent too, need not say it is the primary pointer's.)
          if (type !== "click" && p.isPrimary === false) return;
          // A drag that leaves the chart (the zoom slider's handle) still reaches it.
          if (type === "pointerdown") canvas?.setPointerCapture?.(p.pointerId);
          // A tap shows what is under it, as a pointer's hover does.
          if (type === "pointerdown" && p.pointerType === "touch") instance.pointer("mousemove", p.offsetX, p.offsetY);
          instance.pointer(name, p.offsetX, p.offsetY);
        });
      canvas.addEventListener(
        "wheel",
        (e) => {
          // A chart that zooms by the wheel keeps it (the page does not scroll under it), as ECharts on the page did.
          if (!zoneRef.current.zooms) return;
          e.preventDefault();
          instance.pointer("mousewheel", e.offsetX, e.offsetY, wheelDelta(e));
        },
        { passive: false },
      );
      let size = [el.clientWidth, el.clientHeight];
      // The observer reports once when it starts, at the size the chart was made at: only a change lays it out again.
      observer = new ResizeObserver(() => {
        if (el.clientWidth === size[0] && el.clientHeight === size[1]) return;
        size = [el.clientWidth, el.clientHeight];
        instance.resize(size[0], size[1]);
      });
      observer.observe(el);
    });
    return () => {
      live = false;
      stopWaiting();
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
      given.current = null;
      canvas?.remove();
    };
    // The theme and resolution are fixed at init: a change makes a new chart; option changes update it below.
  }, [dark, pixelRatio]);

  React.useEffect(() => {
    const instance = chart.current;
    const el = box.current;
    // Before its first option the chart takes the newest one when it starts.
    if (!instance || !el || given.current === null || given.current === message) return;
    if (!message) return setFailed(true);
    given.current = message;
    instance.option({ ...defaults(el, zoneRef.current.timed), ...message }, true);
  }, [message]);

  return (
    <div className={cn("relative w-full", className)} style={{ height }} data-testid={testId}>
      <div ref={box} className="size-full" role="img" aria-label={ariaLabel} />
      {/* Beside the picture, not in it: an image's content is not read out. */}
      <p className="sr-only" role="status" data-testid="chart-tip">
        {tip}
      </p>
      {failed && <p className="absolute inset-0 flex items-center justify-center text-sm text-muted-foreground">{tk("table.error")}</p>}
    </div>
  );
}
