import { describe, expect, it } from "vitest";
import { alarmLines, change, cumulative, lightSpot, ratePerDay, reference, shown, tiltDisplacement, type TimePoint } from "./compute";
import { analyse, analysisQuery, initRows, rangeOf } from "./analysis";
import { MONITORS } from "./monitors";
import { MONITOR_KINDS } from "../device/enums";

const DAY = 86_400_000;
const pts: TimePoint[] = [
  [0, 10],
  [DAY / 2, 11],
  [2 * DAY, 14],
];

describe("monitoring arithmetic", () => {
  it("counts cumulative change from the initial value (relative zero) or takes values as the change (absolute)", () => {
    expect(reference(1, 9, 10)).toBe(9);
    expect(reference(1, null, 10)).toBe(10);
    expect(reference(1, undefined, undefined)).toBe(0);
    expect(reference(0, 9, 10)).toBe(0);
    expect(cumulative(pts, 9)).toEqual([[0, 1], [DAY / 2, 2], [2 * DAY, 5]]);
  });

  it("gives the change per period and the rate per day", () => {
    expect(change(pts)).toEqual([[DAY / 2, 1], [2 * DAY, 3]]);
    // +1 in half a day is 2 a day; +3 in 1.5 days is 2 a day.
    expect(ratePerDay(pts)).toEqual([[DAY / 2, 2], [2 * DAY, 2]]);
    expect(ratePerDay([[0, 1], [0, 2]])).toEqual([]);
    expect(shown(pts, 1, 5)).toEqual(pts);
    expect(shown(pts, 0, 10)[2]).toEqual([2 * DAY, 4]);
    expect(shown(pts, 2, 10)).toEqual(ratePerDay(pts));
  });

  it("converts tilt to displacement and places the light spot on the radar", () => {
    expect(tiltDisplacement(0, 20)).toBe(0);
    expect(tiltDisplacement(45, 1)).toBeCloseTo(1000);
    expect(tiltDisplacement(0.01, 20)).toBeCloseTo(3.4907, 3);
    const inside = lightSpot(0.01, -0.02, { laserDistance: 20, refAngleX: 0, refAngleY: 0 });
    expect(inside).toMatchObject({ out: false });
    expect(inside.y).toBeCloseTo(-6.981, 2);
    // Beyond 10 mm: a warning; beyond 16 mm the plotted spot stays on the edge, in its direction.
    const far = lightSpot(0.1, 0.1, { laserDistance: 20, refAngleX: 0, refAngleY: 0 });
    expect(far.out).toBe(true);
    expect(Math.hypot(...far.plotted)).toBeCloseTo(16);
    expect(far.plotted[0]).toBeCloseTo(far.plotted[1]);
    // Reference angles are subtracted first.
    expect(lightSpot(1.01, 2, { laserDistance: 20, refAngleX: 1, refAngleY: 2 }).y).toBeCloseTo(0);
  });

  it("keeps numeric alarm lines only, with the default colour", () => {
    expect(alarmLines([{ value: 30, label: "max" }, { value: "-30", color: "#00f", label: "min" }, { value: "abc", label: "x" }, { value: null, label: "y" }])).toEqual([
      { value: 30, color: "#FF4400", label: "max" },
      { value: -30, color: "#00f", label: "min" },
    ]);
  });
});

describe("analysis", () => {
  it("defines every monitoring screen once, with units", () => {
    expect(Object.keys(MONITORS).sort()).toEqual([...MONITOR_KINDS].sort());
    for (const def of Object.values(MONITORS)) expect(def.measures.length).toBeGreaterThan(0);
  });

  it("applies the show value to structural readings only, and builds the initial-value table", () => {
    const measures = MONITORS.settlement.measures;
    const raw = new Map([
      ["settlement", pts],
      ["temperature", [[0, 20] as TimePoint]],
    ]);
    const out = analyse(measures, raw, { zeroType: 1, showValue: 0, initial: new Map([["settlement", 9]]) });
    expect(out.find((s) => s.id === "settlement")!.data).toEqual([[0, 1], [DAY / 2, 2], [2 * DAY, 5]]);
    expect(out.find((s) => s.id === "temperature")!.data).toEqual([[0, 20]]);
    expect(out.find((s) => s.id === "pressure")!.data).toEqual([]);
    const rows = initRows(measures, new Map([["settlement", { ts: 5, value: 12.5 }], ["temperature", { ts: 5, value: 20 }]]), 1, new Map([["settlement", 10]]));
    expect(rows).toEqual([{ paramName: "settlement", unit: "mm", orgValue: 12.5, totalValue: 2.5, initValue: 10, dataTime: 5 }]);
  });

  it("checks the query's range and reads its days in platform time", () => {
    const ok = analysisQuery.safeParse({ monitorKind: "tilt", deviceId: "3", startTime: "2026-01-01", endTime: "2026-01-31" });
    expect(ok.success && ok.data).toMatchObject({ deviceId: 3, queryType: 1, valueType: 1, showValue: 0 });
    expect(analysisQuery.safeParse({ monitorKind: "tilt", deviceId: 3, startTime: "2026-02-01", endTime: "2026-01-31" }).error?.issues[0].message).toBe("validation.endBeforeStart");
    expect(analysisQuery.safeParse({ monitorKind: "tilt", deviceId: 3, startTime: "2000-01-01", endTime: "2026-01-31" }).success).toBe(false);
    expect(analysisQuery.safeParse({ monitorKind: "tilt", deviceId: 3, startTime: "2026-01-01", endTime: "2026-01-31", queryType: 9 }).success).toBe(false);
    const r = rangeOf({ startTime: "2026-01-01", endTime: "2026-01-01" });
    expect(r.from.toISOString()).toBe("2025-12-31T16:00:00.000Z");
    expect(r.to.getTime() - r.from.getTime()).toBe(DAY);
  });
});
