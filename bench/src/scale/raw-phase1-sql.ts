import { currentResponsesSql, type Warehouse } from "@answerscope/warehouse";

/**
 * The Phase 1 metrics of the metrics route computed without the materialized view: a plain
 * GROUP BY over the current response versions (the product's own deduplication), with exact
 * quantiles. This is what every dashboard request would cost without metrics_5m.
 */
export function rawPhase1Sql(w: Warehouse, q: { tenantId: string; fromMs: number; toMs: number; bucket: "hour" | "day" }): string {
  const bucketFn = q.bucket === "hour" ? "toStartOfHour" : "toStartOfDay";
  return `SELECT
      model,
      ${bucketFn}(occurred_at) AS bucket_start,
      count() AS response_count,
      quantiles(0.5, 0.95, 0.99)(time_cost_ms) AS latency,
      countIf(finish_reason = 'max_iterations') / count() AS max_iteration_hit_rate,
      countIf(finish_reason = 'no_reply') / count() AS no_reply_rate,
      countIf(finish_reason = 'error') / count() AS error_rate,
      avg(iteration_count) AS avg_iteration_count,
      avg(tool_count) AS avg_tool_count,
      avg(total_tokens) AS avg_total_tokens
    FROM (${currentResponsesSql(w, { tenantId: q.tenantId, fromMs: q.fromMs, toMs: q.toMs })})
    GROUP BY model, bucket_start
    ORDER BY bucket_start, model`;
}
