import { describe, expect, it } from "vitest";
import { brightness, contrastText, darken, lighten, parseHex, skinColorOf, themeCss, themeVariables, toHex } from "./colors";

describe("theme colours", () => {
  it("parses 3- and 6-digit hex with or without #, and refuses the rest", () => {
    expect(parseHex("#409EFF")).toEqual([64, 158, 255]);
    expect(parseHex("fff")).toEqual([255, 255, 255]);
    expect(parseHex("#12345")).toBeNull();
    expect(parseHex("rgb(1,2,3)")).toBeNull();
    expect(toHex([64, 158, 255])).toBe("#409eff");
  });

  it("lightens by tenths towards white and darkens 10 % towards black", () => {
    const base = parseHex("#409EFF")!;
    // Element Plus' own table for #409EFF.
    expect(toHex(lighten(base, 0.3))).toBe("#79bbff");
    expect(toHex(lighten(base, 0.5))).toBe("#a0cfff");
    expect(toHex(lighten(base, 0.9))).toBe("#ecf5ff");
    expect(toHex(darken(base, 0.1))).toBe("#3a8ee6");
    expect(toHex(lighten(base, 1))).toBe("#ffffff");
  });

  it("picks the text colour by the 186 brightness threshold", () => {
    expect(brightness([255, 255, 255])).toBe(255);
    expect(contrastText(parseHex("#409EFF")!)).toBe("#ffffff");
    expect(contrastText(parseHex("#ffeb3b")!)).toBe("#000000");
    // 186 itself is not above the threshold.
    expect(contrastText([186, 186, 186])).toBe("#ffffff");
    expect(contrastText([187, 187, 187])).toBe("#000000");
  });

  it("falls back to #409EFF for a missing or malformed skin colour", () => {
    expect(skinColorOf(undefined)).toBe("#409eff");
    expect(skinColorOf("javascript:alert(1)")).toBe("#409eff");
    expect(skinColorOf("#E6A23C")).toBe("#e6a23c");
  });

  it("produces every variable the stylesheet uses", () => {
    const vars = themeVariables("#67C23A");
    expect(Object.keys(vars)).toHaveLength(12);
    expect(vars["--primary"]).toBe("#67c23a");
    expect(vars["--primary-light-9"]).toBe("#f0f9eb");
    // Dark mode fades the steps into its dark background: a selected row stays readable.
    expect(themeVariables("#409EFF", "dark")["--primary-light-9"]).toBe("#18222c");
    expect(themeCss("#409EFF")).toMatch(/^:root\{[^}]*--primary-light-9:#ecf5ff[^}]*\}\.dark\{[^}]*--primary-light-9:#18222c[^}]*\}$/);
    expect(themeCss("}body{display:none")).toContain("--primary:#409eff");
    expect(themeCss("}body{display:none")).not.toContain("display");
  });
});
