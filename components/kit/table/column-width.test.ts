import { describe, expect, it } from "vitest";
import { KIND_WIDTH, columnKind, defaultWidth, rowActionsWidth } from "./column-width";

describe("default column widths", () => {
  it("reads the kind from the column type first", () => {
    expect(columnKind("createTime", "date")).toBe("date");
    expect(columnKind("anything", "switch1")).toBe("switch");
    expect(columnKind("range", "dataRange")).toBe("timeRange");
  });

  it("falls back to what the field name says", () => {
    expect(columnKind("phone")).toBe("phone");
    expect(columnKind("contactMobile")).toBe("phone");
    expect(columnKind("createTime")).toBe("time");
    expect(columnKind("expireDate")).toBe("date");
    expect(columnKind("status")).toBe("status");
    expect(columnKind("contractAmount")).toBe("money");
    expect(columnKind("imei")).toBe("id");
    expect(columnKind("jobNo")).toBe("id");
    expect(columnKind("address")).toBe("text");
    expect(columnKind("realname")).toBe("text");
    expect(columnKind("format")).toBe("text");
    expect(columnKind("casino")).toBe("text");
  });

  it("gives free text no fixed width and the rest room for their whole value", () => {
    expect(defaultWidth("address")).toBeUndefined();
    // "2026-11-24 13:45:00" in tabular digits plus cell padding.
    expect(defaultWidth("createTime")).toBe(KIND_WIDTH.time);
    expect(defaultWidth("phone")!).toBeGreaterThanOrEqual(130);
  });
});

describe("the row actions' width", () => {
  // Drawn in Chromium at 14 px: "Details" 48.5, "Accept" 47.7, "More" 34.7, "详情" 28 px; 12 px gaps, 24 px padding.
  it("holds the labels as the reader's language draws them, with the more trigger", () => {
    expect(rowActionsWidth(["Details", "Accept", "Assign"], "More")).toBeGreaterThanOrEqual(24 + 48.5 + 12 + 47.7 + 12 + 34.7 + 16);
    expect(rowActionsWidth(["详情", "受理", "转派"], "更多")).toBeGreaterThanOrEqual(24 + 28 + 12 + 28 + 12 + 28 + 16);
    expect(rowActionsWidth(["Details", "Accept", "Assign"], "More")).toBeGreaterThan(rowActionsWidth(["详情", "受理", "转派"], "更多"));
  });

  it("leaves out the more trigger when every action is inline, and never goes under 130 px", () => {
    expect(rowActionsWidth(["Edit", "Delete"], "More")).toBe(130);
    expect(rowActionsWidth(["Edit", "Delete", "Copy"], "More", 3)).toBe(24 + 32 + 48 + 32 + 24);
  });
});
