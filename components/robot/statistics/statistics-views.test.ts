import { describe, expect, it } from "vitest";
import type { EChartsOption } from "echarts";
import { STAT_VIEWS } from "./statistics-views";

const label = (k: string) => `L:${k}`;
const time = (iso: string) => iso.replace("T", " ").slice(0, 19);
type Series = { name: string; data: unknown[]; stack?: string }[];
const series = (o: EChartsOption) => o.series as Series;
const categories = (o: EChartsOption) => (o.xAxis as { data: string[] }).data;

describe("robot statistics views", () => {
  it("draws per point the normal and abnormal readings stacked, named in the page's words", () => {
    const o = STAT_VIEWS.point.chart([{ pointId: 1, pointName: "P1", trackName: "R", total: 3, normal: 2, abnormal: 1, lastTime: null }, { pointId: 2, pointName: "P2", trackName: "R", total: 0, normal: 0, abnormal: 0, lastTime: null }], label, time);
    expect(categories(o)).toEqual(["P1", "P2"]);
    expect(series(o).map((s) => [s.name, s.data, s.stack])).toEqual([["L:normal", [2, 0], "n"], ["L:abnormal", [1, 0], "n"]]);
    expect(o.dataZoom).toBeUndefined();
  });

  it("reads tasks (answered newest first) in time order, and scrolls past 30 of them", () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ taskId: 40 - i, taskName: `T${40 - i}`, slotTime: `2026-11-${String(28 - Math.floor(i / 2)).padStart(2, "0")}T0${i % 2}:00:00Z`, patrolStatus: 2, pointTotal: 3, pointDone: 3, total: 4, abnormal: i % 3, minutes: 10 + i }));
    const o = STAT_VIEWS.task.chart(rows, label, time);
    expect(categories(o)[0]).toBe("11-09 01:00");
    expect(categories(o).at(-1)).toBe("11-28 00:00");
    expect(series(o)[2].data.at(-1)).toBe(10);
    expect(o.dataZoom).toMatchObject([{ type: "slider", startValue: 10, endValue: 39 }, { type: "inside" }]);
    expect(STAT_VIEWS.task.columns).toEqual(["taskName", "slotTime", "patrolStatus", "pointTotal", "pointDone", "total", "abnormal", "minutes"]);
  });

  it("draws timeouts by the minutes over, and robots by task outcome", () => {
    const t = STAT_VIEWS.timeout.chart([{ taskId: 1, taskName: "T", deviceName: "R", slotTime: "2026-11-28T08:00:00Z", duration: 1, minutes: 75.26, overMinutes: 15.26, patrolStatus: 2 }], label, time);
    expect(series(t)[0].data).toEqual([15.3]);
    const r = STAT_VIEWS.robot.chart([{ deviceId: 1, deviceName: "RBT", tasks: 9, done: 5, expired: 2, abnormalTasks: 1, timeouts: 1, total: 40, abnormal: 3 }], label, time);
    expect(series(r).map((s) => [s.name, s.data])).toEqual([["L:done", [5]], ["L:abnormalTasks", [1]], ["L:expired", [2]], ["L:timeouts", [1]]]);
  });
});
