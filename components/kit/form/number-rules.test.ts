import { describe, expect, it } from "vitest";
import { normalizeNumber } from "./number-rules";

describe("number input on blur", () => {
  it("rounds floats to floatNum decimals (default 2)", () => {
    expect(normalizeNumber("3.14159")).toBe(3.14);
    expect(normalizeNumber("2.005", { floatNum: 1 })).toBe(2);
    expect(normalizeNumber("121.4737019", { min: -180, max: 180, floatNum: 6 })).toBe(121.473702);
  });

  it("parses integers when floatNum is 0", () => {
    expect(normalizeNumber("12.9", { floatNum: 0 })).toBe(12);
  });

  it("clamps to min 0 and max 1000 by default", () => {
    expect(normalizeNumber("-5")).toBe(0);
    expect(normalizeNumber("5000")).toBe(1000);
    expect(normalizeNumber("-200", { min: -180, max: 180 })).toBe(-180);
  });

  it("empties anything non-numeric", () => {
    for (const v of ["abc", "12abc", "", "  ", "1,5", null, undefined, "Infinity", "--1"]) expect(normalizeNumber(v)).toBe("");
  });

  it("accepts surrounding spaces, a leading dot and a plus sign", () => {
    expect(normalizeNumber(" 7 ")).toBe(7);
    expect(normalizeNumber(".5")).toBe(0.5);
    expect(normalizeNumber("+8")).toBe(8);
  });
});
