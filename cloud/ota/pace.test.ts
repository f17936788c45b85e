import { describe, expect, it } from "vitest";
import { projectedPace } from "./pace";

describe("a rollout's pace", () => {
  it("projects the dry run from its rate and its cap on downloads at once, whichever is slower", () => {
    // 200 at once, 12 s a download: 1,000 a minute at most, so a rate of 600 sets the pace.
    expect(projectedPace(1200, 600, 200, 12)).toEqual({ projectedMin: 2, downloadS: 12, capPerMin: 1000, bound: "rate" });
    // 20 at once: 100 a minute, the cap's.
    expect(projectedPace(1200, 600, 20, 12)).toEqual({ projectedMin: 12, downloadS: 12, capPerMin: 100, bound: "cap" });
    // A download shorter than a second counts as one.
    expect(projectedPace(10, 100, 1, 0.2)).toMatchObject({ downloadS: 1, capPerMin: 60, bound: "cap" });
  });

  it("counts the time left of a running task the same way, with the devices under way finishing", () => {
    // Cap-bound: 5 at once, 3 minutes a download: 100 a minute at most, below the rate of 1,000. 300 left take 3 minutes,
    // and the last offered finish a download later.
    expect(projectedPace(300, 1000, 5 * 60, 180, 40)).toEqual({ projectedMin: 6, downloadS: 180, capPerMin: 100, bound: "cap" });
    // Rate-bound: 200 at once, 10 s a download (1,200 a minute), at 100 a minute: 3 minutes, and a minute at least for those under way.
    expect(projectedPace(300, 100, 200, 10, 12)).toEqual({ projectedMin: 4, downloadS: 10, capPerMin: 1200, bound: "rate" });
    // Nothing left to offer: only those under way.
    expect(projectedPace(0, 100, 200, 90, 3)).toMatchObject({ projectedMin: 1.5, bound: "rate" });
    // Nothing under way adds nothing.
    expect(projectedPace(50, 100, 200, 10, 0).projectedMin).toBe(0.5);
  });
});
