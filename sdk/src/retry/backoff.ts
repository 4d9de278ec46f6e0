/** How the client waits between attempts of one batch. */
export interface RetryPolicy {
  /** The first retry's ceiling, and every retry's floor (ms). */
  minDelayMs: number;
  /** The exponential ceiling stops growing here (ms). */
  maxDelayMs: number;
  /** A `Retry-After` longer than this is cut to it (ms), so a wrong header cannot park the client for hours. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { minDelayMs: 200, maxDelayMs: 30_000, maxRetryAfterMs: 300_000 };

/**
 * The wait before retry number `retry` (1 = the first retry): exponential growth with jitter,
 * uniform between the floor and min(maxDelayMs, minDelayMs x 2^(retry-1)), so clients that
 * failed together do not come back together.
 */
export function backoffDelayMs(retry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.minDelayMs * 2 ** (retry - 1));
  return Math.round(policy.minDelayMs + random() * Math.max(0, ceiling - policy.minDelayMs));
}

const DELTA_SECONDS = /^\d+$/;
/** Each of the three HTTP-date forms starts with a day name; Date.parse alone takes "-5" as a year. */
const HTTP_DATE = /^[A-Za-z]{3}/;

/**
 * A `Retry-After` header (RFC 9110 10.2.3) as milliseconds from `nowMs`: delta-seconds or an
 * HTTP-date (a date in the past is 0); undefined when absent or unreadable, so the backoff applies.
 */
export function parseRetryAfter(header: string | null | undefined, nowMs: number): number | undefined {
  const text = header?.trim();
  if (!text) return undefined;
  if (DELTA_SECONDS.test(text)) return Number(text) * 1000;
  const at = HTTP_DATE.test(text) ? Date.parse(text) : NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/** The wait before retry number `retry`: the server's `Retry-After` when it gave one (capped), else the backoff. */
export function retryDelayMs(
  retry: number,
  retryAfterMs: number | undefined,
  policy: RetryPolicy,
  random?: () => number,
): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, policy.maxRetryAfterMs);
  return backoffDelayMs(retry, policy, random);
}
