import { createClient } from "@clickhouse/client";
import { assertIdentifier, type Warehouse } from "@answerscope/warehouse";

/**
 * A Warehouse like createWarehouse's, but with `log_queries = 1` (off by default on 18.16),
 * so system.query_log can say where the time of each benchmarked query went.
 * Long timeouts: the large data set's inserts and raw-table queries run for minutes.
 */
export function createBenchWarehouse(url: string, database: string): Warehouse {
  const db = assertIdentifier("database", database);
  const client = createClient({
    url,
    request_timeout: 30 * 60_000,
    clickhouse_settings: {
      output_format_json_quote_64bit_integers: 0,
      log_queries: 1,
      // Keeps a minutes-long INSERT ... SELECT's connection alive.
      send_progress_in_http_headers: 1,
      http_headers_progress_interval_ms: "60000",
    },
  });
  return {
    client,
    target: { database: db },
    table: (name) => `${db}.${assertIdentifier("table", name)}`,
    close: () => client.close(),
  };
}
