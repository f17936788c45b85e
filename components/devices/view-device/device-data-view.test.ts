import { describe, expect, it } from "vitest";
import { changedIdentifiers, chartable, formatValue } from "./device-data-view";

describe("device data view", () => {
  it("shows labels for enumerations and bools, numbers with at most four decimals, text as it is", () => {
    expect(formatValue({ num: 2, txt: null, labels: { "1": "X", "2": "Y" } }, "en")).toBe("Y");
    expect(formatValue({ num: 3, txt: null, labels: { "1": "X" } }, "en")).toBe("3");
    expect(formatValue({ num: 1234.567891, txt: null, labels: null }, "en")).toBe("1,234.5679");
    expect(formatValue({ num: null, txt: "ok", labels: null }, "en")).toBe("ok");
    expect(formatValue({ num: null, txt: null, labels: null }, "en")).toBe("-");
  });

  it("marks as changed only what got a new time since the last read", () => {
    const first = [
      { identifier: "a", ts: "t1" },
      { identifier: "b", ts: null },
    ];
    expect(changedIdentifiers(null, first)).toEqual([]);
    const prev = new Map(first.map((v) => [v.identifier, v.ts]));
    expect(changedIdentifiers(prev, [{ identifier: "a", ts: "t1" }, { identifier: "b", ts: "t2" }])).toEqual(["b"]);
    expect(changedIdentifiers(prev, [{ identifier: "a", ts: "t3" }, { identifier: "b", ts: null }])).toEqual(["a"]);
  });

  it("charts numbers, enumerations and bools but not text", () => {
    expect(["float", "int32", "enum", "bool", "text", "struct", null].map((dataType) => chartable({ dataType }))).toEqual([true, true, true, true, false, false, false]);
  });
});
