import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createStopper, Holds } from "./holds";

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe("Holds", () => {
  it("tells a lapse one TTL after the last repeat, never while repeats keep coming", () => {
    const lapsed: string[] = [];
    const holds = new Holds<string>(600, (k) => lapsed.push(k));
    expect(holds.hold("pan", "1").was).toBeUndefined();
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(500);
      expect(holds.hold("pan", "1").was).toBe("1");
    }
    expect(lapsed).toEqual([]);
    vi.advanceTimersByTime(599);
    expect(lapsed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(lapsed).toEqual(["pan"]);
    expect(holds.size).toBe(0);
  });

  it("forgets nothing on release or a failed command but the hold it armed", () => {
    const lapsed: string[] = [];
    const holds = new Holds<string>(600, (k) => lapsed.push(k));
    const first = holds.hold("tilt", "1");
    const second = holds.hold("tilt", "1");
    holds.forget("tilt", first.token);
    expect(holds.keys()).toEqual(["tilt"]);
    holds.forget("tilt", second.token);
    expect(holds.keys()).toEqual([]);
    holds.hold("a", "1");
    holds.hold("b", "-1");
    expect(holds.end("a")).toBe(true);
    expect(holds.clear()).toEqual(["b"]);
    vi.advanceTimersByTime(1000);
    expect(lapsed).toEqual([]);
  });
});

describe("createStopper", () => {
  it("sends a stop again until acknowledged, within its time", async () => {
    const stopper = createStopper({ retryMs: 1000, gapMs: 200 });
    let tries = 0;
    const run = stopper.untilAck(
      async () => ++tries,
      (n) => (n === 3 ? "done" : "retry"),
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(await run).toBe(3);
    const never = stopper.untilAck(
      async () => 0,
      () => "retry",
    );
    await vi.advanceTimersByTimeAsync(2000);
    expect(await never).toBe(0);
    await stopper.settled();
  });
});
