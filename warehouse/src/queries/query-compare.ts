import { METRIC_CATALOG } from "@answerscope/contracts/metrics";
import { z } from "zod";
import type { Warehouse } from "../client";
import { emptySums } from "../metrics/response-sums";
import { metricsRowCounts } from "../metrics/row-counts";
import { rowKeyOf, type RowKeys } from "../metrics/row-keys";
import {
  COMPARABLE_METRICS,
  NO_LABEL_COUNTS,
  rateParts,
  type ComparableMetric,
  type SliceCounts,
} from "./compare-metrics";
import { twoProportionZTest, wilsonInterval } from "./proportion-tests";
import { DIMENSIONS, FiltersSchema, MetricsQuerySchema } from "./query-input";
import { orderedRange, rangeShape } from "./query-range";

/**
 * docs/metrics.md: a slice with fewer than its metric's minimum sample (the catalog's `minSample`)
 * in the denominator is insufficient_data, not a rate change. The document names the smallest.
 */
export const MIN_COMPARE_DENOMINATOR = Math.min(
  ...COMPARABLE_METRICS.map((metric) => METRIC_CATALOG[metric].minSample),
);
export const SIGNIFICANCE_LEVEL = 0.05;

const DimensionValueSchema = z.string().min(1).max(256);

export const CompareQuerySchema = z
  .object({
    ...rangeShape,
    metric: z.enum(COMPARABLE_METRICS),
    dimension: z.enum(DIMENSIONS),
    a: DimensionValueSchema,
    b: DimensionValueSchema,
    /** Filters applied to both slices; a filter on `dimension` itself is replaced by the slice's value. */
    filters: FiltersSchema.default({}),
  })
  .refine(...orderedRange);
export type CompareQueryInput = z.input<typeof CompareQuerySchema>;

export const CompareSliceSchema = z.object({
  value: z.string(),
  rate: z.number().nullable().describe("null when the denominator is 0"),
  numerator: z.number().int(),
  denominator: z.number().int(),
  ci_low: z.number().nullable().describe("Wilson 95 % interval; null when the denominator is 0"),
  ci_high: z.number().nullable(),
  insufficient_data: z.boolean().describe(`denominator below ${MIN_COMPARE_DENOMINATOR}`),
});
export const CompareResultSchema = z.object({
  metric: z.enum(COMPARABLE_METRICS),
  dimension: z.enum(DIMENSIONS),
  a: CompareSliceSchema,
  b: CompareSliceSchema,
  difference: z.number().nullable().describe("b.rate - a.rate; null when insufficient_data"),
  z: z.number().nullable().describe("pooled two-proportion z (sign of b - a); null when insufficient_data"),
  p_value: z.number().nullable().describe("two-sided; null when insufficient_data"),
  significant: z.boolean().describe(`p_value < ${SIGNIFICANCE_LEVEL}; false when insufficient_data`),
  insufficient_data: z.boolean().describe("either slice is insufficient_data"),
});
export type CompareSlice = z.output<typeof CompareSliceSchema>;
export type CompareResult = z.output<typeof CompareResultSchema>;

function sliceOf(
  metric: ComparableMetric,
  value: string,
  parts: { numerator: number; denominator: number },
): CompareSlice {
  const { numerator, denominator } = parts;
  const interval = denominator > 0 ? wilsonInterval(numerator, denominator) : null;
  return {
    value,
    rate: denominator > 0 ? numerator / denominator : null,
    numerator,
    denominator,
    ci_low: interval?.low ?? null,
    ci_high: interval?.high ?? null,
    insufficient_data: denominator < METRIC_CATALOG[metric].minSample,
  };
}

/**
 * GET /api/v1/compare: one rate for two values of a dimension. Both slices come from one grouped
 * read built from the metrics route's own counts, so a slice's rate is exactly the rate the metrics
 * route shows for `<dimension>=<value>`.
 */
export async function queryCompare(warehouse: Warehouse, input: CompareQueryInput): Promise<CompareResult> {
  const query = CompareQuerySchema.parse(input);
  const values = [...new Set([query.a, query.b])];
  const metricsQuery = MetricsQuerySchema.parse({
    tenantId: query.tenantId,
    from: new Date(query.from).toISOString(),
    to: new Date(query.to).toISOString(),
    filters: { ...query.filters, [query.dimension]: values },
    groupBy: [query.dimension],
  });
  const keys: RowKeys = { groupBy: [query.dimension] };
  const { sumsByRow, labelsByRow, tools } = await metricsRowCounts(warehouse, metricsQuery, keys);
  const countsOf = (value: string): SliceCounts => {
    const key = rowKeyOf({ [query.dimension]: value }, keys);
    return {
      sums: sumsByRow.get(key)?.sums ?? emptySums(),
      labels: labelsByRow.get(key) ?? NO_LABEL_COUNTS,
      tools: tools(key),
    };
  };
  const a = sliceOf(query.metric, query.a, rateParts(query.metric, countsOf(query.a)));
  const b = sliceOf(query.metric, query.b, rateParts(query.metric, countsOf(query.b)));
  const insufficient = a.insufficient_data || b.insufficient_data;
  if (insufficient)
    return {
      metric: query.metric,
      dimension: query.dimension,
      a,
      b,
      difference: null,
      z: null,
      p_value: null,
      significant: false,
      insufficient_data: true,
    };
  const test = twoProportionZTest(a.numerator, a.denominator, b.numerator, b.denominator);
  return {
    metric: query.metric,
    dimension: query.dimension,
    a,
    b,
    difference: b.rate! - a.rate!,
    z: test.z,
    p_value: test.pValue,
    significant: test.pValue < SIGNIFICANCE_LEVEL,
    insufficient_data: false,
  };
}
