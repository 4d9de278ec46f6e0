import type { Warehouse } from "../client";
import {
  COMPARABLE_METRICS,
  MEAN_METRICS,
  METRIC_CATALOG,
  QUANTILE_METRICS,
  SAMPLED_METRICS,
  type ComparableMetricName,
  type MeanMetricName,
  type QuantileMetricName,
} from "@answerscope/contracts/metrics";
import { NO_LABEL_COUNTS, rateParts, type SliceCounts } from "../queries/compare-metrics";
import {
  MetricsQuerySchema,
  type MetricsQueryInput,
  type MetricsRow,
  type SampledMetric,
} from "../queries/query-input";
import { histogramQuantile } from "./latency-histogram";
import { emptySums } from "./response-sums";
import { metricsRowCounts } from "./row-counts";
import type { RowKeys } from "./row-keys";

/** A rate, or null when nothing was there to divide by (docs/metrics.md: never 0 for "no data"). */
const rate = (numerator: number, denominator: number) => (denominator > 0 ? numerator / denominator : null);

/**
 * GET /api/v1/metrics: Phase 1 from the 5-minute view (exact edges from the facts),
 * Phase 2 from the current outcome labels, tool figures as row-counts.ts reads them.
 * A response that has no label yet counts as `pending`.
 */
export async function queryMetrics(warehouse: Warehouse, input: MetricsQueryInput): Promise<{ rows: MetricsRow[] }> {
  const query = MetricsQuerySchema.parse(input);
  const keys: RowKeys = { groupBy: query.groupBy, bucket: query.bucket };
  const { sumsByRow, labelsByRow, tools } = await metricsRowCounts(warehouse, query, keys);
  const entries = [...sumsByRow];
  // Without grouping or bucketing there is always exactly one row, even for an empty range.
  if (entries.length === 0 && !keys.bucket && keys.groupBy.length === 0) {
    entries.push([JSON.stringify([null]), { row: {}, sums: emptySums() }]);
  }
  const rows = entries.map(([key, { row, sums }]): MetricsRow & { sortKey: string } => {
    const histogramBuckets = [...sums.histogram.keys()];
    const histogramCounts = histogramBuckets.map((bucket) => sums.histogram.get(bucket) ?? 0);
    const quantile = (q: number) => histogramQuantile(histogramBuckets, histogramCounts, q);
    const labels = labelsByRow.get(key);
    const tool = tools(key);
    const final = labels?.final ?? 0;
    // Every rate and mean divides the catalog's counts exactly as /compare divides them (one definition).
    const slice: SliceCounts = { sums, labels: labels ?? NO_LABEL_COUNTS, tools: tool };
    const parts = SAMPLED_METRICS.map((metric) => [metric, rateParts(metric, slice)] as const);
    const figures = (names: readonly SampledMetric[]) =>
      Object.fromEntries(
        parts
          .filter(([metric]) => names.includes(metric))
          .map(([metric, part]) => [metric, rate(part.numerator, part.denominator)]),
      );
    return {
      sortKey: key,
      ...(keys.bucket ? { bucket_start: new Date(Number(row.bucket_start) * 1000).toISOString() } : {}),
      dims: Object.fromEntries(keys.groupBy.map((dimension) => [dimension, String(row[dimension])])),
      response_count: sums.responses,
      // The answer's field order: quantiles, means, rates (clients and snapshots see the bytes).
      ...(Object.fromEntries(QUANTILE_METRICS.map((metric) => [metric, quantile(METRIC_CATALOG[metric].q)])) as Record<
        QuantileMetricName,
        number | null
      >),
      ...(figures(MEAN_METRICS) as Record<MeanMetricName, number | null>),
      ...(figures(COMPARABLE_METRICS) as Record<ComparableMetricName, number | null>),
      tool_calls_unfinished: tool.unfinished,
      outcome_counts: {
        excellent: labels?.labels.excellent ?? 0,
        good: labels?.labels.good ?? 0,
        neutral: labels?.labels.neutral ?? 0,
        bad: labels?.labels.bad ?? 0,
        failed: labels?.labels.failed ?? 0,
        pending: Math.max(0, sums.responses - final),
      },
      sample_sizes: Object.fromEntries(parts.map(([metric, part]) => [metric, part.denominator])) as Record<
        SampledMetric,
        number
      >,
    };
  });
  rows.sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
  return { rows: rows.map(({ sortKey: _sortKey, ...row }) => row) };
}
