/**
 * How long to wait before retry number `attempt` (1-based): the server's Retry-After when it gave
 * one, else exponential backoff from `baseMs`, capped, with jitter so many senders do not retry in
 * lockstep against a collector that is just coming back.
 */
export function retryDelayMs(
  attempt: number,
  baseMs: number,
  maxMs: number,
  retryAfterHeader: string | null,
  random: () => number = Math.random,
): number {
  const retryAfterSeconds = retryAfterHeader === null ? Number.NaN : Number(retryAfterHeader);
  if (Number.isFinite(retryAfterSeconds) && retryAfterSeconds >= 0) return Math.min(maxMs, retryAfterSeconds * 1000);
  const exponential = Math.min(maxMs, baseMs * 2 ** (attempt - 1));
  return Math.round(exponential * (0.5 + random() / 2));
}
