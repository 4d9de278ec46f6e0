import {
  createWarehouse,
  migrate,
  onClusterClause,
  type Warehouse,
  type WarehouseConfig,
} from "@answerscope/warehouse";

/**
 * The product's Warehouse with `log_queries = 1` (off by default on 18.16), so system.query_log
 * can say where the time of each benchmarked query went. Long timeouts: the large data set's
 * inserts and raw-table queries run for minutes.
 */
export function createBenchWarehouse(url: string, database: string, cluster?: string): Warehouse {
  return createBenchWarehouseOf({ url, database, cluster });
}

/** The same on any warehouse config: a server's URL, or an embedded engine's data directory. */
export function createBenchWarehouseOf(config: WarehouseConfig): Warehouse {
  return createWarehouse(
    { ...config, requestTimeoutMs: 30 * 60_000 },
    {
      settings: {
        log_queries: 1,
        // Keeps a minutes-long INSERT ... SELECT's connection alive.
        send_progress_in_http_headers: 1,
        http_headers_progress_interval_ms: "60000",
      },
    },
  );
}

/**
 * An empty, migrated bench database `name` (whatever an earlier run left there is dropped first);
 * with `cluster`, on every node of that ClickHouse cluster, as the product deploys it there.
 */
export async function freshBenchDatabase(url: string, name: string, cluster?: string): Promise<Warehouse> {
  const w = createBenchWarehouse(url, name, cluster);
  await w.client.command({ query: `DROP DATABASE IF EXISTS ${w.target.database} ${onClusterClause(w.target)}` });
  await migrate(w);
  return w;
}

/**
 * Drops a bench database once it is measured and closes its client: left behind, its parts keep
 * ClickHouse merging under the next measurements (the freshness section after the ingest
 * section's 90 databases: p95 3.1 s, against 1.1 s run alone; bench/PERFORMANCE.md).
 */
export async function dropBenchDatabase(w: Warehouse): Promise<void> {
  await w.client.command({ query: `DROP DATABASE IF EXISTS ${w.target.database}` });
  await w.close();
}
