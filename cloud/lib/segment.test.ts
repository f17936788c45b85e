import { describe, expect, it } from "vitest";
import { searchTextOf, segment, tsQueryOf } from "./segment";

describe("segment", () => {
  it("splits Chinese into bigrams so 沉降 is found inside 累计沉降", () => {
    expect(segment("累计沉降")).toEqual(["累计", "计沉", "沉降"]);
    expect(searchTextOf("累计沉降", null)).toContain("沉降");
  });
  it("keeps words lower-case and leaves question words out of the query", () => {
    expect(segment("GNSS 倾角 sensor")).toEqual(["倾角", "gnss", "sensor"]);
    expect(tsQueryOf("如何监测沉降？")).toBe("监测 | 测沉 | 沉降");
    expect(tsQueryOf("？！")).toBeNull();
    expect(tsQueryOf("桥")).toBe("桥:*");
  });
});
