import type { Warehouse } from "../client";
import { COMPARABLE_METRICS, rateParts, type SliceCounts } from "../queries/compare-metrics";
import { MetricsQuerySchema, type MetricsQueryInput, type MetricsRow } from "../queries/query-input";
import { histogramQuantile } from "./latency-histogram";
import { metricsRowCounts } from "./row-counts";
import type { RowKeys } from "./row-keys";

const NO_LABELS = { rated: 0, ratedUp: 0, ratedDown: 0, windowClosed: 0, reasks: 0, followups: 0, final: 0, goodOrBetter: 0, sessionsFinal: 0, sessionsResolved: 0 };

/** A rate, or null when nothing was there to divide by (metrics-v1.md: never 0 for "no data"). */
const rate = (numerator: number, denominator: number) => (denominator > 0 ? numerator / denominator : null);

/**
 * GET /api/v1/metrics: Phase 1 from the 5-minute view (exact edges from the facts),
 * Phase 2 from the current outcome labels, tool figures as row-counts.ts reads them.
 * A response that has no label yet counts as `pending`.
 */
export async function queryMetrics(warehouse: Warehouse, input: MetricsQueryInput): Promise<{ rows: MetricsRow[] }> {
  const query = MetricsQuerySchema.parse(input);
  const keys: RowKeys = { groupBy: query.groupBy, bucket: query.bucket };
  const { phase1, phase2, tools } = await metricsRowCounts(warehouse, query, keys);
  const entries = [...phase1];
  // Without grouping or bucketing there is always exactly one row, even for an empty range.
  if (entries.length === 0 && !keys.bucket && keys.groupBy.length === 0) {
    entries.push([JSON.stringify([null]), { row: {}, sums: { responses: 0, maxIterations: 0, noReply: 0, errors: 0, iterations: 0, tools: 0, tokens: 0, histogram: new Map() } }]);
  }
  const rows = entries.map(([key, { row, sums }]): MetricsRow & { sortKey: string } => {
    const histogramBuckets = [...sums.histogram.keys()];
    const histogramCounts = histogramBuckets.map((bucket) => sums.histogram.get(bucket) ?? 0);
    const quantile = (q: number) => histogramQuantile(histogramBuckets, histogramCounts, q);
    const labels = phase2.get(key);
    const tool = tools(key);
    const final = labels?.final ?? 0;
    // Every count-over-count rate is divided exactly as /compare divides it (one definition).
    const slice: SliceCounts = { phase1: sums, phase2: labels ?? NO_LABELS, tools: tool };
    const parts = Object.fromEntries(COMPARABLE_METRICS.map((metric) => [metric, rateParts(metric, slice)])) as Record<(typeof COMPARABLE_METRICS)[number], { numerator: number; denominator: number }>;
    const rates = Object.fromEntries(COMPARABLE_METRICS.map((metric) => [metric, rate(parts[metric].numerator, parts[metric].denominator)]));
    const denominators = Object.fromEntries(COMPARABLE_METRICS.map((metric) => [metric, parts[metric].denominator]));
    return {
      sortKey: key,
      ...(keys.bucket ? { bucket_start: new Date(Number(row.bucket_start) * 1000).toISOString() } : {}),
      dims: Object.fromEntries(keys.groupBy.map((dimension) => [dimension, String(row[dimension])])),
      response_count: sums.responses,
      latency_p50_ms: quantile(0.5),
      latency_p95_ms: quantile(0.95),
      latency_p99_ms: quantile(0.99),
      avg_iteration_count: rate(sums.iterations, sums.responses),
      avg_tool_count: rate(sums.tools, sums.responses),
      avg_total_tokens: rate(sums.tokens, sums.responses),
      ...(rates as Pick<MetricsRow, (typeof COMPARABLE_METRICS)[number]>),
      tool_calls_unfinished: tool.unfinished,
      outcome_counts: {
        excellent: labels?.labels.excellent ?? 0,
        good: labels?.labels.good ?? 0,
        neutral: labels?.labels.neutral ?? 0,
        bad: labels?.labels.bad ?? 0,
        failed: labels?.labels.failed ?? 0,
        pending: Math.max(0, sums.responses - final),
      },
      sample_sizes: {
        ...(denominators as Record<(typeof COMPARABLE_METRICS)[number], number>),
        avg_iteration_count: sums.responses,
        avg_tool_count: sums.responses,
        avg_total_tokens: sums.responses,
      },
    };
  });
  rows.sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
  return { rows: rows.map(({ sortKey: _sortKey, ...row }) => row) };
}
