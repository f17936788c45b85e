import { describe, expect, it } from "vitest";
import { aggregate, fitCalibration, maturitySeries, strengthOf } from "./maturity";

const H = 3_600_000;

describe("maturity (Nurse-Saul) and strength", () => {
  it("adds up the temperature-time factor above the datum, as worked by hand", () => {
    // Datum −10 °C. Readings 20, 30, 30, 10 °C at 0, 2, 4, 10 h:
    //   0–2 h:  mean 25 → (25 + 10) × 2 = 70
    //   2–4 h:  mean 30 → (30 + 10) × 2 = 80   → 150
    //   4–10 h: mean 20 → (20 + 10) × 6 = 180  → 330 °C·h
    const s = maturitySeries([{ t: 4 * H, temp: 30 }, { t: 0, temp: 20 }, { t: 2 * H, temp: 30 }, { t: 10 * H, temp: 10 }], -10);
    expect(s.map((p) => p.maturity)).toEqual([0, 70, 150, 330]);
  });

  it("counts nothing while the concrete is colder than the datum", () => {
    const s = maturitySeries([{ t: 0, temp: -15 }, { t: 3 * H, temp: -12 }, { t: 4 * H, temp: -8 }], -10);
    // −15…−12: mean −13.5 below the datum → 0; −12…−8: mean −10 → 0.
    expect(s.at(-1)!.maturity).toBe(0);
  });

  it("estimates strength S = a + b·log10(M) and fits a and b through measured points", () => {
    // a = −20, b = 12: M = 1000 → −20 + 12 × 3 = 16 MPa; M = 10000 → 28 MPa.
    expect(strengthOf(1000, { a: -20, b: 12 })).toBe(16);
    expect(strengthOf(10_000, { a: -20, b: 12 })).toBe(28);
    expect(strengthOf(0, { a: -20, b: 12 })).toBeNull();
    expect(strengthOf(10, { a: -20, b: 12 })).toBe(0);
    // Points exactly on that line give it back; one point is not enough.
    expect(fitCalibration([{ maturity: 1000, strength: 16 }, { maturity: 10_000, strength: 28 }, { maturity: 100, strength: 4 }])).toEqual({ a: -20, b: 12 });
    expect(fitCalibration([{ maturity: 1000, strength: 16 }])).toBeNull();
  });

  it("aggregates the sensors: average, maximum, minimum or the last", () => {
    expect(aggregate([10, 20, 30, 24], 0)).toBe(21);
    expect(aggregate([10, 20, 30, 24], 1)).toBe(30);
    expect(aggregate([10, 20, 30, 24], 2)).toBe(10);
    expect(aggregate([10, 20, 30, 24], 3)).toBe(24);
    expect(aggregate([], 0)).toBeNull();
  });
});
