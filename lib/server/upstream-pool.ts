/**
 * `UPSTREAM_URL` may name one upstream (a load balancer, the built-in cloud) or a comma-separated
 * list of cloud instances. Calls are spread over the list in turn; an instance that refused a
 * connection sits out for a while, so later calls do not wait on it again (issue 33).
 */
const DOWN_MS = 5_000;

export class UpstreamPool {
  private next = 0;
  private readonly downUntil = new Map<string, number>();

  constructor(readonly bases: readonly string[]) {}

  /** The instances to try for one call, in order: the next one in turn first, those sitting out last. */
  order(now = Date.now()): string[] {
    const n = this.bases.length;
    const start = this.next++ % n;
    const turn = Array.from({ length: n }, (_, i) => this.bases[(start + i) % n]);
    return [...turn.filter((b) => !this.isDown(b, now)), ...turn.filter((b) => this.isDown(b, now))];
  }

  down(base: string, now = Date.now()) {
    this.downUntil.set(base, now + DOWN_MS);
  }

  up(base: string) {
    this.downUntil.delete(base);
  }

  private isDown(base: string, now: number) {
    return (this.downUntil.get(base) ?? 0) > now;
  }
}

const pools = new Map<string, UpstreamPool>();

/** The pool of a configured `UPSTREAM_URL` (one per distinct value, kept for the process's life). */
export function upstreamPool(baseUrl: string): UpstreamPool {
  let pool = pools.get(baseUrl);
  if (!pool) {
    const bases = baseUrl
      .split(",")
      .map((b) => b.trim().replace(/\/+$/, ""))
      .filter(Boolean);
    pools.set(baseUrl, (pool = new UpstreamPool(bases)));
  }
  return pool;
}
