import type { Warehouse } from "../client";

/**
 * Fills the id indexes of migration 0008 (tool_calls_by_response, responses_by_session) from the
 * fact tables: what an existing deployment runs once after the migration, and what the benchmark
 * runs on a data set loaded before the views existed. Repeating them is harmless: the indexes
 * only narrow reads, and ReplacingMergeTree folds the copies.
 */
export function idIndexBackfillSql(w: Warehouse): string[] {
  return [
    `INSERT INTO ${w.table("tool_calls_by_response")} (tenant_id, response_id, tool_call_id, occurred_at)
      SELECT tenant_id, response_id, tool_call_id, occurred_at FROM ${w.table("tool_call_events")} WHERE response_id != ''`,
    `INSERT INTO ${w.table("responses_by_session")} (tenant_id, session_id, response_id, occurred_at)
      SELECT tenant_id, session_id, response_id, occurred_at FROM ${w.table("responses")}`,
  ];
}
