import { describe, expect, it } from "vitest";
import { conditionText, crosses, levelCrossed, recovers, recoversAll } from "./condition";

const rule = (compareType: number, extra: Partial<{ threshold: number; minValue: number; maxValue: number }> = {}) => ({
  compareType,
  threshold: null,
  minValue: null,
  maxValue: null,
  ...extra,
});

describe("alarm conditions", () => {
  it("compares with the five operators", () => {
    expect([9, 10, 11].map((v) => crosses(rule(1, { threshold: 10 }), v))).toEqual([false, false, true]);
    expect([9, 10, 11].map((v) => crosses(rule(2, { threshold: 10 }), v))).toEqual([false, true, true]);
    expect([9, 10, 11].map((v) => crosses(rule(3, { threshold: 10 }), v))).toEqual([true, false, false]);
    expect([9, 10, 11].map((v) => crosses(rule(4, { threshold: 10 }), v))).toEqual([true, true, false]);
    expect([-6, -5, 0, 5, 6].map((v) => crosses(rule(5, { minValue: -5, maxValue: 5 }), v))).toEqual([true, false, false, false, true]);
  });

  it("never crosses without its threshold or with an unknown operator", () => {
    expect(crosses(rule(1), 1e9)).toBe(false);
    expect(crosses(rule(9, { threshold: 0 }), 1)).toBe(false);
  });

  it("recovers only once the value is back by the dead band", () => {
    const above = rule(1, { threshold: 10 });
    expect([11, 9, 8, 7.9].map((v) => recovers(above, v, 2))).toEqual([false, false, true, true]);
    const below = rule(3, { threshold: -77 });
    expect([-78, -75, -74].map((v) => recovers(below, v, 3))).toEqual([false, false, true]);
    const range = rule(5, { minValue: -5, maxValue: 5 });
    expect([6, 4.5, 4, 0, -4, -4.5].map((v) => recovers(range, v, 1))).toEqual([false, false, true, true, true, false]);
    expect(recovers(rule(1, { threshold: 10 }), 10, 0)).toBe(true);
  });

  it("finds the most severe of a rule's levels a value crosses, and recovers only below all of them", () => {
    const levels = [rule(1, { threshold: 10 }), rule(1, { threshold: 20 }), rule(1, { threshold: 30 })];
    expect([5, 10.5, 20, 25, 31, 1e6].map((v) => levelCrossed(levels, v))).toEqual([-1, 0, 0, 1, 2, 2]);
    const ranges = [rule(5, { minValue: -40, maxValue: 40 }), rule(5, { minValue: -60, maxValue: 60 })];
    expect([0, -45, 45, -61, 61].map((v) => levelCrossed(ranges, v))).toEqual([-1, 0, 0, 1, 1]);
    // Hysteresis for the whole rule: back under the mildest line by the dead band.
    expect([9, 8.5, 7.9].map((v) => recoversAll(levels, v, 2))).toEqual([false, false, true]);
    expect(levelCrossed([], 1)).toBe(-1);
  });

  it("writes the condition for the alarm's text", () => {
    expect(conditionText(rule(2, { threshold: 12.5 }))).toBe("≥ 12.5");
    expect(conditionText(rule(5, { minValue: -5, maxValue: 5 }))).toBe("∉ [-5, 5]");
  });
});
