import { describe, expect, it } from "vitest";
import { applyLive, changedIdentifiers, chartable, formatValue } from "./device-data-view";

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

  it("applies a live event: newer values replace older ones, an older event changes nothing, the state follows", () => {
    const v = (identifier: string, ts: string | null, num: number | null) => ({ identifier, funcName: identifier, unit: null, dataType: "float", labels: null, ts, num, txt: null });
    const data = { status: 1, lastReportTime: "2026-03-02T08:00:00.000Z", values: [v("a", "2026-03-02T08:00:00.000Z", 1), v("b", null, null)] };
    const later = applyLive(data, { values: [{ identifier: "a", ts: "2026-03-02T08:00:05.000Z", num: 2, txt: null }, { identifier: "b", ts: "2026-03-02T08:00:05.000Z", num: 7, txt: null }, { identifier: "x", ts: "2026-03-02T08:00:05.000Z", num: 9, txt: null }], lastReportTime: "2026-03-02T08:00:05.000Z" });
    expect(later).toEqual({ status: 1, lastReportTime: "2026-03-02T08:00:05.000Z", values: [v("a", "2026-03-02T08:00:05.000Z", 2), v("b", "2026-03-02T08:00:05.000Z", 7)] });
    // An event the last read overtook changes nothing.
    expect(applyLive(later, { values: [{ identifier: "a", ts: "2026-03-02T08:00:01.000Z", num: 5, txt: null }], lastReportTime: "2026-03-02T08:00:01.000Z" })).toEqual(later);
    expect(applyLive(later, { values: [], status: 0 })?.status).toBe(0);
    expect(applyLive(undefined, { values: [] })).toBeUndefined();
  });
});
