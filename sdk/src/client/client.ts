import type { EventType } from "../contract/event-types.js";
import { randomId } from "../ids.js";
import { retryDelayMs } from "../retry/backoff.js";
import { BatchQueue } from "./batch-queue.js";
import type {
  Enqueued,
  FeedbackEnqueued,
  FeedbackFields,
  Fields,
  ResponseCompletedFields,
  ToolCallFields,
} from "./event-fields.js";
import { resolveOptions, type AnswerscopeOptions, type ResolvedOptions } from "./options.js";
import { postBatch, type PostTarget } from "./post-batch.js";
import { serializeEvent } from "./serialize-event.js";
import type { ClientStats } from "./stats.js";
import { sleep, unrefTimer } from "./timers.js";

/** A callback of the caller's that throws must not stop the sending. */
function safely(callback: () => void): void {
  try {
    callback();
  } catch {
    // the caller's bug; the client keeps its own state right
  }
}

const NEVER = new Promise<void>(() => {});

/**
 * Sends Answerscope events from the process that has them: calls queue an event and return at
 * once; batches go to the collector's `POST /v1/events` when `maxBatchSize` events wait, after
 * `flushIntervalMs`, on `flush()` and on `shutdown()`. One batch is in flight at a time, retried
 * with backoff while the collector answers 429/503 (honouring Retry-After) or not at all; each
 * event keeps its event_id across retries, so the collector stores it once whatever was lost.
 */
export class AnswerscopeClient {
  readonly #options: ResolvedOptions;
  readonly #queue: BatchQueue;
  readonly #target: Omit<PostTarget, "timeoutMs">;
  /** The client's tenant as JSON text, serialized once. */
  readonly #tenantJson: string;
  readonly #counts = { sent: 0, rejected: 0, failed: 0, dropped: 0, retries: 0 };
  /** Events ever queued, and how many of them are done (sent, rejected, failed or given up): the queue holds the rest, in order. */
  #enqueued = 0;
  #done = 0;
  /** Everything queued up to this count is to be sent now (flush, the interval, shutdown), not only full batches. */
  #wanted = 0;
  #waiters: { upTo: number; resolve: () => void }[] = [];
  #draining = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #deadline: number | undefined;
  #shutdownStarted: Promise<void>;
  #startShutdown!: () => void;

  constructor(options: AnswerscopeOptions) {
    this.#options = resolveOptions(options);
    this.#queue = new BatchQueue(this.#options.maxQueueSize);
    this.#tenantJson = JSON.stringify(this.#options.tenantId);
    this.#target = {
      url: `${this.#options.endpoint}/v1/events`,
      apiKey: this.#options.apiKey,
      fetch: this.#options.fetch,
    };
    this.#shutdownStarted = new Promise((resolve) => (this.#startShutdown = resolve));
  }

  /** One final answer of the assistant (docs/events.md, response_completed). */
  responseCompleted(fields: ResponseCompletedFields): Enqueued {
    return this.#enqueue("response_completed", fields);
  }

  /** One lifecycle step (started, completed, failed) of one tool invocation. */
  toolCall(fields: ToolCallFields): Enqueued {
    return this.#enqueue("tool_call", fields);
  }

  /** One rating action of a user. Its client_feedback_id is made here, once, so every retry is the same action. */
  feedback(fields: FeedbackFields): FeedbackEnqueued {
    const client_feedback_id = fields.client_feedback_id ?? randomId();
    return { ...this.#enqueue("feedback_submitted", { ...fields, client_feedback_id }), client_feedback_id };
  }

  /** Sends everything queued so far; resolves when each of those events is done (see stats()). */
  flush(): Promise<void> {
    return this.#sendUpTo(this.#enqueued);
  }

  /**
   * Stops taking events, sends what is queued (retrying until `shutdownTimeoutMs`, then counting
   * what is left as dropped) and resolves with the final counts.
   */
  async shutdown(): Promise<ClientStats> {
    if (this.#deadline === undefined) {
      this.#deadline = Date.now() + this.#options.shutdownTimeoutMs;
      clearTimeout(this.#timer);
      this.#startShutdown();
    }
    await this.flush();
    return this.stats();
  }

  stats(): ClientStats {
    const { sent, rejected, failed, dropped, retries } = this.#counts;
    return { queued: this.#queue.size, sent, rejected, failed, dropped: dropped + this.#queue.refused, retries };
  }

  #enqueue(eventType: EventType, fields: Fields<{ [field: string]: unknown }>): Enqueued {
    if (this.#deadline !== undefined) {
      this.#counts.dropped++;
      return { event_id: fields.event_id ?? randomId(), queued: false };
    }
    const { eventId: event_id, json } = serializeEvent(eventType, fields, this.#tenantJson);
    if (!this.#queue.offer(json)) return { event_id, queued: false };
    this.#enqueued++;
    if (this.#queue.size >= this.#options.maxBatchSize) this.#drain();
    else this.#timer ??= this.#armTimer();
    return { event_id, queued: true };
  }

  #armTimer(): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#sendUpTo(this.#enqueued);
    }, this.#options.flushIntervalMs);
    unrefTimer(timer);
    return timer;
  }

  #sendUpTo(upTo: number): Promise<void> {
    this.#wanted = Math.max(this.#wanted, upTo);
    if (upTo <= this.#done) return Promise.resolve();
    const settled = new Promise<void>((resolve) => this.#waiters.push({ upTo, resolve }));
    this.#drain();
    return settled;
  }

  /** The one sending loop: full batches, and everything up to #wanted; never two at once. */
  #drain(): void {
    if (this.#draining) return;
    this.#draining = true;
    void (async () => {
      try {
        while (this.#queue.size > 0 && (this.#queue.size >= this.#options.maxBatchSize || this.#wanted > this.#done)) {
          const { body, count } = this.#queue.head(this.#options.maxBatchSize, this.#options.maxBatchChars);
          const delivered = await this.#deliver(body, count);
          // Given up at shutdown's deadline: this batch and everything behind it stay unsent.
          const finished = delivered ? count : this.#queue.size;
          if (!delivered) this.#counts.dropped += finished;
          this.#queue.drop(finished);
          this.#done += finished;
          this.#waiters = this.#waiters.filter((waiter) => (waiter.upTo <= this.#done ? void waiter.resolve() : true));
        }
      } finally {
        this.#draining = false;
      }
    })();
  }

  /** Sends one batch until the collector answers for good; false when shutdown's deadline came first. */
  async #deliver(body: string, count: number): Promise<boolean> {
    for (let retry = 1; ; retry++) {
      const left = this.#deadline === undefined ? Infinity : this.#deadline - Date.now();
      if (left <= 0) return false;
      const outcome = await postBatch(
        { ...this.#target, timeoutMs: Math.min(this.#options.requestTimeoutMs, left) },
        body,
      );
      if (outcome.kind === "accepted") {
        this.#counts.rejected += outcome.rejected.length;
        this.#counts.sent += count - outcome.rejected.length;
        if (outcome.rejected.length > 0) safely(() => this.#options.onRejected?.(outcome.rejected));
        return true;
      }
      if (outcome.kind === "refused") {
        this.#counts.failed += count;
        safely(() =>
          this.#options.onError?.(
            new Error(`the collector refused a batch of ${count} events: ${outcome.error}`),
            count,
          ),
        );
        return true;
      }
      const delayMs = retryDelayMs(retry, outcome.retryAfterMs, this.#options.retry);
      const wakeAt = Date.now() + delayMs;
      if (this.#deadline !== undefined && wakeAt > this.#deadline) return false;
      this.#counts.retries++;
      safely(() =>
        this.#options.onRetry?.({ retry, status: outcome.status, delayMs, error: outcome.error, events: count }),
      );
      // Shutdown ends a wait that would outlast its deadline; a shorter one is waited out.
      if ((await sleep(delayMs, this.#shutdownStarted)) === "woken") {
        if (wakeAt > this.#deadline!) return false;
        await sleep(wakeAt - Date.now(), NEVER);
      }
    }
  }
}

/** A client for one tenant's ingest key; call `shutdown()` before the process ends. */
export const createAnswerscope = (options: AnswerscopeOptions): AnswerscopeClient => new AnswerscopeClient(options);
