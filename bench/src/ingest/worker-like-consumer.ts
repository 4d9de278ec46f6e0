import { DEFAULT_DLQ_TOPIC, DEFAULT_TOPICS } from "@answerscope/contracts";
import { loadIngestConfig, OffsetCommitter } from "@answerscope/ingest";
import { Kafka, logLevel, type Batch } from "kafkajs";
import { CpuWindow, withThisProcess, type CpuAccount, type ServicePids } from "./cpu-accounting";
import { ThroughputCurve, type CurveWindow } from "./throughput-curve";

export interface ConsumerRun {
  rate: number;
  /** The window's two ends: the messages counted there, and when. */
  window: CurveWindow;
  /** This process (the consumer), the broker and ClickHouse between 10 % and 90 % of the messages; absent without service pids. */
  cpu?: CpuAccount;
}

/** What a limit does with a fetched batch: `durable` resolves once the batch may be committed (and is counted). */
export type BatchHandler = (batch: Batch) => Promise<{ durable: Promise<void> }>;

/**
 * A kafkajs consumer with the worker's settings (group, session timeout, maxWaitTimeInMs,
 * partitions consumed concurrently, eachBatch, manual commits) in this process, for the limits
 * that stand in for a worker. It commits as the worker does, with the worker's OffsetCommitter:
 * outside the fetch loop, one commit at a time, each of the offsets whose batches are durable.
 * Messages count once durable; the rate is taken between 10 % and 90 % of `expected` (of what
 * follows the first `warmup` messages: ThroughputCurve), with the CPU that cost (this process
 * stands for the worker: it runs nothing else meanwhile).
 */
export async function consumeAsWorker(
  options: {
    brokers: string[];
    clientId: string;
    groupId: string;
    expected: number;
    warmup?: number;
    timeoutMs?: number;
    servicePids?: ServicePids;
  },
  handle: BatchHandler,
): Promise<ConsumerRun> {
  const { expected, warmup = 0, timeoutMs = 300_000, servicePids } = options;
  const config = loadIngestConfig({});
  const kafka = new Kafka({ clientId: options.clientId, brokers: options.brokers, logLevel: logLevel.WARN });
  const consumer = kafka.consumer({
    groupId: options.groupId,
    sessionTimeout: config.KAFKA_SESSION_TIMEOUT_MS,
    heartbeatInterval: Math.min(config.KAFKA_HEARTBEAT_INTERVAL_MS, config.KAFKA_SESSION_TIMEOUT_MS / 3),
    maxWaitTimeInMs: config.KAFKA_MAX_WAIT_MS,
    minBytes: config.KAFKA_MIN_BYTES,
    maxBytesPerPartition: config.KAFKA_MAX_BYTES_PER_PARTITION,
    allowAutoTopicCreation: false,
  });
  const curve = new ThroughputCurve(expected, warmup);
  let failure: unknown;
  const committer = new OffsetCommitter((error) => (failure ??= error));
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
      if (batch.messages.length === 0 || failure !== undefined) return;
      committer.useCommit(commitOffsetsIfNecessary);
      const { durable } = await handle(batch);
      const last = batch.lastOffset();
      const markDurable = committer.track(batch.topic, batch.partition, BigInt(last) + 1n);
      const messages = batch.messages.length;
      durable.then(
        () => {
          count += messages;
          // Observed whether or not the CPU is accounted: `cpuWindow?.mark(curve.observe(...))` would skip the observation too.
          const edge = curve.observe(count);
          cpuWindow?.mark(edge);
          markDurable();
          void committer.commitDurable();
          if (curve.done) finished();
        },
        (error: unknown) => {
          failure ??= error;
          finished();
        },
      );
      resolveOffset(last);
    },
  });
  const timeout = setTimeout(finished, timeoutMs);
  await done;
  clearTimeout(timeout);
  // The last batches' offsets: the run is not over until what it read is committed, as a worker's drain commits.
  await committer.commitDurable();
  await consumer.disconnect();
  if (failure !== undefined) throw failure;
  if (!curve.done)
    throw new Error(`${options.clientId} counted ${count} of ${expected} messages within ${timeoutMs} ms`);
  return { rate: curve.rate, window: curve.window, cpu: await cpuWindow?.account(curve) };
}
