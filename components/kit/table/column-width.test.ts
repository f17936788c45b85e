import { describe, expect, it } from "vitest";
import { KIND_WIDTH, columnKind, defaultWidth } from "./column-width";

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
