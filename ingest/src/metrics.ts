import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** The ingest service's own metrics. Labels come from bounded sets only (topics, tables, reasons). */
export function createIngestMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "answerscope_ingest_" });
  const metrics = {
    registry,
    consumed: new Counter({
      name: "answerscope_ingest_messages_consumed_total",
      help: "Messages read from Kafka or received over HTTP",
      labelNames: ["source"],
      registers: [registry],
    }),
    stored: new Counter({
      name: "answerscope_ingest_rows_inserted_total",
      help: "Rows written to fact tables (after dedup)",
      labelNames: ["table"],
      registers: [registry],
    }),
    duplicates: new Counter({
      name: "answerscope_ingest_duplicates_skipped_total",
      help: "Rows skipped because their event was already stored",
      labelNames: ["table"],
      registers: [registry],
    }),
    refused: new Counter({
      name: "answerscope_ingest_requests_refused_total",
      help: "Collector requests refused before their events were read: too_large (413) or rate_limited (429)",
      labelNames: ["reason"],
      registers: [registry],
    }),
    rejected: new Counter({
      name: "answerscope_ingest_rejected_total",
      help: "Events dead-lettered, by reason kind",
      labelNames: ["reason"],
      registers: [registry],
    }),
    batchRows: new Histogram({
      name: "answerscope_ingest_batch_rows",
      help: "Rows per warehouse write",
      buckets: [1, 10, 100, 500, 1000, 2500, 5000, 10000, 25000],
      registers: [registry],
    }),
    batchSeconds: new Histogram({
      name: "answerscope_ingest_batch_duration_seconds",
      help: "Time to write one batch, retries included",
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    insertRetries: new Counter({
      name: "answerscope_ingest_insert_retries_total",
      help: "Failed warehouse writes that were retried",
      registers: [registry],
    }),
    lag: new Gauge({
      name: "answerscope_ingest_consumer_lag",
      help: "Messages behind the high watermark, per topic partition",
      labelNames: ["topic", "partition"],
      registers: [registry],
    }),
    viewRepairsPending: new Gauge({
      name: "answerscope_ingest_view_repairs_pending",
      help: "View repairs recorded and not done, at the last round",
      registers: [registry],
    }),
    viewRepairsDone: new Counter({
      name: "answerscope_ingest_view_repairs_total",
      help: "View repairs done by this process",
      registers: [registry],
    }),
    viewRepairRounds: new Counter({
      name: "answerscope_ingest_view_repair_rounds_total",
      help: "View repair rounds this process completed (whether or not repairs were pending)",
      registers: [registry],
    }),
    viewRepairFailures: new Counter({
      name: "answerscope_ingest_view_repair_failures_total",
      help: "View repair rounds that failed (ClickHouse unreachable, or the repair lock held past the round's timeout)",
      registers: [registry],
    }),
    retentionDeleted: new Counter({
      name: "answerscope_ingest_retention_deleted_rows_total",
      help: "Rows the tenants' retention deleted, per table (warehouse/src/privacy/retention.ts)",
      labelNames: ["table"],
      registers: [registry],
    }),
    retentionFailures: new Counter({
      name: "answerscope_ingest_retention_failures_total",
      help: "Retention rounds that failed (ClickHouse unreachable, the repair lock held past the timeout)",
      registers: [registry],
    }),
    warehouseUp: new Gauge({
      name: "answerscope_ingest_warehouse_up",
      help: "1 when the last warehouse write succeeded",
      registers: [registry],
    }),
  };
  return metrics;
}

export type IngestMetrics = ReturnType<typeof createIngestMetrics>;
