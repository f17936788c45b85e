import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AA_TEXT, brightness, contrastRatio, contrastReport, contrastText, darken, lighten, parseHex, readableOn, skinColorOf, solidPair, statusVariables, themeCss, themeVariables, toHex } from "./colors";

const hex = (v: string) => parseHex(v)!;

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
    expect(Object.keys(vars)).toHaveLength(15);
    expect(vars["--primary"]).toBe("#67c23a");
    expect(vars["--primary-light-9"]).toBe("#f0f9eb");
    // Dark mode fades the steps into its dark background: a selected row stays readable.
    expect(themeVariables("#409EFF", "dark")["--primary-light-9"]).toBe("#18222c");
    expect(themeCss("#409EFF")).toMatch(/^:root\{[^}]*--primary-light-9:#ecf5ff[^}]*\}\.dark\{[^}]*--primary-light-9:#18222c[^}]*\}$/);
    expect(themeCss("}body{display:none")).toContain("--primary:#409eff");
    expect(themeCss("}body{display:none")).not.toContain("display");
  });


  it("computes WCAG contrast ratios", () => {
    expect(contrastRatio(hex("#ffffff"), hex("#000000"))).toBeCloseTo(21, 5);
    // The figures: white on #409EFF, #409EFF on its light step.
    expect(contrastRatio(hex("#ffffff"), hex("#409eff"))).toBeCloseTo(2.78, 2);
    expect(contrastRatio(hex("#409eff"), hex("#ecf5ff"))).toBeCloseTo(2.52, 1);
  });

  it("moves a colour only as far as it must to read at 4.5:1", () => {
    const ok = readableOn(hex("#2c6cae"), [hex("#ffffff")], [0, 0, 0]);
    expect(ok.weight).toBe(0);
    const fixed = readableOn(hex("#409eff"), [hex("#ffffff")], [0, 0, 0]);
    expect(contrastRatio(fixed.rgb, hex("#ffffff"))).toBeGreaterThanOrEqual(AA_TEXT);
    // Minimal: a little less darkening falls short.
    const less = parseHex(toHex(darken(hex("#409eff"), fixed.weight - 0.02)))!;
    expect(contrastRatio(less, hex("#ffffff"))).toBeLessThan(AA_TEXT);
  });

  it("pairs white text with a darkened fill, black text with a very light colour", () => {
    const blue = solidPair(hex("#409eff"));
    expect(toHex(blue.foreground)).toBe("#ffffff");
    expect(contrastRatio(blue.background, blue.foreground)).toBeGreaterThanOrEqual(AA_TEXT);
    const yellow = solidPair(hex("#ffd000"));
    expect(toHex(yellow.foreground)).toBe("#000000");
    expect(toHex(yellow.background)).toBe("#ffd000");
  });

  it("keeps the skin colour for surfaces and derives AA text shades from any skin, in both themes", () => {
    for (const skin of ["#409EFF", "#67C23A", "#E6A23C", "#ffd000", "#ffffff", "#000000", "#e60012", "#7b1fa2", "#00bcd4"]) {
      for (const theme of ["light", "dark"] as const) {
        const v = themeVariables(skin, theme);
        expect(v["--primary"]).toBe(skin.toLowerCase());
        expect(contrastRatio(hex(v["--primary-foreground"]), hex(v["--primary-solid"]))).toBeGreaterThanOrEqual(AA_TEXT);
        expect(contrastRatio(hex(v["--primary-foreground"]), hex(v["--primary-solid-hover"]))).toBeGreaterThanOrEqual(AA_TEXT);
        const page = theme === "dark" ? "#141414" : "#ffffff";
        for (const bg of [page, v["--primary-light-9"], v["--primary-light-8"]]) expect(contrastRatio(hex(v["--primary-text"]), hex(bg))).toBeGreaterThanOrEqual(AA_TEXT);
      }
      expect(contrastReport(skin).pairs.every((p) => p.ratio >= AA_TEXT)).toBe(true);
    }
    expect(contrastReport("#409EFF").asText).toBe(2.78);
  });

  it("status colours read at 4.5:1 as text on the page and on their tint", () => {
    for (const theme of ["light", "dark"] as const) {
      const v = statusVariables(theme);
      const page = hex(theme === "dark" ? "#141414" : "#ffffff");
      for (const name of ["destructive", "success", "warning"]) expect(contrastRatio(hex(v[`--${name}-text`]), page)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio(hex(v["--destructive-solid"]), hex(v["--destructive-foreground"]))).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it("the stylesheet's defaults are the values computed for #409EFF (no flash, no drift)", () => {
    const css = readFileSync("app/globals.css", "utf8");
    const block = (selector: string) => css.slice(css.indexOf(`${selector} {`), css.indexOf("}", css.indexOf(`${selector} {`)));
    const declared = (selector: string, name: string) => new RegExp(`${name}:\\s*(#[0-9a-f]{6});`).exec(block(selector))?.[1];
    const light = { ...themeVariables(undefined, "light"), ...statusVariables("light") };
    const dark = { ...themeVariables(undefined, "dark"), ...statusVariables("dark") };
    for (const name of ["--primary-foreground", "--primary-solid", "--primary-solid-hover", "--primary-text", "--destructive-solid", "--destructive-text", "--success-text", "--warning-text"]) expect(declared(":root", name)).toBe(light[name]);
    for (const name of ["--primary-text", "--destructive-text", "--success-text", "--warning-text"]) expect(declared(".dark", name)).toBe(dark[name]);
  });
});
