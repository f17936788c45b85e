/** Retries: the delay doubles from `baseMs` up to `maxMs`; after `maxAttempts` tries a batch is a dead letter. */
export type RetryPolicy = { baseMs: number; maxMs: number; maxAttempts: number };

/** 15 tries over ≈ 91 minutes (5 s, 10 s, 20 s … then every 10 minutes): an hour's outage loses nothing. */
export const DEFAULT_RETRY: RetryPolicy = { baseMs: 5_000, maxMs: 600_000, maxAttempts: 15 };

/** The wait after the `attempt`-th failed try (1-based), or null when it was the last one. */
export function retryDelay(attempt: number, policy: RetryPolicy = DEFAULT_RETRY): number | null {
  if (attempt >= policy.maxAttempts) return null;
  return Math.min(policy.baseMs * 2 ** (attempt - 1), policy.maxMs);
}

/** The whole schedule: how long a target may stay down before a batch is given up. */
export function retryWindowMs(policy: RetryPolicy = DEFAULT_RETRY): number {
  let total = 0;
  for (let a = 1; a < policy.maxAttempts; a++) total += retryDelay(a, policy)!;
  return total;
}
