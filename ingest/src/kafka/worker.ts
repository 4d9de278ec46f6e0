import { emptyFactBatch, rejectedRow, type FactBatch, type Rejection } from "@answerscope/warehouse";
import type { Consumer, EachBatchPayload, Kafka, Producer } from "kafkajs";
import { rejectionReasonKind, type RejectionReason } from "@answerscope/contracts";
import type { IngestMetrics } from "../metrics";
import { runPipeline } from "../pipeline/pipeline";
import type { FactBuffer } from "../sink/fact-buffer";
import { AbortedError } from "../sink/retry";
import { fromDeadLetterMessage, toDeadLetterMessage } from "./messages";

export interface WorkerOptions {
  kafka: Kafka;
  groupId: string;
  eventTopics: string[];
  dlqTopic: string;
  buffer: FactBuffer;
  metrics: IngestMetrics;
  partitionsConcurrently: number;
  maxWaitTimeInMs: number;
  sessionTimeoutMs: number;
  log?: (message: string) => void;
}

/** How often a batch that waits on the warehouse tells the group it is still alive. */
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
 * A consumer-group member: turns each partition's batch into fact rows and
 * dead-letter records, waits until the rows are written, and only then commits
 * the batch's offsets (in order, since one partition's batches run one at a time).
 * Messages of the dead-letter topic become rows of the rejected table.
 */
export class IngestWorker {
  private consumer?: Consumer;
  private producer?: Producer;
  private joined = false;
  private stopping = false;

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
    const { kafka, groupId, sessionTimeoutMs, maxWaitTimeInMs } = this.options;
    const consumer = kafka.consumer({
      groupId,
      sessionTimeout: sessionTimeoutMs,
      heartbeatInterval: Math.min(3000, sessionTimeoutMs / 3),
      maxWaitTimeInMs,
      allowAutoTopicCreation: false,
    });
    this.consumer = consumer;
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
      this.joined = true;
      const assigned = Object.entries(payload.memberAssignment).map(([topic, partitions]) => `${topic}[${partitions.join(",")}]`);
      this.options.log?.(`joined group ${payload.groupId} as ${payload.memberId}${payload.isLeader ? " (leader)" : ""}: ${assigned.join(" ") || "no partitions"}`);
    });
    // kafkajs restarts a consumer only after retriable errors. A live process never
    // keeps a dead consumer (e.g. a broker refusing a SyncGroup mid-rebalance): it
    // starts a new one, which re-reads whatever was not committed.
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      this.joined = false;
      if (payload.restart || this.stopping) return;
      this.options.log?.(`consumer crashed (${payload.error.message}); starting a new one`);
      setTimeout(() => {
        if (!this.stopping) this.startConsumer().catch((error: unknown) => this.options.log?.(`consumer restart failed: ${String(error)}`));
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

  private async handleBatch({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }: EachBatchPayload): Promise<void> {
    const { metrics, dlqTopic, buffer } = this.options;
    if (batch.messages.length === 0 || !isRunning() || isStale()) return;
    const facts: FactBatch = emptyFactBatch();
    const deadLetters: Rejection[] = [];
    const receivedAtMs = Date.now();
    for (const message of batch.messages) {
      const coordinates = `kafka:${batch.topic}/${batch.partition}@${message.offset}`;
      metrics.consumed.inc({ source: batch.topic });
      if (batch.topic === dlqTopic) {
        facts.rejected.push(rejectedRow(fromDeadLetterMessage(message.value, coordinates, receivedAtMs)));
        continue;
      }
      const outcome = runPipeline(message.value ?? "", { source: coordinates, dedupKey: coordinates, receivedAtMs });
      if (outcome.kind === "fact") (facts[outcome.fact.kind] as object[]).push(outcome.fact.row);
      else deadLetters.push(outcome.rejection);
    }

    try {
      if (deadLetters.length > 0) {
        await this.producer!.send({ topic: dlqTopic, acks: -1, messages: deadLetters.map(toDeadLetterMessage) });
        deadLetters.forEach((rejection) => metrics.rejected.inc({ reason: rejectionReasonKind(rejection.reason as RejectionReason) }));
      }
      await waitWithHeartbeat(buffer.add(facts), heartbeat);
    } catch (error) {
      // Shutting down or lost the partition: leave the offsets where they are, so
      // the next owner reads this batch again (the sink skips what was written).
      if (error instanceof AbortedError || !isRunning() || isStale()) return;
      throw error;
    }
    if (isStale()) return;
    const last = batch.lastOffset();
    // The batch-scoped commit (not consumer.commitOffsets): a "group is rebalancing"
    // answer reaches kafkajs's runner as such, and it rejoins instead of crashing.
    await commitOffsetsIfNecessary({ topics: [{ topic: batch.topic, partitions: [{ partition: batch.partition, offset: (BigInt(last) + 1n).toString() }] }] });
    resolveOffset(last);
    metrics.lag.set({ topic: batch.topic, partition: String(batch.partition) }, Number(batch.offsetLag()));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.consumer?.disconnect();
    await this.producer?.disconnect();
    this.joined = false;
  }
}
