import { appendFactBatch, emptyFactBatch, factBatchSize, type FactBatch } from "@answerscope/warehouse";
import { AbortedError, retryUntilDone, type RetryPolicy } from "./retry";

export interface FactBufferOptions {
  /** Writes one batch; throws when the warehouse cannot take it. */
  write: (batch: FactBatch) => Promise<void>;
  maxRows: number;
  maxWaitMs: number;
  retry: RetryPolicy;
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
  onFlushed?: (rows: number, seconds: number) => void;
}

interface Pending {
  batch: FactBatch;
  waiters: { resolve: () => void; reject: (error: unknown) => void }[];
  timer?: NodeJS.Timeout;
}

/**
 * Collects rows from many callers (Kafka partitions, HTTP requests) into one
 * warehouse write, flushed by size or age. `add` resolves only once the rows it
 * added are durably written, which is when a caller may commit or answer 202.
 * Writes run one at a time, in the order batches were closed, retrying with
 * backoff until they succeed or the buffer is aborted.
 */
export class FactBuffer {
  private pending: Pending = { batch: emptyFactBatch(), waiters: [] };
  private writing: Promise<void> = Promise.resolve();
  private readonly abortController = new AbortController();

  constructor(private readonly options: FactBufferOptions) {}

  add(batch: FactBatch): Promise<void> {
    if (this.abortController.signal.aborted) return Promise.reject(new AbortedError("buffer is closed"));
    const done = new Promise<void>((resolve, reject) => this.pending.waiters.push({ resolve, reject }));
    appendFactBatch(this.pending.batch, batch);
    if (factBatchSize(this.pending.batch) >= this.options.maxRows) this.flush();
    else this.pending.timer ??= setTimeout(() => this.flush(), this.options.maxWaitMs);
    return done;
  }

  /** Closes the current batch and queues its write. */
  flush(): Promise<void> {
    const closed = this.pending;
    clearTimeout(closed.timer);
    this.pending = { batch: emptyFactBatch(), waiters: [] };
    const rows = factBatchSize(closed.batch);
    const signal = this.abortController.signal;
    this.writing = this.writing.then(async () => {
      try {
        const started = performance.now();
        if (rows > 0) await retryUntilDone(() => this.options.write(closed.batch), this.options.retry, signal, this.options.onRetry);
        this.options.onFlushed?.(rows, (performance.now() - started) / 1000);
        closed.waiters.forEach((waiter) => waiter.resolve());
      } catch (error) {
        closed.waiters.forEach((waiter) => waiter.reject(error));
      }
    });
    return this.writing;
  }

  /** Stops retrying: every caller still waiting gets an AbortedError and must not commit. */
  abort(): void {
    this.abortController.abort();
    this.flush();
  }
}
