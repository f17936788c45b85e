import { describe, expect, it } from "vitest";
import { DEFAULT_REFRESH_MS, fitDesign, idOf, refreshMsOf } from "./scale";

describe("fitDesign", () => {
  it("keeps 1920×1080 as it is and doubles it on 4K", () => {
    expect(fitDesign(1920, 1080)).toEqual({ scale: 1, left: 0, top: 0 });
    expect(fitDesign(3840, 2160).scale).toBe(2);
  });
  it("fits a laptop by its narrower side and centres the rest", () => {
    const f = fitDesign(1366, 768);
    expect(f.scale).toBeCloseTo(768 / 1080);
    expect(f.top).toBe(0);
    expect(f.left).toBeCloseTo((1366 - 1920 * (768 / 1080)) / 2);
    const tall = fitDesign(1080, 1920);
    expect(tall.scale).toBeCloseTo(1080 / 1920);
    expect(tall.left).toBe(0);
    expect(tall.top).toBeGreaterThan(0);
  });
  it("does not divide by a zero viewport", () => {
    expect(fitDesign(0, 0).scale).toBe(1);
  });
});

describe("refreshMsOf", () => {
  it("takes the query's milliseconds within bounds", () => {
    expect(refreshMsOf("5000")).toBe(5000);
    expect(refreshMsOf("50")).toBe(200);
    expect(refreshMsOf("9999999")).toBe(600_000);
  });
  it("falls back to the default for anything else", () => {
    for (const v of [null, "", "abc", "-1", "1e3", "2.5"]) expect(refreshMsOf(v)).toBe(DEFAULT_REFRESH_MS);
  });
});

describe("idOf", () => {
  it("accepts positive integers only", () => {
    expect(idOf("12")).toBe(12);
    for (const v of [null, "0", "-3", "x", "1.5", "12345678901"]) expect(idOf(v)).toBeNull();
  });
});
