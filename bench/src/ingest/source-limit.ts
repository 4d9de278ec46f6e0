import { DEFAULT_DLQ_TOPIC, DEFAULT_TOPICS } from "@answerscope/contracts";
import { loadIngestConfig, OffsetCommitter } from "@answerscope/ingest";
import { Kafka, logLevel } from "kafkajs";
import { CpuWindow, withThisProcess, type CpuAccount, type ServicePids } from "./cpu-accounting";
import { ThroughputCurve } from "./throughput-curve";

export interface SourceRun {
  rate: number;
  /** This process (the consumer), the broker and ClickHouse between 10 % and 90 % of the messages; absent without service pids. */
  cpu?: CpuAccount;
}

/**
 * The source limit: a kafkajs consumer with the worker's settings (group, session timeout,
 * maxWaitTimeInMs, partitions consumed concurrently, eachBatch, manual commits) that only
 * counts messages. Events per second between 10 % and 90 % of `expected`, and the CPU that
 * cost (this process stands for the worker: it runs nothing else meanwhile).
 *
 * It commits as the worker does, with the worker's OffsetCommitter: outside the fetch loop, one
 * commit at a time, each of the latest offsets read (here a batch is durable once read). Awaiting a commit per batch, as this
 * consumer did until session 11, bounds it by commit round trips instead (the mock broker
 * hands out one produced batch per partition per fetch, about 80 messages, so 80,000 messages
 * are some 1,000 commits): 38,000-63,000 messages/s against 270,000-465,000.
 */
export async function measureSourceLimit(brokers: string[], groupId: string, expected: number, { timeoutMs = 300_000, servicePids }: { timeoutMs?: number; servicePids?: ServicePids } = {}): Promise<SourceRun> {
  const config = loadIngestConfig({});
  const kafka = new Kafka({ clientId: "bench-source", brokers, logLevel: logLevel.WARN });
  const consumer = kafka.consumer({
    groupId,
    sessionTimeout: config.KAFKA_SESSION_TIMEOUT_MS,
    heartbeatInterval: Math.min(config.KAFKA_HEARTBEAT_INTERVAL_MS, config.KAFKA_SESSION_TIMEOUT_MS / 3),
    maxWaitTimeInMs: config.KAFKA_MAX_WAIT_MS,
    minBytes: config.KAFKA_MIN_BYTES,
    maxBytesPerPartition: config.KAFKA_MAX_BYTES_PER_PARTITION,
    allowAutoTopicCreation: false,
  });
  const curve = new ThroughputCurve(expected);
  let commitFailure: unknown;
  const committer = new OffsetCommitter((error) => (commitFailure ??= error));
  let count = 0;
  const cpuWindow = servicePids && new CpuWindow(withThisProcess(servicePids));
  let finished!: () => void;
  const done = new Promise<void>((resolve) => (finished = resolve));
  await consumer.connect();
  await consumer.subscribe({ topics: [...Object.values(DEFAULT_TOPICS), DEFAULT_DLQ_TOPIC], fromBeginning: true });
  await consumer.run({
    autoCommit: false,
    eachBatchAutoResolve: false,
    partitionsConsumedConcurrently: config.INGEST_PARTITIONS_CONCURRENTLY,
    eachBatch: async ({ batch, resolveOffset, commitOffsetsIfNecessary }) => {
      if (batch.messages.length === 0) return;
      count += batch.messages.length;
      cpuWindow?.mark(curve.observe(count));
      const last = batch.lastOffset();
      committer.useCommit(commitOffsetsIfNecessary);
      committer.track(batch.topic, batch.partition, BigInt(last) + 1n)();
      void committer.commitDurable();
      resolveOffset(last);
      if (curve.done) finished();
    },
  });
  const timeout = setTimeout(finished, timeoutMs);
  await done;
  clearTimeout(timeout);
  // The last batches' offsets: the run is not over until what it read is committed, as a worker's drain commits.
  await committer.commitDurable();
  if (commitFailure !== undefined) throw commitFailure;
  await consumer.disconnect();
  if (!curve.done) throw new Error(`source consumer read ${count} of ${expected} messages within ${timeoutMs} ms`);
  return { rate: curve.rate, cpu: await cpuWindow?.account(curve) };
}
