type EChartsOption = import("echarts").EChartsOption;
import type { PointStat, RobotStat, TaskStat, TimeoutStat } from "@/lib/contract/robot/record";

export type StatKind = "point" | "task" | "timeout" | "robot";
// A statistics row of any of the four kinds, read by key.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table reads the columns its view names
export type StatRow = Record<string, any>;

const GRID = { left: 16, right: 16, top: 36, bottom: 8, containLabel: true } as const;
const NORMAL = "#91cc75";
const ABNORMAL = "#ee6666";
/** A long category axis scrolls: the newest 30 shown first. */
const zoomFrom = (n: number) => (n > 30 ? [{ type: "slider" as const, startValue: n - 30, endValue: n - 1, height: 16, bottom: 4 }, { type: "inside" as const }] : undefined);
const labels = (n: number) => ({ interval: 0, rotate: n > 6 ? 30 : 0, hideOverlap: true, width: 120, overflow: "truncate" as const });

type Label = (key: string) => string;
type Time = (iso: string) => string;

type View<R> = {
  /** The row's key in the table. */
  key: keyof R & string;
  /** The table's columns, as the Excel export has them. */
  columns: readonly (keyof R & string)[];
  chart: (rows: R[], label: Label, time: Time) => EChartsOption;
};

const bars = (names: string[], grid = GRID) => ({
  tooltip: { trigger: "axis" as const },
  legend: { top: 0 },
  grid: names.length > 30 ? { ...grid, bottom: 32 } : grid,
  xAxis: { type: "category" as const, data: names, axisLabel: labels(names.length) },
  yAxis: { type: "value" as const, minInterval: 1 },
  dataZoom: zoomFrom(names.length),
});

const point: View<PointStat> = {
  key: "pointId",
  columns: ["pointName", "trackName", "total", "normal", "abnormal", "lastTime"],
  chart: (rows, label) => ({
    ...bars(rows.map((r) => r.pointName)),
    series: [
      { name: label("normal"), type: "bar", stack: "n", barMaxWidth: 28, color: NORMAL, data: rows.map((r) => r.normal) },
      { name: label("abnormal"), type: "bar", stack: "n", barMaxWidth: 28, color: ABNORMAL, data: rows.map((r) => r.abnormal) },
    ],
  }),
};

// Tasks come newest first: the chart reads them in time order.
const task: View<TaskStat> = {
  key: "taskId",
  columns: ["taskName", "slotTime", "patrolStatus", "pointTotal", "pointDone", "total", "abnormal", "minutes"],
  chart: (rows, label, time) => {
    const ordered = [...rows].reverse();
    return {
      ...bars(ordered.map((r) => time(r.slotTime).slice(5, 16))),
      yAxis: [
        { type: "value", minInterval: 1 },
        { type: "value", name: label("minutes"), splitLine: { show: false } },
      ],
      series: [
        { name: label("pointDone"), type: "bar", barMaxWidth: 24, data: ordered.map((r) => r.pointDone) },
        { name: label("abnormal"), type: "bar", barMaxWidth: 24, color: ABNORMAL, data: ordered.map((r) => r.abnormal) },
        { name: label("minutes"), type: "line", yAxisIndex: 1, smooth: true, data: ordered.map((r) => r.minutes) },
      ],
    };
  },
};

const timeout: View<TimeoutStat> = {
  key: "taskId",
  columns: ["taskName", "deviceName", "slotTime", "duration", "minutes", "overMinutes", "patrolStatus"],
  chart: (rows, label, time) => {
    const ordered = [...rows].reverse();
    return {
      ...bars(ordered.map((r) => time(r.slotTime).slice(5, 16))),
      yAxis: { type: "value", name: label("overMinutes") },
      series: [{ name: label("overMinutes"), type: "bar", barMaxWidth: 24, color: ABNORMAL, data: ordered.map((r) => Math.round(r.overMinutes * 10) / 10) }],
    };
  },
};

const robot: View<RobotStat> = {
  key: "deviceId",
  columns: ["deviceName", "tasks", "done", "expired", "abnormalTasks", "timeouts", "total", "abnormal"],
  chart: (rows, label) => ({
    ...bars(rows.map((r) => r.deviceName)),
    series: [
      { name: label("done"), type: "bar", stack: "t", barMaxWidth: 36, color: NORMAL, data: rows.map((r) => r.done) },
      { name: label("abnormalTasks"), type: "bar", stack: "t", barMaxWidth: 36, color: ABNORMAL, data: rows.map((r) => r.abnormalTasks) },
      { name: label("expired"), type: "bar", stack: "t", barMaxWidth: 36, color: "#a3a3a3", data: rows.map((r) => r.expired) },
      { name: label("timeouts"), type: "bar", barMaxWidth: 36, color: "#fac858", data: rows.map((r) => r.timeouts) },
    ],
  }),
};

/** What each statistics page draws and lists. */
export const STAT_VIEWS: Record<StatKind, View<StatRow>> = { point, task, timeout, robot } as unknown as Record<StatKind, View<StatRow>>;
