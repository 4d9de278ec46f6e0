import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "../retry/backoff.js";
import type { RejectedEvent } from "./post-batch.js";

export interface RetryInfo {
  /** 1 for the first retry of a batch. */
  retry: number;
  /** The collector's status, or undefined when no answer came (connection refused or cut, timeout). */
  status?: number;
  delayMs: number;
  error: string;
  events: number;
}

export interface AnswerscopeOptions {
  /** The collector's base URL, e.g. `https://answerscope.example.com:4318`; events go to `<endpoint>/v1/events`. */
  endpoint: string;
  /** An ingest key of the tenant (docs/api.md, Keys and tenants). */
  apiKey: string;
  /** The tenant every event is sent for, unless the event names one. */
  tenantId: string;
  /** A batch is sent once this many events wait (default 500; the collector takes up to 10,000). */
  maxBatchSize?: number;
  /** A batch's body stays within this many characters of JSON unless one event alone is larger (default 1,000,000; the collector takes 5 MiB). */
  maxBatchChars?: number;
  /** Events wait at most this long before they are sent (default 1,000 ms). */
  flushIntervalMs?: number;
  /** Events held at most (waiting and being sent); more are dropped and counted (default 10,000). */
  maxQueueSize?: number;
  retry?: Partial<RetryPolicy>;
  /** One attempt's time limit (default 10,000 ms). */
  requestTimeoutMs?: number;
  /** `shutdown()` gives up on what is still unsent after this long, counting it as dropped (default 10,000 ms). */
  shutdownTimeoutMs?: number;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** A batch the collector refused for good (400, 401, 403, 413): its events are counted in `stats().failed`. */
  onError?: (error: Error, events: number) => void;
  /** Events the collector answered as rejected (invalid), with their reasons; counted in `stats().rejected`. */
  onRejected?: (rejected: RejectedEvent[]) => void;
  /** Each retry of a batch, before its wait. */
  onRetry?: (info: RetryInfo) => void;
}

export type ResolvedOptions = Required<Omit<AnswerscopeOptions, "retry" | "onError" | "onRejected" | "onRetry">> &
  Pick<AnswerscopeOptions, "onError" | "onRejected" | "onRetry"> & { retry: RetryPolicy };

/**
 * The defaults. Batches of 500: each request costs the caller a fixed share of CPU in fetch,
 * whatever its size, which at 100 events per batch came to more than the calls themselves (the
 * `sdk` section of `npm run bench`); the interval still bounds how long an event waits.
 */
export const CLIENT_DEFAULTS = {
  maxBatchSize: 500,
  maxBatchChars: 1_000_000,
  flushIntervalMs: 1000,
  maxQueueSize: 10_000,
  requestTimeoutMs: 10_000,
  shutdownTimeoutMs: 10_000,
} as const;

const positive = (name: string, value: number | undefined, fallback: number): number => {
  const chosen = value ?? fallback;
  if (!(chosen > 0) || !Number.isFinite(chosen))
    throw new RangeError(`${name} must be a positive number, got ${String(value)}`);
  return chosen;
};

/** The options with their defaults, checked once so a typo fails at startup rather than at the first flush. */
export function resolveOptions(options: AnswerscopeOptions): ResolvedOptions {
  if (!options.endpoint) throw new TypeError("endpoint is required (the collector's base URL)");
  if (!options.apiKey) throw new TypeError("apiKey is required (an ingest key)");
  if (!options.tenantId) throw new TypeError("tenantId is required");
  const fetchFn = options.fetch ?? globalThis.fetch;
  if (typeof fetchFn !== "function")
    throw new TypeError("no fetch: pass options.fetch on a runtime without a global fetch");
  return {
    ...options,
    endpoint: options.endpoint.replace(/\/+$/, ""),
    maxBatchSize: positive("maxBatchSize", options.maxBatchSize, CLIENT_DEFAULTS.maxBatchSize),
    maxBatchChars: positive("maxBatchChars", options.maxBatchChars, CLIENT_DEFAULTS.maxBatchChars),
    flushIntervalMs: positive("flushIntervalMs", options.flushIntervalMs, CLIENT_DEFAULTS.flushIntervalMs),
    maxQueueSize: positive("maxQueueSize", options.maxQueueSize, CLIENT_DEFAULTS.maxQueueSize),
    requestTimeoutMs: positive("requestTimeoutMs", options.requestTimeoutMs, CLIENT_DEFAULTS.requestTimeoutMs),
    shutdownTimeoutMs: positive("shutdownTimeoutMs", options.shutdownTimeoutMs, CLIENT_DEFAULTS.shutdownTimeoutMs),
    // The global fetch called as a method of globalThis: some runtimes refuse another `this`.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    retry: { ...DEFAULT_RETRY_POLICY, ...options.retry },
  };
}
