import type { Warehouse } from "../client";
import { sqlValue } from "../sql/escape";
import { tenantCondition, whereAll } from "./sql-fragments";

/**
 * Fills the id indexes of migration 0008 (tool_calls_by_response, responses_by_session) from the
 * fact tables: what an existing deployment runs once after the migration, and what the benchmark
 * runs on a data set loaded before the views existed. Repeating them is harmless: the indexes
 * only narrow reads, and ReplacingMergeTree folds the copies. With a scope, only one tenant's
 * rows in [fromMs, toMs) (a view repair, repairs/repair-views.ts).
 */
export function idIndexBackfillSql(w: Warehouse, scope?: { tenantId: string; fromMs: number; toMs: number }): string[] {
  const inScope = scope
    ? [
        tenantCondition(scope.tenantId),
        `occurred_at_ms >= ${sqlValue(scope.fromMs)}`,
        `occurred_at_ms < ${sqlValue(scope.toMs)}`,
      ]
    : [];
  return [
    `INSERT INTO ${w.table("tool_calls_by_response")} (tenant_id, response_id, tool_call_id, occurred_at)
      SELECT tenant_id, response_id, tool_call_id, occurred_at FROM ${w.table("tool_call_events")} ${whereAll(["response_id != ''", ...inScope])}`,
    `INSERT INTO ${w.table("responses_by_session")} (tenant_id, session_id, response_id, occurred_at)
      SELECT tenant_id, session_id, response_id, occurred_at FROM ${w.table("responses")} ${whereAll(inScope)}`,
  ];
}
