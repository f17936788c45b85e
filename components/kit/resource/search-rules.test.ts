import { describe, expect, it } from "vitest";
import type { SearchItem } from "./define-resource";
import { initialMode, normalizeSearch, quickRange, searchKeys, searchValuesOf } from "./search-rules";

const items: SearchItem[] = [
  { prop: "name", label: "n" },
  { prop: "status", type: "select", label: "s", dict: "enableState" },
  { prop: "createTime", prop1: "startTime", prop2: "endTime", type: "date2", label: "c" },
  { prop: "slot", type: "time1", label: "t" },
];

describe("search rules", () => {
  it("extends a date2 end to the end of its day and starts at midnight", () => {
    const out = normalizeSearch(items, { createTime: ["2026-03-01", "2026-03-05"] }, "advanced");
    expect(out.startTime).toBe("2026-03-01 00:00:00");
    expect(out.endTime).toBe("2026-03-05 23:59:59");
  });

  it("clears a date2 given only one end", () => {
    const out = normalizeSearch(items, { createTime: ["2026-03-01", ""] }, "advanced");
    expect(out).toMatchObject({ startTime: null, endTime: null });
  });

  it("needs two values for time1, else clears both ends", () => {
    expect(normalizeSearch(items, { slot: ["08:00", "18:00"] }, "advanced")).toMatchObject({ slotStart: "08:00", slotEnd: "18:00" });
    expect(normalizeSearch(items, { slot: ["08:00", ""] }, "advanced")).toMatchObject({ slotStart: null, slotEnd: null });
    expect(normalizeSearch(items, { slot: "08:00" }, "advanced")).toMatchObject({ slotStart: null, slotEnd: null });
  });

  it("nulls fields that are not in the config in advanced mode (the keyword)", () => {
    const out = normalizeSearch(items, { name: " a ", status: 1, keyword: "left over" }, "advanced", "keyword");
    expect(out).toEqual({ name: "a", status: 1, startTime: null, endTime: null, slotStart: null, slotEnd: null, keyword: null });
  });

  it("sets only the keyword in simple mode and nulls every item", () => {
    const out = normalizeSearch(items, { name: "x", status: 2, keyword: " abc " }, "simple", "keyword");
    expect(out).toEqual({ name: null, status: null, startTime: null, endTime: null, slotStart: null, slotEnd: null, keyword: "abc" });
  });

  it("turns empty strings and empty lists into null", () => {
    const out = normalizeSearch([...items, { prop: "tags", type: "select", multiple: true, label: "x" }], { name: "  ", tags: [] }, "advanced");
    expect(out.name).toBeNull();
    expect(out.tags).toBeNull();
  });

  it("lists every key the bar owns", () => {
    expect(searchKeys(items, "keyword")).toEqual(["name", "status", "startTime", "endTime", "slotStart", "slotEnd", "keyword"]);
  });

  it("reads the URL back into form values", () => {
    const v = searchValuesOf(items, { name: "a", status: 1, startTime: "2026-03-01 00:00:00", endTime: "2026-03-05 23:59:59" });
    expect(v).toEqual({ name: "a", status: "1", createTime: ["2026-03-01", "2026-03-05"], slot: ["", ""] });
  });

  it("quick ranges end today and include it", () => {
    const now = new Date(Date.UTC(2026, 2, 10, 7, 30)); // 15:30 in the platform's zone
    expect(quickRange("today", now)).toEqual(["2026-03-10", "2026-03-10"]);
    expect(quickRange("last7Days", now)).toEqual(["2026-03-04", "2026-03-10"]);
    expect(quickRange("last30Days", now)).toEqual(["2026-02-09", "2026-03-10"]);
    // 17:30 UTC is already the next day on the platform's clock, whatever the browser's zone.
    expect(quickRange("today", new Date(Date.UTC(2026, 2, 10, 17, 30)))).toEqual(["2026-03-11", "2026-03-11"]);
    expect(quickRange("last7Days", new Date(Date.UTC(2026, 2, 1, 17, 0)))).toEqual(["2026-02-24", "2026-03-02"]);
  });

  it("starts advanced when searchType is 2, without a keyword, or when the URL holds item filters", () => {
    expect(initialMode({ searchType: 2, keyword: "k", items }, {})).toBe("advanced");
    expect(initialMode({ items }, {})).toBe("advanced");
    expect(initialMode({ keyword: "k", items }, {})).toBe("simple");
    expect(initialMode({ keyword: "k", items }, { k: "x" })).toBe("simple");
    expect(initialMode({ keyword: "k", items }, { status: 1 })).toBe("advanced");
  });
});
