import { describe, expect, it } from "vitest";
import { conditionText, crosses, recovers } from "./condition";

const rule = (compareType: number, extra: Partial<{ threshold: number; minValue: number; maxValue: number; deadband: number }> = {}) => ({
  compareType,
  threshold: null,
  minValue: null,
  maxValue: null,
  deadband: 0,
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
    const above = rule(1, { threshold: 10, deadband: 2 });
    expect([11, 9, 8, 7.9].map((v) => recovers(above, v))).toEqual([false, false, true, true]);
    const below = rule(3, { threshold: -77, deadband: 3 });
    expect([-78, -75, -74].map((v) => recovers(below, v))).toEqual([false, false, true]);
    const range = rule(5, { minValue: -5, maxValue: 5, deadband: 1 });
    expect([6, 4.5, 4, 0, -4, -4.5].map((v) => recovers(range, v))).toEqual([false, false, true, true, true, false]);
    expect(recovers(rule(1, { threshold: 10 }), 10)).toBe(true);
  });

  it("writes the condition for the alarm's text", () => {
    expect(conditionText(rule(2, { threshold: 12.5 }))).toBe("≥ 12.5");
    expect(conditionText(rule(5, { minValue: -5, maxValue: 5 }))).toBe("∉ [-5, 5]");
  });
});
