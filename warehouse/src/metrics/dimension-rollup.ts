import type { Warehouse } from "../client";
import { sqlIdentifier, sqlValue } from "../sql/escape";
import { DIMENSIONS, type Dimension, type MetricsQuery } from "../queries/query-input";
import type { RowKeys } from "./row-keys";
import { AGGREGATE_COLUMNS, LATENCY_HISTOGRAM_COLUMN } from "./sum-columns";

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

/** The `dimension` column of a rollup row: hour rows carry the name, day rows (migration 0014) `day:<name>`. */
export const DAY_ROW_PREFIX = "day:";
export const rollupRowDimension = (dimension: Dimension | "", span: "hour" | "day"): string =>
  span === "day" ? `${DAY_ROW_PREFIX}${dimension}` : dimension;

/** metrics_5m has a column per dimension, tool_used included: (bucket, dimension, value) per hour row and day row. */
const ENTRIES = `[${(["hour", "day"] as const)
  .flatMap((span) =>
    ["", ...DIMENSIONS].map(
      (dimension) =>
        `(${span === "hour" ? "toStartOfHour" : "toStartOfDay"}(bucket), ${sqlValue(rollupRowDimension(dimension as Dimension | "", span))}, ${dimension || "''"})`,
    ),
  )
  .join(", ")}]`;

/**
 * Fills metrics_1h_by_dimension (hour and day rows) from metrics_5m: what an existing deployment runs once after
 * migration 0006 (with ingest stopped, else rows written meanwhile would count twice), and
 * what the benchmark runs on a data set loaded before the view existed.
 */
export function dimensionRollupBackfillSql(w: Warehouse): string {
  return `INSERT INTO ${w.table("metrics_1h_by_dimension")} (tenant_id, bucket, dimension, value, ${AGGREGATE_COLUMNS.join(", ")})
    SELECT tenant_id, entry.1 AS row_bucket, entry.2 AS dimension_name, entry.3 AS dimension_value,
      ${AGGREGATE_COLUMNS.map((column) => `${column === LATENCY_HISTOGRAM_COLUMN ? "sumMapMergeState" : "sumMergeState"}(${column})`).join(", ")}
    FROM ${w.table("metrics_5m")}
    ARRAY JOIN ${ENTRIES} AS entry
    GROUP BY tenant_id, row_bucket, dimension_name, dimension_value`;
}
