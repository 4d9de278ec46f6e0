import { expiredWriteIntents, pendingViewRepairs, queryRows, sqlValue, type Warehouse } from "@answerscope/warehouse";
import { startIngestProcess, type IngestProcess, metricValue } from "@answerscope/test-kit";

/** The environment of a test's ingest worker (cluster mode, where set, comes from the project's environment). */
export function ingestWorkerEnv(options: {
  url: string;
  database: string;
  brokers: string;
  groupId: string;
}): Record<string, string> {
  return {
    CLICKHOUSE_URL: options.url,
    CLICKHOUSE_DATABASE: options.database,
    KAFKA_BROKERS: options.brokers,
    KAFKA_GROUP_ID: options.groupId,
    RUN_COLLECTOR: "off",
    // Short, so the survivors take over a killed member's partitions within seconds.
    KAFKA_SESSION_TIMEOUT_MS: "6000",
    INGEST_BATCH_MAX_ROWS: "500",
    INGEST_BATCH_MAX_WAIT_MS: "100",
    // A test that makes writes fail waits for their view repairs in seconds, not tens of seconds.
    VIEW_REPAIR_INTERVAL_MS: "1000",
    VIEW_REPAIR_SETTLE_MS: "300",
    // ...and a killed worker's interrupted write is taken for one after 3 s (its writes take milliseconds here).
    VIEW_REPAIR_INTENT_EXPIRY_MS: "3000",
  };
}

/** An ingest worker of `groupId` writing to the test warehouse. */
export function startTestWorker(
  warehouse: Warehouse,
  url: string,
  brokers: string,
  groupId: string,
): Promise<IngestProcess> {
  return startIngestProcess(ingestWorkerEnv({ url, database: warehouse.target.database, brokers, groupId }));
}

/** Rows a worker reports as inserted (its own /metrics). */
export function rowsInserted(worker: IngestProcess): Promise<number> {
  return metricValue(worker.port, "answerscope_ingest_rows_inserted_total");
}

/**
 * Responses counted by the metrics view (`metrics_5m`, fed on the local tables of each shard):
 * equal to the distinct responses when no INSERT was counted twice by a replay or a failover.
 */
export async function viewResponseCount(warehouse: Warehouse, tenantId: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    warehouse,
    `SELECT sumMerge(responses) AS n FROM ${warehouse.table("metrics_5m")} WHERE tenant_id = ${sqlValue(tenantId)}`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * The cluster setting of the test's project, for configurations built in-process: an explicit
 * config object does not read process.env, and a single-node writer on a cluster would insert
 * into the Distributed tables asynchronously.
 */
export const projectClusterEnv = (): { CLICKHOUSE_CLUSTER?: string } =>
  process.env.CLICKHOUSE_CLUSTER ? { CLICKHOUSE_CLUSTER: process.env.CLICKHOUSE_CLUSTER } : {};

/** Writes still open (announced, never cancelled) plus view repairs not done: both 0 once every repair has run. */
export async function unfinishedRepairs(warehouse: Warehouse): Promise<{ openWrites: number; pendingRepairs: number }> {
  const [open, pending] = await Promise.all([
    expiredWriteIntents(warehouse, Number.MAX_SAFE_INTEGER),
    pendingViewRepairs(warehouse),
  ]);
  return { openWrites: open.length, pendingRepairs: pending.length };
}
