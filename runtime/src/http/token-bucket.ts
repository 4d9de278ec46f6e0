/**
 * A token bucket per key: each holds up to `burst` requests and refills at `perSecond`; a request
 * takes one token or is refused with the seconds until one is back (Retry-After). Buckets are kept
 * per process, so N collectors allow N times the rate; idle full buckets are dropped.
 */
export interface RateLimiter {
  /** undefined: allowed; else the whole seconds to wait before a retry can pass. */
  take(key: string): number | undefined;
}

export function createRateLimiter(options: { perSecond: number; burst: number; now?: () => number }): RateLimiter {
  const now = options.now ?? (() => performance.now());
  const buckets = new Map<string, { tokens: number; atMs: number }>();
  return {
    take(key) {
      const at = now();
      const bucket = buckets.get(key) ?? { tokens: options.burst, atMs: at };
      bucket.tokens = Math.min(options.burst, bucket.tokens + ((at - bucket.atMs) / 1000) * options.perSecond);
      bucket.atMs = at;
      // Dropping full buckets keeps the map to the keys that are actually sending.
      if (buckets.size > 10_000) for (const [k, b] of buckets) if (b.tokens >= options.burst) buckets.delete(k);
      buckets.set(key, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return undefined;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / options.perSecond));
    },
  };
}
