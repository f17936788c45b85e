import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY, retryDelay, retryWindowMs } from "./retry";

describe("retry schedule", () => {
  it("doubles from the base up to the cap, then stops at the last try", () => {
    const p = { baseMs: 1000, maxMs: 5000, maxAttempts: 6 };
    expect([1, 2, 3, 4, 5, 6].map((a) => retryDelay(a, p))).toEqual([1000, 2000, 4000, 5000, 5000, null]);
    expect(retryWindowMs(p)).toBe(17_000);
  });

  it("by default outlasts an hour's outage and gives up within two", () => {
    expect(retryDelay(1)).toBe(5_000);
    expect(retryDelay(DEFAULT_RETRY.maxAttempts)).toBeNull();
    expect(retryWindowMs()).toBeGreaterThan(3600_000);
    expect(retryWindowMs()).toBeLessThan(2 * 3600_000);
  });
});
