import { appendFactBatch, emptyFactBatch, factBatchSize, type FactBatch } from "@answerscope/warehouse";
import { AbortedError, retryUntilDone, type RetryPolicy } from "./retry";

/** How a batch is written (throwing when the warehouse cannot take it): in one step, or in two. */
export type BatchWriter<P> =
  | { prepare?: undefined; write: (batch: FactBatch) => Promise<void> }
  | {
      /**
       * Checks a batch against what is stored (the sink's duplicate checks). `pending` is what the
       * write running now stores, to be taken as stored: the next batch is checked while the one
       * before it is written, and that check is used only if that write attempt succeeded;
       * otherwise (it failed, and was retried or given up) the batch is checked again.
       */
      prepare: (batch: FactBatch, pending: P | undefined) => Promise<P>;
      /** Writes a batch that `prepare` checked. */
      write: (batch: FactBatch, prepared: P) => Promise<void>;
      /**
       * Told of a check that will never be written: made ahead against a write that then failed, or
       * of a batch dropped before its write. (The check of a write that failed is not: that write
       * may have stored part of its rows.)
       */
      discard?: (prepared: P) => void;
    };

export type FactBufferOptions<P = undefined> = BatchWriter<P> & {
  /** A batch is closed for writing once it holds this many rows... */
  maxRows: number;
  /** ...or once its oldest row has waited this long and no write is running. */
  maxWaitMs: number;
  /** `hasRoom()` is false while this many rows are held (open, closed or being written). */
  maxHeldRows?: number;
  retry: RetryPolicy;
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
  onFlushed?: (rows: number, seconds: number) => void;
};

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Batch<P> {
  facts: FactBatch;
  /** Checked while the batch before it was written, against what that write attempt was to store. */
  ahead?: { attempt: number; result: Promise<P> };
  rows: number;
  waiters: Waiter[];
  /** The oldest row has waited maxWaitMs: write it as soon as the writer is free. */
  due: boolean;
  /** Resolves once the batch is written or given up. */
  settled: Promise<void>;
  markSettled: () => void;
}

/** What a producer of rows (a Kafka worker, the collector) uses of a buffer, whatever its writes prepare. */
export type RowBuffer = Pick<
  FactBuffer<unknown>,
  "add" | "flush" | "hasRoom" | "room" | "discardUnstarted" | "abort" | "heldRows"
>;

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
  /** Two-step writes, numbered: the one running now and what it stores, and the last that succeeded. */
  private attempts = 0;
  private storing?: { attempt: number; prepared: P };
  private storedAttempt = 0;
  private held = 0;
  private roomWaiters: (() => void)[] = [];
  private readonly abortController = new AbortController();

  constructor(private readonly options: FactBufferOptions<P>) {}

  /** Rows added and not yet written (or given up). */
  get heldRows(): number {
    return this.held;
  }

  hasRoom(): boolean {
    return (
      this.options.maxHeldRows === undefined ||
      this.held < this.options.maxHeldRows ||
      this.abortController.signal.aborted
    );
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
    for (const batch of dropped) {
      this.dropAhead(batch);
      this.settle(batch, new AbortedError(reason));
    }
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
    const storing = this.storing;
    if (!prepare || !next || !storing || next.ahead?.attempt === storing.attempt) return;
    // A check against an earlier attempt of this write is stale: that attempt failed.
    this.dropAhead(next);
    const result = prepare(next.facts, storing.prepared);
    // Used, or dropped for a fresh check, by the write of `next`; never left unhandled.
    result.catch(() => undefined);
    next.ahead = { attempt: storing.attempt, result };
  }

  /** The batch checked against what is stored now: its ahead check when that was against the write that succeeded last. */
  private async prepared(
    batch: Batch<P>,
    prepare: (batch: FactBatch, pending: P | undefined) => Promise<P>,
  ): Promise<P> {
    const ahead = batch.ahead;
    if (ahead?.attempt !== this.storedAttempt) this.dropAhead(batch);
    else {
      batch.ahead = undefined;
      try {
        return await ahead.result;
      } catch {
        // A failed check is made again below, like any first attempt.
      }
    }
    return prepare(batch.facts, undefined);
  }

  /** Forgets a batch's ahead check, telling `discard` of it once made (a check that failed has nothing to discard). */
  private dropAhead(batch: Batch<P>): void {
    const ahead = batch.ahead;
    batch.ahead = undefined;
    const options = this.options;
    // Only a two-step writer checks ahead.
    if (ahead && options.prepare && options.discard) ahead.result.then(options.discard, () => undefined);
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
        () => this.attempt(batch),
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

  /** One attempt at writing a batch; with two steps, the next batch is checked meanwhile. */
  private async attempt(batch: Batch<P>): Promise<void> {
    const options = this.options;
    if (!options.prepare) return options.write(batch.facts);
    const prepared = await this.prepared(batch, options.prepare);
    const attempt = ++this.attempts;
    this.storing = { attempt, prepared };
    this.checkAhead();
    try {
      await options.write(batch.facts, prepared);
      this.storedAttempt = attempt;
    } finally {
      this.storing = undefined;
    }
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
