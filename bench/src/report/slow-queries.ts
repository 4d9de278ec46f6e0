import { queryRows, sqlValue, type Warehouse } from "@answerscope/warehouse";

export interface SlowQuery {
  duration_ms: number;
  /** 1 when the query failed (e.g. the per-query memory limit): those are often the slowest. */
  failed: number;
  read_rows: number;
  read_mb: number;
  memory_mb: number;
  query: string;
}

/**
 * Where the time went: the slowest finished queries on the benchmark database from
 * system.query_log (the bench client sets log_queries = 1), with the rows and memory they used.
 */
export async function slowestQueries(
  w: Warehouse,
  sinceMs: number,
  limit = 8,
  exclude = "INSERT",
): Promise<SlowQuery[]> {
  await w.client.command({ query: "SYSTEM FLUSH LOGS" });
  const database = w.target.database;
  return queryRows<SlowQuery>(
    w,
    `SELECT
       query_duration_ms AS duration_ms,
       toUInt8(type = 4) AS failed,
       read_rows,
       round(read_bytes / 1048576, 1) AS read_mb,
       round(memory_usage / 1048576, 1) AS memory_mb,
       substring(replaceRegexpAll(query, '\\\\s+', ' '), 1, 240) AS query
     FROM system.query_log
     WHERE type IN (2, 4)
       AND event_time >= toDateTime(${Math.floor(sinceMs / 1000)})
       AND position(query, ${sqlValue(`${database}.`)}) > 0
       AND NOT startsWith(upper(query), ${sqlValue(exclude)})
     ORDER BY query_duration_ms DESC
     LIMIT ${limit}`,
  );
}

/** The slowest queries, or why this engine cannot say: a failure to read them is an error, not this. */
export type SlowQueriesOrWhyNot = { queries: SlowQuery[] } | { unavailable: string };

/**
 * slowestQueries where system.query_log exists. The server creates it at the first flush of its
 * log (its config's query_log section); embedded ClickHouse (chDB) runs without that config, so
 * it has none, and the answer says so instead of failing on the missing table.
 */
export async function slowestQueriesIfLogged(w: Warehouse, sinceMs: number): Promise<SlowQueriesOrWhyNot> {
  await w.client.command({ query: "SYSTEM FLUSH LOGS" });
  const tables = await queryRows<{ n: number }>(
    w,
    "SELECT count() AS n FROM system.tables WHERE database = 'system' AND name = 'query_log'",
  );
  if (Number(tables[0]?.n ?? 0) === 0) {
    return {
      unavailable: `no system.query_log on this ${w.engine === "embedded" ? "embedded engine: chDB starts without a server config, and no query_log is configured" : "server: its config has no query_log section"}`,
    };
  }
  return { queries: await slowestQueries(w, sinceMs) };
}
