import { appendFactBatch, emptyFactBatch, factBatchSize, type FactBatch } from "@answerscope/warehouse";
import { AbortedError, retryUntilDone, type RetryPolicy } from "./retry";

export interface FactBufferOptions<P = undefined> {
  /**
   * Checks a batch against what is stored (the sink's duplicate checks), for `write`. `pending` is
   * what the write running now will store, to be taken as stored: the next batch is checked while
   * the one before it is inserted, and its result is used only if that write stores exactly
   * `pending`; otherwise (it failed and was prepared again) the batch is checked again.
   * Without `prepare`, `write` does all of a write.
   */
  prepare?: (batch: FactBatch, pending: P | undefined) => Promise<P>;
  /** Writes one batch (`prepared` by `prepare`, when given); throws when the warehouse cannot take it. */
  write: (batch: FactBatch, prepared: P | undefined) => Promise<void>;
  /** A batch is closed for writing once it holds this many rows... */
  maxRows: number;
  /** ...or once its oldest row has waited this long and no write is running. */
  maxWaitMs: number;
  /** `hasRoom()` is false while this many rows are held (open, closed or being written). */
  maxHeldRows?: number;
  retry: RetryPolicy;
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
  onFlushed?: (rows: number, seconds: number) => void;
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Batch<P> {
  facts: FactBatch;
  /** Checked while the batch before it was written, against what that write was to store. */
  ahead?: { pending: P; result: Promise<P> };
  rows: number;
  waiters: Waiter[];
  /** The oldest row has waited maxWaitMs: write it as soon as the writer is free. */
  due: boolean;
  /** Resolves once the batch is written or given up. */
  settled: Promise<void>;
  markSettled: () => void;
}

/** What a producer of rows (a Kafka worker, the collector) uses of a buffer, whatever its writes prepare. */
export type RowBuffer = Pick<FactBuffer<unknown>, "add" | "flush" | "hasRoom" | "room" | "discardUnstarted" | "abort" | "heldRows">;

function newBatch<P>(): Batch<P> {
  let markSettled!: () => void;
  const settled = new Promise<void>((resolve) => (markSettled = resolve));
  return { facts: emptyFactBatch(), rows: 0, waiters: [], due: false, settled, markSettled };
}

/**
 * Collects rows from many callers (Kafka batches, HTTP requests) into warehouse
 * writes. `add` resolves only once the rows it added are durably written, which is
 * when a caller may commit or answer 202; it never waits for anything else, so a
 * Kafka worker keeps fetching while a write runs.
 *
 * One write runs at a time (the sink's duplicate check relies on it: a batch is
 * checked against what the writes before it stored), in the order batches were
 * closed, retrying with backoff until it succeeds or the buffer is aborted. While it runs, the open batch keeps growing up to maxRows, so a slow
 * warehouse gets fewer, larger writes instead of a queue of small ones; an idle one
 * gets a write at most maxWaitMs after a row arrived. A batch closed while a write
 * runs is checked (`prepare`) meanwhile, against what that write is storing, so its
 * own write only inserts: the checks leave the path from one insert to the next.
 */
export class FactBuffer<P = undefined> {
  private open = newBatch<P>();
  private readonly closed: Batch<P>[] = [];
  private ageTimer?: NodeJS.Timeout;
  private writing?: Batch<P>;
  /** What the write running now is storing (its current attempt's prepared result). */
  private storing?: P;
  /** What the last successful write stored: an ahead check against anything else is stale. */
  private stored?: P;
  private held = 0;
  private roomWaiters: (() => void)[] = [];
  private readonly abortController = new AbortController();

  constructor(private readonly options: FactBufferOptions<P>) {}

  /** Rows added and not yet written (or given up). */
  get heldRows(): number {
    return this.held;
  }

  hasRoom(): boolean {
    return this.options.maxHeldRows === undefined || this.held < this.options.maxHeldRows || this.abortController.signal.aborted;
  }

  /** Resolves once `hasRoom()`: a producer of rows waits here instead of growing the buffer without bound. */
  room(): Promise<void> {
    if (this.hasRoom()) return Promise.resolve();
    return new Promise((resolve) => this.roomWaiters.push(resolve));
  }

  add(facts: FactBatch): Promise<void> {
    if (this.abortController.signal.aborted) return Promise.reject(new AbortedError("buffer is closed"));
    const rows = factBatchSize(facts);
    // Nothing to write: durable already, and it must not wait behind a slow write.
    if (rows === 0) return Promise.resolve();
    const done = new Promise<void>((resolve, reject) => this.open.waiters.push({ resolve, reject }));
    appendFactBatch(this.open.facts, facts);
    this.open.rows += rows;
    this.held += rows;
    if (this.open.rows >= this.options.maxRows) this.closeOpen();
    else this.ageTimer ??= setTimeout(() => this.onAge(), this.options.maxWaitMs);
    this.pump();
    return done;
  }

  /** Closes the open batch now and resolves once everything added so far has been written or given up. */
  flush(): Promise<void> {
    this.closeOpen();
    this.pump();
    // Writes run in closing order: the newest batch settles last.
    return (this.closed.at(-1) ?? this.writing)?.settled ?? Promise.resolve();
  }

  /**
   * Drops every batch whose write has not started; their callers get an AbortedError
   * and must not commit. For a consumer that lost its partitions: the next owner
   * reads those rows again, and writing them here too could race its writes.
   */
  discardUnstarted(reason: string): number {
    this.clearAgeTimer();
    const dropped = [...this.closed.splice(0), this.open];
    this.open = newBatch();
    const rows = dropped.reduce((sum, batch) => sum + batch.rows, 0);
    for (const batch of dropped) this.settle(batch, new AbortedError(reason));
    return rows;
  }

  /** Stops retrying: every caller still waiting gets an AbortedError and must not commit. */
  abort(): void {
    this.abortController.abort();
    this.discardUnstarted("buffer is closed");
    // Nobody waits for room in a closed buffer: their add() is refused instead.
    for (const resolve of this.roomWaiters.splice(0)) resolve();
  }

  private onAge(): void {
    this.ageTimer = undefined;
    this.open.due = true;
    this.pump();
  }

  private clearAgeTimer(): void {
    clearTimeout(this.ageTimer);
    this.ageTimer = undefined;
  }

  private closeOpen(): void {
    if (this.open.rows === 0) return;
    this.clearAgeTimer();
    this.closed.push(this.open);
    this.open = newBatch();
    this.checkAhead();
  }

  /** Starts checking the next batch against what the running write is storing, if it has not been. */
  private checkAhead(): void {
    const next = this.closed[0];
    const { prepare } = this.options;
    if (!prepare || !next || this.storing === undefined || next.ahead?.pending === this.storing) return;
    const result = prepare(next.facts, this.storing);
    // Used, or dropped for a fresh check, by the write of `next`; never left unhandled.
    result.catch(() => undefined);
    next.ahead = { pending: this.storing, result };
  }

  /** The batch checked against what is stored now: its ahead check when that was against the write that just succeeded. */
  private async prepared(batch: Batch<P>): Promise<P | undefined> {
    const { prepare } = this.options;
    if (!prepare) return undefined;
    const ahead = batch.ahead;
    batch.ahead = undefined;
    if (ahead && ahead.pending === this.stored) {
      try {
        return await ahead.result;
      } catch {
        // A failed check is made again below, like any first attempt.
      }
    }
    return prepare(batch.facts, undefined);
  }

  /** Starts the next write when the writer is free: a closed batch, else the open one once it is due. */
  private pump(): void {
    if (this.writing || this.abortController.signal.aborted) return;
    if (this.closed.length === 0 && this.open.due) this.closeOpen();
    const next = this.closed.shift();
    if (next) void this.write(next);
  }

  private async write(batch: Batch<P>): Promise<void> {
    this.writing = batch;
    let failure: unknown;
    try {
      const started = performance.now();
      await retryUntilDone(
        async () => {
          const prepared = await this.prepared(batch);
          this.storing = prepared;
          this.checkAhead();
          try {
            await this.options.write(batch.facts, prepared);
            this.stored = prepared;
          } finally {
            this.storing = undefined;
          }
        },
        this.options.retry,
        this.abortController.signal,
        this.options.onRetry,
      );
      this.options.onFlushed?.(batch.rows, (performance.now() - started) / 1000);
    } catch (error) {
      failure = error;
    }
    this.writing = undefined;
    this.settle(batch, failure);
    this.pump();
  }

  /** Resolves (or rejects) a batch's callers and gives its rows' room back. */
  private settle(batch: Batch<P>, failure?: unknown): void {
    for (const waiter of batch.waiters) {
      if (failure === undefined) waiter.resolve();
      else waiter.reject(failure);
    }
    batch.markSettled();
    this.held -= batch.rows;
    if (this.hasRoom()) for (const resolve of this.roomWaiters.splice(0)) resolve();
  }
}
