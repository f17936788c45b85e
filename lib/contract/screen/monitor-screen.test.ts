import { describe, expect, it } from "vitest";
import { healthScore } from "./monitor-screen";

describe("healthScore", () => {
  it("is 100 and A with fresh data and no open alarm", () => {
    expect(healthScore({ openByLevel: [], fresh: 10, expected: 10 })).toEqual({ score: 100, grade: "A", alarmPenalty: 0, completeness: 1 });
  });
  it("takes 3 × level number per open alarm, capped at 60", () => {
    expect(healthScore({ openByLevel: [{ levelNum: 4, count: 1 }, { levelNum: 1, count: 2 }], fresh: 4, expected: 4 })).toMatchObject({ alarmPenalty: 18, score: 82, grade: "B" });
    expect(healthScore({ openByLevel: [{ levelNum: 4, count: 50 }], fresh: 4, expected: 4 })).toMatchObject({ alarmPenalty: 60, score: 40, grade: "D" });
    // An alarm without a level counts as level 1.
    expect(healthScore({ openByLevel: [{ levelNum: null, count: 1 }], fresh: 1, expected: 1 }).alarmPenalty).toBe(3);
  });
  it("takes up to 40 for stale data", () => {
    expect(healthScore({ openByLevel: [], fresh: 5, expected: 10 })).toMatchObject({ score: 80, grade: "B", completeness: 0.5 });
    expect(healthScore({ openByLevel: [], fresh: 0, expected: 3 })).toMatchObject({ score: 60, grade: "C" });
    expect(healthScore({ openByLevel: [{ levelNum: 4, count: 5 }], fresh: 0, expected: 3 })).toMatchObject({ score: 0, grade: "D" });
  });
  it("judges alarms alone without activated devices, and nothing without either", () => {
    expect(healthScore({ openByLevel: [{ levelNum: 2, count: 1 }], fresh: 0, expected: 0 })).toMatchObject({ score: 94, grade: "A", completeness: null });
    expect(healthScore({ openByLevel: [], fresh: 0, expected: 0 })).toEqual({ score: null, grade: null, alarmPenalty: 0, completeness: null });
  });
});
