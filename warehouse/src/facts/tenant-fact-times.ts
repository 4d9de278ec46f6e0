import type { Warehouse } from "../client";
import { sqlValue } from "../sql/escape";
import { tenantCondition, whereAll } from "./sql-fragments";

/** The fact tables whose rows tenant_fact_times (migration 0016) keeps the newest times of. */
export const TIMED_FACT_TABLES = ["responses", "tool_call_events", "feedback_events"] as const;

/**
 * Query: one row per tenant with fact rows (or the one asked for), `max_ingested_at_ms` and
 * `max_occurred_at_ms` over all of them, from tenant_fact_times: a few rows per tenant, where the
 * same maxima from the fact tables scan two columns of every row.
 */
export function tenantFactTimesSql(w: Warehouse, tenantId?: string): string {
  return `SELECT tenant_id, maxMerge(max_ingested_at_ms) AS max_ingested_at_ms, maxMerge(max_occurred_at_ms) AS max_occurred_at_ms
    FROM ${w.table("tenant_fact_times")} ${whereAll(tenantId === undefined ? [] : [tenantCondition(tenantId)])}
    GROUP BY tenant_id ORDER BY tenant_id`;
}

/**
 * INSERTs that take the maxima of one tenant's fact rows in [fromMs, toMs) of occurred_at_ms into
 * tenant_fact_times: a view repair's, for rows its views may have missed. Repeating them is
 * harmless (a maximum taken twice is the same).
 */
export function tenantFactTimesBackfillSql(
  w: Warehouse,
  scope: { tenantId: string; fromMs: number; toMs: number },
): string[] {
  const inScope = [
    tenantCondition(scope.tenantId),
    `occurred_at_ms >= ${sqlValue(scope.fromMs)}`,
    `occurred_at_ms < ${sqlValue(scope.toMs)}`,
  ];
  return TIMED_FACT_TABLES.map(
    (table) => `INSERT INTO ${w.table("tenant_fact_times")} (tenant_id, max_ingested_at_ms, max_occurred_at_ms)
      SELECT tenant_id, maxState(ingested_at_ms), maxState(occurred_at_ms) FROM ${w.table(table)} ${whereAll(inScope)} GROUP BY tenant_id`,
  );
}
