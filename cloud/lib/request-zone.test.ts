import { describe, expect, it } from "vitest";
import { formatDateTime } from "@/lib/format";
import { platformTime } from "./crud";
import { inZone } from "./request-zone";

describe("a request's time zone", () => {
  it("reads search-bar times and formats export times in the caller's tenant zone, Shanghai outside a request", async () => {
    const t = Date.UTC(2026, 10, 28, 4, 3);
    expect(platformTime("2026-11-28", false).getTime()).toBe(Date.UTC(2026, 10, 27, 16));
    expect(formatDateTime(t)).toBe("2026-11-28 12:03:00");
    await inZone("UTC", async () => {
      await Promise.resolve();
      expect(platformTime("2026-11-28", false).getTime()).toBe(Date.UTC(2026, 10, 28));
      expect(platformTime("2026-11-28", true).getTime()).toBe(Date.UTC(2026, 10, 28, 23, 59, 59));
      expect(formatDateTime(t)).toBe("2026-11-28 04:03:00");
    });
    expect(formatDateTime(t)).toBe("2026-11-28 12:03:00");
  });
});
