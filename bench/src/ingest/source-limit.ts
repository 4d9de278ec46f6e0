import { DEFAULT_DLQ_TOPIC, DEFAULT_TOPICS } from "@answerscope/contracts";
import { loadIngestConfig } from "@answerscope/ingest";
import { Kafka, logLevel } from "kafkajs";
import { cpuAccount, cpuSnapshot, machineCores, type CpuAccount, type CpuPids, type CpuSnapshot } from "./cpu-accounting";
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
 */
export async function measureSourceLimit(brokers: string[], groupId: string, expected: number, { timeoutMs = 300_000, servicePids }: { timeoutMs?: number; servicePids?: Omit<CpuPids, "worker"> } = {}): Promise<SourceRun> {
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
  let count = 0;
  const pids = servicePids && { ...servicePids, worker: [process.pid] };
  let from: { cpu: Promise<CpuSnapshot>; count: number; at: number } | undefined;
  let to: typeof from;
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
      curve.observe(count);
      if (pids && !from && count >= 0.1 * expected) from = { cpu: cpuSnapshot(pids), count, at: performance.now() };
      else if (pids && from && !to && count >= 0.9 * expected) to = { cpu: cpuSnapshot(pids), count, at: performance.now() };
      const last = batch.lastOffset();
      await commitOffsetsIfNecessary({ topics: [{ topic: batch.topic, partitions: [{ partition: batch.partition, offset: (BigInt(last) + 1n).toString() }] }] });
      resolveOffset(last);
      if (curve.done) finished();
    },
  });
  const timeout = setTimeout(finished, timeoutMs);
  await done;
  clearTimeout(timeout);
  await consumer.disconnect();
  if (!curve.done) throw new Error(`source consumer read ${count} of ${expected} messages within ${timeoutMs} ms`);
  const cpu = from && to && to.count > from.count ? cpuAccount(await from.cpu, await to.cpu, to.count - from.count, (to.at - from.at) / 1000, machineCores()) : undefined;
  return { rate: curve.rate, cpu };
}
