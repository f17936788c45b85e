import { beforeAll, describe, expect, it } from "vitest";
import { loadPinyin, paletteSources, registerPaletteSource, textMatches, type Pinyin } from "./search";

let py: Pinyin;
beforeAll(async () => {
  py = await loadPinyin();
});

describe("palette search", () => {
  it("matches titles in both languages by substring, any case", () => {
    expect(textMatches("user", ["用户管理", "Users"], py)).toBe(true);
    expect(textMatches("USERS", ["用户管理", "Users"], py)).toBe(true);
    expect(textMatches("管理", ["用户管理", "Users"], py)).toBe(true);
    expect(textMatches("alarm", ["用户管理", "Users"], py)).toBe(false);
  });

  it("matches Chinese titles by pinyin initials and full pinyin", () => {
    expect(textMatches("yhgl", ["用户管理"], py)).toBe(true);
    expect(textMatches("gjzx", ["告警中心"], py)).toBe(true);
    expect(textMatches("GJ", ["告警中心"], py)).toBe(true);
    expect(textMatches("yonghu", ["用户管理"], py)).toBe(true);
    expect(textMatches("yhgx", ["用户管理"], py)).toBe(false);
    // Initials of a Latin title are not a thing: "u" matches by substring only.
    expect(textMatches("um", ["Users"], py)).toBe(false);
  });

  it("matches by substring only until pinyin is loaded", () => {
    expect(textMatches("用户", ["用户管理"], null)).toBe(true);
    expect(textMatches("yh", ["用户管理"], null)).toBe(false);
    expect(textMatches("yh", ["用户管理"], py)).toBe(true);
  });

  it("loads pinyin once", async () => {
    expect(await loadPinyin()).toBe(py);
  });

  it("treats an empty query as matching everything", () => {
    expect(textMatches("  ", ["x"], null)).toBe(true);
  });

  it("registers sources by id, a second registration replacing the first", () => {
    const search = () => [];
    registerPaletteSource({ id: "test", label: "shell.palette.menu", search });
    registerPaletteSource({ id: "test", label: "shell.palette.recent", search });
    expect(paletteSources().filter((s) => s.id === "test").map((s) => s.label)).toEqual(["shell.palette.recent"]);
  });
});
