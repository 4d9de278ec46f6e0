import { METRIC_CATALOG, METRIC_COUNTS, type MetricCount } from "@answerscope/contracts/metrics";
import { z } from "zod";
import { toolsFollowResponses } from "../metrics/tool-counts";
import { COMPARABLE_METRICS, type ComparableMetric } from "../queries/compare-metrics";
import { CompareResultSchema, CompareSliceSchema, type CompareResult } from "../queries/query-compare";
import { MetricsRowSchema } from "../queries/metrics-result-schema";
import { SAMPLED_METRICS, type MetricsQuery, type MetricsRow } from "../queries/query-input";
import type { RowKeys } from "../metrics/row-keys";
import { LabelsBlockSchema, type LabelsBlock } from "./freshness-schema";

const unknown = (what: string) =>
  `${what}; null also when labels cover none of the range (labels.figures_unavailable says why)`;

/** A metrics row as the API publishes it: the figures read from outcome labels can be null when no label covers the range. */
export const PublishedMetricsRowSchema = MetricsRowSchema.extend({
  tool_calls_unfinished: MetricsRowSchema.shape.tool_calls_unfinished
    .nullable()
    .describe(unknown("started-only tool calls; read from label rows in a row with dimensions or filters")),
  outcome_counts: MetricsRowSchema.shape.outcome_counts.nullable().describe(unknown("responses per outcome label")),
  sample_sizes: z
    .record(z.enum(SAMPLED_METRICS), z.number().int().nullable())
    .describe(unknown("the denominator of each rate and mean of the row")),
});
export type PublishedMetricsRow = z.output<typeof PublishedMetricsRowSchema>;
export const LabelledMetricsResultSchema = z.object({
  rows: z.array(PublishedMetricsRowSchema),
  labels: LabelsBlockSchema,
});
export type LabelledMetricsResult = z.output<typeof LabelledMetricsResultSchema>;

export const LabelledCompareSliceSchema = CompareSliceSchema.extend({
  numerator: CompareSliceSchema.shape.numerator.nullable().describe(unknown("the rate's numerator")),
  denominator: CompareSliceSchema.shape.denominator.nullable().describe(unknown("the rate's denominator")),
});
export type LabelledCompareSlice = z.output<typeof LabelledCompareSliceSchema>;
export const LabelledCompareResultSchema = CompareResultSchema.extend({
  a: LabelledCompareSliceSchema,
  b: LabelledCompareSliceSchema,
  labels: LabelsBlockSchema,
});
export type LabelledCompareResult = z.output<typeof LabelledCompareResultSchema>;

/**
 * The rates of a row that come from outcome label rows: those that divide a label count (the
 * catalog's counts of source `labels`), and the tool figures where a row's tools follow its
 * responses' label rows (tool-counts.ts). Read off the catalog, so a metric moved onto labels is covered.
 */
export function labelBasedMetrics(toolsFollowLabels: boolean): ComparableMetric[] {
  const fromLabels = (count: MetricCount) =>
    METRIC_COUNTS[count].source === "labels" || (toolsFollowLabels && METRIC_COUNTS[count].source === "tool_calls");
  return COMPARABLE_METRICS.filter((metric) =>
    [...METRIC_CATALOG[metric].numerator, ...METRIC_CATALOG[metric].denominator].some(fromLabels),
  );
}

/** The metrics answer with its `labels` block; every label-based figure null when labels cover none of the range. */
export function metricsWithLabels(
  result: { rows: MetricsRow[] },
  labels: LabelsBlock,
  shape: { filters: MetricsQuery["filters"]; groupBy: RowKeys["groupBy"] },
): LabelledMetricsResult {
  if (labels.coverage !== "none") return { rows: result.rows, labels };
  const follow = toolsFollowResponses({ filters: shape.filters } as MetricsQuery, { groupBy: shape.groupBy });
  const metrics = labelBasedMetrics(follow);
  const nulls = Object.fromEntries(metrics.map((metric) => [metric, null]));
  const rows = result.rows.map((row) => ({
    ...row,
    ...nulls,
    ...(follow ? { tool_calls_unfinished: null } : {}),
    outcome_counts: null,
    sample_sizes: { ...row.sample_sizes, ...nulls },
  }));
  return { rows, labels };
}

/** The compare answer with its `labels` block; a label-based metric's slices null when labels cover none of the range. */
export function compareWithLabels(result: CompareResult, labels: LabelsBlock): LabelledCompareResult {
  // Both slices are filtered by the compared dimension, so their tools always follow their label rows.
  if (labels.coverage !== "none" || !labelBasedMetrics(true).includes(result.metric)) return { ...result, labels };
  const blank = {
    rate: null,
    numerator: null,
    denominator: null,
    ci_low: null,
    ci_high: null,
    insufficient_data: true,
  };
  return {
    ...result,
    a: { ...result.a, ...blank },
    b: { ...result.b, ...blank },
    difference: null,
    z: null,
    p_value: null,
    significant: false,
    insufficient_data: true,
    labels,
  };
}
