/**
 * At most `limit` uses per key in each minute (fixed windows on the caller's clock); the uses
 * beyond it are counted and reported with the next one let through, so nothing is silently lost.
 */
export class PerMinute<K> {
  private windows = new Map<K, { start: number; used: number; over: number }>();

  constructor(private readonly limit: number) {}

  /** -1 when `key` is over its limit; otherwise how many of its uses were refused since the last one let through. */
  take(key: K, now: number): number {
    let w = this.windows.get(key);
    if (!w || now - w.start >= 60_000 || now < w.start) {
      w = { start: now, used: 0, over: w?.over ?? 0 };
      this.windows.set(key, w);
    }
    if (w.used >= this.limit) {
      w.over++;
      return -1;
    }
    w.used++;
    const over = w.over;
    w.over = 0;
    return over;
  }
}
