import {
  currentResponsesSql,
  exactQuantilesSql,
  responseRatioColumnsSql,
  type Warehouse,
} from "@answerscope/warehouse";

/**
 * The Phase 1 metrics of the metrics route computed without the materialized view: a plain
 * GROUP BY over the current response versions (the product's own deduplication), with exact
 * quantiles. This is what every dashboard request would cost without metrics_5m. The rates and
 * means are the catalog's (warehouse/src/metrics/response-ratios-sql.ts), so they match the route's.
 */
export function rawResponseSumsSql(
  w: Warehouse,
  q: { tenantId: string; fromMs: number; toMs: number; bucket: "hour" | "day" },
): string {
  const bucketFn = q.bucket === "hour" ? "toStartOfHour" : "toStartOfDay";
  return `SELECT
      model,
      ${bucketFn}(occurred_at) AS bucket_start,
      count() AS response_count,
      ${exactQuantilesSql("time_cost_ms")} AS latency,
      ${responseRatioColumnsSql().join(",\n      ")}
    FROM (${currentResponsesSql(w, { tenantId: q.tenantId, fromMs: q.fromMs, toMs: q.toMs })})
    GROUP BY model, bucket_start
    ORDER BY bucket_start, model`;
}
