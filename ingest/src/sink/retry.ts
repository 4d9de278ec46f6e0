export interface RetryPolicy {
  minDelayMs: number;
  maxDelayMs: number;
  /** Give up after this many attempts (the collector answers 503 rather than hold a request). */
  maxAttempts?: number;
}

export class AbortedError extends Error {
  constructor(message = "aborted") {
    super(message);
    this.name = "AbortedError";
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new AbortedError());
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError());
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Runs `attempt` until it succeeds, with exponential backoff and full jitter, or
 * until `signal` aborts (shutdown, lost partitions): the caller then commits nothing.
 */
export async function retryUntilDone<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  signal: AbortSignal,
  onRetry: (error: unknown, attemptNumber: number, delayMs: number) => void = () => {},
): Promise<T> {
  for (let attemptNumber = 1; ; attemptNumber++) {
    if (signal.aborted) throw new AbortedError();
    try {
      return await attempt();
    } catch (error) {
      if (policy.maxAttempts !== undefined && attemptNumber >= policy.maxAttempts) throw error;
      const ceiling = Math.min(policy.maxDelayMs, policy.minDelayMs * 2 ** (attemptNumber - 1));
      const delayMs = Math.max(policy.minDelayMs, Math.round(Math.random() * ceiling));
      onRetry(error, attemptNumber, delayMs);
      await sleep(delayMs, signal);
    }
  }
}
