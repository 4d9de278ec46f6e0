/**
 * A token bucket per key: each holds up to `burst` requests and refills at `perSecond`; a request
 * takes one token or is refused with the seconds until one is back (Retry-After). Buckets are kept
 * per process, so N collectors allow N times the rate; idle full buckets are dropped.
 */
export interface RateLimiter {
  /** undefined: allowed; else the whole seconds to wait before a retry can pass. */
  take(key: string): number | undefined;
  /** How many buckets are held: the keys that sent recently enough that theirs is not full again. */
  held(): number;
}

/** Buckets held before the full ones are looked for; after a look, the next waits until twice as many are held. */
export const SWEEP_AT_BUCKETS = 10_000;

interface Bucket {
  tokens: number;
  atMs: number;
}

export function createRateLimiter(options: { perSecond: number; burst: number; now?: () => number }): RateLimiter {
  const now = options.now ?? (() => performance.now());
  const buckets = new Map<string, Bucket>();
  const tokensAt = (bucket: Bucket, atMs: number) =>
    Math.min(options.burst, bucket.tokens + ((atMs - bucket.atMs) / 1000) * options.perSecond);
  let sweepAt = SWEEP_AT_BUCKETS;
  // A full bucket is the same as none. Stored tokens are those of the last request, always short
  // of full after it took one, so fullness is judged by the tokens refilled since.
  const dropFull = (atMs: number) => {
    for (const [key, bucket] of buckets) if (tokensAt(bucket, atMs) >= options.burst) buckets.delete(key);
    sweepAt = Math.max(SWEEP_AT_BUCKETS, 2 * buckets.size);
  };
  return {
    take(key) {
      const at = now();
      let bucket = buckets.get(key);
      if (bucket) {
        bucket.tokens = tokensAt(bucket, at);
        bucket.atMs = at;
      } else {
        // Only a new key can grow the map, so only it looks for full buckets, and rarely.
        if (buckets.size >= sweepAt) dropFull(at);
        bucket = { tokens: options.burst, atMs: at };
        buckets.set(key, bucket);
      }
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return undefined;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / options.perSecond));
    },
    held: () => buckets.size,
  };
}
