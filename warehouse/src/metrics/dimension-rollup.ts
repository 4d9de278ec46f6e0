import type { Warehouse } from "../client";
import { sqlIdentifier } from "../sql/escape";
import { DIMENSIONS, type Dimension, type MetricsQuery } from "../queries/query-input";
import type { RowKeys } from "./row-keys";

/**
 * metrics_1h_by_dimension (migration 0006) holds the Phase 1 sums per tenant x hour x one
 * dimension (`dimension = ''`: the tenant's total). It answers a request that groups and
 * filters by at most one dimension, bucketed by hour or day or not at all; this returns that
 * dimension ('' for none), or undefined when the request needs metrics_5m.
 */
export function rollupDimension(query: Pick<MetricsQuery, "filters">, keys: RowKeys): Dimension | "" | undefined {
  if (keys.bucket === "5m") return undefined;
  const used = new Set<Dimension>([...keys.groupBy, ...(Object.keys(query.filters) as Dimension[])]);
  if (used.size > 1) return undefined;
  const [dimension] = [...used];
  return dimension === undefined ? "" : sqlIdentifier(dimension, DIMENSIONS);
}

const SUMS = ["responses", "max_iterations", "no_reply", "errors", "iterations", "tools", "tokens", "latency_histogram"] as const;
/** metrics_5m has a column per dimension, tool_used included. */
const PAIRS = `[('', ''), ${DIMENSIONS.map((dimension) => `('${dimension}', ${dimension})`).join(", ")}]`;

/**
 * Fills metrics_1h_by_dimension from metrics_5m: what an existing deployment runs once after
 * migration 0006 (with ingest stopped, else rows written meanwhile would count twice), and
 * what the benchmark runs on a data set loaded before the view existed.
 */
export function dimensionRollupBackfillSql(w: Warehouse): string {
  return `INSERT INTO ${w.table("metrics_1h_by_dimension")} (tenant_id, bucket, dimension, value, ${SUMS.join(", ")})
    SELECT tenant_id, toStartOfHour(bucket) AS hour, pair.1 AS dimension_name, pair.2 AS dimension_value,
      ${SUMS.map((sum) => `${sum === "latency_histogram" ? "sumMapMergeState" : "sumMergeState"}(${sum})`).join(", ")}
    FROM ${w.table("metrics_5m")}
    ARRAY JOIN ${PAIRS} AS pair
    GROUP BY tenant_id, hour, dimension_name, dimension_value`;
}
