import { emptyFactBatch, rejectedRow, type FactBatch, type Rejection } from "@answerscope/warehouse";
import type { Consumer, EachBatchPayload, Kafka, Producer } from "kafkajs";
import { errorClass, type Logger } from "@answerscope/runtime";
import { rejectionReasonKind, type RejectionReason } from "@answerscope/contracts";
import type { IngestMetrics } from "../metrics";
import { addFactRow } from "../pipeline/batch-rows";
import { runPipeline } from "../pipeline/pipeline";
import type { RowBuffer } from "../sink/fact-buffer";
import { AbortedError, retryUntilDone, type RetryPolicy } from "../sink/retry";
import { OffsetCommitter } from "./offset-committer";
import { fromDeadLetterMessage, messageCoordinates, toDeadLetterMessage } from "./messages";
import { delayedRoundRobin } from "./delayed-round-robin";

export interface WorkerOptions {
  kafka: Kafka;
  groupId: string;
  eventTopics: string[];
  dlqTopic: string;
  buffer: RowBuffer;
  metrics: IngestMetrics;
  partitionsConcurrently: number;
  maxWaitTimeInMs: number;
  minBytes: number;
  maxBytesPerPartition: number;
  sessionTimeoutMs: number;
  heartbeatIntervalMs: number;
  /** kafka/delayed-round-robin.ts */
  assignmentDelayMs: number;
  /** For dead-letter sends, which are retried like warehouse writes. */
  retry: RetryPolicy;
  /** Errors are logged by class: a failed write's message can quote the rows it carried. */
  logger?: Logger;
}

/** How often a batch that waits for room in the buffer tells the group it is still alive. */
const HEARTBEAT_EVERY_MS = 1000;

async function waitWithHeartbeat(work: Promise<void>, heartbeat: () => Promise<void>): Promise<void> {
  let settled = false;
  const done = work.finally(() => {
    settled = true;
  });
  while (!settled) {
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, HEARTBEAT_EVERY_MS))]);
    if (!settled) await heartbeat();
  }
  await done;
}

/**
 * A consumer-group member. Each partition's batch is turned into fact rows and
 * dead-letter records and handed to the buffer, and the batch returns at once, so
 * the next fetch runs while earlier rows are being written (only a full buffer makes
 * it wait). A batch's offsets are committed once its rows are written and its dead
 * letters sent, and never past an earlier batch of the same partition that is not
 * (CommitLedger). Messages of the dead-letter topic become rows of the rejected table.
 */
export class IngestWorker {
  private consumer?: Consumer;
  private producer?: Producer;
  private joined = false;
  private stopping = false;
  private accepting = true;
  // The group-scoped commit of eachBatch: no retries of its own; a rebalance makes it fail,
  // and the next generation reads from the previous commit.
  private readonly committer = new OffsetCommitter((error) =>
    this.options.logger?.warn({ error_class: errorClass(error) }, "offset commit failed; the offsets stay uncommitted"),
  );
  /** Batches handed on and not yet durable (or given up). */
  private readonly unsettled = new Set<Promise<void>>();
  private readonly abortController = new AbortController();

  constructor(private readonly options: WorkerOptions) {}

  get ready(): boolean {
    return this.joined;
  }

  async start(): Promise<void> {
    this.producer = this.options.kafka.producer({ allowAutoTopicCreation: false });
    await this.producer.connect();
    await this.startConsumer();
  }

  private async startConsumer(): Promise<void> {
    const {
      kafka,
      groupId,
      sessionTimeoutMs,
      heartbeatIntervalMs,
      maxWaitTimeInMs,
      minBytes,
      maxBytesPerPartition,
      assignmentDelayMs,
    } = this.options;
    const consumer = kafka.consumer({
      groupId,
      sessionTimeout: sessionTimeoutMs,
      heartbeatInterval: Math.min(heartbeatIntervalMs, sessionTimeoutMs / 3),
      maxWaitTimeInMs,
      minBytes,
      maxBytesPerPartition,
      allowAutoTopicCreation: false,
      partitionAssigners: [delayedRoundRobin(assignmentDelayMs)],
    });
    this.consumer = consumer;
    consumer.on(consumer.events.REBALANCING, () => this.newGeneration("the group is rebalancing"));
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
      this.newGeneration("joined the group");
      this.joined = true;
      const assigned = Object.entries(payload.memberAssignment).map(
        ([topic, partitions]) => `${topic}[${partitions.join(",")}]`,
      );
      this.options.logger?.info(
        `joined group ${payload.groupId} as ${payload.memberId}${payload.isLeader ? " (leader)" : ""}: ${assigned.join(" ") || "no partitions"}`,
      );
    });
    // kafkajs restarts a consumer only after retriable errors. A live process never
    // keeps a dead consumer (e.g. a broker refusing a SyncGroup mid-rebalance): it
    // starts a new one, which re-reads whatever was not committed.
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      this.joined = false;
      if (payload.restart || this.stopping) return;
      this.options.logger?.warn({ error_class: errorClass(payload.error) }, "consumer crashed; starting a new one");
      setTimeout(() => {
        if (!this.stopping)
          this.startConsumer().catch((error: unknown) =>
            this.options.logger?.error({ error_class: errorClass(error) }, "consumer restart failed"),
          );
      }, 1000);
    });
    await consumer.connect();
    await consumer.subscribe({ topics: [...this.options.eventTopics, this.options.dlqTopic], fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: this.options.partitionsConcurrently,
      eachBatch: (payload) => this.handleBatch(payload),
    });
  }

  /**
   * A new group generation reads again from the committed offsets, so nothing read
   * before may be committed, and rows whose write has not started are dropped: their
   * partitions may belong to another member now, whose writes of the same rows this
   * member's could race (the sink's duplicate check assumes one writer per partition).
   * A write already running is left to finish: kafkajs offers no hook that could hold
   * the rejoin until it lands, so it can still race the new owner's first write of the
   * same rows (as the blocking design before could, with the write it had in flight).
   */
  private newGeneration(why: string): void {
    this.committer.reset();
    const dropped = this.options.buffer.discardUnstarted(`${why}: the rows will be read again`);
    if (dropped > 0)
      this.options.logger?.info(`${why}: dropped ${dropped} unwritten rows, to be read again from the last commit`);
  }

  private async handleBatch({
    batch,
    resolveOffset,
    heartbeat,
    commitOffsetsIfNecessary,
    isRunning,
    isStale,
  }: EachBatchPayload): Promise<void> {
    const { metrics, dlqTopic, buffer } = this.options;
    if (batch.messages.length === 0 || !this.accepting || !isRunning() || isStale()) return;
    this.committer.useCommit(commitOffsetsIfNecessary);
    if (!buffer.hasRoom()) await waitWithHeartbeat(buffer.room(), heartbeat);
    if (!this.accepting || !isRunning() || isStale()) return;

    const facts: FactBatch = emptyFactBatch();
    const deadLetters: Rejection[] = [];
    const receivedAtMs = Date.now();
    for (const message of batch.messages) {
      const coordinates = messageCoordinates(batch.topic, batch.partition, message.offset);
      if (batch.topic === dlqTopic) {
        facts.rejected.push(rejectedRow(fromDeadLetterMessage(message.value, coordinates, receivedAtMs)));
        continue;
      }
      const outcome = runPipeline(message.value ?? "", { source: coordinates, dedupKey: coordinates, receivedAtMs });
      if (outcome.kind === "fact") addFactRow(facts, outcome.fact);
      else deadLetters.push(outcome.rejection);
    }
    metrics.consumed.inc({ source: batch.topic }, batch.messages.length);

    const last = batch.lastOffset();
    const markDurable = this.committer.track(batch.topic, batch.partition, BigInt(last) + 1n);
    const settled = Promise.all([this.sendDeadLetters(deadLetters), buffer.add(facts)]).then(
      () => {
        markDurable();
        void this.committer.commitDurable();
      },
      (error: unknown) => {
        // Aborted (shutdown) or dropped (rebalance): not durable, so never committed; the next owner reads it again.
        if (!(error instanceof AbortedError))
          this.options.logger?.warn(
            { topic: batch.topic, partition: batch.partition, offset: last, error_class: errorClass(error) },
            "batch failed; its offsets stay uncommitted",
          );
      },
    );
    this.unsettled.add(settled);
    void settled.finally(() => this.unsettled.delete(settled));
    // Moves only the fetch position (resolved offsets are never committed as such): ascending, one batch per partition at a time.
    resolveOffset(last);
    metrics.lag.set({ topic: batch.topic, partition: String(batch.partition) }, Number(batch.offsetLag()));
  }

  private async sendDeadLetters(deadLetters: Rejection[]): Promise<void> {
    if (deadLetters.length === 0) return;
    const messages = deadLetters.map(toDeadLetterMessage);
    await retryUntilDone(
      () => this.producer!.send({ topic: this.options.dlqTopic, acks: -1, messages }),
      this.options.retry,
      this.abortController.signal,
      (error, attempt, delayMs) =>
        this.options.logger?.warn(
          { attempt, delay_ms: delayMs, error_class: errorClass(error) },
          "dead-letter send failed, retrying",
        ),
    );
    for (const rejection of deadLetters)
      this.options.metrics.rejected.inc({ reason: rejectionReasonKind(rejection.reason as RejectionReason) });
  }

  /**
   * Shutdown, first part: stops taking new batches, writes what is buffered and commits
   * it, within `graceMs`. Whatever is not written by then is never committed.
   */
  async drain(graceMs: number): Promise<void> {
    this.accepting = false;
    const consumer = this.consumer;
    if (consumer) consumer.pause([...this.options.eventTopics, this.options.dlqTopic].map((topic) => ({ topic })));
    const grace = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
    const written = async () => {
      await this.options.buffer.flush();
      await Promise.all([...this.unsettled]);
      await this.committer.commitDurable();
    };
    await Promise.race([written(), grace]);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.accepting = false;
    this.abortController.abort();
    await this.consumer?.disconnect();
    await this.producer?.disconnect();
    this.joined = false;
  }
}
