/**
 * A token bucket per carrier account: `rate` calls a second with bursts of up to `burst`, and at
 * most `inFlight` calls at a time (Cisco Control Center allows 5/s with one in flight). `take`
 * waits for a token; callers queue in order. The clock and the sleep are injectable for tests.
 */
export type Clock = { now: () => number; sleep: (ms: number) => Promise<void> };
export const realClock: Clock = { now: () => Date.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };

export type BucketOptions = { rate: number; burst?: number; inFlight?: number; clock?: Clock };

export class TokenBucket {
  readonly rate: number;
  readonly burst: number;
  readonly inFlight: number;
  private tokens: number;
  private last: number;
  private running = 0;
  private queue: (() => void)[] = [];
  private chain: Promise<void> = Promise.resolve();
  private readonly clock: Clock;

  constructor(o: BucketOptions) {
    if (!(o.rate > 0)) throw new Error("TokenBucket: rate must be above 0");
    this.rate = o.rate;
    this.burst = Math.max(1, o.burst ?? Math.ceil(o.rate));
    this.inFlight = Math.max(1, o.inFlight ?? Infinity);
    this.clock = o.clock ?? realClock;
    this.tokens = this.burst;
    this.last = this.clock.now();
  }

  private refill() {
    const now = this.clock.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
  }

  /** Waits for a token; callers are served in the order they asked. */
  take(): Promise<void> {
    const turn = this.chain.then(async () => {
      this.refill();
      while (this.tokens < 1) {
        await this.clock.sleep(Math.ceil(((1 - this.tokens) / this.rate) * 1000));
        this.refill();
      }
      this.tokens -= 1;
    });
    this.chain = turn;
    return turn;
  }

  /** Runs `fn` once a slot is free (at most `inFlight` at a time) and then a token is taken. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    // A finished call hands its slot straight to the next waiter, so no newcomer slips in between.
    if (this.running < this.inFlight) this.running++;
    else await new Promise<void>((r) => this.queue.push(r));
    try {
      // The token after the slot: tokens taken while a slow call held the slot would send the calls queued
      // behind it back to back once it answered, faster than the carrier's rate.
      await this.take();
      return await fn();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }
}
