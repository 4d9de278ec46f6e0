import { createWarehouse, type Warehouse } from "@answerscope/warehouse";

/**
 * The product's Warehouse with `log_queries = 1` (off by default on 18.16), so system.query_log
 * can say where the time of each benchmarked query went. Long timeouts: the large data set's
 * inserts and raw-table queries run for minutes.
 */
export function createBenchWarehouse(url: string, database: string): Warehouse {
  return createWarehouse(
    { url, database, requestTimeoutMs: 30 * 60_000 },
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
