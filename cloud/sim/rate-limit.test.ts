import { describe, expect, it } from "vitest";
import { CarrierError } from "./carrier";
import { carriersOf } from "./carriers";
import { TokenBucket, type Clock } from "./rate-limit";
import { SimulatedCarrier } from "./simulated";
import { withCheckDigit } from "@/lib/contract/sim/iccid";

/** A clock that only moves when a caller sleeps, so timing is exact and instant. */
function fakeClock(): Clock & { t: number } {
  const c = { t: 0, now: () => c.t, sleep: async (ms: number) => void (c.t += ms) };
  return c;
}

describe("the carrier rate limiter", () => {
  it("lets a burst through, then spaces calls at the rate", async () => {
    const clock = fakeClock();
    const bucket = new TokenBucket({ rate: 5, burst: 5, clock });
    const at: number[] = [];
    for (let i = 0; i < 15; i++) {
      await bucket.take();
      at.push(clock.t);
    }
    expect(at.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    // Then one call every 200 ms: 15 calls take 2 s (5 at once, 10 at 5 a second).
    expect(at.slice(5)).toEqual([200, 400, 600, 800, 1000, 1200, 1400, 1600, 1800, 2000]);
  });

  it("keeps at most `inFlight` calls running at once", async () => {
    const bucket = new TokenBucket({ rate: 1000, inFlight: 1 });
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        bucket.run(async () => {
          most = Math.max(most, ++running);
          await new Promise((r) => setTimeout(r, 5));
          running--;
        }),
      ),
    );
    expect(most).toBe(1);
  });

  it("spaces the calls queued behind a slow one at the rate, not back to back once it answers", async () => {
    const clock = fakeClock();
    const bucket = new TokenBucket({ rate: 5, burst: 1, inFlight: 1, clock });
    const started: number[] = [];
    await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        bucket.run(async () => {
          started.push(clock.t);
          // The first call answers a second later; the others queue behind it meanwhile.
          if (i === 0) {
            await new Promise((r) => setTimeout(r, 20));
            clock.t += 1000;
          }
        }),
      ),
    );
    expect(started).toEqual([0, 1000, 1200, 1400]);
  });

  it("is what keeps a caller within the simulated carrier's own limit", async () => {
    const clock = fakeClock();
    const carrier = new SimulatedCarrier("cmcc", { clock, errorRate: 0, limit: { rate: 5, burst: 5 } });
    const cards = [withCheckDigit("898604000000000001")];
    // Unlimited, the sixth call within a second is refused…
    const refused = await Promise.allSettled(Array.from({ length: 6 }, () => carrier.getCards(cards)));
    expect(refused.filter((r) => r.status === "rejected").map((r) => ((r as PromiseRejectedResult).reason as CarrierError).kind)).toEqual(["rateLimited"]);
    // …through the limiter, 20 calls all pass.
    clock.t += 5000;
    const bucket = new TokenBucket({ rate: 5, burst: 5, clock });
    for (let i = 0; i < 20; i++) await bucket.run(() => carrier.getCards(cards));
    expect(carrier.calls.rateLimited).toBe(1);
    expect(carrier.calls.ok).toBe(25);
  });

  it("refuses batches above 100 cards, answers use a day late (T+1) and injects failures at the configured rate", async () => {
    const clock = fakeClock();
    clock.t = Date.parse("2026-05-10T04:00:00Z");
    const carrier = new SimulatedCarrier("unicom", { clock, errorRate: 0.5, limit: { rate: 1e6, burst: 1e6 }, timeoutMs: 10 });
    const many = Array.from({ length: 101 }, (_, i) => withCheckDigit(`898601${String(i).padStart(12, "0")}`));
    await expect(carrier.getCards(many)).rejects.toThrow(/at most 100/);
    const results = await Promise.allSettled(Array.from({ length: 200 }, () => carrier.getCards(many.slice(0, 1))));
    const failed = results.filter((r) => r.status === "rejected").length;
    expect(failed).toBeGreaterThan(60);
    expect(failed).toBeLessThan(140);
    const ok = results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<Awaited<ReturnType<SimulatedCarrier["getCards"]>>>;
    expect(ok.value[0].usageAsOf).toBe("2026-05-09");
    const days = await new SimulatedCarrier("unicom", { clock, errorRate: 0 }).usagePerDay(many[0], "2026-05-01", "2026-05-12");
    expect(days.map((d) => d.day).at(-1)).toBe("2026-05-09");
  });

  it("gives each carrier account its own limiter", () => {
    const carriers = carriersOf({}, { rate: 5 });
    expect(carriers.of("cmcc").bucket).not.toBe(carriers.of("unicom").bucket);
    expect(carriers.of("cmcc").bucket.rate).toBe(5);
    expect(carriers.simulated).toBe(true);
  });
});
