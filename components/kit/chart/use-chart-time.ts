"use client";

import * as React from "react";
import { REFRESH, timeBounds, type ChartTime, type Refresh, type Span, type TimeBounds } from "./time-range";

export type ChartTimeState = {
  time: ChartTime;
  setTime: (time: ChartTime) => void;
  refresh: Refresh;
  setRefresh: (refresh: Refresh) => void;
  /** The instants to query; null while the days are incomplete. */
  bounds: TimeBounds | null;
  /** The spans offered. */
  spans?: readonly Span[];
};

/**
 * A chart's time: a span ending now (with auto-refresh moving it to now: a new `bounds`, so a new
 * query, and the chart's default window ends at the newest point again) or whole days.
 */
export function useChartTime(initial: ChartTime, spans?: readonly Span[]): ChartTimeState {
  const [time, setTimeState] = React.useState(initial);
  const [refresh, setRefresh] = React.useState<Refresh>("off");
  const [now, setNow] = React.useState(() => Date.now());
  const setTime = React.useCallback((t: ChartTime) => {
    setNow(Date.now());
    setTimeState(t);
  }, []);
  const relative = "span" in time;
  React.useEffect(() => {
    const every = REFRESH[refresh];
    if (!relative || !every) return;
    const timer = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(timer);
  }, [relative, refresh]);
  const bounds = React.useMemo(() => timeBounds(time, now), [time, now]);
  return { time, setTime, refresh, setRefresh, bounds, spans };
}
