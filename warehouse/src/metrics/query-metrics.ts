import type { Warehouse } from "../client";
import { MetricsQuerySchema, type MetricsQueryInput, type MetricsRow } from "../queries/query-input";
import { histogramQuantile } from "./latency-histogram";
import { phase1Sums } from "./phase1";
import { phase2Counts } from "./phase2";
import type { RowKeys } from "./row-keys";
import { toolCounts } from "./tool-counts";

/** A rate, or null when nothing was there to divide by (metrics-v1.md: never 0 for "no data"). */
const rate = (numerator: number, denominator: number) => (denominator > 0 ? numerator / denominator : null);

/**
 * GET /api/v1/metrics: Phase 1 from the 5-minute view (exact edges from the facts),
 * tool figures from reduced tool calls, Phase 2 from the current outcome labels.
 * A response that has no label yet counts as `pending`.
 */
export async function queryMetrics(warehouse: Warehouse, input: MetricsQueryInput): Promise<{ rows: MetricsRow[] }> {
  const query = MetricsQuerySchema.parse(input);
  const keys: RowKeys = { groupBy: query.groupBy, bucket: query.bucket };
  const [phase1, phase2, tools] = await Promise.all([phase1Sums(warehouse, query, keys), phase2Counts(warehouse, query, keys), toolCounts(warehouse, query, keys)]);
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
    const tool = tools.get(key) ?? { completed: 0, failed: 0, unfinished: 0 };
    const final = labels?.final ?? 0;
    return {
      sortKey: key,
      ...(keys.bucket ? { bucket_start: new Date(Number(row.bucket_start) * 1000).toISOString() } : {}),
      dims: Object.fromEntries(keys.groupBy.map((dimension) => [dimension, String(row[dimension])])),
      response_count: sums.responses,
      latency_p50_ms: quantile(0.5),
      latency_p95_ms: quantile(0.95),
      latency_p99_ms: quantile(0.99),
      max_iteration_hit_rate: rate(sums.maxIterations, sums.responses),
      no_reply_rate: rate(sums.noReply, sums.responses),
      error_rate: rate(sums.errors, sums.responses),
      avg_iteration_count: rate(sums.iterations, sums.responses),
      avg_tool_count: rate(sums.tools, sums.responses),
      avg_total_tokens: rate(sums.tokens, sums.responses),
      tool_success_rate: rate(tool.completed, tool.completed + tool.failed),
      tool_calls_unfinished: tool.unfinished,
      feedback_coverage: rate(labels?.rated ?? 0, sums.responses),
      thumbs_up_rate: rate(labels?.ratedUp ?? 0, labels?.rated ?? 0),
      thumbs_down_rate: rate(labels?.ratedDown ?? 0, labels?.rated ?? 0),
      reask_rate: rate(labels?.reasks ?? 0, labels?.windowClosed ?? 0),
      followup_rate: rate(labels?.followups ?? 0, labels?.windowClosed ?? 0),
      good_answer_rate: rate(labels?.goodOrBetter ?? 0, final),
      one_turn_resolution_rate: rate(labels?.sessionsResolved ?? 0, labels?.sessionsFinal ?? 0),
      outcome_counts: {
        excellent: labels?.labels.excellent ?? 0,
        good: labels?.labels.good ?? 0,
        neutral: labels?.labels.neutral ?? 0,
        bad: labels?.labels.bad ?? 0,
        failed: labels?.labels.failed ?? 0,
        pending: Math.max(0, sums.responses - final),
      },
      sample_sizes: {
        max_iteration_hit_rate: sums.responses,
        no_reply_rate: sums.responses,
        error_rate: sums.responses,
        avg_iteration_count: sums.responses,
        avg_tool_count: sums.responses,
        avg_total_tokens: sums.responses,
        tool_success_rate: tool.completed + tool.failed,
        feedback_coverage: sums.responses,
        thumbs_up_rate: labels?.rated ?? 0,
        thumbs_down_rate: labels?.rated ?? 0,
        reask_rate: labels?.windowClosed ?? 0,
        followup_rate: labels?.windowClosed ?? 0,
        good_answer_rate: final,
        one_turn_resolution_rate: labels?.sessionsFinal ?? 0,
      },
    };
  });
  rows.sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
  return { rows: rows.map(({ sortKey: _sortKey, ...row }) => row) };
}
