/**
 * What keeps a pad safe on the console's side, one piece for the robot pad (issue 36) and the
 * camera pad (issue 34): each held movement carries a time-to-live, re-armed by every repeat, and
 * the holder is told when it lapses (the repeats stopped coming: a frozen page, a lost network);
 * a stop is sent again until the device acknowledges it, for a bounded time.
 */
export class Holds<K> {
  private readonly held = new Map<K, { code: string; lapse: NodeJS.Timeout }>();

  constructor(
    private readonly ttlMs: number,
    private readonly onLapse: (key: K) => void,
  ) {}

  /**
   * Holds `key` with `code` for one TTL (again from now when held already). Answers the code held
   * before (undefined when it is a new hold) and a token for `forget`.
   */
  hold(key: K, code: string): { was: string | undefined; token: NodeJS.Timeout } {
    const was = this.held.get(key);
    if (was) clearTimeout(was.lapse);
    const lapse = setTimeout(() => {
      if (this.held.get(key)?.lapse !== lapse) return;
      this.held.delete(key);
      this.onLapse(key);
    }, this.ttlMs);
    lapse.unref();
    this.held.set(key, { code, lapse });
    return { was: was?.code, token: lapse };
  }

  /** Drops the hold armed with `token` (its command failed), unless a later repeat re-armed it. */
  forget(key: K, token: NodeJS.Timeout) {
    clearTimeout(token);
    if (this.held.get(key)?.lapse === token) this.held.delete(key);
  }

  /** Ends a hold (released); whether one was held. */
  end(key: K): boolean {
    const h = this.held.get(key);
    if (h) clearTimeout(h.lapse);
    return this.held.delete(key);
  }

  /** Ends every hold; answers the keys that were held. */
  clear(): K[] {
    const keys = [...this.held.keys()];
    for (const h of this.held.values()) clearTimeout(h.lapse);
    this.held.clear();
    return keys;
  }

  keys() {
    return [...this.held.keys()];
  }

  get size() {
    return this.held.size;
  }
}

/** A stop's outcome: acknowledged, refused for good (retrying changes nothing), or worth another try. */
export type StopOutcome = "done" | "retry";

/**
 * Stops sent until acknowledged: each try after `gapMs`, for at most `retryMs`. The stops in flight
 * are kept, so tests and shutdown can wait for them (`settled`).
 */
export function createStopper(opts: { retryMs: number; gapMs?: number }) {
  const gap = opts.gapMs ?? 200;
  const stopping = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>) => {
    stopping.add(p);
    void p.finally(() => stopping.delete(p)).catch(() => {});
    return p;
  };
  return {
    /** Sends until `outcome` says done or the retries' time is up; answers the last answer (null when it threw). */
    untilAck<T>(send: () => Promise<T>, outcome: (answer: T | null) => StopOutcome): Promise<T | null> {
      const until = Date.now() + opts.retryMs;
      return track(
        (async () => {
          for (;;) {
            const answer = await send().catch(() => null);
            if (outcome(answer) === "done" || Date.now() + gap > until) return answer;
            await new Promise((r) => setTimeout(r, gap));
          }
        })(),
      );
    },
    track,
    /** Resolves once the stops in flight are done. */
    async settled() {
      while (stopping.size) await Promise.allSettled([...stopping]);
    },
  };
}
export type Stopper = ReturnType<typeof createStopper>;
