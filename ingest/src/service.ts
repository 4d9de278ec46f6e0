import {
  createWarehouse,
  migrate,
  roleWarehouse,
  runPeriodically,
  runViewRepairs,
  startServiceKeyRing,
  warehouseConfigFromEnv,
  WriteIntents,
  type RunningRole,
  type Warehouse,
} from "@answerscope/warehouse";
import type { Server } from "node:http";
import { createLogger, createRateLimiter, errorClass, listen, loadKeyRing, type Logger } from "@answerscope/runtime";
import { kafkaEventSink, warehouseEventSink, type EventSink } from "./collector/event-sink";
import { topicsOf, type IngestConfig } from "./config";
import { createIngestServer } from "./ingest-server";
import { connectProducer, createKafka } from "./kafka/client";
import { IngestWorker } from "./kafka/worker";
import { createIngestMetrics } from "./metrics";
import { startRetention } from "./retention";
import { createFactBuffer, retryPolicyOf, type Writer } from "./sink/warehouse-writer";
import type { Producer } from "kafkajs";

export type RunningService = RunningRole & { port: number };

/** The repairs of views that interrupted or failed writes may have left short (warehouse/src/repairs/), in every process that writes. */
function startViewRepairs({ warehouse, config, metrics, intents }: Writer, logger: Logger): () => Promise<void> {
  return runPeriodically(
    async () => {
      await intents.flush();
      const round = await runViewRepairs(warehouse, {
        settleMs: config.VIEW_REPAIR_SETTLE_MS,
        lockTimeoutMs: config.VIEW_REPAIR_INTERVAL_MS,
        lockLeaseMs: config.VIEW_REPAIR_LOCK_LEASE_MS,
        log: (message) => logger.warn(`view repairs: ${message}`),
      });
      metrics.viewRepairsPending.set(round.pending - round.repaired);
      metrics.viewRepairsDone.inc(round.repaired);
      metrics.viewRepairRounds.inc();
      if (round.pending > 0)
        logger.info(
          `view repairs: ${round.promoted} interrupted writes found, ${round.repaired} of ${round.pending} done, ${round.applied} rows added${round.waiting ? " (waiting for the replicas to catch up)" : ""}`,
        );
    },
    config.VIEW_REPAIR_INTERVAL_MS,
    (error) => {
      metrics.viewRepairFailures.inc();
      logger.warn({ error_class: errorClass(error) }, "view repair round failed");
    },
  );
}

/** The collector's per-key rate limit, when COLLECTOR_RATE_LIMIT_PER_S is set. */
function rateLimiterOf(config: IngestConfig) {
  const perSecond = config.COLLECTOR_RATE_LIMIT_PER_S;
  if (perSecond === 0) return undefined;
  return createRateLimiter({
    perSecond,
    burst: config.COLLECTOR_RATE_LIMIT_BURST ?? Math.max(1, Math.ceil(2 * perSecond)),
  });
}

/**
 * Starts what this process runs (the `collector` role): the Kafka worker when brokers are
 * configured, and the collector (writing to Kafka, or straight to the warehouse without Kafka);
 * on `shared` when given (answerscope serve), else on its own warehouse.
 */
export async function startIngestService(config: IngestConfig, shared?: Warehouse): Promise<RunningService> {
  const metrics = createIngestMetrics();
  const logger = createLogger("ingest");
  const { warehouse, release } = roleWarehouse(shared, () =>
    createWarehouse(warehouseConfigFromEnv(config), { logger }),
  );
  if (config.MIGRATE_ON_START === "true") await migrate(warehouse);
  const brokers = config.KAFKA_BROKERS ?? [];
  const kafkaMode = brokers.length > 0;
  const runWorker = config.RUN_WORKER === "on" || (config.RUN_WORKER === "auto" && kafkaMode);
  const runCollector = config.RUN_COLLECTOR === "on" || config.RUN_COLLECTOR === "auto";
  const topics = topicsOf(config);
  const kafka = kafkaMode ? createKafka(brokers, config.KAFKA_CLIENT_ID) : undefined;

  const writer: Writer = {
    warehouse,
    config,
    metrics,
    intents: new WriteIntents(warehouse, config.VIEW_REPAIR_INTENT_EXPIRY_MS),
    logger,
  };
  const workerBuffer = createFactBuffer(writer, {
    maxWaitMs: config.INGEST_BATCH_MAX_WAIT_MS,
    maxHeldRows: config.INGEST_BUFFER_MAX_ROWS,
  });
  let worker: IngestWorker | undefined;
  if (runWorker) {
    if (!kafka) throw new Error("RUN_WORKER=on needs KAFKA_BROKERS");
    worker = new IngestWorker({
      kafka,
      groupId: config.KAFKA_GROUP_ID,
      eventTopics: [
        topics.response_completed,
        topics.tool_call,
        topics.feedback_submitted,
        topics.external_outcome_recorded,
      ],
      dlqTopic: topics.dlq,
      buffer: workerBuffer,
      metrics,
      partitionsConcurrently: config.INGEST_PARTITIONS_CONCURRENTLY,
      maxWaitTimeInMs: config.KAFKA_MAX_WAIT_MS,
      minBytes: config.KAFKA_MIN_BYTES,
      maxBytesPerPartition: config.KAFKA_MAX_BYTES_PER_PARTITION,
      sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS,
      heartbeatIntervalMs: config.KAFKA_HEARTBEAT_INTERVAL_MS,
      assignmentDelayMs: config.KAFKA_ASSIGNMENT_DELAY_MS,
      retry: retryPolicyOf(config),
      logger,
    });
    await worker.start();
  }

  // The collector never holds a request through a long outage: a few attempts, then 503.
  const collectorBuffer = createFactBuffer(writer, {
    maxWaitMs: Math.min(config.INGEST_BATCH_MAX_WAIT_MS, 20),
    maxAttempts: 3,
  });
  let producer: Producer | undefined;
  let sink: EventSink | undefined;
  if (runCollector) {
    if (kafka) {
      producer = await connectProducer(kafka);
      sink = kafkaEventSink(producer, topics, topics.dlq);
    } else {
      sink = warehouseEventSink(collectorBuffer);
    }
  }

  const writes = runWorker || (runCollector && !kafkaMode);
  const stopRepairs = writes ? startViewRepairs(writer, logger) : async () => {};
  const stopRetention = writes ? startRetention(writer, logger) : async () => {};

  // Bootstrap keys and the stored ones, reloaded without a restart (warehouse/src/keys/).
  const keys = sink
    ? await startServiceKeyRing(
        warehouse,
        loadKeyRing({ file: config.ANSWERSCOPE_KEYS_FILE, inline: config.ANSWERSCOPE_KEYS }),
        config,
        (line) => logger.warn(line),
      )
    : undefined;
  const server: Server = createIngestServer({
    metrics,
    logger,
    keyRing: keys,
    collector:
      sink && keys
        ? {
            keys,
            sink,
            metrics,
            maxBodyBytes: config.COLLECTOR_MAX_BODY_BYTES,
            maxEvents: config.COLLECTOR_MAX_EVENTS,
            limiter: rateLimiterOf(config),
          }
        : undefined,
    isReady: async () => {
      if (worker && !worker.ready) return false;
      if (kafkaMode) return true;
      return warehouse.client.ping().then((result) => result.success);
    },
  });
  const port = await listen(server, config.PORT, config.HOST);

  return {
    port,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      // Give buffered rows a moment to land (and the worker to commit them), then abandon
      // them: nothing unwritten is committed.
      const grace = new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_GRACE_MS).unref());
      await Promise.race([Promise.all([worker?.drain(config.SHUTDOWN_GRACE_MS), collectorBuffer.flush()]), grace]);
      workerBuffer.abort();
      collectorBuffer.abort();
      await stopRepairs();
      await stopRetention();
      await writer.intents.flush().catch(() => {}); // lost, it only makes a repair that finds nothing to add
      await worker?.stop();
      await producer?.disconnect();
      await keys?.stop();
      await release();
    },
  };
}
