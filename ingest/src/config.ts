import { csvList, parseEnv, portSetting, positiveInt as int } from "@answerscope/runtime";
import { KeyRingEnvSchema, PrivacyEnvShape, WarehouseEnvSchema } from "@answerscope/warehouse";
import { z } from "zod";

/** See VIEW_REPAIR_LOCK_LEASE_MS. */
const MIN_VIEW_REPAIR_LOCK_LEASE_MS = 60_000;

/** Apply pending migrations at start (safe when several processes start together); `answerscope serve` reads it too. */
export const MigrateOnStartSetting = z.enum(["true", "false"]).default("true");

/** Every setting of the ingest service, read from the environment in this one place. */
export const IngestConfigSchema = WarehouseEnvSchema.extend({
  /** Absent: single-node mode (the collector writes to the warehouse in-process). */
  KAFKA_BROKERS: csvList.optional(),
  KAFKA_CLIENT_ID: z.string().default("answerscope-ingest"),
  KAFKA_GROUP_ID: z.string().default("answerscope-ingest"),
  TOPIC_RESPONSE_COMPLETED: z.string().default("answerscope.response_completed"),
  TOPIC_TOOL_CALL: z.string().default("answerscope.tool_call"),
  TOPIC_FEEDBACK_SUBMITTED: z.string().default("answerscope.feedback_submitted"),
  TOPIC_EXTERNAL_OUTCOME_RECORDED: z.string().default("answerscope.external_outcome_recorded"),
  TOPIC_DLQ: z.string().default("answerscope.dlq"),
  /** Rows per insert; a batch is flushed when it reaches this size... */
  INGEST_BATCH_MAX_ROWS: int(5000),
  /** ...or when its oldest row has waited this long and no write is running. */
  INGEST_BATCH_MAX_WAIT_MS: int(200),
  /**
   * Rows a worker holds unwritten (buffered or being written) before it stops fetching until a
   * write finishes. Default: two batches, the one being written and the next one filling, since
   * writes run one at a time and more held rows would only queue. Measured with 80,000 events at
   * full rate: 20,000 held rows peaked at 276-339 MB RSS, 10,000 at 248-260 MB (6 runs each), same rate.
   */
  INGEST_BUFFER_MAX_ROWS: z.coerce.number().int().positive().optional(),
  INGEST_RETRY_MIN_MS: int(200),
  INGEST_RETRY_MAX_MS: int(10_000),
  INGEST_PARTITIONS_CONCURRENTLY: int(4),
  /** How long a fetch waits for KAFKA_MIN_BYTES when the worker is caught up (the mock broker always waits all of it). */
  KAFKA_MAX_WAIT_MS: int(100),
  KAFKA_MIN_BYTES: int(1),
  KAFKA_MAX_BYTES_PER_PARTITION: int(1024 * 1024),
  KAFKA_SESSION_TIMEOUT_MS: int(10_000),
  /** How often the worker tells the group it is alive; also how late it can notice a rebalance (another member's join). */
  KAFKA_HEARTBEAT_INTERVAL_MS: int(1000),
  /** How long the group leader waits before handing in an assignment, so followers' SyncGroup requests arrive first (kafka/delayed-round-robin.ts); 0 for a real broker. */
  KAFKA_ASSIGNMENT_DELAY_MS: z.coerce.number().int().min(0).default(250),
  /** Port of /metrics, /healthz, /readyz and (without Kafka, or with COLLECTOR=on) the collector. */
  PORT: portSetting(4318),
  HOST: z.string().default("127.0.0.1"),
  /** Which parts run in this process. */
  RUN_WORKER: z.enum(["auto", "on", "off"]).default("auto"),
  RUN_COLLECTOR: z.enum(["auto", "on", "off"]).default("auto"),
  // Keys (KeyRingEnvSchema): only `ingest` keys send events.
  ...KeyRingEnvSchema.shape,
  MIGRATE_ON_START: MigrateOnStartSetting,
  /** How long SIGTERM waits for an in-flight write before abandoning it (nothing is committed then). */
  SHUTDOWN_GRACE_MS: int(5000),
  /** How often a writing process looks for view repairs to run (warehouse/src/repairs/), and how far apart a repair's two reads are. */
  VIEW_REPAIR_INTERVAL_MS: int(10_000),
  VIEW_REPAIR_SETTLE_MS: int(2000),
  /**
   * How long after its start a write not known to have returned is taken for interrupted, and its
   * hours repaired: longer than any write can take (the warehouse client gives up after 30 s).
   */
  VIEW_REPAIR_INTENT_EXPIRY_MS: int(120_000),
  /**
   * How long the repair lock may be held before another process takes it over, its holder taken
   * for killed. A round starts no tenant after half of it; one tenant's repair takes seconds.
   * At least a minute: a lease shorter than one tenant's repair (its reads VIEW_REPAIR_SETTLE_MS
   * apart, each statement allowed the warehouse client's 30 s) would let a second process take
   * the lock over from a live holder, and two repairers would rewrite the same hours at once.
   */
  VIEW_REPAIR_LOCK_LEASE_MS: int(600_000).refine((ms) => ms >= MIN_VIEW_REPAIR_LOCK_LEASE_MS, {
    message: `must be at least ${MIN_VIEW_REPAIR_LOCK_LEASE_MS} ms`,
  }),
  COLLECTOR_MAX_BODY_BYTES: int(5 * 1024 * 1024),
  COLLECTOR_MAX_EVENTS: int(10_000),
  /** Requests per second each ingest key may send to this collector (token bucket); 0: no limit. */
  COLLECTOR_RATE_LIMIT_PER_S: z.coerce.number().min(0).default(0),
  /** Requests a key may send at once above the rate; unset: two seconds' worth (at least 1). */
  COLLECTOR_RATE_LIMIT_BURST: z.coerce.number().int().positive().optional(),
  /** Each tenant's query_text mode and retention (docs/privacy.md). */
  ...PrivacyEnvShape,
  /** How often a writing process deletes what the tenants' retention_days no longer keep (docs/privacy.md); only with a retention configured. */
  RETENTION_INTERVAL_MS: int(86_400_000),
})
  .refine((config) => config.VIEW_REPAIR_INTENT_EXPIRY_MS > config.VIEW_REPAIR_INTERVAL_MS, {
    // Each round stores the cancellations of the writes that returned: an expiry within one round
    // would repair writes that simply finished.
    message: "must be longer than VIEW_REPAIR_INTERVAL_MS",
    path: ["VIEW_REPAIR_INTENT_EXPIRY_MS"],
  })
  .transform((config) => ({
    ...config,
    INGEST_BUFFER_MAX_ROWS: config.INGEST_BUFFER_MAX_ROWS ?? 2 * config.INGEST_BATCH_MAX_ROWS,
  }));

export type IngestConfig = z.output<typeof IngestConfigSchema>;

export function loadIngestConfig(env: NodeJS.ProcessEnv = process.env): IngestConfig {
  return parseEnv(IngestConfigSchema, env, "ingest");
}

export function topicsOf(config: IngestConfig) {
  return {
    response_completed: config.TOPIC_RESPONSE_COMPLETED,
    tool_call: config.TOPIC_TOOL_CALL,
    feedback_submitted: config.TOPIC_FEEDBACK_SUBMITTED,
    external_outcome_recorded: config.TOPIC_EXTERNAL_OUTCOME_RECORDED,
    dlq: config.TOPIC_DLQ,
  } as const;
}
